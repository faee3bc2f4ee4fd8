package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import java.time.ZoneOffset;

/**
 * The controller's clock disagreeing with the objects' for one Pod: it saw the Pod's deletion before the
 * objects say it was requested (logrus prints local time with a literal {@code Z}; a controller node's
 * clock may be off). Where a pair of facts the two clocks both date (the controller's {@code Created pod}
 * line and the Pod's {@code creationTimestamp}, which the API server set as the controller created it)
 * gives it, the offset too.
 *
 * @param seen        the controller's sighting of the deletion, on its clock
 * @param contradicts the object that shows the Pod not yet deleted (or its deletion later) on the objects' clock
 * @param offsetNanos how far the objects' clock is ahead of the controller's (objects minus controller), null if no pair gives it
 * @param pairing     the pair of facts the offset comes from, in a few words, null without one
 */
public record ClockSkew(Known seen, Known contradicts, Long offsetNanos, String pairing) {

    /** An offset this close to a whole quarter hour is a zone's, not a drift. */
    private static final long ZONE_SLACK_NANOS = 120_000_000_000L;
    private static final long QUARTER_HOUR_NANOS = 900_000_000_000L;

    /**
     * @param run    the clock of the controller run that saw the deletion, null if no pair dates it: where its pairs agree on a
     *               zone's offset and are more than the Pod's own one, the offset is the run's (every pair, derived once)
     * @param stream that run's stream: the Pod's own pair (its {@code Created pod} line against its {@code creationTimestamp})
     *               dates only the run that logged that line, and another controller (a replica that took over, whose clock may
     *               be off) saw the deletion on its own clock
     */
    static ClockSkew of(PodHistory pod, Known seen, Known contradicts, RunClocks.RunClock run, int stream) {
        LogEvent created = null;
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof PodCreated && e.stream() == stream) {
                created = e;
                break;
            }
        }
        Timestamp creation = pod.snapshots().stream().map(PodSnapshot::creationTimestamp).filter(t -> t != null).findFirst().orElse(null);
        boolean ownPair = created != null && creation != null;
        if (run != null && (run.zoneNanos() != null || !ownPair) && (run.pairs().size() > 1 || !ownPair)) {
            return new ClockSkew(seen, contradicts, run.offsetNanos(), run.pairs().size() == 1 ? "the controller's Created pod line at "
                    + run.pairs().get(0).created().time().format() + " against the Pod " + run.pairs().get(0).pod().name() + "'s creationTimestamp "
                    + run.pairs().get(0).creation().format() : "the controller run's " + run.pairing()
                    + (run.zoneNanos() != null ? ", all on one zone's offset" : ""));
        }
        if (!ownPair) {
            return new ClockSkew(seen, contradicts, null, null);
        }
        long offset = created.time().nanosUntil(creation);
        return new ClockSkew(seen, contradicts, offset, "the controller's Created pod line at " + created.time().format()
                + " against the Pod's creationTimestamp " + creation.format());
    }

    /** The controller's sighting moved onto the objects' clock, if the offset is known. */
    Known seenOnObjectsClock() {
        if (offsetNanos == null) {
            return null;
        }
        Timestamp t = seen.at();
        Timestamp moved = new Timestamp(t.instant().plusNanos(offsetNanos), t.precision(), t.zone());
        return new Known(moved, seen.how() + " at " + t.format() + " on its own clock, moved onto the objects' by the offset "
                + (offsetNanos < 0 ? "-" : "") + GoDuration.format(Math.abs(offsetNanos)) + " that " + pairing + " gives", seen.evidence(), true);
    }

    /** "its times run 7h0m0s behind the objects' (as local time in UTC-07:00 written with a literal Z would), by …". */
    public String offset() {
        if (offsetNanos == null) {
            return "no pair of facts gives the offset";
        }
        long rounded = Math.round((double) offsetNanos / QUARTER_HOUR_NANOS) * QUARTER_HOUR_NANOS;
        String dir = offsetNanos >= 0 ? "behind" : "ahead of";
        String zone = rounded != 0 && Math.abs(offsetNanos - rounded) <= ZONE_SLACK_NANOS ? zone(rounded) : "";
        return "its times run about " + GoDuration.format(Math.abs(offsetNanos)) + " " + dir + " the objects'" + zone + ", by " + pairing;
    }

    /**
     * What an offset of whole quarter hours says of the controller's lines, by how their times carry a zone: a zone's only where
     * the line gives none it could be wrong about. logrus prints local time with a literal {@code Z} and klog prints no zone (read
     * as UTC): a controller run in another zone shows as this offset. slog (v4) and the other writers of an RFC 3339 offset state
     * the zone they computed (reference: argo-controller-logs §3.5), so no zone explains it there: the clock itself is off. Times
     * read in the zone {@code --log-tz} gave are off by this if that zone was not the one the lines were written in.
     */
    private String zone(long rounded) {
        String utc = "UTC" + ZoneOffset.ofTotalSeconds((int) (-rounded / 1_000_000_000L)).getId();
        return switch (seen.at().zone()) {
            case LITERAL_Z -> " (as local time in " + utc + " written with a literal Z would)";
            case ASSUMED_UTC -> " (as local time in " + utc + " printed without a zone and read as UTC would)";
            case CONFIGURED -> " (as times read in a --log-tz other than the zone they were written in would)";
            case MEASURED -> " (not a zone: its lines were read in the zone stated times measured (a collector's or the records' own), so the clock itself is off)";
            case STATED -> " (not a zone: its lines state their own offset, so the clock itself is off)";
            case TIME_OF_DAY -> "";
        };
    }

    /** The disagreement in words, with the offset where known. */
    public String describe() {
        return "by its own clock " + seen.how() + " at " + seen.at().format() + ", before what the objects show (" + contradicts.how() + ", "
                + contradicts.at().format() + "); " + offset();
    }
}
