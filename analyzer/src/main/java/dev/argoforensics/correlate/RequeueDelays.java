package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.LogEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each controller run's workflow-queue requeue delay, as its start banner states it (session 39): {@code Starting Workflow
 * Controller defaultRequeueTime=…} ({@code GetRequeueTime()}: the {@code DEFAULT_REQUEUE_TIME} environment variable, 10 s when
 * unset, in every release v3.4.0-v4.x; read at the tags). The workflow queue's rate limiter ({@code fixedItemIntervalRateLimiter})
 * gives every {@code AddRateLimited} that delay, so it is how long after an event that requeues a Workflow (a task result's add
 * or update from v3.5.3, a stop on a pending result from v3.5.5) the Workflow is due again.
 *
 * <p>A run is one process (a new banner starts a new run, {@code ControllerProcess#incarnation}), and the variable is read by that
 * process, so a banner speaks for its own run only: not for an earlier or later run of the same replica (a redeploy may change the
 * variable), nor for another replica. Where the run's banner is not in the lines (an excerpt that begins after it), the delay is
 * the default, and {@link Delay#stated()} says it was not stated. Derived once per correlation, in one pass over the kept lines
 * (the banner is always kept).
 */
public final class RequeueDelays {
    /** The controller's default, {@code DEFAULT_REQUEUE_TIME} unset. */
    public static final long DEFAULT_NANOS = 10_000_000_000L;

    /** Per stream, its banner (the first, which begins the run). */
    private final Map<Integer, LogEvent> banners = new HashMap<>();

    private RequeueDelays() {
    }

    public static RequeueDelays of(List<LogEvent> events) {
        RequeueDelays d = new RequeueDelays();
        for (LogEvent e : events) {
            if (e.event() instanceof ControllerStarted) {
                d.banners.putIfAbsent(e.stream(), e);
            }
        }
        return d;
    }

    /**
     * A run's requeue delay.
     *
     * @param nanos  the delay
     * @param banner the run's start banner, null where its lines hold none
     * @param stated whether the banner states it ({@code defaultRequeueTime}); false: the default, assumed
     */
    public record Delay(long nanos, LogEvent banner, boolean stated) {
        /** The banner, where it states the delay. */
        public java.util.Optional<LogEvent> bannerIfStated() {
            return stated ? java.util.Optional.of(banner) : java.util.Optional.empty();
        }
    }

    /** The delay of the run (stream) {@code stream}: its banner's, else the default, not stated. */
    public Delay of(int stream) {
        LogEvent banner = banners.get(stream);
        Long nanos = banner == null ? null : ((ControllerStarted) banner.event()).requeueNanos();
        return nanos == null ? new Delay(DEFAULT_NANOS, banner, false) : new Delay(nanos, banner, true);
    }
}
