package dev.argoforensics.event;

import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * One run of one controller replica: the unit within which log lines keep the order they were
 * written in. {@link LogEvent#stream()} is its {@code id}.
 *
 * @param replica     the replica's name (a Pod name when a source gives it, else the file's name)
 * @param replicaFrom where the name came from
 * @param incarnation 1 for the first run seen of this replica in its files, 2 after a
 *                    {@code Starting Workflow Controller} line, …
 * @param release     the Argo release(s) its lines point to, with the evidence; null if none
 * @param leadership  what its leader-election lines say
 * @param files       the files its lines come from, oldest rotation first
 */
public record ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                                List<String> files, Timestamp first, Timestamp last, long events) {

    public ControllerProcess {
        files = List.copyOf(files);
    }

    /** {@code workflow-controller-7d9f8b6c5d-x2k4q #2}. */
    public String label() {
        return replica + " #" + incarnation;
    }

    /** Where a replica's name came from. */
    public enum ReplicaSource {
        /** The CRI log path on the node: {@code /var/log/pods/<ns>_<pod>_<uid>/…}. */
        CRI_PATH("the CRI log path"),
        /** A prefix or field of the collector: stern, a log store's pod field. */
        COLLECTOR("the collector (stern's prefix, a log store's pod field)"),
        /** The leader-election identity the controller logged ({@code starting leading id=…}). */
        LEADER_ELECTION("the leader-election identity"),
        /** Nothing named the Pod: the file's (rotated set's) name stands for it. */
        FILE("the file name");

        private final String description;

        ReplicaSource(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** What a replica's leader-election lines say. */
    public enum Leadership {
        /** It logged that it leads. */
        LEADER,
        /** It logged that it tried, or that another replica leads, and never that it leads. */
        STANDBY,
        /** Leader election was turned off. */
        SINGLE_INSTANCE,
        /** No leader-election line. */
        UNKNOWN
    }
}
