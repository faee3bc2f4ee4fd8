package dev.argoforensics.source;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Decides from a file's name and its first lines whether it holds controller log lines or exported
 * Kubernetes objects. Content wins over names: users rename files freely.
 */
public final class InputClassifier {
    private static final Set<String> NOT_EVIDENCE = Set.of(
            "md", "markdown", "png", "jpg", "jpeg", "gif", "svg", "html", "htm", "pdf");
    private static final int SNIFF_LINES = 64;

    public InputFile classify(String displayPath, Path path) throws IOException {
        String name = path.getFileName().toString();
        boolean gzip = isGzip(path);
        String inner = gzip && name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        String extension = extension(inner);
        if (NOT_EVIDENCE.contains(extension)) {
            return new InputFile(displayPath, path, InputKind.IGNORED, gzip, "." + extension + " files are not evidence");
        }
        String first = firstContentLine(path, gzip);
        if (first == null) {
            return new InputFile(displayPath, path, InputKind.LOG, gzip, "empty file");
        }
        if (looksLikeObjectDocument(first)) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, "Kubernetes object document");
        }
        if (extension.equals("yaml") || extension.equals("yml")) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, "YAML file name");
        }
        return new InputFile(displayPath, path, InputKind.LOG, gzip, "log lines");
    }

    /** YAML or pretty JSON of an object, or a JSON line that is an object with apiVersion and kind. */
    static boolean looksLikeObjectDocument(String first) {
        String t = first.strip();
        if (t.equals("---") || t.equals("{") || t.equals("[")) {
            return true;
        }
        for (String key : new String[] {"apiVersion:", "kind:", "items:", "metadata:"}) {
            if (t.startsWith(key)) {
                return true;
            }
        }
        return t.startsWith("{") && t.contains("\"apiVersion\"") && t.contains("\"kind\"") && !t.contains("\"msg\"");
    }

    private static String firstContentLine(Path path, boolean gzip) throws IOException {
        try (InputStream raw = Files.newInputStream(path);
             InputStream in = gzip ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int seen = 0;
            while ((line = r.readLine()) != null && seen++ < SNIFF_LINES) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                return t;
            }
            return null;
        } catch (java.io.EOFException e) {
            return null;
        }
    }

    static boolean isGzip(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
