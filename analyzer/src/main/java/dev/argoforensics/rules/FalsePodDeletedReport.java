package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.NamesakeCleanup;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.FalsePodDeleted.Cause;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.PodSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** AF008's finding in words: its facts, evidence, confidence and explanation, per cause. */
final class FalsePodDeletedReport {
    private final Correlation correlation;
    private final FalsePodDeleted rule;

    FalsePodDeletedReport(Correlation correlation, FalsePodDeleted rule) {
        this.correlation = correlation;
        this.rule = rule;
    }

    /**
     * What the rule established about one Pod.
     *
     * @param labelled     the controller's labelling of the Pod before the declaration, or null
     * @param namesake     the earlier namesake's labelling item that ran on this Pod, or null
     * @param completion   the node's line recording it completed before the labelling, or null
     * @param leftInformer the Pod's {@code delete pod event} caused by the labelling, before the declaration, or null
     * @param informerLines the log shows the Pod's informer events before the declaration
     * @param alive        an export taken after the declaration showing the Pod not deleted, or null
     * @param listed       without such an export: a pasted kubectl get pods row printed after the declaration listing the Pod
     *                     (not Terminating, created before the declaration by its AGE), or null
     * @param audit        a record of the Pod in an audit log that covers the window and holds no deletion of it, or null
     * @param later        a deletion evidenced only after the declaration, or null
     * @param together     nodes of the Workflow marked deleted in the same millisecond, this one included
     */
    /**
     * When the line that labelled the Pod (or the earlier Pod's item that did) was logged by another
     * controller run than the declaration, and both runs wrote about the Workflow at the same time, the
     * words saying so; else null.
     */
    private String concurrent(Case c) {
        LogEvent telltale = c.labelled() != null ? c.labelled() : c.namesake() != null ? c.namesake().ran() : c.leftInformer();
        NodeLink link = c.pod().link();
        if (telltale == null || link == null) {
            return null;
        }
        return correlation.workflow(link.workflow()).map(h -> dev.argoforensics.correlate.PhaseHistory.concurrent(h, telltale, c.declared()))
                .map(r -> "the labelling was logged by " + correlation.processes().get(r.first()).label() + " and the declaration by "
                        + correlation.processes().get(r.second()).label() + ", both writing about " + link.workflow() + " at the same time (from "
                        + r.from().format() + " to " + r.to().format() + ")")
                .orElse(null);
    }

    record Case(PodHistory pod, PodLifecycle life, Cause cause, LogEvent created, LogEvent declared, LogEvent marked, LogEvent labelled,
                NamesakeCleanup namesake, LogEvent completion, LogEvent leftInformer, boolean informerLines, PodSnapshot alive, AuditRecord audit,
                DeletionRequest later, int together, PodListing listed) {
    }

