package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * One kubelet line from a node's log that says a Pod's container was stopped, or why: read from
 * {@code journalctl -u kubelet} text or from journald entries in Cloud Logging ({@code jsonPayload.MESSAGE}).
 * The timeline shows them; no rule reads them (they fill no slot the rules have).
 *
 * @param time        the klog header's time in UTC (the node's clock; klog prints no zone); null until the year is
 *                    known for a line of plain {@code journalctl} text, whose times print none ({@link #clock})
 * @param clock       the klog header's month, day and clock as written ({@code 1201 10:00:00.123456}), for the year to be found
 * @param host        the node, from the journal line or the entry's {@code resource.labels.node_name}/{@code _HOSTNAME}
 * @param action      what the kubelet did
 * @param pods        the Pods it names, {@code namespace/name}
 * @param podUid      {@code podUID}, or ""
 * @param container   {@code containerName}, or ""
 * @param containerId {@code containerID}, or ""
 * @param gracePeriodSeconds {@code gracePeriod}, or null
 * @param message     the kubelet's message as written
 */
public record NodeLogEntry(SourceRef source, Timestamp time, String clock, String host, Action action, List<String> pods, String podUid,
                           String container, String containerId, Long gracePeriodSeconds, String message) implements ExportedObject {

    public NodeLogEntry {
        pods = List.copyOf(pods);
    }

    /** The kubelet messages read, and what each says. */
    public enum Action {
        KILLING_CONTAINER("Killing container with a grace period", "kubelet:killing", "stops container"),
        KILLING_CONTAINER_OVERRIDE("Killing container with a grace period override", "kubelet:killing", "stops container (grace period overridden)"),
        SYNC_DELETE("SyncLoop DELETE", "kubelet:delete-seen", "sees the Pod's deletion (SyncLoop DELETE): its deletion was requested no later than this"),
        SYNC_REMOVE("SyncLoop REMOVE", "kubelet:removed", "sees the Pod removed from the API server (SyncLoop REMOVE)"),
        EVICTED("Eviction manager: pod is evicted successfully", "kubelet:evicted", "evicted the Pod under node pressure"),
        SHUTDOWN_KILL("Shutdown manager killing pod with gracePeriod", "kubelet:shutdown", "stops the Pod for the node's shutdown");

        private final String message;
        private final String entryKind;
        private final String says;

        Action(String message, String entryKind, String says) {
            this.message = message;
            this.entryKind = entryKind;
            this.says = says;
        }

        /** The kubelet's message text. */
        public String message() {
            return message;
        }

        /** The timeline entry kind. */
        public String entryKind() {
            return entryKind;
        }

        /** What the line says, in the timeline's words. */
        public String says() {
            return says;
        }

        /** The action whose message this is exactly, or null. */
        public static Action of(String message) {
            for (Action a : values()) {
                if (a.message.equals(message)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** The same entry at a time found later (the year of a plain journal line). */
    public NodeLogEntry at(Timestamp resolved) {
        return new NodeLogEntry(source, resolved, clock, host, action, pods, podUid, container, containerId, gracePeriodSeconds, message);
    }
}
