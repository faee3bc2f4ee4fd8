package dev.argoforensics.correlate;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * How a Pod history got its UID, and so which records without a UID (log lines, audit records,
 * events that do not say) it holds.
 *
 * @param uidSource the export that gave the UID, or null
 * @param from      for one of several Pods with the same name: where its lifetime starts (its
 *                  "Created pod" line, else its creationTimestamp); null for the first
 * @param fromSource the line or export that gave {@code from}
 * @param until     where the next Pod with the same name starts; null for the last
 * @param namesakes how many Pods with this namespace and name the exports show
 */
public record PodIdentity(UidBasis basis, SourceRef uidSource, Timestamp from, SourceRef fromSource, Timestamp until, int namesakes) {

    /** How the UID was chosen. */
    public enum UidBasis {
        /** No export of a Pod with this name gave a UID. */
        NONE,
        /** One UID was exported for this name: everything naming the Pod is about it. */
        ONLY_UID,
        /** Several UIDs: records without one are given to the Pod whose lifetime covers their time. */
        LIFETIME
    }

    static PodIdentity none() {
        return new PodIdentity(UidBasis.NONE, null, null, null, null, 0);
    }

    /** One sentence for reports. */
    public String describe() {
        switch (basis) {
            case NONE:
                return "UID unknown: no export of the Pod gave one";
            case ONLY_UID:
                return "UID from " + uidSource + ", the only one exported for this name";
            default:
                if (namesakes == 1) {
                    // The only one exported, and a later Pod of the name created after it (its own Created pod line).
                    return "UID from " + uidSource + ", the only one exported for this name; records without a UID are given to it until "
                            + until.format() + ", when a later Pod of the name was created";
                }
                StringBuilder b = new StringBuilder("UID from ").append(uidSource).append(", one of ").append(namesakes)
                        .append(" exported for this name (the Pod was recreated); records without a UID are given to it");
                if (from != null) {
                    b.append(" from ").append(from.format()).append(" (").append(fromSource).append(')');
                }
                b.append(until != null ? " until " + until.format() + ", when the next one starts" : " on");
                return b.toString();
        }
    }
}
