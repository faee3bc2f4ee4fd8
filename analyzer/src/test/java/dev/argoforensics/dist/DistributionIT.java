package dev.argoforensics.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive as a user gets it (issue #16's done-when): unpacked into an empty folder, its launcher
 * linked into a bin folder on PATH, run through that link on the #17024 sample with nothing on PATH but the link,
 * a Java runtime and the few tools the launcher uses (bash, readlink, mkdir): no Maven, no repository jar.
 * Runs after package (failsafe); skipped, saying so, when the archive was not built (-DskipDist).
 */
class DistributionIT {

    private static final String[] ANALYZE = {
        "analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--now", "2026-09-20T00:00:00Z",
        "--format", "json"};

    @TempDir
    Path tmp;

    @Test
    void theArchiveRunsThroughASymlinkInPathWithOnlyAJavaRuntime() throws Exception {
        Path home = unpack(archive("argo.dist.archive", "mvn -B -Pdist package (on by default; -DskipDist skips it)"));
        assertFalse(Files.exists(home.resolve("runtime")), "the plain archive brings no runtime of its own");
        Path tools = tools(true);
        Run run = analyze(home, tools);
        assertAf001(run);
    }

    @Test
    void theJlinkArchiveRunsWithNoJavaOnPathAtAll() throws Exception {
        Path home = unpack(archive("argo.dist.jlinkArchive", "mvn -B -Pjlink package"));
        assertTrue(Files.isExecutable(home.resolve("runtime/bin/java")), "runtime/bin/java");
        Path tools = tools(false);
        Run run = analyze(home, tools);
        assertAf001(run);
    }

    @Test
    void withoutAnyJavaTheLauncherSaysWhatIsMissing() throws Exception {
        Path home = unpack(archive("argo.dist.archive", "mvn -B -Pdist package (on by default; -DskipDist skips it)"));
        Run run = analyze(home, tools(false));
        assertEquals(2, run.exit, run.err);
        assertEquals("", run.out);
        assertTrue(run.err.startsWith("argo-forensics: java not found; install a Java 17 (or newer) runtime"), run.err);
    }

    private static Path archive(String property, String howToBuild) throws IOException {
        String name = System.getProperty(property);
        assumeTrue(name != null, property + " is not set: run this test through failsafe (mvn -B verify)");
        Path archive = Path.of(name);
        assumeTrue(Files.isRegularFile(archive), archive + " was not built, so it is not tested; build it with " + howToBuild);
        // An archive left from an earlier build (this one skipped it) would test an old jar.
        Path jar = Path.of(System.getProperty("argo.dist.jar"));
        assumeTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0,
                archive + " is older than " + jar + " (left from an earlier build), so it is not tested; rebuild it with "
                        + howToBuild);
        return archive;
    }

    /** Unpacks into an empty folder, as tar would for a user, and returns the archive's top folder. */
    private Path unpack(Path archive) throws Exception {
        Path into = Files.createDirectory(tmp.resolve("unpacked"));
        Run tar = run(List.of("tar", "-xzf", archive.toAbsolutePath().toString(), "-C", into.toString()), null, null);
        assertEquals(0, tar.exit, tar.err);
        try (var top = Files.list(into)) {
            List<Path> entries = top.toList();
            assertEquals(1, entries.size(), "one top folder: " + entries);
            Path home = entries.get(0);
            assertTrue(home.getFileName().toString().startsWith("argo-forensics-"), home.toString());
            for (String file : List.of("bin/argo-forensics", "lib/argo-forensics.jar", "man/man1/argo-forensics.1",
                    "man/man1/argo-forensics-analyze.1", "completion/argo-forensics_completion", "completion/argo-forensics_completion.fish",
                    "man/man1/argo-forensics-version.1", "README.md")) {
                assertTrue(Files.isRegularFile(home.resolve(file)), "the archive holds " + file);
            }
            assertTrue(Files.isExecutable(home.resolve("bin/argo-forensics")), "the launcher is executable");
            return home;
        }
    }

    /** A folder holding only bash, readlink, mkdir and (when asked) java: the PATH the launcher gets. */
    private Path tools(boolean withJava) throws IOException {
        Path tools = Files.createDirectory(tmp.resolve("tools"));
        for (String tool : List.of("bash", "readlink", "mkdir")) {
            Files.createSymbolicLink(tools.resolve(tool), which(tool));
        }
        if (withJava) {
            Files.createSymbolicLink(tools.resolve("java"),
                    Path.of(System.getProperty("java.home"), "bin", "java").toRealPath());
        }
        return tools;
    }

    /**
     * Runs the README's command through PATH: bin/argo-forensics is a relative link to links/argo-forensics, itself
     * an absolute link to the unpacked launcher, so the launcher has to follow a chain of links to find its jar.
     */
    private Run analyze(Path home, Path tools) throws Exception {
        Path links = Files.createDirectory(tmp.resolve("links"));
        Files.createSymbolicLink(links.resolve("argo-forensics"), home.resolve("bin/argo-forensics"));
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("argo-forensics"), Path.of("../links/argo-forensics"));
        Path userHome = Files.createDirectory(tmp.resolve("home"));

        List<String> command = new ArrayList<>(List.of(tools.resolve("bash").toString(), "-c",
                "if command -v mvn >/dev/null; then echo 'mvn is on PATH' >&2; exit 99; fi; exec argo-forensics \"$@\"",
                "argo-forensics"));
        command.addAll(List.of(ANALYZE));
        return run(command, Map.of("PATH", bin + File.pathSeparator + tools, "HOME", userHome.toString()),
                Path.of("").toAbsolutePath());
    }

    private static void assertAf001(Run run) throws IOException {
        assertEquals(1, run.exit, "exit 1: a finding at or above --fail-on\n" + run.err);
        assertEquals("", run.err, "nothing on stderr");
        JsonNode report = new ObjectMapper().readTree(run.out);
        JsonNode af001 = null;
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals("AF001")) {
                af001 = f;
            }
        }
        assertTrue(af001 != null, "an AF001 finding: " + run.out);
        assertEquals("-1m24.257168224s", af001.get("delay").asText());
        assertEquals("status-capture-repro", af001.get("pod").get("name").asText());
    }

    private static Path which(String tool) throws IOException {
        for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate.toRealPath();
            }
        }
        throw new IOException(tool + " is not on this machine's PATH");
    }

    private record Run(int exit, String out, String err) {}

    private Run run(List<String> command, Map<String, String> env, Path dir) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command);
        if (env != null) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Path out = tmp.resolve("out-" + System.nanoTime());
        Path err = tmp.resolve("err-" + System.nanoTime());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("no answer in 5 minutes: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
