package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.WorkflowTooLarge.Case;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;

/** AF013's finding for one Workflow: what the controller said, the sizes, and what became of the Workflow, as messages (words in en.yaml). */
final class WorkflowTooLargeFinding {
    /** MAX_WORKFLOW_SIZE's default (workflow/packer/packer.go), in bytes. */
    static final long DEFAULT_MAX_SIZE = 1_048_576L;
    private WorkflowTooLargeFinding() {
    }

    static Finding of(Correlation correlation, WorkflowHistory w, Case c) {
        WorkflowRef wf = w.ref();
        WorkflowSnapshot export = WorkflowTooLarge.latest(w);
        Message outcome = outcome(c, export);

        Cite cite = new Cite(correlation);
        cite.line(c.namesakeStart, "a new Workflow of the name began: sizes logged before it were the earlier one's");
        cite.line(c.lastSizeBefore, "size logged before the failure");
        cite.line(c.largest != c.lastSizeBefore ? c.largest : null, "largest size logged");
        cite.line(c.smallOffload, "its offloaded nodes loaded at a size under the default maximum");
        cite.line(c.first, switch (c.kind) {
            case "dehydrate-failed" -> "compressed, still over the limit, and no offloading";
            case "etcd" -> "etcd refused the update: the object is too large";
            default -> "offloaded node status could not be loaded";
        });
        cite.line(c.etcdRefused, "etcd refused the update: the object is too large");
        cite.line(c.notStored, "writing the Error failed as well");
        cite.line(c.hydrationFailed, "offloaded node status could not be loaded");
        cite.line(c.markedError, "the Workflow written as Error");
        if (export != null) {
            cite.workflow(export, "exported Workflow");
        }

        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("failedAt", "First failure at", c.first.time().format()));
        facts.add(new Fact("failure", "Failure", failure(c)));
        facts.add(new Fact("compressedSize", "Compressed size (bytes)", c.compressedSize));
        facts.add(new Fact("maxSize", "Maximum size (bytes)", c.maxSize));
        facts.add(new Fact("largestSizeLogged", "Largest size logged (bytes)", c.largestSize < 0 ? null : c.largestSize));
        facts.add(new Fact("failures", "Size errors logged", c.failures));
        facts.add(new Fact("outcome", "Outcome", Words.english().render(outcome)));

        Confidence confidence;
        Message reason;
        if (c.sizeStated()) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of(c.kind.equals("etcd") ? "AF013.reason.etcdRefused" : "AF013.reason.overMaximum");
        } else if (c.largestSize > DEFAULT_MAX_SIZE && c.smallOffload != null) {
            // Session 44 breaker: a size over the maximum is compressed first and offloaded only if still over it; this Workflow's
            // nodes were offloaded at a size under it, so the controller offloads whatever the size and the load's failure is the
            // database's (it was likely here, on a persistence database refusing connections).
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF013.reason.offloadedSmall", "size", c.largestSize, "max", DEFAULT_MAX_SIZE,
                    "small", ((Signal) c.smallOffload.event()).attribute("size"), "at", c.smallOffload.time().format());
        } else if (c.largestSize > DEFAULT_MAX_SIZE) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF013.reason.offloadedLarge", "size", c.largestSize, "max", DEFAULT_MAX_SIZE);
        } else {
            // Offloading also happens for every Workflow with ALWAYS_OFFLOAD_NODE_STATUS=true: a failed load says nothing of size.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF013.reason.offloadedAnySize", "size", c.largestSize < 0 ? Message.of("AF013.reason.noSize")
                    : Message.of("AF013.reason.sizeUnder", "size", c.largestSize, "max", DEFAULT_MAX_SIZE), "namesake", c.namesakeStart == null
                    ? Message.NOTHING : Message.of("AF013.reason.namesake", "at", c.namesakeStart.time().format()));
        }
        String at = c.first.time().format();
        Message summary = switch (c.kind) {
            case "dehydrate-failed" -> Message.of("AF013.summary.dehydrate", "workflow", wf.toString(), "size", c.compressedSize == null
                    ? Message.NOTHING : Message.of("AF013.summary.size", "compressed", c.compressedSize, "max", c.maxSize), "at", at, "outcome", outcome);
            case "etcd" -> Message.of("AF013.summary.etcd", "workflow", wf.toString(), "at", at, "outcome", outcome);
            default -> Message.of("AF013.summary.hydration", "workflow", wf.toString(), "at", at, "outcome", outcome);
        };
        return new Finding(WorkflowTooLarge.ID, "Workflow too large: node status could not be stored", Severity.HIGH, confidence, reason, null, "",
                wf, null, summary, explain(c, outcome), facts, cite.evidence());
    }

    private static String failure(Case c) {
        String error = ((Signal) c.first.event()).attribute("error");
        return error == null ? "" : error;
    }

    /** What became of the Workflow, as far as the evidence says. */
    private static Message outcome(Case c, WorkflowSnapshot export) {
        if (c.markedError != null) {
            return Message.of("AF013.outcome.markedError", "at", c.markedError.time().format());
        }
        if (export != null && "Error".equals(export.phase())) {
            return Message.of("AF013.outcome.exportError");
        }
        if (c.notStored != null) {
            return Message.of("AF013.outcome.errorNotStored", "at", c.notStored.time().format());
        }
        if (c.kind.equals("etcd")) {
            return Message.of("AF013.outcome.errorInferred");
        }
        return Message.of("AF013.outcome.noUpdate");
    }

    private static Message explain(Case c, Message outcome) {
        return Message.sequence(List.of(Message.of("AF013.explain.storage"), switch (c.kind) {
            case "dehydrate-failed" -> Message.of("AF013.explain.dehydrate", "sizes", c.compressedSize == null ? Message.NOTHING
                    : Message.of("AF013.explain.sizes", "compressed", c.compressedSize, "max", c.maxSize));
            case "etcd" -> Message.of("AF013.explain.etcd");
            default -> Message.of("AF013.explain.hydration");
        }, Message.of("AF013.explain.outcome", "outcome", outcome)));
    }
}
