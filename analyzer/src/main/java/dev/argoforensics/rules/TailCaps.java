package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.TailCut;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cap for a finding whose clearing evidence would come after the controller's evidence of its Workflow ends: the Workflow's
 * latest line is in a rotated piece whose later piece the inputs lack, or in a run whose lines were selected or cut (a recorded
 * {@code grep} or {@code head}, a file name saying so: {@code ControllerProcess.selectedBy}), and nothing shows the Workflow ended
 * ({@link TailCut}).
 * A {@code likely} resting on the lines is then {@code possible}, and says which piece it lacked; {@code confirmed} rests on an
 * object (an export, an audit log) that the later lines cannot undo, and stays. Only rules whose look-alikes are shown by lines
 * that come after the line their verdict rests on use it (see each rule's doc).
 */
final class TailCaps {
    private TailCaps() {
    }

    /**
     * The finding, capped at {@code possible} when its Workflow's evidence ends early after {@code after} (the line the verdict rests
     * on), with the reason saying so ({@code could}: what the missing lines could show) and a fact naming the missing piece; else the
     * finding as it is.
     */
    static Finding capped(Finding f, Correlation correlation, Timestamp after, Message could) {
        return capped(f, correlation, after, null, could);
    }

    /**
     * As {@link #capped(Finding, Correlation, Timestamp, Message)}, where an object (an export) showed the state the verdict rests on until
     * {@code shownUntil}: an export taken after the lines stop covers the stretch the missing piece held, and the finding stays.
     */
    static Finding capped(Finding f, Correlation correlation, Timestamp after, Timestamp shownUntil, Message could) {
        if (f.confidence() != Confidence.LIKELY || f.workflow() == null) {
            return f;
        }
        Optional<TailCut> cut = correlation.tailCut(f.workflow(), after);
        if (cut.isEmpty() || (shownUntil != null && shownUntil.isAfter(cut.get().last().time()))) {
            return f;
        }
        TailCut c = cut.get();
        List<Fact> facts = new ArrayList<>(f.facts());
        Message why;
        if (c.run().continuesIn() != null) {
            why = Message.sequence(List.of(f.reason(), Message.of("caveat.tailCut", "at", c.last().time().format(), "run", c.run().label(),
                    "successor", fileName(c.run().continuesIn()), "could", could)));
            facts.add(new Fact("laterLogNotGiven", "The Workflow's evidence ends at", c.last().time().format() + " (" + c.run().label()
                    + " went on in " + fileName(c.run().continuesIn()) + ", not in the inputs)"));
        } else {
            // A live file cut by head or selected by grep: the run's later lines were written, and not all of them given.
            why = Message.sequence(List.of(f.reason(), Message.of("caveat.selectedCut", "at", c.last().time().format(), "run", c.run().label(),
                    "how", c.run().selectedBy(), "could", could)));
            facts.add(new Fact("linesSelected", "The Workflow's evidence ends at", c.last().time().format() + " (" + c.run().label()
                    + "'s lines were selected or cut: " + c.run().selectedBy() + ")"));
        }
        return new Finding(f.rule(), f.title(), f.severity(), Confidence.POSSIBLE, why, f.pod(), f.podUid(), f.workflow(), f.node(), f.about(),
                f.account(), facts, f.evidence());
    }

    /** The last part of a display path: the piece's own name, which the report's inputs list gives with its folder. */
    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
