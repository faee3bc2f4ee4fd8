package dev.argoforensics.rules;

import static dev.argoforensics.rules.TaskResultNeverSynced.LOG;

import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.ControllerEvent.TaskResultIncomplete;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.TaskResultNeverSynced.Finished;
import dev.argoforensics.rules.TaskResultNeverSynced.Subject;
import dev.argoforensics.rules.TaskResultNeverSynced.View;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** AF006's words: what each controller line means for a task result, the confidence and its reason, the summary and explanation. */
final class TaskResultWording {
    private final long threshold;
    private final long stall;

    TaskResultWording(long threshold, long stall) {
        this.threshold = threshold;
        this.stall = stall;
    }

    /** A confidence and why not a higher one. */
    record Judgment(Confidence confidence, String reason) {
    }

    /**
     * How often the controller looked at the Workflow while it waited: its {@code Processing workflow}
     * lines from the first waiting line to the last, and the longest stretch without one.
     */
    record Looks(int reconciles, Timestamp gapFrom, Timestamp gapTo, long gap) {
        static Looks of(List<LogEvent> processing, View first, View last) {
            List<Timestamp> points = new ArrayList<>();
            points.add(first.at());
            int n = 0;
            LogEvent before = null;
            for (LogEvent p : processing) {
                if (p.time().isAfter(last.at())) {
                    break;
                }
                if (p.time().isBefore(first.at())) {
                    before = p;
                } else {
                    points.add(p.time());
                    n++;
                }
            }
            // The reconcile the first waiting line belongs to began just before it.
            n += before != null && before.time().nanosUntil(first.at()) < 1_000_000_000L ? 1 : 0;
            points.add(last.at());
            points.sort(null);
            Timestamp from = points.get(0);
            Timestamp to = points.get(0);
            long gap = 0;
            for (int i = 1; i < points.size(); i++) {
                long g = points.get(i - 1).nanosUntil(points.get(i));
                if (g > gap) {
                    gap = g;
                    from = points.get(i - 1);
                    to = points.get(i);
                }
            }
            return new Looks(n, from, to, gap);
        }
    }

    /** What a line naming the node says of its task result, or null if nothing. */
    static View lineView(LogEvent e) {
        if (e.event() instanceof TaskResultIncomplete) {
            return new View(e.time(), true, LOG, "Taskresult of the node not yet completed", e);
        }
        if (e.event() instanceof TaskResultForced f) {
            String why = switch (f.why()) {
                case "wait-exit" -> "the wait container did not exit normally" + (f.exitCode() == null ? "" : " (exit " + f.exitCode()
                        + (f.reason() == null || f.reason().isEmpty() ? "" : ", " + f.reason()) + ")");
                case "wait-cleaned-up" -> "the wait container had been cleaned up";
                default -> "its timeout ran out (\"Marking task result as completed because pod has been deleted for a while.\"; the age is "
                        + "counted from the node's finishedAt, and from v3.7.1 it fires 10m after it whether the Pod was deleted or not)";
            };
            return new View(e.time(), false, LOG, "the controller marked it complete itself because " + why, e);
        }
        if (e.event() instanceof Signal s) {
            return switch (s.name()) {
                case TaskResultLines.COMPLETE -> new View(e.time(), false, LOG,
                        "the controller saw the executor's report completed (\"Marking task result complete\")", e);
                case TaskResultLines.FORCED_WAITS -> new View(e.time(), true, LOG,
                        "Wait for marking task result as completed because pod is recently deleted.", e);
                case TaskResultLines.DEV_TIMEOUT -> new View(e.time(), false, LOG, "a development build's Pod-absent timeout marked it "
                        + "complete and the node Failed \"pod was absent\" (\"Determined controller should timeout\"; in no release)", e);
                default -> null;
            };
        }
        return null;
    }

