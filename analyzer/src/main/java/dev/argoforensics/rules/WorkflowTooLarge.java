package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AF013: a Workflow grew too large for its node status to be stored. The controller compresses
 * {@code status.nodes} when the Workflow exceeds {@code MAX_WORKFLOW_SIZE} (1 MiB by default) and
 * offloads them to the persistence database when still too large; without offloading it logs
 * {@code Failed to dehydrate: workflow is longer than maximum allowed size…} and marks the Workflow
 * Error. An update etcd refuses ({@code request is too large}) ends the same way, and if writing the
 * Error fails too the Workflow is left as it was. Loading offloaded nodes that fails ({@code hydration
 * failed}) errors the Workflow as well. Reference: lifecycle-and-failures.md B7. See docs/rules/AF013.md.
 */
public final class WorkflowTooLarge extends DeclaredRule {
    public static final String ID = "AF013";
    /** The controller's words when the compressed Workflow is still over the limit and cannot be offloaded. */
    static final Pattern MAX_SIZE = Pattern.compile("maximum allowed size\\. compressed size (\\d+) > maxSize (\\d+)");
    private static final Set<String> FAILURES = Set.of("dehydrate-failed", "workflow-update-error", "size-error-not-stored", "hydration-failed");

    public WorkflowTooLarge() {
        super(ID, "Workflow too large: node status could not be stored", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of());
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> out = new ArrayList<>();
        for (WorkflowHistory w : correlation.workflows().values()) {
            Case c = new Case();
            for (LogEvent e : w.events()) {
                c.take(e);
            }
            if (c.first != null) {
                out.add(WorkflowTooLargeFinding.of(correlation, w, c));
            }
        }
        return new Evaluation(out, List.of());
    }

    /** One Workflow's size lines, in input order. */
    static final class Case {
        /** The first line that states the size failure (or, failing that, a hydration failure). */
        LogEvent first;
        /** Its kind: {@code dehydrate-failed}, {@code etcd} or {@code hydration-failed}. */
        String kind;
        LogEvent lastSizeBefore;
        long largestSize = -1;
        LogEvent largest;
        String compressedSize;
        String maxSize;
        LogEvent etcdRefused;
        LogEvent notStored;
        LogEvent hydrationFailed;
        LogEvent markedError;
        LogEvent updatedAfter;
        int failures;
        /** The newest resourceVersion the lines show for the name (-1: none). */
        long newestVersion = -1;
        /** The pass that began a new Workflow of the name after sizes were logged for an earlier one (null: none seen). */
        LogEvent namesakeStart;
        /** A new Workflow of the name began after the failure: later sizes are its own. */
        boolean sizesClosed;
        /**
         * Session 44 breaker: a load of its offloaded nodes ({@code Workflow hydrated}) at a size under the default maximum, before the
         * failure. The controller offloads a Workflow's nodes for size only when, compressed, it is still over MAX_WORKFLOW_SIZE, and
         * compresses only over it: an offload under the default maximum is ALWAYS_OFFLOAD_NODE_STATUS (or a lowered maximum).
         */
        LogEvent smallOffload;

        void take(LogEvent e) {
            if (e.event() instanceof WorkflowProcessing p) {
                long rv = size(p.resourceVersion());
                boolean notStarted = p.phase() != null && (p.phase().isEmpty() || "Pending".equals(p.phase()));
                // A copy not yet started at a resourceVersion newer than any seen is a new Workflow of the name (resubmitted
                // after the old one was deleted); an older one is a stale copy of this one. Sizes logged before it were the
                // earlier object's, and say nothing of the size of this one's nodes.
                if (notStarted && (rv < 0 || rv > newestVersion) && largest != null) {
                    if (first == null) {
                        namesakeStart = e;
                        largestSize = -1;
                        largest = null;
                        lastSizeBefore = null;
                        smallOffload = null;
                    } else {
                        sizesClosed = true;
                    }
                }
                newestVersion = Math.max(newestVersion, rv);
                return;
            }
            if (e.event() instanceof WorkflowUpdated u) {
                newestVersion = Math.max(newestVersion, size(u.resourceVersion()));
                if (first != null && markedError == null && "Error".equals(u.phase())) {
                    markedError = e;
                } else if (first != null && updatedAfter == null) {
                    updatedAfter = e;
                }
                return;
            }
            if (!(e.event() instanceof Signal s)) {
                return;
            }
            if ("workflow-dehydrating".equals(s.name()) || "workflow-hydrated".equals(s.name())) {
                if (sizesClosed) {
                    return;
                }
                long size = size(s.attribute("size"));
                if (size > largestSize) {
                    largestSize = size;
                    largest = e;
                }
                if (first == null && "workflow-dehydrating".equals(s.name())) {
                    lastSizeBefore = e;
                }
                if (first == null && smallOffload == null && "workflow-hydrated".equals(s.name()) && size >= 0
                        && size <= WorkflowTooLargeFinding.DEFAULT_MAX_SIZE) {
                    smallOffload = e;
                }
                return;
            }
            if (!FAILURES.contains(s.name())) {
                return;
            }
            String error = s.attribute("error") == null ? "" : s.attribute("error");
            switch (s.name()) {
                case "dehydrate-failed" -> {
                    Matcher m = MAX_SIZE.matcher(error);
                    if (m.find()) {
                        failures++;
                        if (compressedSize == null) {
                            compressedSize = m.group(1);
                            maxSize = m.group(2);
                        }
                        record(e, "dehydrate-failed");
                    }
                }
                case "workflow-update-error" -> {
                    if (error.contains("request is too large") || "RequestEntityTooLarge".equals(s.attribute("reason"))) {
                        failures++;
                        etcdRefused = etcdRefused == null ? e : etcdRefused;
                        record(e, "etcd");
                    }
                }
                case "size-error-not-stored" -> notStored = notStored == null ? e : notStored;
                case "hydration-failed" -> {
                    failures++;
                    hydrationFailed = hydrationFailed == null ? e : hydrationFailed;
                    record(e, "hydration-failed");
                }
                default -> {
                }
            }
        }

        /** A size failure outranks a hydration failure as the first line: it says what was wrong. */
        private void record(LogEvent e, String what) {
            if (first == null || ("hydration-failed".equals(kind) && !"hydration-failed".equals(what))) {
                first = e;
                kind = what;
                markedError = null;
                updatedAfter = null;
            }
        }

        /** True if the controller's own line states the size limit was exceeded. */
        boolean sizeStated() {
            return !"hydration-failed".equals(kind);
        }

        private static long size(String text) {
            try {
                return text == null ? -1 : Long.parseLong(text.trim());
            } catch (NumberFormatException ex) {
                return -1;
            }
        }
    }

    /** The latest export of the Workflow, or null. */
    static WorkflowSnapshot latest(WorkflowHistory w) {
        return w.snapshots().isEmpty() ? null : w.snapshots().get(w.snapshots().size() - 1);
    }
}
