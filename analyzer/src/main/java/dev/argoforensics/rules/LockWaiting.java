package dev.argoforensics.rules;

import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.SyncLocks.LockStatus;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a waiting message names (AF014): {@code Waiting for <lock> lock. Lock status: <free>/<limit>},
 * as the controller writes it into a node's or a Workflow's message; v3.7+ database locks add
 * {@code (<db key>)} and count held/limit.
 */
record LockWaiting(String lock, LockStatus status) {
    private static final Pattern WAITING = Pattern.compile("^Waiting for (\\S+) lock(?: \\(([^)]*)\\))?\\. Lock status: (\\d+)/(\\d+)\\s*$");

    /** The lock and status a waiting message names, or null. */
    static LockWaiting parse(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = WAITING.matcher(message);
        if (!m.matches()) {
            return null;
        }
        return new LockWaiting(m.group(1), new LockStatus(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), m.group(2) != null));
    }

    /**
     * The Workflow's waiting message logged last before the line, else first after it (the operator logs the warning first).
     * The messages are in time order across runs ({@link EventOrder#inTimeOrder}); another run's message too close to the
     * line to tell counts as before it.
     */
    static LockWaiting nearest(List<LogEvent> messages, LogEvent line) {
        LogEvent best = null;
        for (LogEvent m : messages) {
            if (m == line || EventOrder.notAfter(m, line)) {
                best = m;
            } else if (best == null) {
                best = m;
                break;
            }
        }
        return best == null ? null : parse(((Signal) best.event()).attribute("message"));
    }
}