    /**
     * Why a result not synced is no finding when the Pod had not finished: shown running at or after the last
     * view of the result pending, or nothing shows it finished at all (the sources that say "not synced" say the
     * same of a Pod that still runs).
     */
    static String unfinished(Subject s, WorkflowHistory workflow, List<View> views, View pending, PodProgress progress) {
        String pod = s.pod() != null ? "Pod " + s.pod().key() : "the Pod of node " + s.nodeId();
        PodProgress.Sign running = progress.running();
        String completed = workflow == null ? "" : workflow.snapshots().stream()
                .filter(w -> w.completed() && w.observed() != null && !w.observed().time().isAfter(pending.at())).reduce((a, b) -> b)
                .map(w -> "; the Workflow was exported completed (" + w.phase() + (w.finishedAt() == null ? "" : " at " + w.finishedAt().format())
                        + "), after which the controller updates none of its nodes, so the exported status is the last it stored")
                .orElse("");
        List<String> sources = views.stream().filter(View::pending).map(v -> v.kind() + " (" + v.what() + ")").distinct().toList();
        String said = String.join(", ", sources) + (sources.size() == 1 ? " says" : " say");
        if (running != null && !running.at().isBefore(pending.at())) {
            return pod + " had not finished: " + running.what() + " at " + running.at().format() + ", at or after the last view of its result "
                    + "not synced (" + pending.at().format() + "); a result is not synced while its Pod runs" + completed;
        }
        return "nothing shows " + pod + " finished: " + said + " the result was not synced, which is so for every Pod still running "
                + "(the node stays Running in the exported Workflow either way)"
                + (running != null ? "; the last sign of the Pod, at " + running.at().format() + ", is that " + running.what() : "")
                + completed + "; an export of the Pod (its containers' states) or the controller's lines about it after "
                + pending.at().format() + " would settle it";
    }

    /** A line by which the controller completed the result itself, without the executor's report. */
    static boolean forced(View v) {
        return v.cited() instanceof LogEvent e && (e.event() instanceof TaskResultForced
                || (e.event() instanceof Signal s && TaskResultLines.DEV_TIMEOUT.equals(s.name())));
    }

    /** "; its wait container exited 137 (OOMKilled)", when an export of the Pod says so. */
    static String waitNote(PodHistory pod) {
        ContainerState wait = pod == null ? null : pod.latestSnapshot().map(TaskResultWording::abnormalWait).orElse(null);
        return wait == null ? "" : "; its wait container exited " + wait.exitCode() + (wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")");
    }

    /** The wait container, if it terminated with a non-zero exit code or was OOMKilled. */
    static ContainerState abnormalWait(PodSnapshot s) {
        return s.containers().stream()
                .filter(c -> "wait".equals(c.name()) && c.terminated() && (!Integer.valueOf(0).equals(c.exitCode()) || "OOMKilled".equals(c.reason())))
                .findFirst().orElse(null);
    }

    /** {@code "Taskresult of the node not yet completed" 4 times}, per kind of line. */
    static String counted(List<View> logged) {
        Map<String, Integer> n = new LinkedHashMap<>();
        logged.forEach(v -> n.merge(v.what(), 1, Integer::sum));
        List<String> out = new ArrayList<>();
        n.forEach((what, c) -> out.add("\"" + what + "\" " + (c == 1 ? "once" : c + " times")));
        return String.join(", ", out);
    }

    Judgment confidence(Set<String> kinds, Subject s, Looks looks, TaskResultLines lines) {
        if (kinds.size() >= 2) {
            List<String> k = new ArrayList<>(kinds);
            return new Judgment(Confidence.CONFIRMED, String.join(", ", k.subList(0, k.size() - 1)) + " and " + k.get(k.size() - 1)
                    + " agree that the result was not synced");
        }
        if (!kinds.contains(LOG)) {
            return new Judgment(Confidence.LIKELY, "only " + kinds.iterator().next() + " shows the result not synced");
        }
        String settle = "; an export of the WorkflowTaskResult (its report-outputs-completed label) or of the Workflow "
                + "(taskResultSynced, taskResultsCompletionStatus) would settle it";
        if (s.nodeId() == null) {
            return new Judgment(Confidence.POSSIBLE, "the controller's lines show a task result of the Workflow holding back its "
                    + "reconciles, but not whose: " + (lines != null && lines.debug()
                    ? "no \"Taskresult of the node not yet completed\" line (Debug) names the node in the reconciles that stopped"
                    : "the controller logged no Debug lines for it (\"Taskresult of the node not yet completed\" names the node)") + settle);
        }
        if (looks.gap() > stall) {
            return new Judgment(Confidence.POSSIBLE, "the controller was not seen processing the Workflow from " + looks.gapFrom().format()
                    + " to " + looks.gapTo().format() + " (" + GoDuration.format(looks.gap()) + ", longer than the stall threshold of "
                    + GoDuration.format(stall) + "): it was stopped or stalled, or the logs lack those lines" + settle);
        }
        return new Judgment(Confidence.LIKELY, "only the controller's lines show it, at each of its " + looks.reconciles()
                + " reconciles while it waited and with no completion"
                + (lines != null && lines.debug() ? "" : " (its Debug lines, where a completion would show, are not in the logs)") + settle);
    }

