package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
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

    @Test
    void loopsBrokenLinksAndFifosAreReportedAndTheOtherFilesRead(@TempDir Path dir) throws Exception {
        Path logs = Files.createDirectories(dir.resolve("logs/sub"));
        Files.writeString(dir.resolve("logs/controller.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        Files.writeString(logs.resolve("more.log"), "time=2026-09-19T10:00:01.000Z level=INFO msg=x\n");
        Files.createSymbolicLink(logs.resolve("up"), Path.of(".."));
        Files.createSymbolicLink(dir.resolve("logs/gone.log"), Path.of("rotated/nothing-here.log"));
        Files.createSymbolicLink(dir.resolve("logs/linked.log"), Path.of("sub/more.log"));
        new ProcessBuilder("mkfifo", dir.resolve("logs/pipe").toString()).inheritIO().start().waitFor();

        String base = dir.resolve("logs").toString();
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(List.of(base));
        assertEquals(List.of("controller.log", "sub/more.log"),
                files.stream().map(f -> f.displayPath().substring(base.length() + 1)).toList());
        assertEquals(List.of(
                base + "/gone.log: expected a file, found a broken symbolic link to rotated/nothing-here.log: skipped",
                base + "/linked.log: expected a file not read yet, found the same file as " + base + "/sub/more.log (through a symbolic link):"
                        + " skipped, it is read once",
                base + "/pipe: expected a file, found a FIFO, socket or device: skipped",
                base + "/sub/up: expected a folder or a file, found a symbolic link to .. back to a folder that holds it (a loop): not followed"),
                shown(collector.problems()));
    }
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoNamedOnTheCommandLineIsReadAsAStreamUnderItsPath(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("controller.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        Path pipe = dir.resolve("pipe");
        Assumptions.assumeTrue(mkfifo(pipe), "mkfifo is not available here");
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(pipe, "time=2026-09-19T10:00:01.000Z level=INFO msg=y\n");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(List.of(pipe.toString(), dir.resolve("controller.log").toString()));
        writer.join();
        assertEquals(List.of(dir.resolve("controller.log").toString(), pipe.toString()), files.stream().map(InputFile::displayPath).toList());
        InputFile stream = files.get(1);
        assertEquals(InputKind.LOG, stream.kind());
        assertTrue(Files.isRegularFile(stream.path()) && !stream.path().equals(pipe), "read from its copy: " + stream.path());
        assertEquals("time=2026-09-19T10:00:01.000Z level=INFO msg=y\n", Files.readString(stream.path()));
        assertEquals(List.of(), collector.problems());
    }

    @Test
    void standardInputIsReadOnceAsStdinAndItsFormatDetected() throws Exception {
        byte[] yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n".getBytes(StandardCharsets.UTF_8);
        InputCollector collector = new InputCollector(new java.io.ByteArrayInputStream(yaml));
        List<InputFile> files = collector.collect(List.of("-"));
        assertEquals(List.of(InputCollector.STDIN), files.stream().map(InputFile::displayPath).toList());
        assertEquals(InputKind.SNAPSHOT, files.get(0).kind());

        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write("time=2026-09-19T10:00:00.000Z level=INFO msg=x\n".getBytes(StandardCharsets.UTF_8));
        }
        InputFile gzip = new InputCollector(new java.io.ByteArrayInputStream(gz.toByteArray())).collect(List.of("/dev/stdin")).get(0);
        assertEquals(InputCollector.STDIN, gzip.displayPath());
        assertEquals(InputKind.LOG, gzip.kind());
        assertTrue(gzip.compressed(), "gzip is known by its magic bytes");
    }

    @Test
    void standardInputNamedTwiceIsAnError() {
        for (List<String> args : List.of(List.of("-", "-"), List.of("-", "/dev/stdin"), List.of("/dev/fd/0", "-"))) {
            InputException e = assertThrows(InputException.class,
                    () -> new InputCollector(new java.io.ByteArrayInputStream(new byte[0])).collect(args));
            assertTrue(e.getMessage().endsWith(": standard input is named a second time; it can be read only once: name it once (as -)"),
                    e.getMessage());
        }
    }

    private static boolean mkfifo(Path path) {
        try {
            return new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void anUnreadableFileNamedOnTheCommandLineIsReportedAndTheOthersRead(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("controller.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        Path unreadable = unreadableFile(dir);
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(List.of(unreadable.toString(), dir.resolve("controller.log").toString()));
        assertEquals(List.of(dir.resolve("controller.log").toString()), files.stream().map(InputFile::displayPath).toList());
        assertEquals(1, collector.problems().size());
        String problem = collector.problems().get(0).toString();
        assertTrue(problem.startsWith(unreadable + ": expected a readable file, found ") && problem.endsWith(": skipped"), problem);
    }

    /**
     * A file that exists but cannot be read: one without read permission, or, for root (who reads it
     * anyway), Linux's /proc/self/mem, whose first bytes fail with an I/O error.
     */
    private static Path unreadableFile(Path dir) throws Exception {
        Path denied = Files.writeString(dir.resolve("denied.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        Files.setPosixFilePermissions(denied, java.util.Set.of());
        if (!Files.isReadable(denied)) {
            return denied;
        }
        Path mem = Path.of("/proc/self/mem");
        Assumptions.assumeTrue(Files.exists(mem), "no unreadable file can be made here");
        return mem;
    }
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLinkedFolderIsReadOnceAndALinkAboveTheNamedFolderIsNotFollowed(@TempDir Path dir) throws Exception {
        // A support bundle: a node's pod logs, "containers/" linking into them, and a link back up to the bundle's parent.
        Path pods = Files.createDirectories(dir.resolve("bundle/pods/argo_controller_1/controller"));
        Files.writeString(pods.resolve("0.log"), "2026-09-19T10:00:00.000Z stdout F time=2026-09-19T10:00:00.000Z level=INFO msg=x\n");
        Path containers = Files.createDirectories(dir.resolve("bundle/containers"));
        Files.createSymbolicLink(containers.resolve("controller.log"), Path.of("../pods/argo_controller_1/controller/0.log"));
        Files.createSymbolicLink(dir.resolve("bundle/current"), Path.of("pods/argo_controller_1"));
        Files.createSymbolicLink(dir.resolve("bundle/host"), dir);
        Files.writeString(dir.resolve("elsewhere.log"), "time=2026-09-19T10:00:00.000Z level=INFO msg=y\n");

        String base = dir.resolve("bundle").toString();
        InputCollector collector = new InputCollector();
        List<InputFile> files = collector.collect(List.of(base));
        assertEquals(List.of("pods/argo_controller_1/controller/0.log"),
                files.stream().map(f -> f.displayPath().substring(base.length() + 1)).toList());
        String kept = base + "/pods/argo_controller_1/controller/0.log";
        assertEquals(List.of(
                base + "/containers/controller.log: expected a file not read yet, found the same file as " + kept
                        + " (through a symbolic link): skipped, it is read once",
                base + "/current/controller/0.log: expected a file not read yet, found the same file as " + kept
                        + " (through a symbolic link): skipped, it is read once",
                base + "/host: expected a folder or a file, found a symbolic link to " + dir + " back to a folder that holds it (a loop):"
                        + " not followed"),
                shown(collector.problems()));
    }

    private static List<String> shown(List<UnreadableInput> problems) {
        return problems.stream().map(UnreadableInput::toString).toList();
    }
}
