package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputCollectorTest {

    @Test
    void foldersAreWalkedAndFilesClassifiedByContent(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("logs/old"));
        Files.writeString(dir.resolve("logs/controller.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("logs/old/controller.log.1.gz")))) {
            out.write("time=2026-09-19T09:00:00.000Z level=INFO msg=x\n".getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(dir.resolve("logs/pod.txt"), "# kubectl get pod -o yaml\napiVersion: v1\nkind: Pod\n");
        Files.writeString(dir.resolve("logs/wf.json"), "{\n  \"apiVersion\": \"argoproj.io/v1alpha1\",\n  \"kind\": \"Workflow\"\n}\n");
        Files.writeString(dir.resolve("logs/json.log"), "{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"INFO\",\"msg\":\"x\"}\n");
        Files.writeString(dir.resolve("logs/NOTES.md"), "# notes\n");
        Files.writeString(dir.resolve("logs/.hidden"), "x\n");

        String base = dir.resolve("logs") + "/";
        List<InputFile> files = new InputCollector().collect(List.of(base));
        assertEquals(List.of("NOTES.md", "controller.log", "json.log", "old/controller.log.1.gz", "pod.txt", "wf.json"),
                files.stream().map(f -> f.displayPath().substring(base.length())).toList());
        assertEquals(List.of(InputKind.IGNORED, InputKind.LOG, InputKind.LOG, InputKind.LOG, InputKind.SNAPSHOT, InputKind.SNAPSHOT),
                files.stream().map(InputFile::kind).toList());
        assertEquals(true, files.get(3).compressed());
    }

    @Test
    void displayPathsJoinTheArgumentAsGiven() {
        assertEquals("logs/a/b.log", InputCollector.join("logs/", Path.of("a/b.log")));
        assertEquals("logs/b.log", InputCollector.join("logs", Path.of("b.log")));
        assertEquals("b.log", InputCollector.join(".", Path.of("b.log")));
    }

    @Test
    void aMissingPathIsAnInputError() {
        InputException e = assertThrows(InputException.class, () -> new InputCollector().collect(List.of("does/not/exist")));
        assertEquals("does/not/exist: no such file or folder", e.getMessage());
    }
}
