package dev.argoforensics.rules;

import static dev.argoforensics.rules.TaskResultNeverSynced.LOG;

import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TaskResultLines;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.TaskResultNeverSynced.Finished;
import dev.argoforensics.rules.TaskResultNeverSynced.Subject;
import dev.argoforensics.rules.TaskResultNeverSynced.View;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** AF006's messages: the confidence and its reason, the summary, the explanation and the clearances of a Pod not finished. */
final class TaskResultWording {
    private final long threshold;
    private final long stall;

    TaskResultWording(long threshold, long stall) {
        this.threshold = threshold;
        this.stall = stall;
    }

    /** A confidence and why not a higher one. */
    record Judgment(Confidence confidence, Message reason) {
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

    /**
     * Why a result not synced is no finding when the Pod had not finished: shown running at or after the last
     * view of the result pending, or nothing shows it finished at all (the sources that say "not synced" say the
     * same of a Pod that still runs).
     */
    static Message unfinished(Subject s, WorkflowHistory workflow, List<View> views, View pending, PodProgress progress) {
        Message pod = s.pod() != null ? Message.of("AF006.pod", "pod", s.pod().key().toString()) : Message.of("AF006.podOfNode", "node", s.nodeId());
        PodProgress.Sign running = progress.running();
        Message completed = workflow == null ? Message.NOTHING : workflow.snapshots().stream()
                .filter(w -> w.completed() && w.observed() != null && takenBy(w, pending)).reduce((a, b) -> b)
                .map(w -> Message.of("AF006.cleared.exportedCompleted", "phase", w.phase(),
                        "finished", w.finishedAt() == null ? Message.NOTHING : Message.of("AF006.atTime", "at", w.finishedAt().format())))
                .orElse(Message.NOTHING);
        if (running != null && !running.at().isBefore(pending.at())) {
            return Message.of("AF006.cleared.running", "pod", pod, "sign", running.what(), "at", running.at().format(), "pending", pending.at().format(),
                    "completed", completed);
        }
        if (running != null && !running.noLaterThan().isBefore(pending.at())) {
            return Message.of("AF006.cleared.runningStated", "pod", pod, "sign", running.what(), "at", running.at().format(),
                    "pending", pending.at().format(), "off", GoDuration.format(ObservedAt.STATED_CLOCK_NANOS),
                    "completed", completed);
        }
        List<Message> sources = views.stream().filter(View::pending)
                .map(v -> Message.of("AF006.said.plain", "source", source(v.kind()), "what", v.what())).distinct().toList();
        return Message.of(sources.size() == 1 ? "AF006.cleared.nothingShowsOne" : "AF006.cleared.nothingShowsMany", "pod", pod,
                "sources", joined(sources, "AF006.comma"),
                "last", running == null ? Message.NOTHING : Message.of("AF006.cleared.lastSign", "at", running.at().format(), "sign", running.what()),
                "completed", completed, "pending", pending.at().format());
    }

    /**
     * Whether the Workflow export was taken no later than the view: the view's own export, or an export whose latest taking is not
     * after the view's earliest. A time only an export's file or the command line states is a user's clock, read at the end of
     * what it may be off least favourable to the order ({@link ObservedAt#takenNoLaterThan}, {@link ObservedAt#takenNoEarlierThan}).
     */
    private static boolean takenBy(WorkflowSnapshot w, View view) {
        if (view.export() != null && view.export().snapshot() == w) {
            return true;
        }
        ObservedAt viewed = TaskResultNeverSynced.observed(view);
        Timestamp earliest = viewed == null ? view.at() : viewed.takenNoEarlierThan().at();
        return !w.observed().takenNoLaterThan().at().isAfter(earliest);
    }

    /** The words for a kind of source: the exported Workflow, the exported WorkflowTaskResult, the controller log. */
    static Message source(String kind) {
        return switch (kind) {
            case TaskResultNeverSynced.WORKFLOW -> Message.of("AF006.source.workflow");
            case TaskResultNeverSynced.TASK_RESULT -> Message.of("AF006.source.taskResult");
            default -> Message.of("AF006.source.log");
        };
    }

