package dev.argoforensics.source;

import dev.argoforensics.text.ControlCharacters;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the paths a user named into the files to read: folders are walked recursively (following
 * symbolic links), every file is classified, and the result is ordered by display path so that the
 * same inputs always give the same order. What cannot be read, named or inside a folder (a file that
 * cannot be read, a symbolic link leading back to a folder it is in, a broken link, a folder that
 * cannot be listed, a FIFO or device, never opened) is kept in {@link #problems()} and skipped: the
 * other files are still read.
 *
 * <p>Streams are read when named on the command line: {@code -} (standard input, also as
 * {@code /dev/stdin} or {@code /dev/fd/0}; reported as {@value #STDIN}, and only once), a FIFO (under
 * its path) and a descriptor such as the {@code /dev/fd/63} of {@code <(…)}. Each is copied once to a
 * {@link StreamSpool} file and then classified and read like a file.
 */
public final class InputCollector {
    /** What reports call standard input (piped or redirected), named {@code -}, {@code /dev/stdin} or {@code /dev/fd/0}. */
    public static final String STDIN = "<stdin>";
    /** A descriptor of this process as a path: what {@code <(…)} gives, and standard input's other names. */
    private static final java.util.regex.Pattern DESCRIPTOR = java.util.regex.Pattern.compile("/(?:dev/fd|proc/self/fd)/(\\d+)");

    private final InputClassifier classifier = new InputClassifier();
    private final List<UnreadableInput> problems = new ArrayList<>();
    private final InputStream stdin;
    private boolean stdinRead;

    /** A collector for which {@code -} is the process's standard input. */
    public InputCollector() {
        this(System.in);
    }

    /** @param stdin what {@code -} (and {@code /dev/stdin}) reads */
    public InputCollector(InputStream stdin) {
        this.stdin = stdin;
    }

    /** What could not be read, named or inside the folders walked, with what was expected and found, in path order. */
    public List<UnreadableInput> problems() {
        List<UnreadableInput> sorted = new ArrayList<>(problems);
        sorted.sort(null);
        return sorted;
    }

    /**
     * A path named on the command line that does not exist is a mistake on the command line, not a
     * damaged input: nothing is read. One that exists but cannot be read (permission denied, a
     * socket or device, a read error) is kept in {@link #problems()} like a file in a folder, and the
     * other inputs are read.
     *
     * @throws InputException if a named path does not exist, or standard input is named twice
     */
    public List<InputFile> collect(List<String> given) {
        List<Found> found = new ArrayList<>();
        for (String arg : given) {
            if (isStdin(arg)) {
                if (stdinRead) {
                    throw new InputException(ControlCharacters.visible(arg) + ": standard input is named a second time; it can be read only once:"
                            + " name it once (as -)");
                }
                stdinRead = true;
                stream(STDIN, "stdin", stdin, found);
                continue;
            }
            Path root = Path.of(arg);
            if (!Files.exists(root)) {
                throw new InputException(ControlCharacters.visible(arg) + ": no such file or folder");
            }
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(root, BasicFileAttributes.class);
            } catch (IOException e) {
                problems.add(new UnreadableInput(arg, "expected a readable file or folder, found " + reason(e) + ": skipped"));
                continue;
            }
            if (attrs.isDirectory()) {
                walk(arg, root, found);
            } else if (DESCRIPTOR.matcher(arg).matches() || (attrs.isOther() && isFifo(root))) {
                // Named on the command line, a FIFO or a descriptor is what the user means to be read (a FIFO
                // met in a folder is not: it may have no writer and would block).
                try (InputStream in = Files.newInputStream(root)) {
                    stream(ControlCharacters.visible(arg), root.getFileName() == null ? "stream" : root.getFileName().toString(), in, found);
                } catch (IOException e) {
                    problems.add(new UnreadableInput(arg, "expected a readable stream, found " + reason(e) + ": skipped"));
                }
            } else if (!attrs.isRegularFile()) {
                problems.add(new UnreadableInput(arg, "expected a file, a folder or a FIFO, found a socket or device: skipped"));
            } else {
                found(arg, root, Path.of(""), attrs, found);
            }
        }
        List<InputFile> files = new ArrayList<>();
        for (Found f : once(found)) {
            try {
                files.add(classifier.classify(f.display(), f.path(), f.named()));
            } catch (IOException e) {
                problems.add(new UnreadableInput(f.display(), "expected a readable file, found " + reason(e) + ": skipped"));
            }
        }
        files.sort(Comparator.comparing(InputFile::displayPath));
        return List.copyOf(files);
    }

    /** {@code -}, or a path that is this process's standard input. */
    private static boolean isStdin(String arg) {
        if (arg.equals("-") || arg.equals("/dev/stdin")) {
            return true;
        }
        java.util.regex.Matcher m = DESCRIPTOR.matcher(arg);
        return m.matches() && m.group(1).equals("0");
    }

    /** A FIFO (named pipe); false where the file system cannot tell. */
    private static boolean isFifo(Path p) {
        try {
            return ((Integer) Files.getAttribute(p, "unix:mode") & 0170000) == 0010000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return false;
        }
    }

    /**
     * A stream, copied once to a file of the {@link StreamSpool} (see there why) and then read as a file
     * under {@code display}. A copy that fails midway (the disk full, a read error) is reported, not read.
     */
    private void stream(String display, String name, InputStream in, List<Found> found) {
        Path copy;
        try {
            copy = StreamSpool.shared().spool(in, name);
        } catch (IOException e) {
            problems.add(new UnreadableInput(display, "expected a stream to copy to a temporary file, found " + reason(e) + ": skipped"));
            return;
        }
        found.add(new Found(display, copy, copy, false, true));
    }

    /**
     * A file found, before it is read: where, what identifies it on disk, and whether a symbolic
     * link (below the path named) leads to it.
     */
    private record Found(String display, Path path, Object key, boolean throughLink, boolean named) {
    }

    private void found(String arg, Path root, Path relative, BasicFileAttributes attrs, List<Found> found) {
        Path p = root.resolve(relative);
        Object key = attrs.fileKey();
        boolean throughLink;
        try {
            Path real = p.toRealPath();
            throughLink = !real.equals(root.toRealPath().resolve(relative).normalize());
            if (key == null) {
                key = real;
            }
        } catch (IOException e) {
            throughLink = false;
            key = key == null ? p.toAbsolutePath().normalize() : key;
        }
        found.add(new Found(relative.toString().isEmpty() ? ControlCharacters.visible(arg) : join(arg, relative), p, key, throughLink,
                relative.toString().isEmpty()));
    }

    /**
     * Each file once, however many paths lead to it (a symbolic link to a file or a folder in the
     * tree, the same file named twice): reading it twice would double its evidence. The path kept is
     * one without a link, else the first in path order; the others are reported, with the one kept.
     */
    private List<Found> once(List<Found> found) {
        Map<Object, Found> kept = new LinkedHashMap<>();
        Comparator<Found> preferred = Comparator.comparing(Found::throughLink).thenComparing(Found::display);
        List<Found> sorted = new ArrayList<>(found);
        sorted.sort(preferred);
        for (Found f : sorted) {
            Found first = kept.putIfAbsent(f.key(), f);
            if (first != null && !first.display().equals(f.display())) {
                problems.add(new UnreadableInput(f.display(), "expected a file not read yet, found the same file as " + first.display()
                        + (f.throughLink() ? " (through a symbolic link)" : "") + ": skipped, it is read once"));
            }
        }
        return List.copyOf(kept.values());
    }

    private void walk(String arg, Path root, List<Found> found) {
        try {
            Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    // The JDK finds a link back to a folder the walk is in; a link to a folder above the
                    // one named (up to "/") leads back to it as well, after walking everything else there.
                    if (!dir.equals(root) && Files.isSymbolicLink(dir)) {
                        try {
                            if (dir.getParent().toRealPath().startsWith(dir.toRealPath())) {
                                problems.add(new UnreadableInput(join(arg, root.relativize(dir)), "expected a folder or a file, found a symbolic link"
                                        + target(dir) + " back to a folder that holds it (a loop): not followed"));
                                return FileVisitResult.SKIP_SUBTREE;
                            }
                        } catch (IOException e) {
                            // The JDK reports what cannot be read when it lists the folder.
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) {
                    if (hidden(p)) {
                        return FileVisitResult.CONTINUE;
                    }
                    String display = join(arg, root.relativize(p));
                    if (attrs.isSymbolicLink()) {
                        problems.add(new UnreadableInput(display, "expected a file, found a broken symbolic link" + target(p) + ": skipped"));
                    } else if (attrs.isOther()) {
                        problems.add(new UnreadableInput(display, "expected a file, found a FIFO, socket or device: skipped"));
                    } else if (attrs.isRegularFile()) {
                        found(arg, root, root.relativize(p), attrs, found);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path p, IOException e) {
                    String display = join(arg, root.relativize(p));
                    if (e instanceof FileSystemLoopException) {
                        problems.add(new UnreadableInput(display, "expected a folder or a file, found a symbolic link" + target(p)
                                + " back to a folder that holds it (a loop): not followed"));
                    } else {
                        problems.add(new UnreadableInput(display, "expected a readable file or folder, found " + reason(e) + ": skipped"));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (e != null) {
                        problems.add(new UnreadableInput(join(arg, root.relativize(dir)), "expected a folder that can be listed, found "
                                + reason(e) + ": the rest of it skipped"));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new InputException(ControlCharacters.visible(arg + ": cannot list folder: " + e.getMessage()));
        }
    }

    private static boolean hidden(Path p) {
        Path name = p.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    private static String target(Path link) {
        try {
            return " to " + Files.readSymbolicLink(link);
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    /** An I/O failure in words (the JDK's message for some of them is just the path). */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "nothing there";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /**
     * {@code logs/} + {@code a/b.log} → {@code logs/a/b.log}, always with '/'; control characters in
     * the names shown as {@code \xNN} (this is the path every report and message shows).
     */
    static String join(String arg, Path relative) {
        String base = arg.replace('\\', '/');
        while (base.length() > 1 && base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        String rel = relative.toString().replace('\\', '/');
        return ControlCharacters.visible(rel.isEmpty() ? base : base.equals(".") ? rel : base + "/" + rel);
    }
}
