package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Map;

/**
 * A Kubernetes Event (core/v1 or events.k8s.io/v1): what the scheduler, the kubelet, an autoscaler or
 * the Argo controller reported about an object. Times keep their own precision: {@code eventTime} is
 * a MicroTime (microseconds), {@code firstTimestamp}/{@code lastTimestamp} whole seconds.
 *
 * @param reportedBy the component that reported it ({@code source.component},
 *                   {@code reportingController} or {@code reportingComponent})
 * @param host       the node the reporter ran on ({@code source.host}), "" if not given
 * @param count      how many times it was seen (count, series.count or deprecatedCount; 1 if absent)
 * @param first      first seen: firstTimestamp, else eventTime, else the object's creation
 * @param last       last seen: lastTimestamp or series.lastObservedTime, else {@code first}
 * @param annotations the event's own annotations (the Argo controller names the node in them)
 * @param statedClock its times are a stated export time less the age kubectl printed ({@code kubectl get events}, {@code describe}):
 *                    the clock of whoever took the export, off by as much as {@link ObservedAt#STATED_CLOCK_NANOS}, not the
 *                    Event's own timestamps
 * @param ageWindowNanos how much later than {@code first} and {@code last} the Event may have come: the age kubectl printed was
 *                    cut to the minute ({@code LAST SEEN 15m}: 15 to just under 16 minutes before the stated time, so from 16
 *                    minutes before it, {@code first}, to 15), 0 where it
 *                    was printed to the second or the Event gives its own timestamps. Such an Event is placed on the timeline
 *                    with its window and read by no rule (a minute is wider than the margins their orders allow)
 * @param created    {@code metadata.creationTimestamp}, the API server's clock: when the Event object was first stored (session 56: a
 *                   kubelet's Event is stamped on its node's clock before it is sent, so its {@code firstTimestamp} against this bounds
 *                   the node's clock from below, {@code correlate.NodeClock}); null where not given (kubectl's tables, describe)
 */
public record ClusterEvent(
        SourceRef source,
        ObjectKind apiKind,
        String namespace,
        String name,
        String reason,
        String type,
        String note,
        InvolvedObject regarding,
        String reportedBy,
        String host,
        long count,
        Timestamp first,
        Timestamp last,
        Map<String, String> annotations,
        boolean statedClock,
        long ageWindowNanos,
        Timestamp created) implements ExportedObject {

    /** Argo's node events name the node by these annotations. */
    public static final String NODE_NAME_ANNOTATION = "workflows.argoproj.io/node-name";
    public static final String NODE_ID_ANNOTATION = "workflows.argoproj.io/node-id";

    public ClusterEvent {
        annotations = Map.copyOf(annotations);
    }

    /** An Event whose {@code metadata.creationTimestamp} was not read. */
    public ClusterEvent(SourceRef source, ObjectKind apiKind, String namespace, String name, String reason, String type, String note,
                        InvolvedObject regarding, String reportedBy, String host, long count, Timestamp first, Timestamp last,
                        Map<String, String> annotations, boolean statedClock, long ageWindowNanos) {
        this(source, apiKind, namespace, name, reason, type, note, regarding, reportedBy, host, count, first, last, annotations, statedClock,
                ageWindowNanos, null);
    }

    /** An Event with its own timestamps (an exported object). */
    public ClusterEvent(SourceRef source, ObjectKind apiKind, String namespace, String name, String reason, String type, String note,
                        InvolvedObject regarding, String reportedBy, String host, long count, Timestamp first, Timestamp last,
                        Map<String, String> annotations) {
        this(source, apiKind, namespace, name, reason, type, note, regarding, reportedBy, host, count, first, last, annotations, false, 0);
    }

    /** An Event dated by a stated time less an age kubectl printed to the second (or by its own timestamps). */
    public ClusterEvent(SourceRef source, ObjectKind apiKind, String namespace, String name, String reason, String type, String note,
                        InvolvedObject regarding, String reportedBy, String host, long count, Timestamp first, Timestamp last,
                        Map<String, String> annotations, boolean statedClock) {
        this(source, apiKind, namespace, name, reason, type, note, regarding, reportedBy, host, count, first, last, annotations, statedClock, 0);
    }

    /** Its time is known only to the minute ({@link #ageWindowNanos}): for the timeline, not for a rule's order. */
    public boolean minuteDated() {
        return ageWindowNanos > 0;
    }
}
