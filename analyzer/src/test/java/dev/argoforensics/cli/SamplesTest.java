package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.report.ToolInfo;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every {@code samples/<case>/EXPECTED.md}: the command under "## Command", the exit status under
 * "## Exit status", and the report in the first fenced block under "## Expected report", byte for byte.
 * Standard error must be empty, or what the first fenced block under "## Standard error" says.
 *
 * <p>The build commit named in the provenance section is compared as {@value #COMMIT}.
 *
 * <p>After an intended change to the output, {@code mvn -pl analyzer test -Dtest=SamplesTest
 * -Dsamples.update=true} rewrites the expected reports; review the diff before committing it.
 */
class SamplesTest {
    private static final Path SAMPLES = Path.of("samples");

    @TestFactory
    Stream<DynamicTest> everySampleMatchesItsExpectedReport() throws IOException {
        List<Path> cases;
        try (Stream<Path> dirs = Files.list(SAMPLES)) {
            cases = dirs.filter(Files::isDirectory).sorted().toList();
        }
        assertFalse(cases.isEmpty(), "no samples under " + SAMPLES.toAbsolutePath());
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : cases) {
            tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir.resolve("EXPECTED.md"))));
        }
        return tests.stream();
    }

    private static void check(Path expectedFile) throws IOException {
        assertTrue(Files.exists(expectedFile), expectedFile + " is missing: every sample states its expected result");
        String doc = Files.readString(expectedFile, StandardCharsets.UTF_8);
        Expected expected = Expected.parse(doc, expectedFile);
        Cli result = Cli.run(expected.args());
        String report = withoutBuildCommit(result.out());
        if (Boolean.getBoolean("samples.update")) {
            Files.writeString(expectedFile, doc.substring(0, expected.reportStart()) + report + doc.substring(expected.reportEnd()),
                    StandardCharsets.UTF_8);
            return;
        }
        assertEquals(expected.report(), report, "report of " + String.join(" ", expected.args()));
        assertEquals(expected.exitStatus(), result.exitCode(), "exit status; stderr: " + result.err());
        assertEquals(expected.stderr(), result.err(), "standard error");
    }

    /**
     * The report with this build's commit replaced by {@value #COMMIT}: provenance names the commit
     * the jar was built from, which changes with every commit, while the expected reports must not.
     */
    static String withoutBuildCommit(String report) {
        return report.replace("(commit " + ToolInfo.current().commit() + ")", "(commit " + COMMIT + ")");
    }

    static final String COMMIT = "<build commit>";

    /** The parts of an EXPECTED.md the test reads. */
    record Expected(String[] args, int exitStatus, String report, int reportStart, int reportEnd, String stderr) {

        static Expected parse(String doc, Path file) {
            String command = section(doc, "## Command", file).lines().map(String::strip)
                    .filter(l -> l.startsWith("argo-forensics ")).findFirst()
                    .orElseThrow(() -> new AssertionError(file + ": no 'argo-forensics ...' line under ## Command"));
            String[] words = command.split("\\s+");
            int status = Integer.parseInt(section(doc, "## Exit status", file).strip().split("\\s+")[0]);
            int sectionAt = doc.indexOf("## Expected report");
            assertTrue(sectionAt >= 0, file + ": no ## Expected report");
            int fenceLineStart = doc.indexOf("\n````", sectionAt) + 1;
            int start = doc.indexOf('\n', fenceLineStart) + 1;
            int end = doc.startsWith("````\n", start) ? start : doc.indexOf("\n````\n", start) + 1;
            assertTrue(fenceLineStart > 0 && end >= start && end > 0, file + ": the expected report must be in a ```` fence");
            String stderr = "";
            int errAt = doc.indexOf("\n## Standard error\n");
            if (errAt >= 0) {
                int errFence = doc.indexOf("\n````", errAt + 1) + 1;
                int errStart = doc.indexOf('\n', errFence) + 1;
                int errEnd = doc.startsWith("````\n", errStart) ? errStart : doc.indexOf("\n````\n", errStart) + 1;
                stderr = doc.substring(errStart, errEnd);
            }
            return new Expected(Arrays.copyOfRange(words, 1, words.length), status, doc.substring(start, end), start, end, stderr);
        }

        private static String section(String doc, String heading, Path file) {
            int at = doc.indexOf(heading + "\n");
            assertTrue(at >= 0, file + ": no " + heading);
            int from = at + heading.length() + 1;
            int next = doc.indexOf("\n## ", from);
            return doc.substring(from, next < 0 ? doc.length() : next);
        }
    }
}
