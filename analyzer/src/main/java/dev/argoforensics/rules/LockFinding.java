package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.SyncLocks.Holder;
import dev.argoforensics.rules.SyncLocks.Wait;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.List;

/** AF014's finding: facts, evidence, and the summary and explanation as messages (the rule decides; the words are in en.yaml). */
final class LockFinding {
    private LockFinding() {
    }

    /**
     * @param completed the holder's completed update, or null when only its export shows it completed
     * @param late      the waits logged (or exported) at least the threshold after it completed
     * @param freed     the line that shows the lock free, more than the threshold after the completion (the holder's late
     *                  release, or another holder's acquisition of a lock of limit 1), or null when none is logged
     * @param released  whether {@code freed} is the holder's release
     */
    static Finding of(LockHeldByFinishedWorkflow rule, Correlation c, String lock, SyncLocks.Held held, LogEvent completed, Timestamp doneAt,
            List<Wait> late, PodHistory anchor, Confidence confidence, Message reason, LogEvent freed, boolean released) {
        Holder h = held.holder();
        SyncLocks.Acquisition acquired = held.acquired();
        SyncLocks.ExportedHold exported = held.exported();
        String phase = completed != null ? ((WorkflowUpdated) completed.event()).phase() : exported.export().phase();
        Message level = Message.of(h.nodeId() == null ? "AF014.levelWorkflow" : "AF014.levelTemplate");
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("lock", "Lock", lock));
        facts.add(new Fact("lockHolder", "Holder", h.key() + " (" + Words.english().render(level) + ")"));
        if (acquired != null) {
            facts.add(new Fact("acquiredAt", "Acquired at", acquired.line().time().format()));
        }
        facts.add(new Fact("holderPhase", "Holder completed as", phase));
        facts.add(new Fact("holderCompletedAt", "Holder completed at", doneAt == null ? null : doneAt.format()));
        facts.add(new Fact("releaseLogged", "Release logged", freed != null && released));
        if (freed != null) {
            facts.add(new Fact("lockFreeAt", released ? "Released only at" : "Acquired by another only at", freed.time().format()));
        }
        Wait last = late.isEmpty() ? null : late.get(late.size() - 1);
        if (last != null) {
            facts.add(new Fact("waiters", "Still waiting", Words.english().render(LockHeldByFinishedWorkflow.waiters(late))));
            facts.add(new Fact("lastWaitAt", "Last seen waiting at", last.at().format()));
            facts.add(new Fact("waitedAfterCompletion", "Waited after the holder completed", GoDuration.format(doneAt.nanosUntil(last.at()))));
            if (last.status() != null) {
                facts.add(new Fact("lockStatus", "Lock status last logged", last.status().text()));
            }
        }
        if (exported != null) {
            facts.add(new Fact("exportListsHolder", "Export of the completed Workflow lists it as holder", true));
        }

        Cite cite = new Cite(c);
        cite.line(acquired == null ? null : acquired.line(), "the holder acquires the lock");
        cite.line(completed, freed != null && released ? "the holder is persisted completed; no release of its locks is logged with it"
                : "the holder is persisted completed; no release of its locks is logged");
        if (!late.isEmpty()) {
            cite.line(late.get(0).line(), "a Workflow still waits for the lock after the threshold");
            late.stream().filter(w -> w.line() != null && w.line().text().contains(lock)).findFirst()
                    .ifPresent(w -> cite.line(w.line(), "the waiting Workflow names the lock"));
            cite.line(last.line(), "the last wait in the evidence");
        }
        cite.line(freed, released ? "the holder's locks are released only now" : "another Workflow acquires the lock only now");
        List<EvidenceLine> evidence = new ArrayList<>(cite.evidence());
        if (exported != null) {
            evidence.add(EvidenceLine.object(exported.export().source(), "exported completed Workflow still listing itself as holder",
                    describe(exported.export(), lock, h)));
        }
        late.stream().filter(w -> w.export() != null).findFirst().ifPresent(w -> evidence.add(EvidenceLine.object(w.export().source(),
                "exported Workflow waiting for the lock", describe(w.export(), lock, null))));

        // The holder's Pod when one is in the evidence; else the finding is about the holder Workflow (no Pod).
        WorkflowRef wf = anchor != null ? anchor.link().workflow() : h.ref();
        Message summary = Message.of("AF014.summary", "workflow", h.ref().toString(), "phase", phase,
                "at", doneAt == null ? Message.of("AF014.unknownTime") : doneAt.format(), "lock", lock, "waiting", last == null ? Message.NOTHING
                        : Message.of("AF014.summaryWaiting", "waiters", LockHeldByFinishedWorkflow.waiters(late),
                                "waited", GoDuration.format(doneAt.nanosUntil(last.at()))));
        Finding.NodeRef node = anchor != null ? new Finding.NodeRef(anchor.link().nodeId(), anchor.link().nodeName())
                : h.nodeId() == null ? null : new Finding.NodeRef(h.nodeId(), null);
        boolean holdingPod = anchor != null && h.nodeId() != null && h.nodeId().equals(anchor.link().nodeId());
        return new Finding(rule.id(), rule.title(), rule.severity(), confidence, reason, anchor == null ? null : anchor.key(),
                anchor == null ? "" : anchor.uid(), wf, node, summary, explain(h, lock, level, exported != null, last, holdingPod, freed, released), facts, evidence);
    }

    private static Message explain(Holder h, String lock, Message level, boolean exported, Wait last, boolean holdingPod, LogEvent freed,
            boolean released) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF014.explain.noRelease", "level", level, "holder", h.key(), "lock", lock,
                "when", freed != null && released ? Message.of("AF014.explain.whenCompleted") : Message.NOTHING,
                "exported", exported ? Message.of("AF014.explain.exportLists") : Message.NOTHING));
        if (last != null) {
            m.add(Message.of("AF014.explain.keptWaiting"));
        }
        if (freed != null) {
            m.add(Message.of(released ? "AF014.explain.lateRelease" : "AF014.explain.lateAcquired", "at", freed.time().format()));
        }
        m.add(Message.of("AF014.explain.remedy", "pod", Message.of(holdingPod ? "AF014.explain.holdingPod" : "AF014.explain.lastPod")));
        return Message.sequence(m);
    }

    static String describe(WorkflowSnapshot s, String lock, Holder h) {
        StringBuilder b = new StringBuilder("Workflow ").append(s.name()).append(" (").append(s.phase().isEmpty() ? "no phase" : s.phase()).append(')');
        if (s.finishedAt() != null) {
            b.append(", finishedAt ").append(s.finishedAt().format());
        }
        s.synchronization().holding().stream().filter(l -> l.lock().equals(lock))
                .forEach(l -> b.append(", ").append(l.kind()).append(" holding ").append(l.lock()).append(" by ").append(l.holder()));
        s.synchronization().waiting().stream().filter(l -> l.lock().equals(lock))
                .forEach(l -> b.append(", waiting for ").append(l.lock()).append(" as ").append(l.holder()));
        if (h == null) {
            s.nodes().values().stream().filter(n -> n.message().startsWith("Waiting for " + lock + " "))
                    .forEach(n -> b.append(", node ").append(n.id()).append(" ").append(n.phase()).append(" \"").append(n.message()).append('"'));
        }
        if (s.observed() != null) {
            b.append("; exported ").append(s.observed().lowerBound() ? "no earlier than " : "at ").append(s.observed().time().format());
        }
        return b.toString();
    }
}