    Finding finding(Case c) {
        NodeLink link = c.pod().link();
        WorkflowPodMissing said = (WorkflowPodMissing) c.declared().event();
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("cause", "Why the informer lost it", causeShort(c)));
        facts.add(new Fact("podCreatedAt", "Pod created at", c.created() == null ? null : c.created().time().format()));
        if (c.namesake() != null) {
            facts.add(new Fact("earlierPodCreatedAt", "Earlier Pod of the name created at",
                    c.namesake().earlier() == null ? null : c.namesake().earlier().time().format()));
            facts.add(new Fact("staleItemQueuedAt", "Its cleanup item queued at",
                    c.namesake().queued() == null ? null : c.namesake().queued().time().format()));
        }
        if (c.completion() != null) {
            facts.add(new Fact("nodeCompletedAt", "Node recorded completed at", c.completion().time().format()));
        }
        if (c.labelled() != null) {
            facts.add(new Fact("labelledAt", "Labelled completed by the controller at", c.labelled().time().format()));
        }
        if (c.leftInformer() != null) {
            facts.add(new Fact("leftInformerAt", "Left the informer at", c.leftInformer().time().format()));
        }
        facts.add(new Fact("declaredMissingAt", "Declared missing at", c.declared().time().format()));
        facts.add(new Fact("nodePhaseWhenMissing", "Node phase when found missing", said.nodePhase()));
        facts.add(new Fact("markedDeletedAt", "Marked \"pod deleted\" at", c.marked().time().format()));
        facts.add(new Fact("deletionEvidence", "Evidence of a deletion", c.later() == null ? "none in the inputs"
                : "only after the declaration: " + c.later().describe()));
        if (c.alive() != null) {
            facts.add(new Fact("podAliveAt", "Pod exported alive at", c.alive().observed().time().format()));
            facts.add(new Fact("podCompletedLabel", "Its workflows.argoproj.io/completed label",
                    c.alive().labels().getOrDefault("workflows.argoproj.io/completed", "(none)")));
        }
        if (c.alive() == null && c.listed() != null) {
            facts.add(new Fact("podListedAt", "Pod listed by kubectl get pods at", c.listed().table().observed().time().format()
                    + " (STATUS " + c.listed().row().status() + ")"));
        }
        if (c.together() > 1) {
            facts.add(new Fact("nodesMarkedTogether", "Nodes marked \"pod deleted\" in the same millisecond", c.together()));
        }

        Cite cite = new Cite(correlation);
        if (c.namesake() != null) {
            cite.line(c.namesake().earlier(), "an earlier Pod of the same name");
            cite.line(c.namesake().queued(), "its cleanup item, queued before this Pod existed");
        }
        cite.line(c.created(), "this Pod created");
        cite.line(c.completion(), "the node recorded completed");
        cite.line(c.labelled(), c.namesake() != null ? "the earlier Pod's item runs on this Pod: labelled completed" : "the controller labels the Pod completed");
        cite.line(c.leftInformer(), "the Pod leaves the informer because of the label, not a deletion");
        cite.line(c.declared(), "the controller finds no Pod for the node");
        cite.line(c.marked(), "the node marked \"pod deleted\"");
        if (c.alive() != null) {
            cite.pod(c.alive(), "exported Pod after the error: not deleted");
        } else if (c.listed() != null) {
            cite.listing(c.listed(), "kubectl get pods after the error: still listed");
        }
        if (c.audit() != null) {
            cite.audit(c.audit(), "the audit log records the Pod and no deletion of it");
        }

