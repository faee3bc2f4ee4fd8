package dev.argoforensics.correlate;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;

/**
 * A release the lifetime reads as its own whose scheduling line dates the condition transition the handler read more than a node's
 * minute before the only creation of the name the inputs show (session 61; {@link ReleaseLifetime#datedBeforeCreation}). The handler
 * logs {@code delay = lastTransition + max(podGC delay, 2m) - now} and stamps its line with that {@code now}, so the line's time plus
 * its delay less the effective delay is the transition, on the clock of whoever stamped it (the kubelet, or the scheduler for a Pod
 * never started). No condition of a Pod is older than the Pod: a transition dated before its creation is an earlier Pod's of the name
 * (its {@code Created pod} line rotated away, cut from an excerpt or a grep), or this Pod's read on clocks off by that much.
 *
 * @param release  the release's scheduling line ({@code queuing pod delay ... action=removeFinalizer})
 * @param dated    the transition as the line dates it (the whole second a condition's time is cut to as its window)
 * @param creation this Pod's creation: its export's {@code creationTimestamp} (the API server's clock) where the lifetime's exports
 *                 give one, else its {@code Created pod} line (the creating run's clock)
 * @param exported whether {@code creation} is the export's
 * @param created  the lifetime's {@code Created pod} line
 * @param order    how the dated transition orders before the creation ({@link NodeClock.NodeOrder}): {@code BOUNDED}, by the node's
 *                 clock bounded from the Pod's own records near that time and the API server's time (the delay cannot be this Pod's);
 *                 {@code MARGIN} or {@code FAR}, only on a node's clock nothing near checks (it may be this Pod's, clocks off)
 * @param clock    what bounds the node's clock ({@link NodeClock#describe}), for the words
 * @param paired   where {@code creation} is the {@code Created pod} line put on the objects' clock by its run's {@link RunClocks} pairs
 *                 of other Pods (s61 breaker): those pairs, for the words (null: the line as stamped, or the export's)
 */
public record DatedBeforeCreation(LogEvent release, Timestamp dated, Timestamp creation, boolean exported, LogEvent created,
                                  NodeClock.NodeOrder order, String clock, String paired) {

    /** The transition cannot be this Pod's: ordered before its creation by clocks the evidence bounds, not on an assumption. */
    public boolean notItsOwn() {
        return order == NodeClock.NodeOrder.BOUNDED;
    }

    /** How far before the creation the transition is dated. */
    public long beforeNanos() {
        return dated.nanosUntil(creation);
    }
}
