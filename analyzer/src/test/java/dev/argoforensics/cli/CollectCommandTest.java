package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code collect}'s script, run with sh against a fake kubectl (fixtures/collect/kubectl: it records its
 * arguments and answers with the #17024 sample's files), then {@code analyze} on what it saved.
 */
class CollectCommandTest {
    private static final Path SAMPLE = Path.of("samples/issue-17024").toAbsolutePath();
    private static final String NS = "status-capture-test";
    private static final String WF = "status-capture-repro";
    private static final String EVIDENCE = "evidence-" + NS + "-" + WF;
    /** When the sample's Pod export was taken: the fake date's answer. */
    private static final String TAKEN = "2026-09-19T16:31:06Z";

    @TempDir
    Path dir;
    private Path bin;

    @BeforeEach
    void fakes() throws IOException {
        bin = Files.createDirectories(dir.resolve("bin"));
        for (String name : List.of("kubectl", "date", "events.yaml", "workflowtaskresults.yaml")) {
            try (InputStream in = CollectCommandTest.class.getResourceAsStream("/fixtures/collect/" + name)) {
                Files.copy(in, bin.resolve(name));
            }
        }
        Files.setPosixFilePermissions(bin.resolve("kubectl"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(bin.resolve("date"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs {@code sh script} in {@link #dir} with the fake kubectl first on PATH (and the fake date too, if asked). */
    private Cli sh(Path script, boolean fakeDate) throws IOException, InterruptedException {
        Path tools = bin;
        if (!fakeDate) {
            tools = Files.createDirectories(dir.resolve("kubectl-only"));
            Files.copy(bin.resolve("kubectl"), tools.resolve("kubectl"));
            Files.setPosixFilePermissions(tools.resolve("kubectl"), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        ProcessBuilder pb = new ProcessBuilder("sh", script.toString()).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.put("PATH", tools + ":" + System.getenv("PATH"));
        env.put("KUBECTL_CALLS", dir.resolve("calls.txt").toString());
        env.put("SAMPLE", SAMPLE.toString());
        env.put("FIXTURES", bin.toString());
        env.put("FAKE_DATE", TAKEN);
        Path out = dir.resolve("sh.out");
        Path err = dir.resolve("sh.err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        int code = p.waitFor();
        return new Cli(code, Files.readString(out), Files.readString(err));
    }

    private List<String> calls() throws IOException {
        return Files.readAllLines(dir.resolve("calls.txt"));
    }

    private static TreeSet<String> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void theScriptSavesWhatAnalyzeReadsWholeAndFindsTheRace() throws Exception {
        Path script = dir.resolve("collect.sh");
        Cli collect = Cli.run("collect", "-n", NS, "--workflow", WF, "--script", script.toString());
        assertEquals(0, collect.exitCode(), collect.err());
        assertEquals("", collect.out());
        String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(script));
        assertTrue(mode.matches("rwx(r-x|-{3})(r-x|-{3})"), "executable for whoever may read it (the umask decides who): " + mode);
        assertEquals(Cli.run("collect", "-n", NS, "--workflow", WF).out(), Files.readString(script), "printed and written alike");

        Cli run = sh(script, true);
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("workflow-controller-5c9d7f8b6-m4q9r has not restarted: no previous container log"), run.err());
        assertTrue(run.err().contains("next: argo-forensics analyze " + EVIDENCE), run.err());
        assertEquals(List.of(
                "[get][events][-n][status-capture-test][-o][yaml]",
                "[get][events][-n][default][--field-selector][involvedObject.kind=Node][-o][yaml]",
                "[get][pods][-n][status-capture-test][-l][workflows.argoproj.io/workflow=status-capture-repro][-o][yaml]",
                "[get][workflow][status-capture-repro][-n][status-capture-test][-o][yaml]",
                "[get][workflowtaskresults][-n][status-capture-test][-l][workflows.argoproj.io/workflow=status-capture-repro][-o][yaml]",
                "[get][pods][-n][argo][-l][app=workflow-controller][-o][name]",
                "[logs][-n][argo][workflow-controller-5c9d7f8b6-7xk2p][--timestamps]",
                "[logs][-n][argo][workflow-controller-5c9d7f8b6-7xk2p][--timestamps][--previous]",
                "[logs][-n][argo][workflow-controller-5c9d7f8b6-m4q9r][--timestamps]",
                "[logs][-n][argo][workflow-controller-5c9d7f8b6-m4q9r][--timestamps][--previous]"), calls());

        Path evidence = dir.resolve(EVIDENCE);
        TreeSet<String> saved = files(evidence);
        assertEquals(new TreeSet<>(List.of("events/events.yaml", "events/node-events.yaml",
                "logs/workflow-controller-5c9d7f8b6-7xk2p.log", "logs/workflow-controller-5c9d7f8b6-7xk2p.log.1",
                "logs/workflow-controller-5c9d7f8b6-m4q9r.log",
                "snapshots/pods-status-capture-repro.yaml", "snapshots/workflow-status-capture-repro.yaml",
                "snapshots/workflowtaskresults-status-capture-repro.yaml")), saved, "no partial file is left, no previous log for the replica that never restarted");
        for (String f : saved) {
            String first = Files.readAllLines(evidence.resolve(f)).get(0);
            if (f.startsWith("logs/")) {
                assertTrue(first.matches("2026-09-19T\\d\\d:\\d\\d:\\d\\d\\.\\d+Z time=.*"), f + " starts with kubectl's time: " + first);
            } else {
                assertEquals("# taken-at: " + TAKEN, first, f);
            }
        }

        Cli analyze = Cli.run("analyze", "--format", "json", "--now", "2026-09-20T00:00:00Z", evidence.toString());
        assertEquals(1, analyze.exitCode(), analyze.err());
        JsonNode report = new ObjectMapper().readTree(analyze.out());
        TreeSet<String> read = new TreeSet<>();
        for (JsonNode input : report.get("inputs")) {
            String path = evidence.relativize(Path.of(input.get("path").asText())).toString();
            read.add(path);
            // kubectl answers the Node events query with an empty List here: read whole, it is named empty (no object in it).
            assertEquals(path.startsWith("logs/") ? "log" : path.equals("events/node-events.yaml") ? "empty" : "snapshot",
                    input.get("kind").asText(), path);
            assertFalse(input.get("format").asText().contains("ignored"), path + ": " + input.get("format"));
            assertEquals(0, input.get("unparsed").asInt(), path);
            if (!path.startsWith("logs/")) {
                assertTrue(input.get("notes").toString().contains("taken at " + TAKEN + " (the file's # taken-at comment)"), path + ": " + input.get("notes"));
            }
        }
        assertEquals(saved, read, "every saved file is read");
        JsonNode lines = report.get("provenance").get("lines");
        assertEquals(0, lines.get("ignoredFiles").asInt());
        assertEquals(0, lines.get("logUnparsed").asInt());
        assertEquals(5, lines.get("objects").asInt(), "2 Events, the Pod, the Workflow, the task result, and none about Nodes");
        assertEquals(0, report.get("inputProblems").size(), report.get("inputProblems").toString());
        // AF001 likely, not confirmed: the Workflow export was taken at 16:31:06 by the collector's clock, 2 s after the Pod's
        // deletion, within two clocks' disagreement, and does not yet record the loss: it cannot show that the Workflow was not
        // being deleted in the foreground when the Pod was (review s21 c05).
        assertEquals("[AF001 likely, AF002 likely, AF003 confirmed]", findings(report).toString());
        // The restarted replica's two containers are one replica, read previous first: two runs of it.
        List<String> runs = new ArrayList<>();
        report.get("controllers").forEach(c -> runs.add(c.get("label").asText()));
        assertTrue(runs.containsAll(List.of("workflow-controller-5c9d7f8b6-7xk2p.log #1", "workflow-controller-5c9d7f8b6-7xk2p.log #2")), runs.toString());
    }

    private static List<String> findings(JsonNode report) {
        List<String> found = new ArrayList<>();
        for (JsonNode f : report.get("findings")) {
            assertEquals(WF, f.get("pod").get("name").asText());
            found.add(f.get("rule").asText() + " " + f.get("confidence").asText());
        }
        return found;
    }

    @Test
    void aWholeNamespaceAndAFailingKubectlLeaveNoFileButTheStampedOnesThatWorked() throws Exception {
        Path script = dir.resolve("ns.sh");
        assertEquals(0, Cli.run("collect", "-n", NS, "--controller-namespace", "argo-system", "--controller-selector",
                "app.kubernetes.io/component=workflow-controller,app.kubernetes.io/part-of!=x", "--dir", "out/ns", "--no-node-events",
                "--script", script.toString()).exitCode());
        String before = java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        Cli run = sh(script, false);
        String after = java.time.Instant.now().plusSeconds(1).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        assertEquals(1, run.exitCode(), "the fake kubectl knows none but the Events call: the script says the others failed");
        assertEquals(List.of(
                "[get][events][-n][status-capture-test][-o][yaml]",
                "[get][pods][-n][status-capture-test][-l][workflows.argoproj.io/workflow][-o][yaml]",
                "[get][workflows][-n][status-capture-test][-o][yaml]",
                "[get][workflowtaskresults][-n][status-capture-test][-o][yaml]",
                "[get][pods][-n][argo-system][-l][app.kubernetes.io/component=workflow-controller,app.kubernetes.io/part-of!=x][-o][name]"), calls());
        assertEquals(new TreeSet<>(List.of("events/events.yaml")), files(dir.resolve("out/ns")), "a failed command leaves no file");
        assertTrue(run.err().contains("collect: 4 step(s) failed"), run.err());
        assertTrue(run.err().contains("could not list the workflow-controller Pods: no controller log"), run.err());
        String stamp = Files.readAllLines(dir.resolve("out/ns/events/events.yaml")).get(0);
        assertTrue(stamp.matches("# taken-at: \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), stamp);
        String taken = stamp.substring("# taken-at: ".length());
        assertTrue(taken.compareTo(before) >= 0 && taken.compareTo(after) <= 0, before + " <= " + taken + " <= " + after);
    }

    @Test
    void hostileNamesAreRefusedAndNothingIsWritten() {
        List<String> hostile = List.of("x; rm -rf /", "$(touch pwned)", "`touch pwned`", "a\nb", "it's", "\"q\"", "a b", "-n", "", "UPPER",
                "a".repeat(64), "x&&y", "x|y", "x>y", "${HOME}", "a\\b", "ns\t");
        for (String option : List.of("-n", "--workflow", "--controller-namespace", "--controller-selector", "--dir")) {
            for (String name : hostile) {
                if (option.equals("--controller-selector") && (name.equals("UPPER") || name.equals("a".repeat(64)))) {
                    continue; // a label key may have capitals; too long is checked below
                }
                if (option.equals("--dir") && (name.equals("UPPER") || name.equals("a".repeat(64)))) {
                    continue; // folders may have capitals and long names
                }
                Path script = dir.resolve("s.sh");
                List<String> args = new ArrayList<>(List.of("collect", "--script", script.toString()));
                if (!option.equals("-n")) {
                    args.addAll(List.of("-n", "ok"));
                }
                args.add(option + "=" + name);
                Cli r = Cli.run(args.toArray(String[]::new));
                String what = option + " " + name.replace("\n", "\\n");
                assertEquals(2, r.exitCode(), what);
                assertEquals("", r.out(), what);
                if (name.startsWith("-")) {
                    // picocli itself takes "-n" for an option, not a value: its one line and hint
                    assertTrue(r.err().startsWith("argo-forensics: Expected parameter for option"), what + ": " + r.err());
                } else {
                    assertTrue(r.err().startsWith("argo-forensics: " + (option.equals("-n") ? "-n/--namespace" : option) + " \""), what + ": " + r.err());
                    assertTrue(r.err().contains(": refused, nothing written"), what + ": " + r.err());
                }
                assertEquals(2, r.err().lines().count(), what + ": one line and a hint: " + r.err());
                assertFalse(Files.exists(script), what);
            }
        }
        Cli longKey = Cli.run("collect", "-n", "ok", "--controller-selector", "a".repeat(64) + "=x");
        assertEquals(2, longKey.exitCode());
        assertTrue(longKey.err().contains("\"" + "a".repeat(64) + "=x\" is not one"), longKey.err());
        assertEquals(2, Cli.run("collect", "-n", "ok", "--dir", "evidence/-rf").exitCode());
        assertEquals(2, Cli.run("collect", "-n", "ok", "--dir", "a//b").exitCode());
        assertEquals(2, Cli.run("collect", "-n", "ok", "--controller-selector", "!app=x").exitCode());
        assertEquals(2, Cli.run("collect", "-n", "ok", "--controller-selector", "app in (a,b)").exitCode());
        Cli missing = Cli.run("collect");
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("--namespace"), missing.err());
    }

    @Test
    void namesKubernetesAllowsAreQuotedAsTheyAre() {
        Cli r = Cli.run("collect", "-n", "a-1", "--workflow", "wf.v2-x", "--controller-selector", "!canary,tier==ctl,k8s.io/app=Workflow_Controller-2",
                "--dir", "/tmp/Incident_42/run.1");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("#!/bin/sh\n"));
        assertTrue(r.out().contains("\nns='a-1'\n"));
        assertTrue(r.out().contains("\ncontroller_selector='!canary,tier==ctl,k8s.io/app=Workflow_Controller-2'\n"));
        assertTrue(r.out().contains("\ndir='/tmp/Incident_42/run.1'\n"));
        assertTrue(r.out().contains(" get workflow 'wf.v2-x' -n \"$ns\" -o yaml\n"));
        assertTrue(r.out().contains(" -l 'workflows.argoproj.io/workflow=wf.v2-x' -o yaml\n"));
        assertTrue(r.out().contains("\n# Evidence for argo-forensics, written by: argo-forensics collect -n a-1 --workflow wf.v2-x --controller-selector "
                + "!canary,tier==ctl,k8s.io/app=Workflow_Controller-2 --dir /tmp/Incident_42/run.1\n"), r.out());
        assertEquals(r.out(), Cli.run("collect", "-n", "a-1", "--workflow", "wf.v2-x", "--controller-selector",
                "!canary,tier==ctl,k8s.io/app=Workflow_Controller-2", "--dir", "/tmp/Incident_42/run.1").out(), "the same options give the same script");
    }
}
