package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Session 53 breaker of AF006's "Workflow left Running after its entry node ended" ({@code TaskResultLines.RootDoneHeld}). Read in
 * {@code operate} at v3.5.8, v3.6.19, v3.7.6 and v4.1.2: once the entry node is fulfilled a pass reaches {@code markWorkflowPhase}
 * (whose wait for task results is logged at Debug) only if nothing returned before it; look-alikes here are passes that return before
 * it for a reason of their own, and completions logged in ways the shape must not miss.
 */
class TaskResultRootDoneHeldBreakerTest {
    private final TaskResultNeverSynced rule = new TaskResultNeverSynced(RuleSettings.defaults());

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-09-19T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String processing(String t, String rv) {
        return line(t, "Processing workflow", "Phase=Running ResourceVersion=" + rv + " namespace=ns workflow=p");
    }

    private static String updated(String t, String phase, String rv) {
        return line(t, "Workflow update successful", "namespace=ns phase=" + phase + " resourceVersion=" + rv + " workflow=p");
    }

    private static String nodePhase(String t, String node, String from, String to) {
        return line(t, "node " + node + " phase " + from + " -> " + to, "namespace=ns workflow=p");
    }

    /**
     * As TaskResultRootDoneHeldTest's Workflow p: its only step p-1111 failed (OOMKilled) at 16:30:00 and the entry node p with it, the
     * pass writing the phase Running; then passes every minute to 16:45, each {@code later} applied, the run logging on to 17:00.
     */
    private static List<String> lines(String release, UnaryOperator<List<String>> rootPass, UnaryOperator<List<String>> later) {
        List<String> l = new ArrayList<>();
        if (release != null) {
            l.add(line("16:00:00.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=" + release));
        }
        l.add(processing("16:27:10.100", "4990"));
        l.add(line("16:27:10.101", "Task-result reconciliation", "namespace=ns numObjs=0 workflow=p"));
        l.add(line("16:27:10.200", "Created pod: p[0].step (p-step-1111)", "namespace=ns workflow=p"));
        l.add(updated("16:27:10.300", "Running", "4991"));
        List<String> failing = new ArrayList<>();
        failing.add(processing("16:30:00.000", "4991"));
        failing.add(line("16:30:00.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p"));
        failing.add(line("16:30:00.002", "Pod failed: OOMKilled (exit code 137)", "displayName=step namespace=ns pod=p-step-1111 templateName=step workflow=p"));
        failing.add(nodePhase("16:30:00.003", "p-1111", "Running", "Failed"));
        failing.add(nodePhase("16:30:00.004", "p-2222", "Running", "Failed"));
        failing.add(nodePhase("16:30:00.005", "p", "Running", "Failed"));
        failing.add(line("16:30:00.005", "node p finished: 2026-09-19 16:30:00.005 +0000 UTC", "namespace=ns workflow=p"));
        failing.add(updated("16:30:00.100", "Running", "5001"));
        l.addAll(rootPass.apply(failing));
        for (int m = 31; m <= 45; m++) {
            List<String> p = new ArrayList<>();
            p.add(processing("16:" + m + ":00.000", "5001"));
            p.add(line("16:" + m + ":00.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p"));
            l.addAll(later.apply(p));
        }
        l.add(line("17:00:00.000", "Processing workflow", "Phase=Running ResourceVersion=1 namespace=ns workflow=q"));
        return l;
    }

    private static String at(List<String> pass, String msg, String keys) {
        String first = pass.get(0);
        return line(first.substring("time=\"2026-09-19T".length(), first.indexOf("Z\"")), msg, keys);
    }

    private Evaluation evaluate(Evidence e, List<String> lines) {
        String banner = lines.stream().filter(l -> l.contains("Starting Workflow Controller")).findFirst().orElse(null);
        return rule.evaluate((banner == null ? e : e.release(banner.substring(banner.indexOf("version=") + "version=".length()))).correlate());
    }

    private Evaluation logs(List<String> lines) {
        return evaluate(new Evidence().log("c.log", lines.toArray(String[]::new)), lines);
    }

