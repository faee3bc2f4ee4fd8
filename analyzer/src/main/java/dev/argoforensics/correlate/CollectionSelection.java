package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether a deletecollection of Pods selected this Pod when it ran (session 52): its selectors ({@link PodSelector}) read against
 * what the Pod's exports show of it at the collection's time. The API server lists the namespace's Pods as the request runs and
 * deletes those every requirement matches, so:
 * <ul>
 * <li>{@link Kind#EXCLUDED}: a requirement provably fails then (the name, the namespace, a node it was never bound to, a label value
 * the exports place at that time): it cannot have deleted the Pod;</li>
 * <li>{@link Kind#MATCHED}: every requirement provably holds then (no selector at all: every Pod of the namespace);</li>
 * <li>{@link Kind#UNDECIDED}: neither, with what was lacking ({@link #lacking}).</li>
 * </ul>
 * What the exports place at the collection's time: labels Argo sets when it creates the Pod and does not change afterwards (the
 * Workflow's, the template's own) are read from any export of this Pod where all agree; where they disagree, only an export clearly
 * before the collection and one clearly after that agree place the value. Argo's {@code workflows.argoproj.io/completed} goes from
 * {@code false} to {@code true} while the Pod lives (the controller's {@code labelPodCompleted}): {@code true} shown by an export
 * clearly before the collection held then; a value other than {@code true} shown by one clearly after held then too; otherwise it is
 * not known. {@code status.phase} runs Pending, Running, then Succeeded or Failed: an export clearly after bounds it from above, one
 * clearly before from below. "Clearly after" is by the times the cluster wrote in the export less what an unchecked clock may be off
 * ({@link ObservedAt#STATED_CLOCK_NANOS}: a Pod export's latest time is often the kubelet's, on its node's clock); "clearly before"
 * is {@link ObservedAt#before}. A label the exports all show alike is read as the Pod's then unless its audit records show a write of
 * the Pod by another than its creator ({@link #writtenByAnother}: {@code kubectl label}, another controller); a relabelling no record
 * shows, between exports that all show one value, is not seen.
 *
 * @param record  the deletecollection
 * @param kind    the reading
 * @param how     for {@code EXCLUDED}, the requirement that fails and why; for {@code MATCHED}, what shows it; for {@code UNDECIDED},
 *                what was lacking; in words a report can quote
 */
public record CollectionSelection(AuditRecord record, Kind kind, String how) {
    /** The three readings. */
    public enum Kind { EXCLUDED, MATCHED, UNDECIDED }

    /** Argo's label set when the Pod completes (false when created). */
    static final String COMPLETED_LABEL = "workflows.argoproj.io/completed";

    /**
     * The reading in words, for a report beside the record: "its selector matched the Pod then: …", "whether its selector matched the
     * Pod is not known (…)", "its selector cannot have matched the Pod (…)".
     */
    public String words() {
        return switch (kind) {
            case MATCHED -> "its selector matched the Pod then: " + how;
            case UNDECIDED -> "whether its selector matched the Pod is not known (" + how + ")";
            case EXCLUDED -> "its selector cannot have matched the Pod (" + how + ")";
        };
    }

    /** {@link #words} for {@code a} read for {@code life}'s Pod, or what is said where it is not among its possible deleters. */
    public static String wordsFor(PodLifecycle life, AuditRecord a) {
        CollectionSelection c = life == null ? null : life.selection(a);
        return c == null ? "whether its selector matched the Pod is not read" : c.words();
    }

    /** What a reading lacks, in words, where it is undecided; null otherwise. */
    public String lacking() {
        return kind == Kind.UNDECIDED ? how : null;
    }

    /**
     * The reading of {@code a} for the Pod {@code pod}, given its exports (only those of this Pod: {@code ofThisPod}) and the nodes
     * they show it bound to.
     */
    static CollectionSelection of(PodKey pod, List<PodSnapshot> exports, Set<String> nodes, AuditRecord a, List<AuditRecord> records) {
        if (!a.selectorLogged()) {
            return new CollectionSelection(a, Kind.UNDECIDED, "the record holds no request URI, so no selector");
        }
        PodSelector selector;
        try {
            selector = PodSelector.parse(a.selector());
        } catch (PodSelector.Unreadable e) {
            return new CollectionSelection(a, Kind.UNDECIDED, "its selector could not be read (" + e.getMessage() + ")");
        }
        if (selector.requirements().isEmpty()) {
            return new CollectionSelection(a, Kind.MATCHED, "the request gives no selector, so it deletes every Pod of the namespace");
        }
        Instant from = a.requestTime().instant();
        Instant until = a.time().windowEnd();
        List<String> holds = new ArrayList<>();
        String lacking = null;
        AuditRecord write = writtenByAnother(pod, records);
        boolean writesLogged = writesLogged(pod, records);
        for (PodSelector.Requirement r : selector.requirements()) {
            Value v = r.field() ? field(r, pod, exports, nodes, from, until) : label(r.key(), exports, from, until, write);
            if (v.known && v.unwritten && !writesLogged && !r.holds(v.value)) {
                // s52 breaker: exports that all agree show the label unchanged only where the audit log would show a relabelling; one
                // recording no write of the Pod's object at all (a policy logging Pods' create and delete only) does not.
                if (lacking == null) {
                    lacking = r.text() + ": " + v.how + ", but the audit log records no write of the Pod (its policy may not log them), "
                            + "so a relabelling before the collection would not show";
                }
                continue;
            }
            if (v.known) {
                if (!r.holds(v.value)) {
                    return new CollectionSelection(a, Kind.EXCLUDED, r.text() + " fails: " + v.how);
                }
                holds.add(v.how);
            } else if (v.phases != null) {
                Boolean all = phases(r, v.phases);
                if (Boolean.FALSE.equals(all)) {
                    return new CollectionSelection(a, Kind.EXCLUDED, r.text() + " fails: " + v.how);
                } else if (Boolean.TRUE.equals(all)) {
                    holds.add(v.how);
                } else if (lacking == null) {
                    lacking = r.text() + ": " + v.how;
                }
            } else if (lacking == null) {
                lacking = r.text() + ": " + v.how;
            }
        }
        if (lacking != null) {
            return new CollectionSelection(a, Kind.UNDECIDED, lacking);
        }
        return new CollectionSelection(a, Kind.MATCHED, String.join("; ", new java.util.LinkedHashSet<>(holds)));
    }

    /** Whether every phase still possible satisfies the requirement (true), none does (false), or some do (null). */
    private static Boolean phases(PodSelector.Requirement r, Set<String> possible) {
        boolean any = false;
        boolean all = true;
        for (String p : possible) {
            boolean h = r.holds(p);
            any |= h;
            all &= h;
        }
        return all ? Boolean.TRUE : any ? null : Boolean.FALSE;
    }

    /**
     * What is known of a label or field at the collection: a value ({@code known}, null value: absent), the phases still possible,
     * or nothing, with why.
     */
    private record Value(boolean known, String value, Set<String> phases, String how, boolean unwritten) {
        Value(boolean known, String value, Set<String> phases, String how) {
            this(known, value, phases, how, false);
        }

        static Value of(String value, String how) {
            return new Value(true, value, null, how);
        }

        /** A label value placed only by exports that all agree and the absence of a logged write by another. */
        static Value unwritten(String value, String how) {
            return new Value(true, value, null, how, true);
        }

        static Value unknown(String how) {
            return new Value(false, null, null, how);
        }
    }

    private static Value field(PodSelector.Requirement r, PodKey pod, List<PodSnapshot> exports, Set<String> nodes, Instant from, Instant until) {
        switch (r.key()) {
            case "metadata.name":
                return Value.of(pod.name(), "its name is " + pod.name());
            case "metadata.namespace":
                return Value.of(pod.namespace(), "its namespace is " + pod.namespace());
            case "spec.nodeName": {
                // Set once, by the binding: before it "", after it the one node its exports show.
                if (nodes.size() != 1) {
                    return Value.unknown(nodes.isEmpty() ? "no export shows the node it was bound to" : "its exports show it on several nodes");
                }
                String node = nodes.iterator().next();
                Set<String> possible = new TreeSet<>(List.of("", node));
                return new Value(false, null, possible, "it was unbound or on node " + node + " (its exports show it bound there)");
            }
            case "status.phase":
                return phase(exports, from, until);
            default:
                return Value.unknown("the exports are not read for field " + r.key());
        }
    }

    private static final List<String> PHASES = List.of("Pending", "Running", "Succeeded", "Failed");

    private static int rank(String phase) {
        return switch (phase) {
            case "Pending" -> 0;
            case "Running" -> 1;
            case "Succeeded", "Failed" -> 2;
            default -> -1;
        };
    }

    /** The phases the Pod can have had at the collection, by its exports clearly before and after it. */
    private static Value phase(List<PodSnapshot> exports, Instant from, Instant until) {
        Set<String> possible = new TreeSet<>(PHASES);
        List<String> why = new ArrayList<>();
        for (PodSnapshot s : exports) {
            int r = rank(s.phase());
            if (r < 0 || s.observed() == null) {
                continue;
            }
            if (clearlyAfter(s, until)) {
                possible.removeIf(p -> rank(p) > r || rank(p) == 2 && r == 2 && !p.equals(s.phase()));
                why.add("an export taken after it shows " + s.phase() + " (" + s.source() + ")");
            } else if (s.observed().before(from).known()) {
                possible.removeIf(p -> rank(p) < r || r == 2 && !p.equals(s.phase()));
                why.add("an export taken before it shows " + s.phase() + " (" + s.source() + ")");
            }
        }
        if (possible.isEmpty()) {
            return Value.unknown("its exports disagree on its phase");
        }
        return new Value(false, null, possible, why.isEmpty() ? "no export is placed clearly before or after it to give its phase then"
                : "its phase then was " + String.join(" or ", possible) + " (" + String.join("; ", why) + ")");
    }

    private static Value label(String key, List<PodSnapshot> exports, Instant from, Instant until, AuditRecord write) {
        List<PodSnapshot> labelled = new ArrayList<>();
        for (PodSnapshot s : exports) {
            if (!s.labels().isEmpty()) {
                labelled.add(s);
            }
        }
        if (labelled.isEmpty()) {
            return Value.unknown("no export of the Pod shows its labels");
        }
        PodSnapshot before = null;
        PodSnapshot after = null;
        for (PodSnapshot s : labelled) {
            if (s.observed() == null) {
                continue;
            }
            if (clearlyAfter(s, until)) {
                after = after == null || s.observed().notEarlierThan().isBefore(after.observed().notEarlierThan()) ? s : after;
            } else if (s.observed().before(from).known()) {
                before = before == null || s.observed().time().isAfter(before.observed().time()) ? s : before;
            }
        }
        if (key.equals(COMPLETED_LABEL)) {
            if (before != null && "true".equals(before.labels().get(key))) {
                return Value.of("true", "an export taken before it shows " + key + "=true (" + before.source() + "), which the controller never sets back");
            }
            if (after != null && !"true".equals(after.labels().get(key))) {
                String v = after.labels().get(key);
                return Value.of(v, "an export taken after it shows " + (v == null ? "no " + key : key + "=" + v) + " (" + after.source()
                        + "), and the controller only ever sets it true");
            }
            return Value.unknown("the controller sets " + key + " true while the Pod lives, and no export places its value at the collection");
        }
        Set<String> values = new TreeSet<>();
        boolean absent = false;
        for (PodSnapshot s : labelled) {
            String v = s.labels().get(key);
            if (v == null) {
                absent = true;
            } else {
                values.add(v);
            }
        }
        if (values.size() + (absent ? 1 : 0) == 1 && write == null) {
            String v = absent ? null : values.iterator().next();
            return Value.unwritten(v, (v == null ? "no export of it shows a label " + key : "its exports show " + key + "=" + v)
                    + " (" + labelled.get(0).source() + (labelled.size() > 1 ? " and " + (labelled.size() - 1) + " more" : "") + ")");
        }
        if (before != null && after != null && java.util.Objects.equals(before.labels().get(key), after.labels().get(key))) {
            String v = before.labels().get(key);
            return Value.of(v, "the exports taken before and after it show " + (v == null ? "no " + key : key + "=" + v)
                    + " (" + before.source() + ", " + after.source() + ")");
        }
        if (values.size() + (absent ? 1 : 0) == 1) {
            return Value.unknown("the audit log records a " + write.verb() + " of the Pod by " + write.user() + " at " + write.requestTime().format()
                    + ", which may have changed its labels, and no export places the value of " + key + " at the collection");
        }
        return Value.unknown("the label " + key + " differs between the Pod's exports, and none places its value at the collection");
    }

    /**
     * A granted write of the Pod's object ({@code patch} or {@code update}, not of its {@code status}) by someone other than who created
     * it, as its audit records show (session 52): it may have set or removed a label (the records keep no labels), so an export's labels
     * place nothing at the collection unless exports on both sides of it agree. Who created it is the user of its logged {@code create};
     * where none is logged, any write counts (the controller's own patches, its completed label and its finalizer, among them). Null if none.
     */
    static AuditRecord writtenByAnother(PodKey pod, List<AuditRecord> records) {
        String creator = null;
        for (AuditRecord a : records) {
            if ("create".equals(a.verb()) && "pods".equals(a.resource()) && a.subresource().isEmpty() && a.name().equals(pod.name()) && a.effective()) {
                creator = a.user();
            }
        }
        for (AuditRecord a : records) {
            if (("patch".equals(a.verb()) || "update".equals(a.verb())) && "pods".equals(a.resource()) && a.subresource().isEmpty()
                    && a.name().equals(pod.name()) && a.effective() && a.requestTime() != null && !a.user().equals(creator)) {
                return a;
            }
        }
        return null;
    }

    /**
     * Whether the Pod's audit records hold a granted write of its object ({@code patch} or {@code update}, not of a subresource) by
     * anyone (s52 breaker): the audit policy is shown to log the writes that set labels, so the absence of another's is evidence.
     */
    static boolean writesLogged(PodKey pod, List<AuditRecord> records) {
        for (AuditRecord a : records) {
            if (("patch".equals(a.verb()) || "update".equals(a.verb())) && "pods".equals(a.resource()) && a.subresource().isEmpty()
                    && a.name().equals(pod.name()) && a.effective()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Taken clearly after {@code until}: by the times the cluster wrote in it, less what an unchecked clock may be off (a Pod export's
     * latest time is often its kubelet's, on the node's clock; {@code OtherWorkflowDeletes} reads a kubelet's the same way).
     */
    private static boolean clearlyAfter(PodSnapshot s, Instant until) {
        var shown = s.observed().notEarlierThan();
        return shown != null && shown.instant().minusNanos(ObservedAt.STATED_CLOCK_NANOS).isAfter(until);
    }

    /** The nodes the exports show the Pod bound to. */
    static Set<String> nodes(List<PodSnapshot> exports) {
        Set<String> out = new TreeSet<>();
        for (PodSnapshot s : exports) {
            if (!s.nodeName().isEmpty()) {
                out.add(s.nodeName());
            }
        }
        return out;
    }
}
