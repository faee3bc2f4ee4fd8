package dev.argoforensics.rules;

import dev.argoforensics.correlate.Known;
import dev.argoforensics.wording.Message;
import java.util.Optional;

/**
 * What a finding about a node its controller marked {@code pod deleted} may claim, given the evidence that the Pod's Workflow was
 * not being deleted ({@link dev.argoforensics.correlate.PodLifecycle#workflowNotDeleted}, derived once in correlation). A Workflow
 * deleted in the foreground is still reconciled while the garbage collector deletes its Pods, and records them {@code pod deleted}
 * as it is thrown away (lifecycle reference A3): the deleted-Workflow look-alike of AF001, AF002, AF007 and AF008. An object or a
 * record showing the Workflow not being deleted leaves the finding as it is; the controller's lines, or an export placed after the
 * Pod's loss only by the clock its file states, make it likely at most; nothing at all makes it {@code open} at most (possible for a
 * rule whose lines the look-alike leaves as they are, likely for AF008, whose Pod evidence already rules out the Pod's deletion).
 * Evidence another record contests ({@link Known#contested}: the garbage collector's delete of the Pod) gives what it would
 * give, likely at most, the disagreement named (session 43).
 *
 * @param confidence the finding's confidence after the cap
 * @param reason     its reason, naming the evidence or what it lacked
 */
record WorkflowStandingCap(Confidence confidence, Message reason) {

    /** A rule's words for the three outcomes, each taking {@code {reason}} (and {@code {stood}} for the first two). */
    record Words(String stoodByLines, String stoodByStatedTime, String deletionOpen) {
    }

    /**
     * {@code reason}, naming the delete of the Workflow whose outcome the audit log does not hold ({@link
     * dev.argoforensics.correlate.PodLifecycle#workflowDeleteUnlogged}) where nothing shows the Workflow stood ({@code stood} empty;
     * where it is present, the request contests it already): the finding says what it lacked (session 49).
     */
    static Message unlogged(Message reason, dev.argoforensics.correlate.PodLifecycle life, Optional<Known> stood) {
        if (stood.isPresent()) {
            return reason;
        }
        if (life.workflowDeleteUnlogged().isPresent()) {
            return Message.of("common.workflowDeleteUnlogged", "reason", reason, "request", life.workflowDeleteUnlogged().get().how());
        }
        // Session 50: a delete of the name whose recreation before the Pod rests on a create whose outcome is not logged.
        return life.workflowRecreateUnlogged().map(k -> Message.of("common.workflowRecreateUnlogged", "reason", reason, "request", k.how()))
                .orElse(reason);
    }

    /** The cap on {@code confidence} and {@code reason}; a possible finding, or one the Workflow's standing is shown for, is left as it is. */
    static WorkflowStandingCap of(Confidence confidence, Message reason, Optional<Known> stood, Confidence open, Words words) {
        return of(confidence, reason, stood, open, words, null);
    }

    /** The same; {@code settle}, where not null, is what the open outcome's words name as lacking ({@code {settle}}). */
    static WorkflowStandingCap of(Confidence confidence, Message reason, Optional<Known> stood, Confidence open, Words words, Message settle) {
        if (confidence != Confidence.POSSIBLE && stood.isPresent() && stood.get().contested()) {
            // Session 43: another record (the garbage collector's delete of the Pod) says the Workflow was going: likely at most,
            // the disagreement named.
            WorkflowStandingCap uncontested = of(confidence, reason, Optional.of(new Known(stood.get().at(), stood.get().how(),
                    stood.get().evidence(), stood.get().fromLogs(), stood.get().statedClock())), open, words, settle);
            Confidence capped = uncontested.confidence() == Confidence.CONFIRMED ? Confidence.LIKELY : uncontested.confidence();
            return new WorkflowStandingCap(capped, Message.of("common.stoodContested", "reason", uncontested.reason(), "contest", stood.get().contestedBy()));
        }
        if (confidence == Confidence.POSSIBLE || stood.isPresent() && !stood.get().weak()) {
            return new WorkflowStandingCap(confidence, reason);
        }
        if (stood.isPresent()) {
            return new WorkflowStandingCap(Confidence.LIKELY, Message.of(stood.get().statedClock() ? words.stoodByStatedTime() : words.stoodByLines(),
                    "reason", reason, "stood", stood.get().how()));
        }
        return new WorkflowStandingCap(open, settle == null ? Message.of(words.deletionOpen(), "reason", reason)
                : Message.of(words.deletionOpen(), "reason", reason, "settle", settle));
    }
}