    /** The parts one after the other with a separator between them. */
    static Message joined(List<Message> parts, String separator) {
        List<Message> out = new ArrayList<>();
        for (Message p : parts) {
            if (!out.isEmpty()) {
                out.add(Message.of(separator));
            }
            out.add(p);
        }
        return Message.sequence(out);
    }

    /** "; its wait container exited 137 (OOMKilled)", when an export of the Pod says so. */
    static Message waitNote(PodHistory pod) {
        ContainerState wait = pod == null ? null : pod.latestSnapshot().map(TaskResultWording::abnormalWait).orElse(null);
        return wait == null ? Message.NOTHING : Message.of("AF006.waitNote", "code", wait.exitCode(), "reason", waitReason(wait));
    }

    /** " (OOMKilled)", or nothing when the container gave no reason. */
    static Message waitReason(ContainerState wait) {
        return wait.reason().isEmpty() ? Message.NOTHING : Message.of("AF006.parenthesised", "text", wait.reason());
    }

    /** The wait container, if it terminated with a non-zero exit code or was OOMKilled. */
    static ContainerState abnormalWait(PodSnapshot s) {
        return s.containers().stream()
                .filter(c -> "wait".equals(c.name()) && c.terminated() && (!Integer.valueOf(0).equals(c.exitCode()) || "OOMKilled".equals(c.reason())))
                .findFirst().orElse(null);
    }

    /** {@code "Taskresult of the node not yet completed" 4 times}, per kind of line. */
    static Message counted(List<View> logged) {
        Map<Message, Integer> n = new LinkedHashMap<>();
        logged.forEach(v -> n.merge(v.what(), 1, Integer::sum));
        List<Message> out = new ArrayList<>();
        n.forEach((what, c) -> out.add(c == 1 ? Message.of("AF006.countedOnce", "what", what) : Message.of("AF006.countedTimes", "what", what, "count", c)));
        return joined(out, "AF006.comma");
    }

