package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.DeletionRequest;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.Known;
import dev.argoforensics.correlate.NamesakeCleanup;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodListing;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.event.ControllerEvent.WorkflowPodMissing;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.FalsePodDeleted.Cause;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import dev.argoforensics.correlate.WorkflowAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** AF008's finding: its facts, evidence, confidence and explanation, per cause, as messages (their words are in en.yaml). */
final class FalsePodDeletedReport {
    /** The words for what excludes a deletion of the Workflow ({@link WorkflowStandingCap}). */
    private static final WorkflowStandingCap.Words STANDING = new WorkflowStandingCap.Words("AF008.reason.stoodByLines",
            "AF008.reason.stoodByStatedTime", "AF008.reason.workflowDeletionOpen");

    private final Correlation correlation;
    private final FalsePodDeleted rule;

    FalsePodDeletedReport(Correlation correlation, FalsePodDeleted rule) {
        this.correlation = correlation;
        this.rule = rule;
    }

    /**
     * When the line that labelled the Pod (or the earlier Pod's item that did) was logged by another
     * controller run than the declaration, and both runs wrote about the Workflow at the same time, the
     * words saying so; else null.
     */
    private Message concurrent(Case c) {
        LogEvent telltale = c.labelled() != null ? c.labelled() : c.namesake() != null ? c.namesake().ran() : c.leftInformer();
        NodeLink link = c.pod().link();
        if (telltale == null || link == null) {
            return null;
        }
        return correlation.workflow(link.workflow()).map(h -> dev.argoforensics.correlate.PhaseHistory.concurrent(h, telltale, c.declared()))
                .map(r -> RunsAtOnce.of("AF008.reason.concurrentRuns", correlation, r, link.workflow()))
                .orElse(null);
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
     * @param stood        evidence that its Workflow was not being deleted ({@link PodLifecycle#workflowNotDeleted}), or null
     * @param gone         its Workflow gone before the marking could be stored ({@link FalsePodDeleted#goneUnstored}), or null
     * @param refusal      the persist guard's refusal of the pass that marked the node ({@code Failed to re-apply update}): the
     *                     marking was never stored ({@link dev.argoforensics.correlate.PhaseHistory#refusalOf}), or null
     * @param contest      two audit files given that record the Workflow's name held by two objects at once
     *                     ({@link WorkflowAudit#contest}), or null
     * @param setAside     a deletion (of the Pod or of its Workflow) that only a file of {@code contest} records, not taken for
     *                     this one's, or null
     */
    record Case(PodHistory pod, PodLifecycle life, Cause cause, LogEvent created, LogEvent declared, LogEvent marked, LogEvent labelled,
                NamesakeCleanup namesake, LogEvent completion, LogEvent leftInformer, boolean informerLines, PodSnapshot alive, AuditRecord audit,
                DeletionRequest later, int together, PodListing listed, Known stood, Known gone, LogEvent refusal,
                WorkflowAudit.Contest contest, Known setAside) {
    }

    Finding finding(Case c) {
        NodeLink link = c.pod().link();
        WorkflowPodMissing said = (WorkflowPodMissing) c.declared().event();
        List<Fact> facts = new ArrayList<>();
        Message cause = cause(c);
        facts.add(new Fact("cause", "Why the informer lost it", Words.english().render(cause)));
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
        if (c.stood() != null) {
            facts.add(new Fact("workflowNotDeleted", "Its Workflow not being deleted", c.stood().how()));
        }
        if (c.gone() != null) {
            facts.add(new Fact("workflowGoneAt", "Its Workflow gone by", c.gone().at().format() + " (" + c.gone().how() + ")"));
        }
        if (c.refusal() != null) {
            facts.add(new Fact("markingStored", "The marking stored", "refused by the persist guard at " + c.refusal().time().format()
                    + refusalError(c) + "; the node's stored state stayed " + keptPhase(c)));
        }
        if (c.contest() != null) {
            facts.add(new Fact("auditFilesDisagree", "Audit files given that disagree about the Workflow's name", c.contest().file()
                    + " (UID " + c.contest().uid() + ", " + c.contest().from().format() + " to " + c.contest().to().format() + "), "
                    + c.contest().otherFile() + " (UID " + c.contest().otherUid() + ", at " + c.contest().at().format() + ")"));
        }
        if (c.setAside() != null) {
            facts.add(new Fact("deletionSetAside", "A deletion only a disagreeing audit file records", c.setAside().how() + ", at "
                    + c.setAside().at().format() + " (" + c.setAside().evidence().file() + ")"));
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
        cite.line(c.refusal(), "the persist guard refuses the pass's update: the marking is never stored");
        if (c.alive() != null) {
            cite.pod(c.alive(), "exported Pod after the error: not deleted");
        } else if (c.listed() != null) {
            cite.listing(c.listed(), "kubectl get pods after the error: still listed");
        }
        if (c.audit() != null) {
            cite.audit(c.audit(), "the audit log records the Pod and no deletion of it");
        }

        Confidence confidence;
        Message reason;
        boolean labelledCause = c.cause() == Cause.NAMESAKE || c.cause() == Cause.STALE_COPY || c.cause() == Cause.LABELLED;
        if (c.alive() != null && c.alive().observed().after(c.declared().time().windowEnd().plusNanos(FalsePodDeleted.CROSS_CLOCK_NANOS)) == ObservedAt.Order.STATED) {
            // After the declaration only by the time its file states: a user's clock, likely at most (ObservedAt#after).
            confidence = Confidence.LIKELY;
            reason = Message.of("AF008.reason.exportedAliveStated", "at", c.alive().observed().time().format());
        } else if (c.alive() != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF008.reason.exportedAlive", "at", c.alive().observed().time().format());
        } else if (c.audit() != null) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF008.reason.auditClean");
        } else if (c.listed() != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF008.reason.listed", "at", c.listed().table().observed().time().format(), "status", c.listed().row().status());
        } else if (c.later() != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.laterDeletion", "deletion", c.later().describe(), "settle", settle(c));
        } else if (labelledCause && c.cause() != Cause.STALE_COPY && c.leftInformer() != null && !takenUpAtOnce(c)
                && (c.stood() == null || c.stood().weak())) {
            // The departure queued the Workflow; a worker took it up only later (the workers busy): a deletion of the Workflow
            // meanwhile (the foreground's garbage collector deleting the labelled Pod, which the informer no longer sees) leaves
            // these very lines, and nothing shows the Workflow standing.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.leftInformerLate", "left", c.leftInformer().time().format(),
                    "gap", dev.argoforensics.time.GoDuration.format(java.time.Duration.between(c.leftInformer().time().instant(),
                            c.declared().time().instant()).toNanos()), "settle", settle(c), "standing", standingSettle(c.life().workflowAudit()));
        } else if (labelledCause && c.leftInformer() != null) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF008.reason.leftInformer", "settle", settle(c));
        } else if (labelledCause && !c.informerLines()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.noInformerLines", "settle", settle(c));
        } else if (labelledCause) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.notSeenLeaving", "settle", settle(c));
        } else if (c.cause() == Cause.PENDING) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.pending", "settle", settle(c));
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.neverLeft", "settle", settle(c));
        }
        // A Workflow deleted while the controller reconciled it (held in the foreground while the garbage collector deletes its Pods,
        // or gone while a worker held its copy) has its nodes marked "pod deleted" as it is thrown away (lifecycle reference A3): no
        // step failed on bookkeeping. The Pod's own evidence above rules out its deletion, not the Workflow's: confirmed only where
        // an object shows the Workflow was not being deleted (PodLifecycle#workflowNotDeleted, as AF001, AF002 and AF007 ask), and
        // where the Workflow is shown gone before the marking could be stored, the look-alike is named and nothing is claimed.
        WorkflowAudit.Reading workflowAudit = c.life().workflowAudit();
        if (c.gone() == null && c.stood() == null && workflowAudit != null && workflowAudit.kind() == WorkflowAudit.Kind.DELETED
                && confidence != Confidence.POSSIBLE) {
            // The audit log records the Workflow deleted (by name, or its namespace's Workflows by collection) before the error: the
            // look-alike is the likelier reading, whatever the Pod's evidence shows (a deletion by name is cleared above, by its fate).
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.workflowDeletionOpen", "reason", reason, "settle", standingSettle(workflowAudit));
        } else if (c.gone() != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.workflowGone", "reason", reason, "at", c.gone().at().format(), "how", c.gone().how(),
                    "settle", goneSettle(c.life().workflowAudit()));
        } else if (confidence == Confidence.CONFIRMED) {
            WorkflowStandingCap cap = WorkflowStandingCap.of(confidence, reason, java.util.Optional.ofNullable(c.stood()), Confidence.LIKELY, STANDING,
                    standingSettle(c.life().workflowAudit()));
            confidence = cap.confidence();
            reason = cap.reason();
        }
        // A marking the completed guard refused (session 39): a completed Workflow is no longer processed and its delete handler does
        // not run (the informer's filter drops it), so a user's foreground deletion of it leaves no controller line, its garbage
        // collector deletes the labelled Pod unseen, and the object, kept by its deletionTimestamp until its Pods are gone, refuses
        // the stale pass's write with the same guard (gone, it would be refused as not found: goneUnstored). Only the Pod's own
        // objects or an object showing the Workflow standing exclude it; the lines cannot, and the look-alike is named.
        if (c.refusal() != null && confidence == Confidence.LIKELY && c.alive() == null && c.audit() == null && c.listed() == null
                && (c.stood() == null || c.stood().weak())) {
            reason = Message.of("AF008.reason.refusedCompletedDeletion", "reason", reason);
        }
        // Two audit files given record the Workflow's name held by two objects at once: one is another cluster's, and nothing given
        // tells which (session 38). A deletion only they record may be this one's or the other's: named, and nothing claimed; and
        // what the audit records show of this Pod and Workflow may be the other's: a confirmation resting on them is likely at most.
        if (c.contest() != null && (c.setAside() != null || confidence == Confidence.CONFIRMED)) {
            Message disagree = Message.of(c.contest().oneFile() ? "AF008.reason.auditFileContradicts" : "AF008.reason.auditFilesDisagree",
                    "file", c.contest().file(), "uid", c.contest().uid(),
                    "from", c.contest().from().format(), "to", c.contest().to().format(), "other", c.contest().otherFile(),
                    "otherUid", c.contest().otherUid(), "at", c.contest().at().format());
            if (c.setAside() != null) {
                confidence = Confidence.POSSIBLE;
                reason = Message.of("AF008.reason.contestedDeletion", "reason", reason, "disagree", disagree, "how", c.setAside().how(),
                        "deletedAt", c.setAside().at().format(), "in", c.setAside().evidence().file());
            } else {
                confidence = Confidence.LIKELY;
                reason = Message.of("AF008.reason.contested", "reason", reason, "disagree", disagree);
            }
        }
        // Session 50: a granted deletecollection of the namespace's Pods between the Pod's creation and the error may have deleted it
        // (the record names no Pod, and its selector's match is not in it): only the Pod's own evidence after the error excludes it.
        AuditRecord collection = collectionBefore(c);
        if (collection != null && c.alive() == null && c.listed() == null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.collectionDelete", "reason", reason, "namespace", collection.namespace(), "who", collection.user(),
                    "at", collection.requestTime().format(), "selector", collection.selector().isEmpty() ? "no selector in the record" : collection.selector(),
                    "selection", dev.argoforensics.correlate.CollectionSelection.wordsFor(c.life(), collection));
            cite.audit(collection, "a deletecollection of the namespace's Pods: it may have deleted this Pod");
        }
        Message concurrent = confidence == Confidence.LIKELY ? concurrent(c) : null;
        if (concurrent != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF008.reason.concurrent", "runs", concurrent, "settle", settle(c));
        }
        Message summary = Message.of("AF008.summary", "pod", c.pod().key().toString(), "at", c.declared().time().format(), "cause", cause);
        // The Pod of the latest Created pod: an exported UID of an earlier Pod of the same name is not its UID.
        PodKey instance = correlation.lifecycle(c.pod().key()).instanceKey();
        return new Finding(FalsePodDeleted.ID, rule.title(), rule.severity(), confidence, reason, instance,
                instance.uid() == null ? "" : instance.uid(), link.workflow(),
                new Finding.NodeRef(link.nodeId(), link.nodeName()), summary, explain(c), facts, cite.evidence());
    }

    /**
     * What would settle it, in terms of what the inputs hold: the Pod not deleted (an export of it, the audit log), and, where
     * nothing shows it yet, its Workflow not being deleted (an export of the Workflow recording the node lost).
     */
    private Message settle(Case c) {
        Set<EvidenceKind> have = correlation.available();
        List<Message> lacking = new ArrayList<>();
        if (!have.contains(EvidenceKind.POD_SNAPSHOT)) {
            lacking.add(Message.of("AF008.settle.podExport"));
        }
        if (!have.contains(EvidenceKind.AUDIT_LOG)) {
            lacking.add(Message.of("AF008.settle.auditLog"));
        } else if (!correlation.podIndex().podDeletesLogged(c.pod().key().namespace())) {
            // An audit log given whose silence shows nothing (FalsePodDeleted#auditClean): one that shows it logs Pod deletes would.
            lacking.add(Message.of("AF008.settle.podDeletesUnshown"));
        }
        boolean workflow = c.stood() == null && !have.contains(EvidenceKind.WORKFLOW_SNAPSHOT);
        if (lacking.isEmpty()) {
            return workflow ? Message.of("AF008.settle.would", "what", Message.of("AF008.settle.workflowExport")) : Message.of("AF008.settle.notCovered");
        }
        Message pod = lacking.size() == 1 ? lacking.get(0) : Message.of("AF008.settle.either", "first", lacking.get(0), "second", lacking.get(1));
        return Message.of("AF008.settle.would", "what", workflow ? Message.of("AF008.settle.withWorkflow", "what", pod) : pod);
    }

    /**
     * The worker's declaration followed the Pod's departure from the informer at once ({@link FalsePodDeleted#AT_ONCE_NANOS}, by
     * the same run's clock): the departure queued the Workflow and a free worker took it up, leaving no time for a deletion of
     * the Workflow in between. Not asked of an outdated copy ({@link Cause#STALE_COPY}): there the node had completed before the
     * labelling, the departure queued the current copy, and the declaring reconcile is of an older copy that comes when it comes;
     * a Workflow deleted after its completion is not reconciled from the copy the informer keeps (a held copy's write is refused as
     * not found: {@link FalsePodDeleted#goneUnstored}; while a foreground deletion keeps the object, by the completed guard, which
     * the finding then names: session 39).
     */
    private static boolean takenUpAtOnce(Case c) {
        LogEvent left = c.leftInformer();
        return left.stream() == c.declared().stream()
                && !c.declared().time().instant().isAfter(left.time().windowEnd().plusNanos(FalsePodDeleted.AT_ONCE_NANOS));
    }

    /**
     * The first granted deletecollection of the Pod's namespace's Pods that may have deleted it ({@link PodLifecycle#collectionDeletes})
     * no later than the error (within two clocks' disagreement); null if none.
     */
    private static AuditRecord collectionBefore(Case c) {
        for (AuditRecord a : c.life().collectionDeletes()) {
            if (!a.time().instant().isAfter(c.declared().time().windowEnd().plusNanos(FalsePodDeleted.CROSS_CLOCK_NANOS))) {
                return a;
            }
        }
        return null;
    }

    /**
     * What would show that the Workflow was not being deleted, in terms of what the audit log given holds of it
     * ({@link PodLifecycle#workflowAudit}): none given, one whose policy shows no request on the Workflow (its silence shows
     * nothing), one that records its requests over too short a span, or one that records a deletion.
     */
    private static Message standingSettle(WorkflowAudit.Reading audit) {
        Message export = Message.of("AF008.settle.workflowExport");
        return switch (audit == null ? WorkflowAudit.Kind.NOT_GIVEN : audit.kind()) {
            case NOT_GIVEN, STOOD -> Message.of("AF008.settle.standingNoAudit", "export", export);
            case NOT_COVERED -> Message.of("AF008.settle.standingNotCovered", "export", export);
            case NOT_SPANNING -> Message.of("AF008.settle.standingNotSpanning", "export", export, "file", audit.file(),
                    "first", audit.first().format(), "last", audit.last().format());
            case DELETES_UNSHOWN -> Message.of("AF008.settle.standingDeletesUnshown", "export", export, "file", audit.file(),
                    "first", audit.first().format(), "last", audit.last().format());
            case DELETED -> audit.undecided() != null
                    ? Message.of("AF008.settle.standingUndecided", "export", export, "file", audit.file(), "request", audit.unlogged())
                    : audit.unlogged() != null
                    ? Message.of("AF008.settle.standingRequested", "export", export, "file", audit.file(), "request", audit.unlogged())
                    : Message.of("AF008.settle.standingDeleted", "export", export, "file", audit.file(), "at", audit.last().format());
        };
    }

    /** What would tell when a Workflow shown gone was deleted, in terms of what the audit log given holds of it. */
    private static Message goneSettle(WorkflowAudit.Reading audit) {
        return switch (audit == null ? WorkflowAudit.Kind.NOT_GIVEN : audit.kind()) {
            case NOT_GIVEN -> Message.of("AF008.settle.goneNoAudit");
            case NOT_COVERED -> Message.of("AF008.settle.goneNotCovered");
            case NOT_SPANNING -> Message.of("AF008.settle.goneNotSpanning", "file", audit.file(), "first", audit.first().format(),
                    "last", audit.last().format());
            case DELETES_UNSHOWN -> Message.of("AF008.settle.goneDeletesUnshown", "file", audit.file());
            case DELETED -> audit.undecided() != null ? Message.of("AF008.settle.goneUndecided", "file", audit.file(), "request", audit.unlogged())
                    : audit.unlogged() != null ? Message.of("AF008.settle.goneRequested", "file", audit.file(), "request", audit.unlogged())
                    : Message.of("AF008.settle.goneDeleted", "file", audit.file(), "at", audit.last().format());
            case STOOD -> Message.of("AF008.settle.goneAfter", "file", audit.file(), "last", audit.last().format());
        };
    }

    private static Message cause(Case c) {
        return Message.of(switch (c.cause()) {
            case NAMESAKE -> "AF008.cause.namesake";
            case STALE_COPY -> "AF008.cause.staleCopy";
            case LABELLED -> "AF008.cause.labelled";
            case PENDING -> "AF008.cause.pending";
            case NEVER_LEFT -> "AF008.cause.neverLeft";
        });
    }

    private Message explain(Case c) {
        List<Message> m = new ArrayList<>();
        String pod = c.pod().key().toString();
        m.add(switch (c.cause()) {
            case NAMESAKE -> Message.of("AF008.explain.namesake", "workflow", c.pod().link().workflow().toString(),
                    "queued", c.namesake().queued() == null ? Message.NOTHING
                            : Message.of("AF008.explain.namesakeQueued", "at", c.namesake().queued().time().format()),
                    "ran", c.namesake().ran().time().format(),
                    "created", c.created() == null ? Message.NOTHING : Message.of("AF008.explain.namesakeCreated", "at", c.created().time().format()));
            case STALE_COPY -> Message.of("AF008.explain.staleCopy", "completed", c.completion().time().format(), "pod", pod,
                    "labelled", c.labelled().time().format(), "phase", nodePhase(c));
            case LABELLED -> Message.of("AF008.explain.labelled", "pod", pod, "at", c.labelled().time().format());
            case PENDING -> Message.of("AF008.explain.pending", "pod", pod);
            case NEVER_LEFT -> Message.of("AF008.explain.neverLeft", "pod", pod);
        });
        if (c.cause() == Cause.NAMESAKE || c.cause() == Cause.STALE_COPY || c.cause() == Cause.LABELLED) {
            m.add(Message.of("AF008.explain.labelNotDeletion", "left", c.leftInformer() == null ? Message.NOTHING
                    : Message.of("AF008.explain.leftAt", "at", c.leftInformer().time().format())));
        }
        m.add(Message.of("AF008.explain.declared", "at", c.declared().time().format(), "phase", nodePhase(c)));
        if (c.together() > 1) {
            m.add(Message.of("AF008.explain.together", "count", c.together()));
        }
        m.add(c.later() == null ? Message.of("AF008.explain.noDeletion") : Message.of("AF008.explain.laterDeletion", "deletion", c.later().describe()));
        if (c.alive() != null) {
            String label = c.alive().labels().get("workflows.argoproj.io/completed");
            m.add(Message.of("AF008.explain.alive", "at", c.alive().observed().time().format(),
                    "close", Message.of("true".equals(label) ? "AF008.explain.aliveLabelled" : "common.stop")));
        }
        if (c.refusal() != null) {
            // The guard kept the stored node: the step's result stands, and the Workflow's regression is AF009's.
            m.add(Message.of("AF008.explain.refused", "at", c.refusal().time().format(), "error", refusalError(c), "phase", keptPhase(c)));
            return Message.sequence(m);
        }
        m.add(Message.of("AF008.explain.bookkeeping", "advice", Message.of(c.cause() == Cause.NAMESAKE ? "AF008.explain.adviceNamesake"
                : c.cause() == Cause.PENDING ? "AF008.explain.advicePending" : "AF008.explain.adviceOther")));
        return Message.sequence(m);
    }

    /** The guard's error as the refusal line gives it, quoted, or "". */
    private static String refusalError(Case c) {
        String error = c.refusal().event() instanceof dev.argoforensics.event.ControllerEvent.Signal s ? s.attribute("error") : null;
        return error == null || error.isEmpty() ? "" : " (\"" + error + "\")";
    }

    /** The node's phase the stored Workflow kept: its outcome recorded before the marking, where known. */
    private static String keptPhase(Case c) {
        return c.life().outcome() != null && c.life().outcome().phase() != null ? c.life().outcome().phase() : "as it was before the marking";
    }

    private static String nodePhase(Case c) {
        return ((WorkflowPodMissing) c.declared().event()).nodePhase();
    }
}
