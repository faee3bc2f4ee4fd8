package dev.argoforensics.snapshot;

import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;

/**
 * What an exported object shows, said once: the facts of a Pod, its containers and conditions, a
 * Workflow node and a task result, with their words in {@code en.yaml} ({@code common.export}). Rules'
 * evidence lines, the timeline's entries and the search index's observations are different shapes of
 * the same facts (an evidence line sums the Pod up, a timeline entry says one thing at one time) and
 * all take their pieces from here.
 */
public final class ExportWords {
    private static final Words WORDS = Words.english();

    private ExportWords() {
    }

    /** The Pod as evidence: "Pod p uid u: phase Running, deletionTimestamp t, finalizers [..], main exit 0 at t, last condition transition t". */
    public static String pod(PodSnapshot s) {
        StringBuilder containers = new StringBuilder();
        for (ContainerState c : s.containers()) {
            if (c.init()) {
                continue;
            }
            if (c.terminated()) {
                boolean said = !c.reason().isEmpty() && !"Completed".equals(c.reason());
                containers.append(say(Message.of("common.export.podContainerExit", "container", c.name(), "code", String.valueOf(c.exitCode()),
                        "reason", said ? Message.of("common.export.reason", "reason", c.reason()) : Message.NOTHING,
                        "at", c.finishedAt() == null ? "?" : c.finishedAt().format())));
            } else {
                containers.append(say(Message.of("common.export.podContainerState", "container", c.name(),
                        "state", c.state().isEmpty() ? Message.of("common.export.stateUnknown") : c.state())));
            }
        }
        boolean d = s.described(); // kubectl describe pod: no UID, no finalizers, a Terminating Pod's phase and deletionTimestamp not printed
        return say(Message.of("common.export.pod", "name", s.name(), "uid", d ? "not printed" : s.uid(),
                "phase", d && s.phase().isEmpty() ? "not printed" : s.phase(),
                "deletion", s.deletionTimestamp() == null ? Message.NOTHING
                        : d ? Message.of("common.export.podTerminating", "at", s.deletionTimestamp().format())
                        : Message.of("common.export.podDeletion", "at", s.deletionTimestamp().format()),
                "finalizers", finalizers(s), "containers", containers.toString(),
                "transition", s.lastConditionTransition().<Message>map(t -> Message.of("common.export.podTransition", "at", t.format()))
                        .orElse(Message.NOTHING)));
    }

    /** "Pod p created (uid u)". */
    public static String podCreated(PodSnapshot s) {
        return say(Message.of("common.export.podCreated", "name", s.name(), "uid", s.uid()));
    }

    /** "Pod exported: phase Running, finalizers [..]" (the timeline adds when). */
    public static String podExported(PodSnapshot s) {
        if (s.described()) {
            return say(Message.of("common.export.podDescribed", "phase", s.phase().isEmpty() ? "not printed" : s.phase()));
        }
        return say(Message.of("common.export.podExported", "phase", s.phase(), "finalizers", finalizers(s)));
    }

    /** "[a/b]"; "not printed" (kubectl describe pod); "unknown (lines left out where they stand)" for an export trimmed there. */
    private static String finalizers(PodSnapshot s) {
        if (s.described()) {
            return "not printed";
        }
        if (!s.finalizersKnown()) {
            return s.finalizers().isEmpty() ? "unknown (lines left out where they stand)"
                    : s.finalizers() + " and any the lines left out held";
        }
        return String.valueOf(s.finalizers());
    }

    /** "container main started", "init container init started". */
    public static String containerStarted(ContainerState c) {
        return say(Message.of("common.export.containerStarted", "container", which(c)));
    }

    /** "container main terminated: exit code 0 (Completed)". */
    public static String containerFinished(ContainerState c) {
        return say(Message.of("common.export.containerFinished", "container", which(c), "code", String.valueOf(c.exitCode()),
                "reason", c.reason().isEmpty() ? Message.NOTHING : Message.of("common.export.reason", "reason", c.reason())));
    }

    /** "condition Ready=False", marked when it is the Pod's latest transition. */
    public static String condition(PodCondition c, boolean latest) {
        return say(Message.of("common.export.condition", "type", c.type(), "status", c.status(),
                "latest", latest ? Message.of("common.export.latestCondition") : Message.NOTHING));
    }

    /** "node n started". */
    public static String nodeStarted(NodeStatus n) {
        return say(Message.of("common.export.nodeStarted", "id", n.id()));
    }

    /** "node n finished Error: pod deleted". */
    public static String nodeFinished(NodeStatus n) {
        return say(Message.of("common.export.nodeFinished", "id", n.id(), "phase", n.phase(),
                "message", message(n) ? Message.of("common.export.nodeFinishedMessage", "message", n.message()) : Message.NOTHING));
    }

    /** "Workflow exported: node n Error (pod deleted), taskResultSynced=true" (the timeline adds when). */
    public static String nodeExported(NodeStatus n) {
        return say(Message.of("common.export.nodeExported", "id", n.id(), "phase", n.phase(),
                "message", message(n) ? Message.of("common.export.nodeExportedMessage", "message", n.message()) : Message.NOTHING,
                "synced", n.taskResultSynced() == null ? Message.NOTHING
                        : Message.of("common.export.nodeSynced", "synced", String.valueOf(n.taskResultSynced()))));
    }

    /** "task result t created". */
    public static String taskResultCreated(TaskResultSnapshot t) {
        return say(Message.of("common.export.taskResultCreated", "name", t.name()));
    }

    /** The task result's {@code report-outputs-completed} label, or that it has none. */
    public static String outputsCompleted(TaskResultSnapshot t) {
        return t.outputsCompleted() == null ? say(Message.of("common.export.noLabel")) : String.valueOf(t.outputsCompleted());
    }

    private static String which(ContainerState c) {
        return say(Message.of(c.init() ? "common.export.initContainer" : "common.export.container", "name", c.name()));
    }

    private static boolean message(NodeStatus n) {
        return n.message() != null && !n.message().isEmpty();
    }

    private static String say(Message m) {
        return WORDS.render(m);
    }
}
