package dev.argoforensics.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;

/** Copies of samples a test may change, and a way to prove a file is not read. */
public final class SampleFiles {
    private SampleFiles() {
    }

    /** Every sample folder under {@code samples/}, sorted by name. */
    public static java.util.List<Path> all() throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of("samples"))) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** A sample's input folders ({@code logs}, {@code snapshots}, …), sorted, as the paths a command line names. */
    public static java.util.List<String> inputs(Path sample) throws IOException {
        try (Stream<Path> parts = Files.list(sample)) {
            return parts.filter(Files::isDirectory).sorted().map(Path::toString).toList();
        }
    }

    /** Copies the folder {@code sample} to {@code target}, recursively. */
    public static Path copy(Path sample, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(sample)) {
            for (Path p : files.toList()) {
                Path to = target.resolve(sample.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return target;
    }

    /**
     * Overwrites the file with as many bytes, all '-' but the line breaks, and gives it back its
     * modification time: a read of the file would find no record, but size and time say unchanged.
     */
    public static void overwriteKeepingSizeAndTime(Path file) throws IOException {
        FileTime time = Files.getLastModifiedTime(file);
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = bytes[i] == '\n' ? (byte) '\n' : (byte) '-';
        }
        Files.write(file, bytes);
        Files.setLastModifiedTime(file, time);
    }
}