    String summary(Subject s, View pending, Finished finished, long nanos, ContainerState wait) {
        String result = s.nodeId() == null ? "A task result of Workflow " + s.wf() : "The task result of node " + s.nodeId();
        String since = finished != null ? " after " + (s.pod() != null ? "Pod " + s.pod().key() : "the node") + " finished"
                : " after the controller first waited for it";
        return result + " was still not synced at " + pending.at().format() + ", " + GoDuration.format(nanos) + since
                + (wait != null ? "; its wait container exited " + wait.exitCode() + (wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")") : "")
                + ".";
    }

    List<Fact> facts(Finished finished, View pending, long nanos, Set<String> kinds, PodSnapshot podExport, ContainerState wait, Looks looks) {
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("podFinishedAt", "Pod finished at", finished == null ? null : finished.at().format()));
        facts.add(new Fact("finishedFrom", "Finish time from", finished == null ? null : finished.from()));
        facts.add(new Fact("pendingAt", "Still not synced at", pending.at().format()));
        facts.add(new Fact("pendingFor", finished != null ? "Not synced after the Pod finished for" : "Not synced for at least",
                GoDuration.format(nanos)));
        facts.add(new Fact("pendingIn", "Seen not synced in", String.join(", ", kinds)));
        facts.add(new Fact("reconciles", "Reconciles while it waited", looks == null ? null : String.valueOf(looks.reconciles())));
        facts.add(new Fact("longestUnprocessed", "Longest stretch not processed", looks == null ? null : GoDuration.format(looks.gap())));
        ContainerState waitState = wait != null ? wait : podExport == null ? null
                : podExport.containers().stream().filter(c -> "wait".equals(c.name()) && c.terminated()).findFirst().orElse(null);
        facts.add(new Fact("waitContainer", "Wait container", waitState == null ? null
                : "exit " + waitState.exitCode() + (waitState.reason().isEmpty() || "Completed".equals(waitState.reason()) ? "" : " (" + waitState.reason() + ")")));
        return facts;
    }

    String explain(Subject s, Finished finished, List<String> said, long nanos, ContainerState wait) {
        StringBuilder b = new StringBuilder();
        String pod = s.pod() != null ? "Pod " + s.pod().key() : "The Pod of node " + s.nodeId();
        b.append(finished != null ? pod + " finished at " + finished.at().format() + " (" + finished.from() + "), but"
                : "The Pod's finish time is not in the evidence, but");
        b.append(s.nodeId() == null ? " a task result of the Workflow" : " its node's task result").append(" was still not synced ")
                .append(GoDuration.format(nanos)).append(finished != null ? " later" : " after the controller first waited for it")
                .append(", longer than the threshold of ").append(GoDuration.format(threshold))
                .append(": ").append(String.join("; ", said)).append(". ");
        b.append("The executor's wait container reports a step's outputs in a WorkflowTaskResult named after the node and labels it "
                + "workflows.argoproj.io/report-outputs-completed=\"true\" when done. Until the controller sees that, it does not count "
                + "the node as fulfilled: from v3.5.5 a Pod seen Succeeded with its result incomplete stops each reconcile (\"pod "
                + "reconciliation didn't complete, will retry\"), the Workflow is requeued and processed again and again, and it cannot "
                + "complete; from v3.7.1 the node keeps taskResultSynced=false and the Pod keeps its status-capture finalizer. ");
        if (s.pod() == null) {
            b.append("No line or export in the evidence names the node's Pod: ").append(s.nodeId() == null
                    ? "the node is in the controller's Debug lines (\"Taskresult of the node not yet completed\") or an export of the Workflow. "
                    : "its name is in the Workflow's export, or in the controller's \"Created pod\" line. ");
        }
        if (wait != null) {
            b.append("The wait container exited ").append(wait.exitCode()).append(wait.reason().isEmpty() ? "" : " (" + wait.reason() + ")")
                    .append(wait.finishedAt() == null ? "" : " at " + wait.finishedAt().format())
                    .append(": it could not finish the report. From v3.5.11 the controller then marks the result complete itself "
                            + "(\"marking its taskResult as completed since wait container did not exit normally\"); the evidence shows no "
                            + "such line. Give the wait container more memory (the executor's resources in the controller's configuration). ");
        }
        b.append("Upstream: argoproj/argo-workflows#12103, #12733, #12993, #13335 and #13373.");
        return b.toString();
    }
}
