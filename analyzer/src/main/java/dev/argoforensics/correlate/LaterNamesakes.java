package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodCreated;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
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
 * as the lifecycle reads them), and only a description without a UID. The controller's times are read as stated (a logrus time with
 * a literal {@code Z} as UTC, as everywhere else), an order closer than {@link DeletionBounds#CROSS_CLOCK_NANOS} is not taken as
 * shown, and none is where the run's clock is shown off the objects' by more than that. Set apart, a description is named in the
 * report's evidence gaps and the Pod's timeline; kept, it is the Pod's.
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
     */
    public record SetApart(SourceRef source, String shown, Timestamp at, LogEvent after, String afterWhat) {
    }

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
        for (ContainerState c : s.containers()) {
            if (certainlyAfter(c.startedAt(), deleting, clocks)) {
                return new SetApart(s.source(), "container " + c.name() + " started", c.startedAt(), deleting,
                        "the controller saw the Pod being deleted");
            }
        }
        if (gone == null) {
            return null;
        }
        if (certainlyAfter(s.startTime(), gone, clocks)) {
            return new SetApart(s.source(), "Start Time", s.startTime(), gone, "the Pod left the cluster");
        }
        return null;
    }

    /**
     * The object's time is after the line's by more than two clocks may disagree. Not where the line's run is shown off the objects'
     * clock by more than that ({@link RunClocks}: its pairs of a {@code Created pod} line and a {@code creationTimestamp}): its times
     * are not shifted (the report says so), and a pair may be of another Pod of the name, so no order is taken across it.
     */
    private static boolean certainlyAfter(Timestamp objects, LogEvent line, RunClocks clocks) {
        if (objects == null || line.time() == null || !objects.comparable(line.time())) {
            return false;
        }
        RunClocks.RunClock clock = clocks == null ? null : clocks.of(line.stream());
        if (clock != null && Math.abs(clock.offsetNanos()) > DeletionBounds.CROSS_CLOCK_NANOS) {
            return false;
        }
        Instant end = line.time().windowEnd();
        return objects.instant().isAfter(end.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
    }
}
