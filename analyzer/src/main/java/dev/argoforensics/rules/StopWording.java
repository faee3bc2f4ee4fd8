package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.TerminationRounds.Signaled;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;

/** AF010's explanation: which of its parts apply (their words are in en.yaml). */
final class StopWording {
    private StopWording() {
    }

    static Message explain(PodHistory pod, String who, boolean killRound, long grace, boolean graceLogged, Signaled undelivered, LogEvent end,
                           boolean waitForced) {
        List<Message> m = new ArrayList<>();
        m.add(Message.of("AF010.explain.rounds", "grace", GoDuration.format(grace),
                "logged", Message.of(graceLogged ? "AF010.explain.graceLogged" : "AF010.explain.graceDefault")));
        if (killRound) {
            m.add(Message.of("AF010.explain.killRound", "pod", pod.key().toString(), "who", who));
        } else if (undelivered == null) {
            m.add(Message.of("AF010.explain.noKillRound", "pod", pod.key().toString(), "who", who));
        }
        if (undelivered != null) {
            m.add(Message.of("AF010.explain.undelivered", "container", undelivered.container(), "error", undelivered.error()));
        }
        if (who.contains("wait")) {
            m.add(Message.of("AF010.explain.wait", "here", waitForced ? Message.of("AF010.explain.asHere") : Message.NOTHING));
        } else {
            m.add(Message.of("AF010.explain.sidecar"));
        }
        if (end == null) {
            m.add(Message.of("AF010.explain.notStopped"));
        }
        m.add(Message.of("AF010.explain.advice"));
        return Message.sequence(m);
    }
}
