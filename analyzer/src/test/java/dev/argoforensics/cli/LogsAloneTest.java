package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.ElidedPods;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Most upstream reports have a controller log excerpt and nothing else (#14). Every sample read from
 * its logs alone: what it finds is what its EXPECTED.md declares under "## From the logs alone", one
 * bullet per finding of the full evidence (with the confidence the logs alone give, or "not found"
 * and why) and per finding only the logs give; all samples' logs in one folder find the union; and no
 * rule says the inputs lacked controller log lines.
 */
class LogsAloneTest {
    private static final Path SAMPLES = Path.of("samples");
    private static final String NOW = "2026-10-01T00:00:00Z";
    private static final String SECTION = "\n## From the logs alone\n";
    /** "- AF001 ns/pod: possible" or "- AF006 workflow ns/wf: likely" or "- AF002 ns/pod: not found". */
    private static final Pattern BULLET = Pattern.compile("(?m)^- (AF\\d{3}) (\\S+(?: \\S+)?|\\(namespace omitted\\)/\\(name omitted; released at [^)]+\\)): "
            + "(confirmed|likely|possible|not found)\\b");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> eachSampleDeclaresWhatItsLogsAloneFind() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            Map<String, String> full = findings(run(evidence(c)));
            Map<String, String> logs = findings(run(List.of(c.resolve("logs").toString())));
            Map<String, String> expected = new TreeMap<>();
            full.keySet().forEach(k -> expected.put(k, logs.getOrDefault(k, "not found")));
            expected.putAll(logs);
            String md = Files.readString(c.resolve("EXPECTED.md"));
            Map<String, String> declared = new TreeMap<>();
            int at = md.indexOf(SECTION);
            if (at >= 0) {
                int end = md.indexOf("\n## ", at + SECTION.length());
                Matcher m = BULLET.matcher(md.substring(at, end < 0 ? md.length() : end));
                while (m.find()) {
                    declared.put(m.group(1) + " " + m.group(2), m.group(3));
                }
            }
            assertEquals(expected, declared, c + "/EXPECTED.md: \"## From the logs alone\" lists, per finding of the full evidence and per "
                    + "finding of the logs alone, what the logs alone give");
        }));
    }

    @Test
    void everySamplesLogsInOneFolderFindTheUnionAndClaimNoMissingLogLines() throws IOException {
        Set<String> union = new TreeSet<>();
        Path all = dir.resolve("logs-only");
        for (Path c : cases()) {
            findings(run(List.of(c.resolve("logs").toString()))).forEach((k, v) -> union.add(k + ": " + v));
            copy(c.resolve("logs"), all.resolve(c.getFileName().toString()));
        }
        JsonNode together = run(List.of(all.toString()));
        Set<String> found = new TreeSet<>();
        findings(together).forEach((k, v) -> found.add(k + ": " + v));
        assertEquals(union, found, "the same findings as each sample's logs alone, no more, no fewer");
        assertTrue(found.size() >= 20, found.toString());
        for (JsonNode rule : together.get("rules")) {
            for (JsonNode missing : rule.get("missing")) {
                assertFalse(missing.asText().contains("workflow-controller log lines"),
                        rule.get("rule").asText() + " says the inputs lack controller lines, which were read: " + missing.asText());
            }
        }
    }

    /** Lines a release does not print are no gap in the logs: the rule says which release the logs come from. */
    @Test
    void cleanupLinesMissingFromAReleaseThatDoesNotPrintThemSaySo() throws IOException {
        Path old = dir.resolve("v3.5.log");
        Files.writeString(old, "time=\"2026-09-21T02:00:00.114Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.5.10\n"
                + "time=\"2026-09-21T02:10:00.016Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1 namespace=ns workflow=w\n");
        JsonNode oldReport = run(List.of(old.toString()));
        assertEquals("pod-controller queuing and cleanup lines (Argo v3.6.5 and later, not the v3.5.10 these logs come from, which has no "
                + "status-capture finalizer either (v3.6.0 and later): no Pod was held by it, so there was nothing for this rule to find)",
                af001Missing(oldReport), "AF001 is about that finalizer: a v3.5 controller has none to release");
        assertEquals("pod-controller queuing and cleanup lines (Argo v3.6.5 and later, not the v3.5.10 these logs come from)",
                missing(oldReport, "AF003"), "AF003 is about the pod controller's actions, which v3.5 has (unlogged): only the lines are absent");
        Path v36 = dir.resolve("v3.6.log");
        Files.writeString(v36, "time=\"2026-09-21T02:00:00.114Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.2\n"
                + "time=\"2026-09-21T02:10:00.016Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1 namespace=ns workflow=w\n");
        assertEquals("pod-controller queuing and cleanup lines (Argo v3.6.5 and later, not the v3.6.2 these logs come from)",
                af001Missing(run(List.of(v36.toString()))), "v3.6.0-v3.6.4 have the finalizer and do not log the lines: only the lines are absent");
        Path newer = dir.resolve("v3.7.log");
        Files.writeString(newer, "time=\"2026-09-21T02:00:00.114Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18\n"
                + "time=\"2026-09-21T02:10:00.016Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1 namespace=ns workflow=w\n");
        assertEquals("pod-controller queuing and cleanup lines (Argo v3.6.5 and later)", af001Missing(run(List.of(newer.toString()))),
                "a release that prints them: these logs lack them");
    }

    /**
     * A run without a start banner is known only by the range its lines' shapes point to (logrus text: v3.4.0 to v3.7.x); the
     * range's first bound is not the release the logs come from, and the range holds releases that print the cleanup lines.
     */
    @Test
    void aReleaseRangeIsNotNamedAsTheReleaseTheLogsComeFrom() throws IOException {
        Path ranged = dir.resolve("no-banner.log");
        Files.writeString(ranged, "time=\"2026-09-21T02:10:00.016Z\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=1 namespace=ns workflow=w\n"
                + "time=\"2026-09-21T02:10:00.018Z\" level=info msg=\"Workflow pod is missing\" namespace=ns nodeName=w nodePhase=Running recentlyStarted=false workflow=w\n"
                + "time=\"2026-09-21T02:10:00.018Z\" level=info msg=\"node w phase Running -> Error\" namespace=ns workflow=w\n");
        JsonNode report = run(List.of(ranged.toString()));
        assertTrue(report.toString().contains("v3.4.0 to v3.7.x"), "the run is known by a range: " + report.get("controllers"));
        assertEquals("pod-controller queuing and cleanup lines (Argo v3.6.5 and later)", af001Missing(report),
                "the range's first bound is no release these logs come from");
    }

    /** A release has the status-capture finalizer from v3.6.0: a range wholly before it has none; one reaching it may. */
    @Test
    void aRangeHasNoStatusFinalizerOnlyWhenItsLastReleaseIsBeforeV360() {
        assertTrue(dev.argoforensics.correlate.StatusFinalizerRelease.absent("v3.5.10 (Starting Workflow Controller version=v3.5.10)"));
        assertTrue(dev.argoforensics.correlate.StatusFinalizerRelease.absent("v3.5.6 to v3.5.x (node-changed-at-info)"));
        assertFalse(dev.argoforensics.correlate.StatusFinalizerRelease.absent("v3.5.6 to v3.6.x (node-changed-at-info)"));
        assertFalse(dev.argoforensics.correlate.StatusFinalizerRelease.absent("v3.6.0 (Starting Workflow Controller version=v3.6.0)"));
        assertFalse(dev.argoforensics.correlate.StatusFinalizerRelease.absent(null));
    }

    /** A range wholly before v3.6.5 does not log pod events; one reaching v3.6.5 may, whatever its first bound. */
    @Test
    void aRangeIsBeforeTheCleanupLinesOnlyWhenItsLastReleaseIs() {
        assertTrue(dev.argoforensics.correlate.PodEventLines.notLogged("v3.5.6 to v3.5.x (node-changed-at-info)"));
        assertFalse(dev.argoforensics.correlate.PodEventLines.notLogged("v3.5.6 to v3.6.x (node-changed-at-info)"));
        assertTrue(dev.argoforensics.correlate.PodEventLines.notLogged("v3.5.13 (Starting Workflow Controller version=v3.5.13)"));
        assertFalse(dev.argoforensics.correlate.PodEventLines.notLogged("v3.6.5 (Starting Workflow Controller version=v3.6.5)"));
        assertFalse(dev.argoforensics.correlate.PodEventLines.notLogged("v3.4.0 to v3.7.x (processing-workflow, node-phase-v3)"));
    }

    private static String af001Missing(JsonNode report) {
        return missing(report, "AF001");
    }

    private static String missing(JsonNode report, String id) {
        for (JsonNode rule : report.get("rules")) {
            if (rule.get("rule").asText().equals(id)) {
                return rule.get("missing").get(0).asText();
            }
        }
        throw new AssertionError("no " + id + " outcome");
    }

    private static List<Path> cases() throws IOException {
        try (Stream<Path> dirs = Files.list(SAMPLES)) {
            return dirs.filter(d -> Files.isDirectory(d.resolve("logs"))).sorted().toList();
        }
    }

    private static List<String> evidence(Path sample) throws IOException {
        try (Stream<Path> parts = Files.list(sample)) {
            return parts.filter(Files::isDirectory).sorted().map(Path::toString).toList();
        }
    }

    private static JsonNode run(List<String> inputs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--now", NOW));
        args.addAll(inputs);
        return new ObjectMapper().readTree(Cli.run(args.toArray(String[]::new)).out());
    }

    /** "AFnnn ns/pod" (or "AFnnn workflow ns/wf" for a finding naming no Pod) → confidence. */
    private static Map<String, String> findings(JsonNode report) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode f : report.get("findings")) {
            String subject = f.get("pod").isNull() ? "workflow " + f.get("workflow").get("namespace").asText() + "/" + f.get("workflow").get("name").asText()
                    : f.get("pod").get("namespace").asText() + "/" + ElidedPods.keyed(f.get("pod").get("name").asText());
            out.merge(f.get("rule").asText() + " " + subject, f.get("confidence").asText(), LogsAloneTest::stronger);
        }
        return out;
    }

    private static String stronger(String a, String b) {
        List<String> order = List.of("possible", "likely", "confirmed");
        return order.indexOf(a) >= order.indexOf(b) ? a : b;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                Files.createDirectories(target.getParent());
                Files.copy(f, target);
            }
        }
    }
}
