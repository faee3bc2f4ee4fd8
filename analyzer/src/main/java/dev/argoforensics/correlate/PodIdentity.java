package dev.argoforensics.correlate;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * How a Pod history got its UID, and so which records without a UID (log lines, audit records,
 * events that do not say) it holds.
 *
 * @param uidSource the export that gave the UID, or null
 * @param from      for one of several Pods with the same name: where its lifetime starts (its
 *                  "Created pod" line, else its creationTimestamp); null for the first
 * @param fromSource the line or export that gave {@code from}
 * @param until     where the next Pod with the same name starts; null for the last
 * @param namesakes how many Pods with this namespace and name the exports show ({@link UidBasis#CREATED_LINES}: the lines)
 * @param unsplit   {@code Created pod} lines of the name certainly apart with no cleanup of the earlier Pod shown between them
 *                  ({@link Lifetimes}): two Pods, or two clusters' Pods of the name, whose lines are read as this one's (empty: none)
 */
public record PodIdentity(UidBasis basis, SourceRef uidSource, Timestamp from, SourceRef fromSource, Timestamp until, int namesakes,
                          List<Creation> unsplit) {

    /** A {@code Created pod} line: where and when. */
    public record Creation(SourceRef source, Timestamp at) {
    }

    public PodIdentity {
        unsplit = unsplit == null ? List.of() : List.copyOf(unsplit);
    }

    public PodIdentity(UidBasis basis, SourceRef uidSource, Timestamp from, SourceRef fromSource, Timestamp until, int namesakes) {
        this(basis, uidSource, from, fromSource, until, namesakes, List.of());
    }

    /** How the UID was chosen. */
    public enum UidBasis {
        /** No export of a Pod with this name gave a UID. */
        NONE,
        /** One UID was exported for this name: everything naming the Pod is about it. */
        ONLY_UID,
        /** Several UIDs: records without one are given to the Pod whose lifetime covers their time. */
        LIFETIME,
        /**
         * No UID, and the name created again after the earlier Pod's cleanup, as the controller's {@code Created pod} lines show
         * ({@link Lifetimes}): records are given to the Pod whose lifetime covers their time.
         */
        CREATED_LINES
    }

    static PodIdentity none() {
        return new PodIdentity(UidBasis.NONE, null, null, null, null, 0);
    }

    /** One sentence for reports. */
    public String describe() {
        return unsplit.isEmpty() ? identified() : identified() + "; " + unsplitWords();
    }

    /** What the {@code Created pod} lines read as one Pod's leave open, or "" when none were. */
    public String unsplitWords() {
        if (unsplit.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("the controller logged the name created ");
        for (int i = 0; i < unsplit.size(); i++) {
            b.append(i == 0 ? "at " : i == unsplit.size() - 1 ? " and again at " : ", at ").append(unsplit.get(i).at().format())
                    .append(" (").append(unsplit.get(i).source()).append(')');
        }
        return b.append(", with no cleanup of the earlier Pod shown between (no removeFinalizer or deletePod scheduled or queued): two Pods"
                + " of the name one after the other, or two clusters' Pods, and nothing given tells which, so their lines are read as one"
                + " Pod's; the controller's cleanup lines, or exports of the Pods (their UIDs), would").toString();
    }

    private String identified() {
        switch (basis) {
            case NONE:
                return "UID unknown: no export of the Pod gave one";
            case CREATED_LINES:
                // Session 58: the first of them has no start of its own (from null, as for LIFETIME's first): its records run from the
                // evidence's start (the judgment's seed 4 with slow image pulls crashed the report here).
                return "UID unknown: one of " + namesakes + " Pods of the name the controller created one after the other (its Created pod"
                        + " lines, each after the earlier Pod's cleanup); records without a UID are given to it "
                        + (from != null ? "from " + from.format() + " (" + fromSource + ")" : "from the start of the evidence")
                        + (until != null ? " until " + until.format() + ", when the next one was created" : " on");
            case ONLY_UID:
                return "UID from " + uidSource + ", the only one exported for this name";
            default:
                if (namesakes == 1 && from != null) {
                    // The only one exported, and an earlier Pod of the name the lines tell apart before it (session 53).
                    return "UID from " + uidSource + ", the only one exported for this name; records without a UID are given to it from "
                            + from.format() + " (" + fromSource + "), when it was created"
                            + (until != null ? ", until " + until.format() + ", when a later Pod of the name was created" : "")
                            + "; those before, to the earlier Pod of the name its lines show created and cleaned up before it, whose UID no export gives";
                }
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
