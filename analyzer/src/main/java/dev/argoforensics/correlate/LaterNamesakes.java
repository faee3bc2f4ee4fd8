package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Descriptions of a later Pod under the name, set apart from the Pod the lines are about. {@code kubectl describe pod} prints no UID,
 * so a description pasted beside the controller's log is tied to the Pod of its name (session 49); but a name is made again: a
 * Workflow submitted again under its name, {@code argo retry} of a node whose Pod was deleted, a Pod created again for its node, each
 * makes a Pod of the same name after the earlier one is gone, and a description taken then shows the new Pod's containers (its exit
 * codes, its phase) as if they were the earlier one's. What the description prints that the kubelet alone sets tells them apart:
 * <ul>
 * <li>a container {@code Started} certainly after the controller saw the Pod being deleted (its pod handler's {@code Removing
 * finalizers during a delete}): the kubelet starts no container of a Pod it syncs as terminating, and a container it started before
 * it saw the deletion started within its watch's lag, well inside {@link DeletionBounds#CROSS_CLOCK_NANOS};</li>
 * <li>a {@code Start Time} (the kubelet's first status of the Pod) or a container {@code Started} certainly after that Pod left the
 * cluster (the {@code delete pod event} after that handler line, in the same run): nothing writes the status of an object that
 * is no longer there. The {@code Start Time} alone is not read against the deletion: a Pod deleted while still Pending gets one
 * from the kubelet's first sync, which may come after the request.</li>
 * </ul>
 * Only the lines from the Pod's latest {@code Created pod} on are read (an earlier Pod's deletion says nothing of the latest one's,
 * as the lifecycle reads them), and only a description without a UID. An order closer than {@link DeletionBounds#CROSS_CLOCK_NANOS}
 * is not taken as shown. The controller's line is on the objects' clock only where that is known: its time states its zone (slog),
 * was read in a zone measured or given ({@code --log-tz}), or its run's pairs ({@link RunClocks}) put its clock within that margin
 * of the objects'. A logrus time ends in a literal {@code Z} that it writes after local time (klog's states no zone at all): on
 * a controller west of UTC its lines read hours early, and a description of the Pod itself, its containers started minutes before
 * the deletion, reads as started after it (session 50). There, without a pair that measures the run's clock, a description after
 * the line by less than the furthest a zone lies west of UTC ({@link #WESTMOST_ZONE_NANOS}, 12 h) cannot be ordered, nor one
 * after the line of a run whose pairs show its clock off: it is set aside <em>unordered</em> (neither read as this Pod's state, which
 * it may not be, nor said to be a later Pod's, which it may not be), and the reason is named. Set apart or aside, a description is
 * named in the report's evidence gaps and the Pod's timeline; kept, it is the Pod's. (A controller east of UTC reads late: a later
 * Pod's description whose containers started within that lead stays the Pod's, as before session 49; nothing given tells.)
 */
public final class LaterNamesakes {
    private LaterNamesakes() {
    }

    /**
     * A description set apart.
     *
     * @param source   where the description starts
     * @param shown    what it shows that dates it ({@code container main started}, {@code Start Time})
     * @param at       that time, on the objects' clock
     * @param after    the line it is certainly after
     * @param afterWhat what that line shows ({@code the Pod left the cluster}, {@code the controller saw the Pod being deleted})
     * @param unordered  null where the description is certainly of a later Pod; else why its order against the line cannot be taken
     *                   (the line's clock not known to be the objects'): set aside, neither this Pod's state nor said to be another's
     */
    public record SetApart(SourceRef source, String shown, Timestamp at, LogEvent after, String afterWhat, String unordered) {
        /** Certainly a later Pod's. */
        public boolean later() {
            return unordered == null;
        }
    }

    /**
     * The furthest west of UTC a zone lies (UTC-12:00): a time written as local time with a literal {@code Z} is at most that much
     * earlier than the instant it stands for.
     */
    static final long WESTMOST_ZONE_NANOS = 12L * 3600 * 1_000_000_000L;

    /** The Pod's exports kept, and the descriptions of a later Pod set apart. */
    record Split(List<PodSnapshot> kept, List<SetApart> setApart) {
    }

    static Split split(List<LogEvent> lines, List<PodSnapshot> snapshots, RunClocks clocks) {
        if (snapshots.stream().noneMatch(LaterNamesakes::undated)) {
            return new Split(snapshots, List.of());
        }
        LogEvent created = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof PodCreated && (created == null || !EventOrder.before(e, created))) {
                created = e;
            }
        }
        LogEvent deleting = null;
        for (LogEvent e : lines) {
            if (e.event() instanceof FinalizersOnDelete && (created == null || EventOrder.after(e, created))) {
                deleting = e;
                break;
            }
        }
        if (deleting == null) {
            return new Split(snapshots, List.of());
        }
        LogEvent gone = null;
        for (LogEvent e : lines) {
            if (e.stream() == deleting.stream() && e.ordinal() > deleting.ordinal() && e.event() instanceof PodInformerEvent p
                    && p.action() == InformerAction.DELETE) {
                gone = e;
                break;
            }
        }
        List<PodSnapshot> kept = new ArrayList<>();
        List<SetApart> apart = new ArrayList<>();
        for (PodSnapshot s : snapshots) {
            SetApart a = undated(s) ? laterPod(s, deleting, gone, clocks) : null;
            if (a == null) {
                kept.add(s);
            } else {
                apart.add(a);
            }
        }
        return new Split(kept, apart);
    }

    /** A description without a UID: nothing but its times tells its Pod from another of the name. */
    private static boolean undated(PodSnapshot s) {
        return s.described() && s.uid().isEmpty();
    }

    private static SetApart laterPod(PodSnapshot s, LogEvent deleting, LogEvent gone, RunClocks clocks) {
        SetApart unordered = null;
        for (ContainerState c : s.containers()) {
            Order o = order(c.startedAt(), deleting, clocks);
            if (o.after()) {
                return new SetApart(s.source(), "container " + c.name() + " started", c.startedAt(), deleting,
                        "the controller saw the Pod being deleted", null);
            }
            if (o.unordered() != null && unordered == null) {
                unordered = new SetApart(s.source(), "container " + c.name() + " started", c.startedAt(), deleting,
                        "the controller saw the Pod being deleted", o.unordered());
            }
        }
        if (gone != null) {
            Order o = order(s.startTime(), gone, clocks);
            if (o.after()) {
                return new SetApart(s.source(), "Start Time", s.startTime(), gone, "the Pod left the cluster", null);
            }
            if (o.unordered() != null && unordered == null) {
                unordered = new SetApart(s.source(), "Start Time", s.startTime(), gone, "the Pod left the cluster", o.unordered());
            }
        }
        return unordered;
    }

    /** An object's time against a line: certainly after it, after it as read but on a clock not known to be the objects', or neither. */
    private record Order(boolean after, String unordered) {
        static final Order NOT_SHOWN = new Order(false, null);
    }

    /**
     * The object's time after the line's by more than two clocks may disagree, on a clock known to be the objects' (see the class
     * comment); where the line's clock is not known so, after it only beyond the westmost zone's offset, else unordered with why.
     */
    private static Order order(Timestamp objects, LogEvent line, RunClocks clocks) {
        if (objects == null || line.time() == null || !objects.comparable(line.time())) {
            return Order.NOT_SHOWN;
        }
        Instant end = line.time().windowEnd().plusNanos(DeletionBounds.CROSS_CLOCK_NANOS);
        if (!objects.instant().isAfter(end)) {
            return Order.NOT_SHOWN;
        }
        RunClocks.RunClock clock = clocks == null ? null : clocks.of(line.stream());
        if (clock != null) {
            long offset = clock.offsetNanos();
            return Math.abs(offset) <= DeletionBounds.CROSS_CLOCK_NANOS ? new Order(true, null)
                    : new Order(false, "the controller run that logged " + line.source() + " is shown off the objects' clock (its times run about "
                            + GoDuration.format(Math.abs(offset)) + (offset > 0 ? " behind" : " ahead of") + " them, by " + clock.pairing()
                            + "), so its line is not ordered against the description's times");
        }
        ZoneBasis zone = line.time().zone();
        if (zone != ZoneBasis.LITERAL_Z && zone != ZoneBasis.ASSUMED_UTC) {
            return new Order(true, null);
        }
        if (objects.instant().isAfter(end.plusNanos(WESTMOST_ZONE_NANOS))) {
            return new Order(true, null);
        }
        return new Order(false, "the controller's time at " + line.source() + (zone == ZoneBasis.LITERAL_Z
                ? " ends in a literal Z, which logrus writes after local time" : " states no zone (klog writes local time)")
                + ", and no pair of its run's lines with the objects measures its clock: on a controller west of UTC it reads up to 12h early,"
                + " so the description is not ordered after it (--log-tz, or an export of a Pod its run created, would)");
    }
}
