package dev.argoforensics.rules;

import dev.argoforensics.correlate.Execution;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.wording.Message;

/**
 * Session 56: a finding whose order of the containers' end and the deletion ({@link Execution#nodeMargin}), or of main's end and the
 * controller's stop, rests on a node's time against another clock's past {@link PodSnapshot#NODE_CLOCK_NANOS} alone is at most
 * {@code likely}: nothing given bounds the node's clock, and a node without NTP drifts by minutes (session 55's unseen
 * {@code workflow-stopped}: main's exit 0 answered {@code argo stop} on a node 82 s behind, and read as ended 80 s before it).
 */
record NodeMarginCap(Confidence confidence, Message reason) {

    /** The cap for an execution resting on the margin; as given otherwise. */
    static NodeMarginCap of(Confidence confidence, Message reason, Execution execution) {
        if (execution == null || !execution.nodeMargin() || confidence != Confidence.CONFIRMED) {
            return new NodeMarginCap(confidence, reason);
        }
        return new NodeMarginCap(Confidence.LIKELY, Message.of("common.nodeMargin", "reason", reason,
                "margin", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS)));
    }
}
