package dev.argoforensics.correlate;

import dev.argoforensics.correlate.WorkflowFate.PodGoing;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.Cleanup;
import dev.argoforensics.event.ControllerEvent.InformerAction;
import dev.argoforensics.event.ControllerEvent.PodInformerEvent;
import dev.argoforensics.event.ControllerEvent.PodRestartQualified;
import dev.argoforensics.event.ControllerEvent.PodStopping;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerEvent.WorkflowUpdated;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.GoDuration;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Workflow deleted in the foreground, as the controller's own lines show it (session 47). {@code kubectl delete workflow
 * --cascade=foreground} writes the Workflow (its {@code deletionTimestamp} and the finalizer {@code foregroundDeletion}: a new
 * resourceVersion), which the controller's Workflow informer delivers as an update: the Workflow is queued and a worker logs
 * {@code Processing workflow} with that version, one no {@code Workflow update successful} of the controller wrote. The garbage
 * collector then deletes every dependent (ownerReferences, {@code blockOwnerDeletion}) within moments, and the pod controller
 * handles each deletion ({@code Removing finalizers during a delete}, the deleting branch of {@code commonPodEvent}) while the
 * Workflow, held by the finalizer, is still reconciled and records the nodes lost or failed on the kill (lifecycle reference A3;
 * Argo logs nothing of the Workflow's deletionTimestamp itself, v3.5-v4.1). No one line tells it from a user's delete of a Pod;
 * together these do:
 *
 * <ul>
 *   <li>a pass over a version of the Workflow written by someone else: the first {@code Processing workflow} naming a version
 *       no line of the Workflow named before (no {@code Workflow update successful} of any run wrote it), greater than every
 *       version named before, after an earlier versioned line of the same run, and with no refused update or conflict
 *       re-applied between ({@code Error updating workflow}, {@code Re-applying updates…}: the controller's own retried write, or
 *       its write of a size error, whose version it may not log), in a run whose lines show the controller's own
 *       {@code Workflow update successful} before it (a log grep'd or filtered without them shows no one else's write);</li>
 *   <li>every Pod of the Workflow the run's pod informer held then (a line of it before, no {@code delete pod event} before)
 *       deletion-handled by the pod controller after that pass, within {@link #SPAN_NANOS} of it: the collector's sweep;</li>
 *   <li>no update of the Workflow refused as not found after the pass while a swept Pod was still there (held by the finalizer,
 *       the Workflow outlives its Pods; gone first, it was deleted in the background), and none succeeding more than
 *       {@link #SPAN_NANOS} after the last swept Pod left (held only by the finalizer, it goes with its last Pod: still written
 *       then, it was only annotated, labelled or suspended while its Pods went another way);</li>
 *   <li>none of it the controller's own doing: no stop, restart, {@code deletePod}, {@code deletePodByUID},
 *       {@code terminateContainers} or {@code killContainers} of the Workflow's Pods from just before the pass to the last
 *       deletion ({@code argo stop}/{@code terminate} write the Workflow too, then the controller stops and may delete its Pods).</li>
 * </ul>
 *
 * <p>Not it: a node drain or a user's label-selector delete (no write of the Workflow before the Pods go), PodGC and TTL (the
 * controller's own cleanup lines; the gc controller's delete is {@link WorkflowFates#GC_DELETING}), a Workflow deleted after its
 * Pod had already gone (the Pod's deletion was handled before the pass: not covered), and a foreground delete whose pass a busy
 * worker logged only after the Pods' deletions (not covered: the rules keep what they say, naming the look-alike). Needs the
 * versions in {@code Processing workflow} (v3.5.3+) and the pod controller's deletion lines (v3.6.5+). Lines, not an object:
 * {@link Known#fromLogs}.
 *
 * @param changed the pass over the version someone else wrote
 * @param version that version
 * @param pods    the Pods deletion-handled after it, within the span, each with its first deleting line
 */
public record ForegroundOnLines(LogEvent changed, String version, List<PodGoing> pods) {
    /** How long after the Workflow's change the collector's deletions of its dependents are taken to be its sweep (it acts in moments). */
    static final long SPAN_NANOS = 10_000_000_000L;

    /** The margin before the change within which a stop of the controller's own counts against it (the stop may be logged first). */
    private static final long OWN_MARGIN_NANOS = 2_000_000_000L;

    private static final Set<CleanupAction> OWN_STOPS = Set.of(CleanupAction.DELETE_POD, CleanupAction.TERMINATE_CONTAINERS,
            CleanupAction.KILL_CONTAINERS);

    /**
     * The controller's lines after which it may have written a version it does not log: an update refused (a size error's
     * {@code persistWorkflowSizeLimitErr} writes the error with no line on success), a conflict re-applied.
     */
    private static final Set<String> OWN_UNLOGGED_WRITES = Set.of("update-reapplying", "update-reapplied", "workflow-update-error");

    public ForegroundOnLines {
        pods = List.copyOf(pods);
    }

    /** The Pod's part in it: the Workflow's change, as a Known that names the sweep, or empty when the Pod is not among them. */
    public Optional<Known> of(PodKey pod) {
        for (PodGoing g : pods) {
            if (g.pod().equals(pod)) {
                return Optional.of(new Known(changed.time(), "the controller's lines show it deleted in the foreground: at "
                        + changed.time().format() + " it processed resourceVersion " + version + ", which none of its own updates wrote "
                        + "(the Workflow written by another: a deletionTimestamp set), and within "
                        + GoDuration.format(SPAN_NANOS) + " the pod controller handled the deletion of "
                        + (pods.size() == 1 ? "its one Pod in the informer" : "all " + pods.size() + " of its Pods in the informer")
                        + " (the garbage collector's sweep of its dependents), with no stop or delete of the controller's own",
                        changed.source(), true));
            }
        }
        return Optional.empty();
    }

    /**
     * The Workflow's foreground deletion from its lines, or null when they do not show it.
     *
     * @param lines the Workflow's lines, by time
     * @param pods  its Pods (linked to it), each with its lines
     * @param going its Pods the pod controller saw being deleted ({@link WorkflowFates})
     */
    static ForegroundOnLines of(List<LogEvent> lines, List<PodHistory> pods, List<PodGoing> going) {
        if (going.isEmpty()) {
            return null;
        }
        Set<String> written = new HashSet<>();
        for (LogEvent e : lines) {
            if (e.event() instanceof WorkflowUpdated u && u.resourceVersion() != null && !u.resourceVersion().isBlank()) {
                written.add(u.resourceVersion().trim());
            }
        }
        Set<String> named = new HashSet<>();
        BigInteger highest = null;
        Map<Integer, LogEvent> lastVersioned = new java.util.HashMap<>();
        Set<Integer> reapplied = new HashSet<>();
        Set<Integer> updatedIn = new HashSet<>();
        for (LogEvent e : lines) {
            if (e.event() instanceof Signal s && OWN_UNLOGGED_WRITES.contains(s.name())) {
                reapplied.add(e.stream());
                continue;
            }
            String v = e.event() instanceof WorkflowProcessing p ? p.resourceVersion() : e.event() instanceof WorkflowUpdated u ? u.resourceVersion() : null;
            if (v == null || v.isBlank()) {
                continue;
            }
            v = v.trim();
            BigInteger n = number(v);
            boolean foreign = e.event() instanceof WorkflowProcessing && !named.contains(v) && !written.contains(v) && n != null
                    && highest != null && n.compareTo(highest) > 0 && lastVersioned.containsKey(e.stream()) && !reapplied.contains(e.stream())
                    // the stream shows the controller's own updates: a grep'd or filtered log without them makes every pass after
                    // its own write look like someone else's (breaker16)
                    && updatedIn.contains(e.stream());
            named.add(v);
            highest = n == null ? highest : highest == null || n.compareTo(highest) > 0 ? n : highest;
            lastVersioned.put(e.stream(), e);
            if (e.event() instanceof WorkflowUpdated) {
                updatedIn.add(e.stream());
            }
            reapplied.remove(e.stream());
            if (foreign) {
                ForegroundOnLines found = sweep(e, v, pods, going, lines);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** The sweep after the change {@code changed}: every Pod of the Workflow the informer held deletion-handled within the span. */
    private static ForegroundOnLines sweep(LogEvent changed, String version, List<PodHistory> pods, List<PodGoing> going, List<LogEvent> lines) {
        List<PodGoing> swept = new ArrayList<>();
        for (PodGoing g : going) {
            LogEvent d = g.deleting();
            if (d.stream() == changed.stream() && EventOrder.after(d, changed) && nanosBetween(changed, d) <= SPAN_NANOS) {
                swept.add(g);
            }
        }
        if (swept.isEmpty()) {
            return null;
        }
        Set<PodKey> sweptKeys = new HashSet<>();
        swept.forEach(g -> sweptKeys.add(g.pod()));
        LogEvent last = swept.stream().map(PodGoing::deleting).reduce((a, b) -> EventOrder.after(b, a) ? b : a).orElseThrow();
        for (PodHistory p : pods) {
            boolean seenBefore = false;
            boolean leftBefore = false;
            for (LogEvent e : p.events()) {
                if (e.stream() != changed.stream()) {
                    continue;
                }
                if (EventOrder.before(e, changed)) {
                    seenBefore = true;
                    leftBefore |= e.event() instanceof PodInformerEvent i && i.action() == InformerAction.DELETE;
                }
                // The controller's own stop or delete of a Pod of the Workflow about then: argo stop / terminate, a deadline, a restart.
                boolean own = e.event() instanceof PodStopping || e.event() instanceof PodRestartQualified
                        || e.event() instanceof Cleanup c && (OWN_STOPS.contains(c.cleanup()) || "deletePodByUID".equals(c.action()));
                if (own && !EventOrder.after(e, last) && nanosBetween(e, changed) <= OWN_MARGIN_NANOS) {
                    return null;
                }
            }
            if (seenBefore && !leftBefore && !sweptKeys.contains(p.key())) {
                return null; // a Pod the informer held that the sweep did not take: not every dependent went
            }
        }
        // Held by foregroundDeletion, the Workflow stays until its last blocking Pod is gone: an update of it refused as not found
        // after the change and before the swept Pods left says it was gone first (a background deletion), not held.
        LogEvent lastGone = null;
        for (PodGoing g : swept) {
            if (g.removed() == null) {
                lastGone = null;
                break;
            }
            lastGone = lastGone == null || EventOrder.after(g.removed(), lastGone) ? g.removed() : lastGone;
        }
        // Nor does it go on being written long after them: once its last blocking Pod is gone the collector removes the
        // finalizer and the Workflow goes; a Workflow the controller still updates well after (a retry's new Pod, more steps) was
        // only written by someone (a label, an annotation, argo suspend/resume) while its Pods went another way (breaker16).
        if (lastGone != null) {
            for (LogEvent e : lines) {
                if (e.event() instanceof WorkflowUpdated && e.stream() == changed.stream() && nanosBetween(lastGone, e) > SPAN_NANOS) {
                    return null;
                }
            }
        }
        for (LogEvent e : lines) {
            if (e.event() instanceof Signal s && "workflow-update-error".equals(s.name()) && "NotFound".equals(s.attribute("reason"))
                    && e.stream() == changed.stream() && EventOrder.after(e, changed) && (lastGone == null || EventOrder.before(e, lastGone))) {
                return null;
            }
        }
        return new ForegroundOnLines(changed, version, swept);
    }

    /** {@code b}'s time minus {@code a}'s, in nanoseconds (negative when {@code b} is stamped first). */
    private static long nanosBetween(LogEvent a, LogEvent b) {
        return java.time.Duration.between(a.time().instant(), b.time().instant()).toNanos();
    }

    private static BigInteger number(String v) {
        if (v.isEmpty() || v.length() > 30) {
            return null;
        }
        for (int i = 0; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return null;
            }
        }
        return new BigInteger(v);
    }
}