    Judgment confidence(Set<String> kinds, Subject s, Looks looks, TaskResultLines lines, View settled) {
        if (kinds.size() >= 2) {
            List<Message> k = kinds.stream().map(TaskResultWording::source).toList();
            return new Judgment(Confidence.CONFIRMED, Message.of("AF006.reason.agree", "sources", joined(k.subList(0, k.size() - 1), "AF006.comma"),
                    "last", k.get(k.size() - 1)));
        }
        if (!kinds.contains(LOG)) {
            return new Judgment(Confidence.LIKELY, Message.of("AF006.reason.only", "source", source(kinds.iterator().next())));
        }
        Message settle = Message.of("AF006.reason.settle");
        boolean debug = lines != null && lines.debug();
        if (s.nodeId() == null) {
            return new Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.notWhose", "why",
                    Message.of(debug ? "AF006.reason.noneNamesNode" : "AF006.reason.noDebugLines"), "settle", settle));
        }
        if (looks.gap() > stall) {
            return new Judgment(Confidence.POSSIBLE, Message.of("AF006.reason.notProcessed", "from", looks.gapFrom().format(), "to", looks.gapTo().format(),
                    "gap", GoDuration.format(looks.gap()), "stall", GoDuration.format(stall), "settle", settle));
        }
        // Settled late: the lines showed no completion until the settlement, which came after the claim's last view.
        return new Judgment(Confidence.LIKELY, settled == null ? Message.of("AF006.reason.linesOnly", "reconciles", looks.reconciles(),
                "debug", debug ? Message.NOTHING : Message.of("AF006.reason.debugMissing"), "settle", settle)
                : Message.of("AF006.reason.linesOnlyLate", "reconciles", looks.reconciles(), "at", settled.at().format(),
                "debug", debug ? Message.NOTHING : Message.of("AF006.reason.debugMissing"), "settle", settle));
    }

    /** A settlement seen in an export: the export's time bounds it, it does not date it (a line dates what the controller did). */
    private static boolean seenOnly(View settled) {
        return !settled.kind().equals(LOG);
    }

    Message summary(Subject s, View pending, Finished finished, long nanos, ContainerState wait, View settled) {
        Message result = s.nodeId() == null ? Message.of("AF006.summary.ofWorkflow", "wf", s.wf().toString())
                : Message.of("AF006.summary.ofNode", "node", s.nodeId());
        Message since = finished == null ? Message.of("AF006.summary.sinceWaited")
                : Message.of("AF006.summary.sinceFinished", "what", s.pod() != null ? Message.of("AF006.pod", "pod", s.pod().key().toString())
                        : Message.of("AF006.summary.theNode"));
        return Message.of("AF006.summary.notSynced", "result", result, "at", pending.at().format(), "duration", GoDuration.format(nanos),
                "since", since, "wait", wait == null ? Message.NOTHING : Message.of("AF006.waitNote", "code", wait.exitCode(), "reason", waitReason(wait)),
                "then", settled == null ? Message.NOTHING : Message.of(seenOnly(settled) ? "AF006.summary.settledBy" : "AF006.summary.settledLater",
                        "at", settled.at().format(), "what", settled.what()));
    }

    List<Fact> facts(Finished finished, View pending, long nanos, Set<String> kinds, PodSnapshot podExport, ContainerState wait, Looks looks,
                     View settled) {
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("podFinishedAt", "Pod finished at", finished == null ? null : finished.at().format()));
        facts.add(new Fact("finishedFrom", "Finish time from", finished == null ? null : Words.english().render(finished.from())));
        facts.add(new Fact("pendingAt", "Still not synced at", pending.at().format()));
        facts.add(new Fact("pendingFor", finished != null ? "Not synced after the Pod finished for" : "Not synced for at least",
                GoDuration.format(nanos)));
        facts.add(new Fact("pendingIn", "Seen not synced in", kinds.stream().map(k -> Words.english().render(source(k))).collect(Collectors.joining(", "))));
        facts.add(new Fact("reconciles", "Reconciles while it waited", looks == null ? null : String.valueOf(looks.reconciles())));
        facts.add(new Fact("longestUnprocessed", "Longest stretch not processed", looks == null ? null : GoDuration.format(looks.gap())));
        ContainerState waitState = wait != null ? wait : podExport == null ? null
                : podExport.containers().stream().filter(c -> "wait".equals(c.name()) && c.terminated()).findFirst().orElse(null);
        facts.add(new Fact("waitContainer", "Wait container", waitState == null ? null
                : "exit " + waitState.exitCode() + (waitState.reason().isEmpty() || "Completed".equals(waitState.reason()) ? "" : " (" + waitState.reason() + ")")));
        if (settled != null) {
            facts.add(new Fact("settledAt", seenOnly(settled) ? "Settled no later than" : "Settled only at", settled.at().format()));
            facts.add(new Fact("settledBy", "Settled by", Words.english().render(settled.what())));
        }
        return facts;
    }

    Message explain(Subject s, Finished finished, List<Message> said, long nanos, ContainerState wait) {
        List<Message> m = new ArrayList<>();
        m.add(finished != null ? Message.of("AF006.explain.finished", "pod", s.pod() != null ? Message.of("AF006.pod", "pod", s.pod().key().toString())
                        : Message.of("AF006.explain.podOfNode", "node", s.nodeId()), "at", finished.at().format(), "from", finished.from())
                : Message.of("AF006.explain.finishUnknown"));
        m.add(Message.of("AF006.explain.notSynced", "result", Message.of(s.nodeId() == null ? "AF006.explain.resultOfWorkflow" : "AF006.explain.resultOfNode"),
                "duration", GoDuration.format(nanos), "since", Message.of(finished != null ? "AF006.explain.later" : "AF006.explain.sinceWaited"),
                "threshold", GoDuration.format(threshold), "said", joined(said, "AF006.semicolon")));
        m.add(Message.of("AF006.explain.mechanism"));
        if (s.pod() == null) {
            m.add(Message.of(s.nodeId() == null ? "AF006.explain.unnamedPodDebug" : "AF006.explain.unnamedPodExport"));
        }
        if (wait != null) {
            m.add(Message.of("AF006.explain.waitExited", "code", wait.exitCode(), "reason", waitReason(wait),
                    "at", wait.finishedAt() == null ? Message.NOTHING : Message.of("AF006.atTime", "at", wait.finishedAt().format())));
        }
        m.add(Message.of("AF006.explain.upstream"));
        return Message.sequence(m);
    }
}