        Confidence confidence;
        String reason;
        boolean labelledCause = c.cause() == Cause.NAMESAKE || c.cause() == Cause.STALE_COPY || c.cause() == Cause.LABELLED;
        if (c.alive() != null) {
            confidence = Confidence.CONFIRMED;
            reason = "an export of the Pod taken at " + c.alive().observed().time().format() + ", after the controller declared it deleted, shows it "
                    + "without a deletionTimestamp";
        } else if (c.audit() != null) {
            confidence = Confidence.CONFIRMED;
            reason = "the audit log spans the Pod's creation to the declaration, records requests on the Pod, and holds no delete or eviction of it";
        } else if (c.listed() != null) {
            confidence = Confidence.LIKELY;
            reason = "a kubectl get pods table printed at " + c.listed().table().observed().time().format() + ", after the controller declared "
                    + "the Pod deleted, still lists it (STATUS " + c.listed().row().status() + ", created before the declaration by its AGE); a "
                    + "table shows no UID or deletionTimestamp, so an export of the Pod would confirm it";
        } else if (c.later() != null) {
            confidence = Confidence.POSSIBLE;
            reason = "a deletion is evidenced, but only after the declaration (" + c.later().describe() + "); " + settle();
        } else if (labelledCause && c.leftInformer() != null) {
            confidence = Confidence.LIKELY;
            reason = "the Pod's own lines show it leaving the informer right after the controller labelled it completed, and nothing shows a "
                    + "deletion; " + settle();
        } else if (labelledCause && !c.informerLines()) {
            confidence = Confidence.POSSIBLE;
            reason = "the controller labelled the Pod completed before declaring it missing, but the log holds none of the Pod's informer events "
                    + "(Argo v3.6.5 and later log them at info level), so a deletion before the labelling is not ruled out; " + settle();
        } else if (labelledCause) {
            confidence = Confidence.POSSIBLE;
            reason = "the controller labelled the Pod completed before declaring it missing, but the log does not show the Pod leaving the "
                    + "informer (the excerpt may be cut); " + settle();
        } else if (c.cause() == Cause.PENDING) {
            confidence = Confidence.POSSIBLE;
            reason = "a Pending Pod that someone deleted leaves the same lines in the releases that mark Pending nodes deleted; " + settle();
        } else {
            confidence = Confidence.POSSIBLE;
            reason = "the log shows the Pod's informer events but no departure from the informer before the declaration, which a cut in the "
                    + "excerpt would also explain; " + settle();
        }
        String concurrent = confidence == Confidence.LIKELY ? concurrent(c) : null;
        if (concurrent != null) {
            confidence = Confidence.POSSIBLE;
            reason = concurrent + ": two controllers on one Workflow (AF012), or two clusters' Workflows of one name read together, and"
                    + " the labelling may be of another cluster's Pod of that name; " + settle();
        }
        String summary = "Pod " + c.pod().key() + " was declared missing at " + c.declared().time().format() + " and its node marked Error \"pod "
                + "deleted\", yet nothing shows it deleted: " + causeShort(c) + ".";
        // The Pod of the latest Created pod: an exported UID of an earlier Pod of the same name is not its UID.
        PodKey instance = correlation.lifecycle(c.pod().key()).instanceKey();
        return new Finding(FalsePodDeleted.ID, rule.title(), rule.severity(), confidence, reason, instance,
                instance.uid() == null ? "" : instance.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(c), facts, cite.evidence());
    }

    /** What would settle it, in terms of what the inputs hold. */
    private String settle() {
        Set<EvidenceKind> have = correlation.available();
        List<String> lacking = new ArrayList<>();
        if (!have.contains(EvidenceKind.POD_SNAPSHOT)) {
            lacking.add("an export of the Pod taken after the error (alive, labelled workflows.argoproj.io/completed: \"true\", no deletionTimestamp)");
        }
        if (!have.contains(EvidenceKind.AUDIT_LOG)) {
            lacking.add("the API server's audit log for the window (no delete of the Pod)");
        }
        return lacking.isEmpty() ? "the exports and audit records given do not cover the time of the error"
                : String.join(" or ", lacking) + " would settle it";
    }

    private static String causeShort(Case c) {
        return switch (c.cause()) {
            case NAMESAKE -> "a cleanup item queued for an earlier Pod of the same name labelled it completed";
            case STALE_COPY -> "the controller labelled it completed after its node completed, then a reconcile of an outdated copy of the "
                    + "Workflow found it missing";
            case LABELLED -> "the controller labelled it completed before its node was recorded completed";
            case PENDING -> "its node was still Pending, which releases from v3.4 on never mark deleted";
            case NEVER_LEFT -> "the log shows it in the controller's informer and never leaving it";
        };
    }

    private String explain(Case c) {
        StringBuilder b = new StringBuilder();
        String pod = "Pod " + c.pod().key();
        String wf = c.pod().link().workflow().toString();
        switch (c.cause()) {
            case NAMESAKE -> {
                b.append("Workflow ").append(wf).append(" was run again under the same name, so its Pods bear the names of the earlier run's. ");
                b.append("A labelPodCompleted item that the cleanup queue held for the earlier Pod");
                if (c.namesake().queued() != null) {
                    b.append(" (queued at ").append(c.namesake().queued().time().format()).append(')');
                }
                b.append(" ran at ").append(c.namesake().ran().time().format());
                if (c.created() != null) {
                    b.append(", after this Pod was created at ").append(c.created().time().format());
                }
                b.append(": the queue's key names the Pod without its UID, so the worker labelled the new Pod "
                        + "workflows.argoproj.io/completed=true. ");
            }
            case STALE_COPY -> b.append("The controller recorded the node completed at ").append(c.completion().time().format())
                    .append(" and labelled ").append(pod).append(" completed at ").append(c.labelled().time().format())
                    .append(", its ordinary cleanup. A later reconcile nonetheless found the node ").append(nodePhase(c))
                    .append(": a worker acting on an outdated copy of the Workflow, in which the node had not completed yet "
                            + "(argoproj/argo-workflows#16294). ");
            case LABELLED -> b.append("The controller labelled ").append(pod).append(" completed at ").append(c.labelled().time().format())
                    .append(" although no line shows its node completed, and the lines do not show who queued the item: a cleanup item of "
                            + "an earlier Workflow of the same name (#8022) or an outdated copy of the Workflow (#16294) do this; the log "
                            + "before the labelling (its queueing line, an earlier \"Created pod\" of the name) would tell. ");
            case PENDING -> b.append("The controller found ").append(pod).append(" missing while its node was still Pending and marked the "
                    + "node deleted all the same. From v3.4 on the controller leaves a Pending node alone when its Pod is missing (it may get "
                    + "a new Pod); marking it deleted is a regression of earlier releases, which took Pods their informer had not seen yet "
                    + "for deleted ones (argoproj/argo-workflows#5811). ");
            case NEVER_LEFT -> b.append("The log shows the informer events of ").append(pod)
                    .append(" and no \"delete pod event\" before the controller declared it missing: nothing shows the Pod leaving the "
                            + "informer, which a reconcile of an outdated copy of the Workflow (#16294) or a cut in the excerpt would explain. ");
        }
        if (c.cause() == Cause.NAMESAKE || c.cause() == Cause.STALE_COPY || c.cause() == Cause.LABELLED) {
            b.append("That label takes a Pod out of the controller's informer, which watches only Pods labelled completed=false");
            b.append(c.leftInformer() != null ? " (\"delete pod event\" at " + c.leftInformer().time().format() + ")" : "");
            b.append("; it is not a deletion, and the Pod runs on. ");
        }
        b.append("At ").append(c.declared().time().format()).append(" a Workflow worker found no Pod for the node, logged \"Workflow pod is "
                + "missing\" (nodePhase=").append(nodePhase(c)).append(") and marked it Error \"pod deleted\". ");
        if (c.together() > 1) {
            b.append(c.together()).append(" nodes of the Workflow were marked deleted in that millisecond: one reconcile found all their Pods "
                    + "missing at once. ");
        }
        b.append(c.later() == null ? "Nothing in the inputs shows a deletion of the Pod before that. "
                : "The only deletion the records show comes after that: " + c.later().describe() + ". ");
        if (c.alive() != null) {
            b.append("An export taken at ").append(c.alive().observed().time().format()).append(" shows the Pod still there");
            String label = c.alive().labels().get("workflows.argoproj.io/completed");
            b.append("true".equals(label) ? ", labelled completed. " : ". ");
        }
        b.append("The step failed on the controller's bookkeeping, not on the cluster or its own code: ");
        b.append(c.cause() == Cause.NAMESAKE ? "give each run a unique name (metadata.generateName) rather than reusing one while the earlier "
                + "run's cleanup may still be queued. Upstream: argoproj/argo-workflows#8022."
                : c.cause() == Cause.PENDING ? "upgrade the controller. Upstream: argoproj/argo-workflows#5811."
                : "check the Pod and its logs for the step's real outcome. Upstream: argoproj/argo-workflows#8022 and #16294.");
        return b.toString();
    }

    private static String nodePhase(Case c) {
        return ((WorkflowPodMissing) c.declared().event()).nodePhase();
    }
}