    /**
     * An exit handler given as {@code spec.hooks.exit} (not {@code spec.onExit}): HasExitHook is true, so every pass logs
     * {@code Running OnExit handler: } with the empty OnExit after the colon (v3.4-v3.7 {@code Infof("Running OnExit handler: %s",
     * OnExit)}), and the completion waits for the exit node: not a result held.
     */
    @Test
    void anExitHandlerGivenAsHooksExitLogsAnEmptyNameAndIsNotAResultHeld() {
        Evaluation e = logs(lines("v3.5.8", p -> {
            List<String> q = new ArrayList<>(p);
            q.add(q.size() - 1, at(p, "Running OnExit handler: ", "namespace=ns workflow=p"));
            return q;
        }, p -> {
            List<String> q = new ArrayList<>(p);
            q.add(at(p, "Running OnExit handler: ", "namespace=ns workflow=p"));
            return q;
        }));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * The Workflow suspended (argo suspend) after its entry node ended: operate returns at ShouldSuspend ("workflow suspended",
     * Info) before it executes the entry template, so those passes never reach markWorkflowPhase and say nothing of a result held.
     * The root pass alone held it (16:30:00): under the threshold, nothing to say.
     */
    @Test
    void passesOfASuspendedWorkflowAreNotPassesHeldByAResult() {
        Evaluation e = logs(lines("v3.5.8", UnaryOperator.identity(), p -> {
            List<String> q = new ArrayList<>(p);
            q.add(at(p, "workflow suspended", "namespace=ns workflow=p"));
            return q;
        }));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** The same, the Workflow exported at 17:10 still Running (suspended) with every node ended: that export says nothing of results. */
    @Test
    void aSuspendedWorkflowExportedRunningWithEveryNodeEndedIsNothing() {
        List<String> l = lines("v3.5.8", UnaryOperator.identity(), p -> {
            List<String> q = new ArrayList<>(p);
            q.add(at(p, "workflow suspended", "namespace=ns workflow=p"));
            return q;
        });
        Evidence ev = new Evidence().log("c.log", l.toArray(String[]::new)).takenAt("p.yaml", "2026-09-19T17:10:00Z",
                workflow("Running", "p", "Failed", "p-1111", "Failed", null, true));
        Evaluation e = evaluate(ev, l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** Recall control: the log cut after the root pass, the Workflow exported at 17:10 Running with every node ended: possible. */
    @Test
    void aLogCutAfterTheRootPassWithTheWorkflowExportedRunningIsPossible() {
        Evaluation e = cutAndExported("2026-09-19T17:10:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, false));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * The log cut after the root pass, the Workflow exported at 17:10 Running with every node ended but {@code spec.suspend: true}
     * (argo suspend after its entry node ended): a suspended Workflow stays Running whatever its results.
     */
    @Test
    void aLogCutWithTheWorkflowExportedSuspendedIsNothing() {
        Evaluation e = cutAndExported("2026-09-19T17:10:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, true));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** The log cut after the root pass, the Workflow exported at each time as the YAML after it says: the evaluation. */
    private Evaluation cutAndExported(String... atAndYaml) {
        List<String> l = cutAfterTheRootPass();
        Evidence ev = new Evidence().log("c.log", l.toArray(String[]::new));
        for (int i = 0; i < atAndYaml.length; i += 2) {
            ev.takenAt("p-" + i + ".yaml", atAndYaml[i], atAndYaml[i + 1]);
        }
        return evaluate(ev, l);
    }

    /** Workflow p's lines (v3.5.8), cut a second after the pass that ended its entry node (a rotation). */
    private static List<String> cutAfterTheRootPass() {
        List<String> l = lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity());
        l.removeIf(x -> x.compareTo("time=\"2026-09-19T16:30:01") > 0);
        return l;
    }

    private static String cited(Evaluation e) {
        return e.findings().stream().map(f -> f.evidence().toString()).reduce("", String::concat);
    }

    /**
     * Session 54 control: suspended, then resumed (argo resume sets {@code spec.suspend} back): exported at 16:50 suspended, at 17:10
     * without it, Running with every node ended. The resumed Workflow's passes reach markWorkflowPhase again, so the later export is a
     * view of a result held (40 minutes after the root line), the suspended one is not: possible, citing the later export alone.
     */
    @Test
    void suspendedThenResumedTheExportAfterTheResumeIsAView() {
        Evaluation e = cutAndExported("2026-09-19T16:50:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, true),
                "2026-09-19T17:10:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, false));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        assertTrue(cited(e).contains("p-2.yaml"), () -> cited(e));
        assertFalse(cited(e).contains("p-0.yaml"), () -> "the suspended export is no view: " + cited(e));
    }

    /** The same two exports the other way round (resumed at 16:50, suspended again at 17:10): the suspended one is no view. */
    @Test
    void resumedThenSuspendedAgainTheSuspendedExportIsNoView() {
        Evaluation e = cutAndExported("2026-09-19T16:50:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, false),
                "2026-09-19T17:10:00Z", workflow("Running", "p", "Failed", "p-1111", "Failed", null, true));
        assertFalse(cited(e).contains("p-2.yaml"), () -> "the suspended export is no view: " + cited(e));
    }

    /**
     * Session 54 control: a suspend template's node that ended (approved) is no suspension: without {@code spec.suspend}, the
     * export Running with every node ended (the Suspend node Succeeded) is a view of a result held: possible, as with no suspend
     * node. The same node still Running: the Workflow waits at its suspend template ({@code IsWorkflowSuspended}), no view.
     */
    @Test
    void aSuspendTemplateNodeThatEndedIsNoSuspensionAndOneRunningIs() {
        String node = """
                    p-3333:
                      id: p-3333
                      name: "p[1].approve"
                      displayName: approve
                      type: Suspend
                      templateName: approve
                      phase: %s
                      startedAt: "2026-09-19T16:27:10Z"
                """;
        String yaml = workflow("Running", "p", "Failed", "p-1111", "Failed", null, false);
        Evaluation e = cutAndExported("2026-09-19T17:10:00Z", yaml + node.formatted("Succeeded"));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
        Evaluation waiting = cutAndExported("2026-09-19T17:10:00Z", yaml + node.formatted("Running"));
        assertTrue(waiting.findings().isEmpty(), () -> waiting.findings().toString());
    }

    /** Session 54 control: an export whose spec says nothing of suspend (no key) and runs no suspend node: a view, possible. */
    @Test
    void anExportWithNeitherSuspendNorASuspendNodeIsAView() {
        Evaluation e = cutAndExported("2026-09-19T17:10:00Z",
                workflow("Running", "p", "Failed", "p-1111", "Failed", null, false).replace("  suspend: false\n", ""));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    private Evaluation cutAndPrinted(String status) throws IOException {
        String text = """
                $ argo get -n ns p
                Name:                p
                Namespace:           ns
                ServiceAccount:      unset (will run with the default ServiceAccount)
                Status:              %s
                Created:             Sat Sep 19 16:27:10 +0000 (43 minutes ago)
                Started:             Sat Sep 19 16:27:10 +0000 (43 minutes ago)
                Duration:            42 minutes 50 seconds
                Progress:            0/1

                STEP          TEMPLATE  PODNAME  DURATION  MESSAGE
                 ✖ p          main
                """.formatted(status);
        Path p = Files.createTempFile("argo-get", ".txt");
        try {
            Files.writeString(p, text, StandardCharsets.UTF_8);
            PasteFileReader.Result r = new PasteFileReader().read(new InputFile("argo-get.txt", p, InputKind.SNAPSHOT, false,
                            PasteShape.ARGO_GET.label()), PasteShape.ARGO_GET,
                    ObservedAt.stated(Timestamp.parseRfc3339("2026-09-19T17:10:00Z", null, false), ObservationBasis.TAKEN_AT_COMMENT),
                    LocalDate.of(2026, 9, 20), Message.literal("the test's reference date"));
            assertEquals(1, r.objects().size(), r::toString);
            List<String> l = cutAfterTheRootPass();
            return evaluate(new Evidence().log("c.log", l.toArray(String[]::new)).exported(r.objects().get(0)), l);
        } finally {
            Files.delete(p);
        }
    }

    /** Session 54: argo get's {@code Running (Suspended)} (printer.WorkflowStatus) is a suspension; its plain Running is a view. */
    @Test
    void argoGetRunningSuspendedIsNothingAndItsPlainRunningIsPossible() throws IOException {
        Evaluation suspended = cutAndPrinted("Running (Suspended)");
        assertTrue(suspended.findings().isEmpty(), () -> suspended.findings().toString());
        Evaluation running = cutAndPrinted("Running");
        assertEquals(1, running.findings().size(), () -> running.cleared().toString());
        assertEquals(Confidence.POSSIBLE, running.findings().get(0).confidence());
    }

    /**
     * Another Workflow of the name: p held a minute after its entry node ended and was deleted (its passes stop at 16:31); a new p
     * (kubectl apply of a fixed name) taken up at 16:50 (its first pass, Phase empty) ended its entry node at 17:05 and is exported
     * at 17:10 Running with every node ended. Each was held under the threshold; the export is the new p's, not 40 minutes of the
     * first's hold.
     */
    @Test
    void anExportOfALaterNamesakeIsNotAViewOfTheEarlierHold() {
        List<String> l = lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity());
        l.removeIf(x -> x.contains("workflow=p") && x.compareTo("time=\"2026-09-19T16:32") > 0);
        l.remove(l.size() - 1);
        l.add(line("16:50:00.000", "Processing workflow", "Phase= ResourceVersion=7001 namespace=ns workflow=p"));
        l.add(line("16:50:00.010", "Updated phase  -> Running", "namespace=ns workflow=p"));
        l.add(line("16:50:00.200", "Created pod: p[0].step (p-step-1111)", "namespace=ns workflow=p"));
        l.add(updated("16:50:00.300", "Running", "7002"));
        l.add(processing("17:05:00.000", "7002"));
        l.add(line("17:05:00.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p"));
        l.add(nodePhase("17:05:00.003", "p-1111", "Running", "Failed"));
        l.add(nodePhase("17:05:00.004", "p-2222", "Running", "Failed"));
        l.add(nodePhase("17:05:00.005", "p", "Running", "Failed"));
        l.add(updated("17:05:00.100", "Running", "7010"));
        l.add(line("17:12:00.000", "Processing workflow", "Phase=Running ResourceVersion=1 namespace=ns workflow=q"));
        Evidence ev = new Evidence().log("c.log", l.toArray(String[]::new)).takenAt("p.yaml", "2026-09-19T17:10:00Z",
                workflow("Running", "p", "Failed", "p-1111", "Failed", null, false));
        Evaluation e = evaluate(ev, l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** v4.1.2: the root node's {@code node phase changed}, {@code updated phase} and {@code Marking workflow completed} in one pass. */
    @Test
    void aV4WorkflowMarkedCompletedInTheRootPassIsNothing() {
        Evaluation e = logs(v4RootFailed(true));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /** v4.1.2 held: the root node's line and no completion, pass after pass: possible, as on v3.5.8 (recall control). */
    @Test
    void aV4WorkflowHeldPassAfterPassIsPossible() {
        Evaluation e = logs(v4RootFailed(false));
        assertEquals(1, e.findings().size(), () -> e.cleared().toString());
        assertEquals(Confidence.POSSIBLE, e.findings().get(0).confidence());
    }

    /**
     * The Workflow deleted a minute after its entry node ended (argo delete): the controller takes it up no more; the root pass and
     * one pass are all, under the threshold: nothing, though the run logs on.
     */
    @Test
    void aWorkflowDeletedAfterItsEntryNodeEndedIsNothing() {
        List<String> l = lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity());
        l.removeIf(x -> x.contains("workflow=p") && x.compareTo("time=\"2026-09-19T16:32") > 0);
        Evaluation e = logs(l);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * Leadership handed over a minute after the entry node ended: the old leader's run stops leading, the new leader's run (the
     * other replica's file) takes the Workflow up and marks it completed at 16:32: the hold was under the threshold.
     */
    @Test
    void aWorkflowCompletedByTheNextLeaderIsNothing() {
        List<String> a = lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity());
        a.removeIf(x -> x.compareTo("time=\"2026-09-19T16:31:30") > 0);
        a.add(line("16:31:30.000", "stopped leading", "id=workflow-controller-a"));
        List<String> b = new ArrayList<>();
        b.add(line("16:31:40.000", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.8"));
        b.add(processing("16:32:00.000", "5001"));
        b.add(line("16:32:00.001", "Task-result reconciliation", "namespace=ns numObjs=1 workflow=p"));
        b.add(line("16:32:00.006", "Updated phase Running -> Failed", "namespace=ns workflow=p"));
        b.add(line("16:32:00.007", "Marking workflow completed", "namespace=ns workflow=p"));
        b.add(updated("16:32:00.100", "Failed", "5101"));
        b.add(line("17:00:00.000", "Processing workflow", "Phase=Running ResourceVersion=1 namespace=ns workflow=q"));
        Evaluation e = evaluate(new Evidence().log("a.log", a.toArray(String[]::new)).log("b.log", b.toArray(String[]::new)), a);
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    /**
     * The log cut after the root pass (rotation), the Workflow exported later completed: no pass says it was held, and the export
     * says it completed: nothing.
     */
    @Test
    void aLogCutAfterTheRootPassWithTheWorkflowExportedCompletedIsNothing() {
        Evaluation e = cutAndExported("2026-09-19T17:10:00Z", workflow("Failed", "p", "Failed", "p-1111", "Failed", "2026-09-19T16:30:40Z", false));
        assertTrue(e.findings().isEmpty(), () -> e.findings().toString());
    }

    static String workflow(String phase, String root, String rootPhase, String step, String stepPhase, String finished, boolean suspend) {
        return """
                apiVersion: argoproj.io/v1alpha1
                kind: Workflow
                metadata:
                  name: p
                  namespace: ns
                  uid: 0b7c5c8e-0000-4000-8000-00000000000a
                  labels:
                    workflows.argoproj.io/completed: "%s"
                    workflows.argoproj.io/phase: %s
                spec:
                  entrypoint: main
                  suspend: %s
                status:
                  phase: %s
                  startedAt: "2026-09-19T16:27:10Z"
                  finishedAt: %s
                  nodes:
                    %s:
                      id: %s
                      name: p
                      displayName: p
                      type: Steps
                      phase: %s
                      startedAt: "2026-09-19T16:27:10Z"
                      finishedAt: "2026-09-19T16:30:00Z"
                      children: [p-2222]
                    p-2222:
                      id: p-2222
                      name: "p[0]"
                      displayName: "[0]"
                      type: StepGroup
                      phase: %s
                      startedAt: "2026-09-19T16:27:10Z"
                      finishedAt: "2026-09-19T16:30:00Z"
                      children: [%s]
                    %s:
                      id: %s
                      name: "p[0].step"
                      displayName: step
                      type: Pod
                      templateName: step
                      phase: %s
                      startedAt: "2026-09-19T16:27:10Z"
                      finishedAt: "2026-09-19T16:30:00Z"
                """.formatted("Running".equals(phase) ? "false" : "true", phase, suspend, phase, finished == null ? "null" : "\"" + finished + "\"",
                root, root, rootPhase, rootPhase, step, step, step, stepPhase);
    }

    /**
     * Session 54 breaker: argo suspend right after the entry node ended (the 16:31 pass logs {@code workflow suspended}), argo resume
     * before 16:32 ({@code spec.suspend} unset), then fourteen passes to 16:45 that reach markWorkflowPhase and are held by the
     * results: the hold after the resume is the same as with no suspension at all, and one suspended pass must not hide it.
     */
    @Test
    void suspendedForOnePassThenResumedTheHoldAfterTheResumeStillShows() {
        Evaluation plain = logs(lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity()));
        Evaluation e = logs(lines("v3.5.8", UnaryOperator.identity(), p -> {
            List<String> q = new ArrayList<>(p);
            if (p.get(0).contains("T16:31:")) {
                q.add(at(p, "workflow suspended", "namespace=ns workflow=p"));
            }
            return q;
        }));
        assertEquals(plain.findings().size(), e.findings().size(), () -> "plain " + plain.findings() + " vs " + e.findings() + " " + e.cleared());
        assertFalse(e.findings().isEmpty(), () -> e.cleared().toString());
    }

    /** The passes from {@code from} to {@code to} (minutes past 16:00, inclusive) log {@code workflow suspended}. */
    private static UnaryOperator<List<String>> suspendedFrom(int from, int to) {
        return p -> {
            List<String> q = new ArrayList<>(p);
            int m = Integer.parseInt(p.get(0).substring("time=\"2026-09-19T16:".length(), "time=\"2026-09-19T16:".length() + 2));
            if (m >= from && m <= to) {
                q.add(at(p, "workflow suspended", "namespace=ns workflow=p"));
            }
            return q;
        };
    }

    /**
     * Negative controls of the resume: suspended from 16:31 to the log's end (no pass after without the line), exported at 17:10
     * Running with every node ended and a spec that says nothing of suspend (no key): it may still be suspended, no view, nothing to
     * say; and the same export taken at 16:40, inside a suspension that a pass at 16:44 ended, is no view either (the lines' views, the
     * root pass and the resumed one, may still make a finding: the export is not among its evidence).
     */
    @Test
    void anExportInsideASuspensionIsNoViewAfterAResumeOrWithout() {
        String noKey = workflow("Running", "p", "Failed", "p-1111", "Failed", null, false).replace("  suspend: false\n", "");
        List<String> open = lines("v3.5.8", UnaryOperator.identity(), suspendedFrom(31, 45));
        Evaluation stays = evaluate(new Evidence().log("c.log", open.toArray(String[]::new)).takenAt("p.yaml", "2026-09-19T17:10:00Z", noKey), open);
        assertTrue(stays.findings().isEmpty(), () -> stays.findings().toString());

        List<String> resumed = lines("v3.5.8", UnaryOperator.identity(), suspendedFrom(31, 43));
        resumed.removeIf(x -> x.compareTo("time=\"2026-09-19T16:44") > 0 && x.contains("workflow=p") && !x.contains("T16:44:"));
        Evaluation inside = evaluate(new Evidence().log("c.log", resumed.toArray(String[]::new)).takenAt("p.yaml", "2026-09-19T16:40:00Z", noKey),
                resumed);
        assertFalse(cited(inside).contains("p.yaml"), () -> "an export inside the suspension is no view: " + cited(inside));
    }

    /**
     * A resume after a long suspension: suspended 16:31 to 16:43, resumed passes at 16:44 and 16:45 still held: the result was pending at
     * the root pass (16:30) and still at 16:44 (a result once complete stays so), so the hold is read as with no suspension.
     */
    @Test
    void resumedAfterALongSuspensionTheHoldStillShows() {
        Evaluation plain = logs(lines("v3.5.8", UnaryOperator.identity(), UnaryOperator.identity()));
        Evaluation e = logs(lines("v3.5.8", UnaryOperator.identity(), suspendedFrom(31, 43)));
        assertEquals(plain.findings().size(), e.findings().size(), () -> "plain " + plain.findings() + " vs " + e.findings() + " " + e.cleared());
        assertFalse(e.findings().isEmpty(), () -> e.cleared().toString());
    }

    /**
     * A v4.1.2 log: Workflow p's root node and its step go Failed in the 16:30 pass; {@code completed}: the same pass updates the
     * phase and marks the Workflow completed (persisted Failed), else it stays Running; then a pass a minute until 16:45 and another
     * Workflow's at 17:00.
     */
    private static List<String> v4RootFailed(boolean completed) {
        List<String> l = new ArrayList<>();
        String v4 = "time=2026-09-19T%sZ level=INFO msg=\"%s\" component=workflow_worker workflow=p namespace=ns %s";
        String phase = completed ? "Failed" : "Running";
        l.add("time=2026-09-19T16:00:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s");
        l.add(v4.formatted("16:27:10.100", "Processing workflow", "phase=Running resourceVersion=4990"));
        l.add(v4.formatted("16:27:10.300", "Workflow update successful", "resourceVersion=4991 phase=Running"));
        l.add(v4.formatted("16:30:00.000", "Processing workflow", "phase=Running resourceVersion=4991"));
        l.add(v4.formatted("16:30:00.003", "node phase changed", "node=p-1111 fromPhase=Running toPhase=Failed"));
        l.add(v4.formatted("16:30:00.005", "node phase changed", "node=p fromPhase=Running toPhase=Failed"));
        if (completed) {
            l.add(v4.formatted("16:30:00.006", "updated phase", "fromPhase=Running toPhase=Failed"));
            l.add(v4.formatted("16:30:00.007", "Marking workflow completed", ""));
        }
        l.add(v4.formatted("16:30:00.100", "Workflow update successful", "resourceVersion=5001 phase=" + phase));
        for (int m = 31; m <= 45; m++) {
            l.add(v4.formatted("16:" + m + ":00.000", "Processing workflow", "phase=" + phase + " resourceVersion=5001"));
        }
        l.add("time=2026-09-19T17:00:00.000Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=q namespace=ns phase=Running resourceVersion=1");
        return l;
    }
}
