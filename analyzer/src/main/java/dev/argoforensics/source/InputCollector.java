package dev.argoforensics.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Turns the paths a user named into the files to read: folders are walked recursively, every file
 * is classified, and the result is ordered by display path so that the same inputs always give the
 * same order.
 */
public final class InputCollector {
    private final InputClassifier classifier = new InputClassifier();

    /**
     * @throws InputException if a named path does not exist or cannot be read
     */
    public List<InputFile> collect(List<String> given) {
        List<InputFile> files = new ArrayList<>();
        for (String arg : given) {
            Path root = Path.of(arg);
            if (!Files.exists(root)) {
                throw new InputException(arg + ": no such file or folder");
            }
            if (!Files.isReadable(root)) {
                throw new InputException(arg + ": not readable");
            }
            if (Files.isDirectory(root)) {
                files.addAll(walk(arg, root));
            } else {
                files.add(classify(arg, root));
            }
        }
        files.sort(Comparator.comparing(InputFile::displayPath));
        return List.copyOf(files);
    }

    private List<InputFile> walk(String arg, Path root) {
        List<InputFile> files = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(root)) {
            paths.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .forEach(p -> files.add(classify(join(arg, root.relativize(p)), p)));
        } catch (IOException e) {
            throw new InputException(arg + ": cannot list folder: " + e.getMessage());
        }
        return files;
    }

    private InputFile classify(String display, Path p) {
        try {
            return classifier.classify(display, p);
        } catch (IOException e) {
            throw new UncheckedIOException(display + ": " + e.getMessage(), e);
        }
    }

    /** {@code logs/} + {@code a/b.log} → {@code logs/a/b.log}, always with '/'. */
    static String join(String arg, Path relative) {
        String base = arg.replace('\\', '/');
        while (base.length() > 1 && base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        String rel = relative.toString().replace('\\', '/');
        return base.equals(".") ? rel : base + "/" + rel;
    }
}
