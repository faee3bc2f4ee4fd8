package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.WorkflowTooLarge.Case;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.List;

/** AF013's finding for one Workflow: what the controller said, the sizes, and what became of the Workflow. */
final class WorkflowTooLargeFinding {
    /** MAX_WORKFLOW_SIZE's default (workflow/packer/packer.go), in bytes. */
    static final long DEFAULT_MAX_SIZE = 1_048_576L;
    private WorkflowTooLargeFinding() {
    }

    static Finding of(Correlation correlation, WorkflowHistory w, Case c) {
        WorkflowRef wf = w.ref();
        WorkflowSnapshot export = WorkflowTooLarge.latest(w);
        String outcome = outcome(c, export);

        Cite cite = new Cite(correlation);
        cite.line(c.lastSizeBefore, "size logged before the failure");
        cite.line(c.largest != c.lastSizeBefore ? c.largest : null, "largest size logged");
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
        facts.add(new Fact("outcome", "Outcome", outcome));

        Confidence confidence;
        String reason;
        if (c.sizeStated()) {
            confidence = Confidence.CONFIRMED;
            reason = c.kind.equals("etcd") ? "the controller logged etcd refusing the update because the request was too large"
                    : "the controller logged that the compressed Workflow was over the maximum size and could not be offloaded";
        } else if (c.largestSize > DEFAULT_MAX_SIZE) {
            confidence = Confidence.LIKELY;
            reason = "the controller logged that it could not load the Workflow's offloaded node status, and a persist logged it at "
                    + c.largestSize + " bytes, over the default maximum of " + DEFAULT_MAX_SIZE + ": its nodes had been offloaded because"
                    + " it was too large, but the failure itself is the persistence database's (its error says which)";
        } else {
            // Offloading also happens for every Workflow with ALWAYS_OFFLOAD_NODE_STATUS=true: a failed load says nothing of size.
            confidence = Confidence.POSSIBLE;
            reason = "the controller logged that it could not load the Workflow's offloaded node status, but "
                    + (c.largestSize < 0 ? "no line gives the Workflow's size" : "the largest size logged for it, " + c.largestSize
                            + " bytes, is under the default maximum of " + DEFAULT_MAX_SIZE)
                    + ": with ALWAYS_OFFLOAD_NODE_STATUS=true every Workflow's nodes are offloaded, whatever their size, and the failure is"
                    + " the persistence database's; the controller's environment (ALWAYS_OFFLOAD_NODE_STATUS, MAX_WORKFLOW_SIZE) would settle it";
        }
        String size = c.compressedSize != null ? " (compressed " + c.compressedSize + " bytes > " + c.maxSize + ")" : "";
        String summary = switch (c.kind) {
            case "dehydrate-failed" -> "Workflow " + wf + " grew too large to store its node status" + size + ": compressed, it was"
                    + " still over the limit and could not be offloaded (" + c.first.time().format() + "); " + outcome + ".";
            case "etcd" -> "Workflow " + wf + " grew too large for etcd: the update was refused as too large (" + c.first.time().format() + "); "
                    + outcome + ".";
            default -> "The offloaded node status of Workflow " + wf + " could not be loaded (" + c.first.time().format() + "); " + outcome + ".";
        };
        return new Finding(WorkflowTooLarge.ID, "Workflow too large: node status could not be stored", Severity.HIGH, confidence, reason, null, "",
                wf, null, summary, explain(c, outcome), facts, cite.evidence());
    }

    private static String failure(Case c) {
        String error = ((Signal) c.first.event()).attribute("error");
        return error == null ? "" : error;
    }

    /** What became of the Workflow, as far as the evidence says. */
    private static String outcome(Case c, WorkflowSnapshot export) {
        if (c.markedError != null) {
            return "the controller wrote it as Error at " + c.markedError.time().format();
        }
        if (export != null && "Error".equals(export.phase())) {
            return "its export shows it Error";
        }
        if (c.notStored != null) {
            return "writing it as Error failed too (" + c.notStored.time().format() + "): it is left as it was, neither progressing nor failed";
        }
        if (c.kind.equals("etcd")) {
            return "the controller then writes it as Error, which logs no success line (inferred: no failure of that write is logged)";
        }
        return "the logs show no update after it (the Error the controller marks it with is not seen written)";
    }

    private static String explain(Case c, String outcome) {
        StringBuilder b = new StringBuilder("The controller stores every node of a Workflow in its status. When the Workflow's JSON exceeds"
                + " MAX_WORKFLOW_SIZE (1048576 bytes unless set), it compresses status.nodes into status.compressedNodes; when that is still too"
                + " large it offloads them to the persistence database (status.offloadNodeStatusVersion), which needs offloading configured"
                + " (ALWAYS_OFFLOAD_NODE_STATUS or a persistence section). ");
        switch (c.kind) {
            case "dehydrate-failed" -> b.append("Here compression was not enough").append(c.compressedSize == null ? ""
                    : " (" + c.compressedSize + " bytes compressed, over " + c.maxSize + ")").append(" and offloading was not possible, so the"
                    + " node status could not be stored and the controller marks the Workflow Error with that message. ");
            case "etcd" -> b.append("Here etcd refused the update itself (its request limit, 1.5 MiB by default, is above MAX_WORKFLOW_SIZE"
                    + " only when that was raised): the controller re-writes the Workflow as it was before, marked Error. ");
            default -> b.append("Here the nodes had been offloaded, and loading them back failed: the controller marks the Workflow Error. ");
        }
        b.append("Outcome: ").append(outcome).append(". Workflows with many nodes (wide fan-outs, long loops, many retries) reach the"
                + " limit; split the Workflow, cut node counts, or configure node-status offloading. Upstream:"
                + " argoproj/argo-workflows#913, #5043, #7005, #12946.");
        return b.toString();
    }
}
