package dev.argoforensics.correlate;

import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the API server's audit log says of one Workflow's deletion: the requests on it ({@code workflows.argoproj.io}, by name, in
 * its namespace) and the requests that delete a namespace's Workflows without naming one (a {@code deletecollection} of them, the
 * namespace's own deletion, whose controller deletes its contents by collection), read stream by stream (one audit file).
 *
 * <p>An audit log's silence about a Workflow's delete shows nothing by itself: a policy often logs Pods and not custom resources
 * (level {@code None} for them), and then no delete of a Workflow is ever recorded. It counts only where the same stream shows
 * that its policy logged this Workflow's requests over the whole time in question: a write of it ({@code create}, {@code update},
 * {@code patch}) at its creation or before the Pod's, and the stream going on past the time in question (a request on the
 * Workflow or on the Pod after it). Then a delete of it in that span would be in the stream, and none is ({@link Kind#STOOD}).
 * A policy that logs a resource's writes but not its deletes would defeat this, so the stream must also show a delete request of
 * a Workflow of this name (at any time, whatever its outcome: #8022's earlier run) or of the namespace's Workflows by collection
 * ({@link Kind#DELETES_UNSHOWN} otherwise; recheck s34); the reading says which file it rests on. A delete counts in a stream that logs nothing else of the Workflow too (several
 * API servers each write their own file; the one a user's delete reached may hold nothing else of it), after the run's create
 * wherever logged, else not clearly before the Pod's creation.
 *
 * <p>Its own records are held as a list; its namespace's unnamed deletes are not copied into it but looked up, file by file and by
 * time, in the group's {@link Index}: a namespace's deletecollections are every Workflow's of it, and copying or walking them per
 * Workflow and per Pod grew with their product (#17). {@link #read} takes from them only the few a reading can turn on
 * ({@link #window}); {@link #records} still gives them all, as one list, for whoever asks.
 */
public final class WorkflowAudit {
    /** No audit log given. */
    static final WorkflowAudit NONE = new WorkflowAudit(null, false, List.of(), Map.of());

    /** How far the controller's clock and the API server's may disagree. */
    private static final long CROSS_CLOCK_NANOS = DeletionBounds.CROSS_CLOCK_NANOS;

    /** The order of {@link #records}: by time, then source, then as given (the group's order: ties keep it). */
    private static final Comparator<At> ORDER = Comparator.comparing((At a) -> a.record().time().instant())
            .thenComparing(a -> a.record().source()).thenComparingInt(At::position);

    private final WorkflowRef ref;
    private final boolean given;
    /** Its own records (by name), in {@link #ORDER}. */
    private final List<At> named;
    /** Its namespace's unnamed deletes, by audit file (the files shown to be another cluster's for it left out). */
    private final Map<String, Unnamed> unnamed;

    private WorkflowAudit(WorkflowRef ref, boolean given, List<At> named, Map<String, Unnamed> unnamed) {
        this.ref = ref;
        this.given = given;
        this.named = List.copyOf(named);
        this.unnamed = Map.copyOf(unnamed);
    }

    /** The Workflow. */
    public WorkflowRef ref() {
        return ref;
    }

    /** Whether any audit log was given (for any resource). */
    public boolean given() {
        return given;
    }

    /** The requests on it by name ({@code workflows.argoproj.io}, in its namespace), by time then source. */
    public List<AuditRecord> named() {
        return named.stream().map(At::record).toList();
    }

    /**
     * Its records and its namespace's unnamed deletions of Workflows, by time then source: made on each call, as long as the
     * namespace's deletes are many ({@link #read} does not need them all).
     */
    public List<AuditRecord> records() {
        List<At> all = new ArrayList<>(named);
        unnamed.values().forEach(u -> all.addAll(u.all()));
        return ordered(all);
    }

    /** The records, each once (one both named and unnamed is one record), in {@link #ORDER}. */
    private static List<AuditRecord> ordered(List<At> at) {
        at.sort(ORDER);
        List<AuditRecord> out = new ArrayList<>(at.size());
        At previous = null;
        for (At a : at) {
            if (previous == null || previous.position() != a.position()) {
                out.add(a.record());
            }
            previous = a;
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkflowAudit w && given == w.given && Objects.equals(ref, w.ref) && named.equals(w.named) && unnamed.equals(w.unnamed);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ref, given, named, unnamed);
    }

    @Override
    public String toString() {
        return "WorkflowAudit[ref=" + ref + ", given=" + given + ", named=" + named.size() + ", unnamed files=" + unnamed.keySet() + "]";
    }

    /** What the audit log shows of the Workflow over the time in question. */
    public enum Kind {
        /** No audit log was given. */
        NOT_GIVEN,
        /** An audit log was given, but it records no write of this Workflow: its policy may not log Workflows at all. */
        NOT_COVERED,
        /** It records writes of the Workflow, but not over the whole time in question (its records start too late or end too early). */
        NOT_SPANNING,
        /**
         * It records the Workflow's requests over the whole time in question, but no delete of a Workflow of its name nor of its
         * namespace's Workflows at any time: its policy may log writes and not deletes (a rule by verb), so its silence shows nothing.
         */
        DELETES_UNSHOWN,
        /** It records a delete of the Workflow (or of its namespace's Workflows) in the time in question. */
        DELETED,
        /** It records the Workflow's requests over the whole time in question and no delete of it: the Workflow stood. */
        STOOD
    }

    /**
     * The reading over the time in question.
     *
     * @param kind  what it shows
     * @param stood the evidence, for {@link Kind#STOOD}; else null
     * @param file  the stream it rests on (for {@code NOT_SPANNING}, the one whose span came nearest), else null
     * @param first the earliest write of the Workflow in that stream (NOT_SPANNING, STOOD), else null
     * @param last  the latest request on the Workflow or the Pod in that stream (NOT_SPANNING, STOOD), the delete's time (DELETED),
     *              else null
     * @param unlogged for {@link Kind#DELETED} on a delete whose outcome the stream does not hold ({@link AuditRecord#outcomeUnlogged}:
     *              its RequestReceived record alone, the only delete in the span), what it says ("a delete was requested at T; its
     *              outcome is not in the audit log"): no deletion shown, and no standing either (session 49); or on a delete clearly
     *              before the Pod's creation whose outliving a create or write of the name with no logged outcome leaves undecided
     *              ({@code undecided}, {@link #outliving}; session 50); else null
     * @param undecided the create or write of the Workflow whose outcome is not logged that leaves the outliving of the delete
     *              undecided (then {@code unlogged} says so); null otherwise (session 50)
     */
    public record Reading(Kind kind, Known stood, String file, Timestamp first, Timestamp last, String unlogged, AuditRecord undecided) {
        public Reading(Kind kind, Known stood, String file, Timestamp first, Timestamp last) {
            this(kind, stood, file, first, last, null, null);
        }

        public Reading(Kind kind, Known stood, String file, Timestamp first, Timestamp last, String unlogged) {
            this(kind, stood, file, first, last, unlogged, null);
        }
    }

    /** A request that deletes Workflows without naming one: a deletecollection of them, or the deletion of a namespace. */
    static boolean deletesUnnamed(AuditRecord a) {
        boolean collection = "workflows".equals(a.resource()) && "deletecollection".equals(a.verb());
        boolean namespace = "namespaces".equals(a.resource()) && "delete".equals(a.verb()) && a.subresource().isEmpty();
        return collection || namespace;
    }

    /** A write of the Workflow other than a delete. */
    private static boolean writes(AuditRecord a) {
        return "workflows".equals(a.resource()) && a.mutating() && !"delete".equals(a.verb()) && !"deletecollection".equals(a.verb());
    }

    /** What the audit shows of the Workflow after a delete of its name clearly before the Pod's creation ({@link #outliving}). */
    enum Outliving {
        /** A granted write of it shows the object deleted still there at the Pod's creation (held by a finalizer). */
        OUTLIVED,
        /** Nothing shows it outliving the delete (a granted create of the name after it, or no write): an earlier object's delete. */
        NOT_SHOWN,
        /** A create or write whose outcome is not logged decides it: granted, one reading; refused, the other (session 50). */
        UNDECIDED
    }

    /** {@link #outliving}'s answer, with the record whose outcome is not logged for {@link Outliving#UNDECIDED}, else null. */
    record Outlives(Outliving kind, AuditRecord undecided) {
        static final Outlives OUTLIVED = new Outlives(Outliving.OUTLIVED, null);
        static final Outlives NOT_SHOWN = new Outlives(Outliving.NOT_SHOWN, null);

        /** What a reading says of the delete this leaves undecided: the delete, the request, and both outcomes. */
        String words(AuditRecord delete) {
            boolean create = "create".equals(undecided.verb());
            return "a " + delete.verb() + " of " + delete.target() + " was granted at "
                    + delete.requestTime().format() + ", before the Pod's creation, and then "
                    + undecided.unloggedRequest() + (create
                    ? ": granted, the delete was an earlier Workflow's of the name; refused (the name still held), the Workflow outlived it"
                    : ": granted, the Workflow outlived the delete (held by a finalizer); refused, nothing shows it did");
        }
    }

    /**
     * Whether the audit ({@code records}, the files not set apart, in time order) shows the Workflow outliving {@code delete}: a
     * granted write of it other than a create, not clearly before the Pod's creation in the delete's own file and not before it in
     * another API server's, with no granted create of the name between (after the delete in its file, clearly after it in
     * another). A later delete clearly before the Pod's creation is outlived if an earlier one is ({@link #window} searches on it). An object
     * is gone once its delete is granted unless a finalizer holds it (the {@code artifact-gc} finalizer, a foreground deletion's
     * {@code foregroundDeletion}): then it stays, with a deletionTimestamp, and the controller goes on reconciling it and creating
     * its Pods (it skips no Workflow for being deleted: {@code reconciliationNeeded} and {@code operate}, v3.4 to v4.1 read). Its
     * writes after the delete reaching the Pod's creation show the Workflow the Pod was created for was the one being deleted,
     * not an earlier object of the name (recheck s37).
     *
     * <p>A create or write of it whose outcome is not logged ({@link AuditRecord#outcomeUnlogged}: its RequestReceived record alone)
     * dates neither a recreation nor an outliving (session 50): a create is refused 409 while the name is still held, which is the
     * outliving itself, and a write is refused 404 once the object is gone. Where its outcome would change the answer it is
     * {@link Outliving#UNDECIDED}: a create, unless whatever follows shows no outliving either way; a write, unless whatever follows
     * shows the outliving either way.
     */
    static Outlives outliving(AuditRecord delete, List<AuditRecord> records, Timestamp podCreated) {
        Instant from = podCreated.instant().minusNanos(CROSS_CLOCK_NANOS);
        String file = delete.source().file();
        List<AuditRecord> unlogged = new ArrayList<>();
        Outlives answer = Outlives.NOT_SHOWN;
        // The records are in time order ({@link #records}, {@link #window}): none up to the delete's time counts, so the walk starts
        // after it (a binary search), not at the first record for each delete.
        int lo = 0;
        int hi = records.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (records.get(mid).time().instant().isAfter(delete.time().instant())) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        for (AuditRecord w : records.subList(lo, records.size())) {
            boolean same = file.equals(w.source().file());
            // A create: after the delete in its own file (one clock), clearly after it in another API server's (two clocks).
            Instant after = same ? delete.time().instant() : delete.time().instant().plusNanos(CROSS_CLOCK_NANOS);
            if (!w.time().instant().isAfter(after) || !writes(w) || !w.effective()) {
                continue;
            }
            boolean create = "create".equals(w.verb()) && w.subresource().isEmpty(); // a new object of the name from then on
            // A write: not clearly before the Pod's creation in the delete's own file; in another's, not before it (then clearly
            // after a delete clearly before it, whatever the two clocks).
            if (!create && w.time().instant().isBefore(same ? from : podCreated.instant())) {
                continue;
            }
            if (w.outcomeUnlogged()) {
                unlogged.add(w);
                continue;
            }
            answer = create ? Outlives.NOT_SHOWN : Outlives.OUTLIVED;
            break;
        }
        // Each request whose outcome is not logged, latest first: granted it decides, refused it leaves what follows it.
        for (int i = unlogged.size() - 1; i >= 0; i--) {
            AuditRecord w = unlogged.get(i);
            Outliving granted = "create".equals(w.verb()) && w.subresource().isEmpty() ? Outliving.NOT_SHOWN : Outliving.OUTLIVED;
            if (answer.kind() != granted) {
                answer = new Outlives(Outliving.UNDECIDED, w);
            }
        }
        return answer;
    }

    /** The Workflow's own effective create, by the Pod's creation (the run's, or an earlier Workflow's of the name). */
    private static boolean isRunCreate(AuditRecord a, Timestamp podCreated) {
        boolean create = "workflows".equals(a.resource()) && "create".equals(a.verb()) && a.subresource().isEmpty() && a.effective();
        return create && podCreated != null && !a.time().instant().isAfter(podCreated.windowEnd().plusNanos(CROSS_CLOCK_NANOS));
    }

    /**
     * The run's create as a walk in time order meets {@code a} ({@link #isRunCreate}), {@code current} the one met so far: the latest
     * granted one. A create whose outcome is not logged dates no recreation (session 50): it may have been refused (409 while the name
     * was still held by the Workflow being deleted, whose Pod this then is), so it bounds no span; every delete of a stream that
     * writes the Workflow is then read, one clearly before the Pod's creation by {@link #outliving}, which names what such a create
     * leaves undecided.
     */
    private static AuditRecord runCreate(AuditRecord current, AuditRecord a, Timestamp podCreated) {
        return isRunCreate(a, podCreated) && a.granted() ? a : current;
    }

    /**
     * The lower bound of the span of a delete in a stream that writes nothing else of the Workflow: after the run's granted create
     * ({@code created}) wherever logged; with none, after the earliest run create whose outcome is not logged where that is earlier than
     * the Pod's creation less the clocks' margin (granted, it was the run's create; refused, the run's is earlier still: either way the
     * Workflow stood from then; session 50), else after that; null without the Pod's creation either.
     */
    private static Instant spanAfter(AuditRecord created, AuditRecord unlogged, Timestamp podCreated) {
        if (created != null) {
            return created.time().instant();
        }
        Instant clearlyBefore = podCreated == null ? null : podCreated.instant().minusNanos(CROSS_CLOCK_NANOS);
        if (unlogged != null && (clearlyBefore == null || unlogged.time().instant().isBefore(clearlyBefore))) {
            return unlogged.time().instant();
        }
        return clearlyBefore;
    }

    /** The earliest run create whose outcome is not logged ({@link #isRunCreate}), as a walk in time order meets {@code a}. */
    private static AuditRecord firstUnloggedCreate(AuditRecord current, AuditRecord a, Timestamp podCreated) {
        return current == null && isRunCreate(a, podCreated) && a.outcomeUnlogged() ? a : current;
    }

    /** A record of the group's audit, with its place in it (ties of time and source keep that order; a record is one by it). */
    record At(int position, AuditRecord record) {
    }

    /**
     * One audit file's unnamed deletes of a namespace's Workflows, in {@link #ORDER}: all of them, the effective ones, and the first
     * deletecollection of Workflows (whatever its outcome; null if none), what a reading asks of them.
     */
    record Unnamed(List<At> all, List<At> effective, List<At> granted, At collection) {
        static Unnamed of(List<At> records) {
            List<At> all = new ArrayList<>(records);
            all.sort(ORDER);
            At collection = null;
            for (At a : all) {
                if ("workflows".equals(a.record().resource()) && "deletecollection".equals(a.record().verb())) {
                    collection = a;
                    break;
                }
            }
            return new Unnamed(List.copyOf(all), all.stream().filter(a -> a.record().effective()).toList(),
                    all.stream().filter(a -> a.record().effective() && !a.record().outcomeUnlogged()).toList(), collection);
        }

        /** The first effective one strictly after {@code after} (null: the first of all), by a binary search on time; null if none. */
        At firstEffectiveAfter(Instant after) {
            int i = indexAfter(effective, after);
            return i < effective.size() ? effective.get(i) : null;
        }

        /**
         * The first one strictly after {@code after} whose grant its record shows (null: the first of all); null if none. An effective
         * one before it may be a delete whose outcome is unlogged, which {@link #readOver} reads only where no granted one is in the
         * span (session 49).
         */
        At firstGrantedAfter(Instant after) {
            int i = indexAfter(granted, after);
            return i < granted.size() ? granted.get(i) : null;
        }

        /**
         * The first of {@code list} ({@link #effective} or {@link #granted}) after {@code from} (null: any) and not after {@code to}
         * whose {@link #outliving} over {@code named} is one of {@code kinds}, by a binary search. Null if none, or if {@code to} or
         * {@code podCreated} is null. Two searches are monotone in that range (every write there is clearly before the Pod's creation,
         * so only creates lie between two of its deletes): a later one is not {@code NOT_SHOWN} if an earlier one is not (a create
         * between them, granted, makes the earlier one {@code NOT_SHOWN}; its outcome unlogged, {@code UNDECIDED} at most), and
         * {@code OUTLIVED} if an earlier one is (any create between them makes the earlier one something else).
         */
        At firstOutlived(List<At> list, Instant from, Instant to, List<AuditRecord> named, Timestamp podCreated, Set<Outliving> kinds) {
            if (to == null || podCreated == null) {
                return null;
            }
            int lo = indexAfter(list, from);
            int end = indexAfter(list, to);
            int hi = end;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (kinds.contains(outliving(list.get(mid).record(), named, podCreated).kind())) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo < end ? list.get(lo) : null;
        }

        /** The index of the first of {@code list} strictly after {@code after} (null: 0), by a binary search on time. */
        private static int indexAfter(List<At> list, Instant after) {
            if (after == null) {
                return 0;
            }
            int lo = 0;
            int hi = list.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (list.get(mid).record().time().instant().isAfter(after)) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }
    }

    /**
     * The group's Workflow audit records by the Workflow they name, and its unnamed deletes by the namespace they empty and the
     * file they are in, each file's by time: built once, so that each Workflow takes its own records by a look-up, and each
     * reading the few unnamed deletes it turns on by a search, not by a walk of every record.
     */
    static final class Index {
        private final Map<String, List<At>> named = new HashMap<>();
        private final Map<String, Map<String, Unnamed>> unnamed = new HashMap<>();
        private final boolean empty;

        Index(List<AuditRecord> all) {
            empty = all.isEmpty();
            Map<String, Map<String, List<At>>> deletes = new HashMap<>();
            for (int i = 0; i < all.size(); i++) {
                AuditRecord a = all.get(i);
                if (a.time() == null) {
                    continue;
                }
                if ("workflows".equals(a.resource()) && a.namespace() != null && a.name() != null) {
                    named.computeIfAbsent(a.namespace() + "/" + a.name(), k -> new ArrayList<>()).add(new At(i, a));
                }
                if (deletesUnnamed(a)) {
                    String namespace = "namespaces".equals(a.resource()) ? a.name() : a.namespace();
                    if (namespace != null) {
                        deletes.computeIfAbsent(namespace, k -> new HashMap<>()).computeIfAbsent(a.source().file(), k -> new ArrayList<>())
                                .add(new At(i, a));
                    }
                }
            }
            deletes.forEach((namespace, files) -> {
                Map<String, Unnamed> byFile = new HashMap<>();
                files.forEach((file, records) -> byFile.put(file, Unnamed.of(records)));
                unnamed.put(namespace, Map.copyOf(byFile));
            });
        }
    }

    /** The group's records of requests on the Workflow by name ({@code index}), as given (not ordered). */
    static List<AuditRecord> namedIn(Index index, WorkflowRef ref) {
        return index.named.getOrDefault(ref.namespace() + "/" + ref.name(), List.of()).stream().map(At::record).toList();
    }

    /** The records about {@code ref} in the group's Workflow audit ({@code index}), by time then source. */
    static WorkflowAudit of(WorkflowRef ref, Index index, boolean given) {
        return of(ref, index, given, Set.of());
    }

    /**
     * As {@link #of(WorkflowRef, Index, boolean)}, without the requests whose {@code objectRef.uid} contradicts the UIDs the
     * Workflow's exports show ({@code uids}; none exported: nothing to contradict): another object of the name, another cluster's
     * Workflow in an audit file given beside, or an earlier run's. They show nothing of this Workflow's standing. A delete is kept
     * whatever its UID (the API server records none for one in practice): a UID never takes a deletion away.
     */
    static WorkflowAudit of(WorkflowRef ref, Index index, boolean given, Set<String> uids) {
        return of(ref, index, given, uids, foreignFiles(ref, index, uids));
    }

    /** As {@link #of(WorkflowRef, Index, boolean, Set)}, leaving out every record of the files {@link #foreignFiles} found for it. */
    static WorkflowAudit of(WorkflowRef ref, Index index, boolean given, Set<String> uids, Set<String> foreign) {
        return of(ref, index, given, uids, foreign, a -> false);
    }

    /**
     * As {@link #of(WorkflowRef, Index, boolean, Set, Set)}, leaving out too the deletes the Workflow's own exports show were another
     * object's ({@code otherObjects}, {@link OtherWorkflowDeletes#why}).
     */
    static WorkflowAudit of(WorkflowRef ref, Index index, boolean given, Set<String> uids, Set<String> foreign,
                            java.util.function.Predicate<AuditRecord> otherObjects) {
        List<At> at = new ArrayList<>(index.named.getOrDefault(ref.namespace() + "/" + ref.name(), List.of()));
        at.removeIf(a -> otherObjects.test(a.record()));
        at.removeIf(a -> !uids.isEmpty() && !a.record().uid().isEmpty() && !uids.contains(a.record().uid())
                && !"delete".equals(a.record().verb()));
        at.removeIf(a -> foreign.contains(a.record().source().file()));
        at.sort(ORDER);
        Map<String, Unnamed> unnamed = index.unnamed.getOrDefault(ref.namespace(), Map.of());
        if (!foreign.isEmpty()) {
            unnamed = new HashMap<>(unnamed);
            unnamed.keySet().removeAll(foreign);
        }
        return new WorkflowAudit(ref, given || !index.empty, at, unnamed);
    }

    /**
     * Two audit files that contradict each other about the Workflow's name ({@link #contest}).
     *
     * @param file      the file whose writes of the name carry {@code uid} from {@code from} to {@code to}
     * @param otherFile the file that records a granted write of the name carrying {@code otherUid} at {@code at}, clearly inside that span
     */
    public record Contest(String file, String uid, Timestamp from, Timestamp to, String otherFile, String otherUid, Timestamp at) {
        /** Whether {@code f} is one of the two files. */
        public boolean involves(String f) {
            return file.equals(f) || otherFile.equals(f);
        }

        /** One file contradicts itself: it holds more than one cluster's records (session 39). */
        public boolean oneFile() {
            return file.equals(otherFile);
        }
    }

    /**
     * Two audit files given that record the Workflow's name held by two objects at once, or null (session 38), or one file that
     * records it so by itself (session 39: {@link Contest#oneFile}, two clusters' logs concatenated or merged): one file's granted
     * writes of the name carry one UID ({@link AuditRecord#actedOnUid}: an {@code update}'s {@code objectRef.uid}, a granted
     * delete's responseObject, session 49) from the first to the last, and the other file
     * records a granted write of it carrying another UID clearly inside that span (by as much as two API servers' clocks may
     * disagree). One name is held by one object at a time in one cluster, so the files are not one cluster's; which is this
     * Workflow's, nothing in them tells. Read from the records left after the exported UIDs set apart another object's
     * ({@link #of(WorkflowRef, Index, boolean, Set)}, {@link #foreignFiles}): where an export shows the Workflow's UID, the other
     * file's writes are gone already and there is no contest.
     */
    public Contest contest() {
        Map<String, Map<String, Timestamp[]>> spans = new TreeMap<>();
        for (At a : named) {
            AuditRecord r = a.record();
            if (r.mutating() && r.effective() && !r.actedOnUid().isEmpty() && r.time() != null) {
                spans.computeIfAbsent(r.source().file(), f -> new TreeMap<>()).merge(r.actedOnUid(), new Timestamp[] {r.time(), r.time()},
                        (x, y) -> new Timestamp[] {x[0].instant().isAfter(y[0].instant()) ? y[0] : x[0], x[1].instant().isBefore(y[1].instant()) ? y[1] : x[1]});
            }
        }
        // Two files first (session 38), then one file that contradicts itself (session 39): two clusters' audit logs concatenated or
        // merged into one (a log shipper's export, `cat a b`). One file is one API server's clock, or a merge of one cluster's API
        // servers, whose clocks the margin allows for; a clock cannot put a write clearly inside another object's span.
        for (boolean sameFile : new boolean[] {false, true}) {
            for (Map.Entry<String, Map<String, Timestamp[]>> file : spans.entrySet()) {
                for (Map.Entry<String, Timestamp[]> held : file.getValue().entrySet()) {
                    Instant from = held.getValue()[0].instant().plusNanos(CROSS_CLOCK_NANOS);
                    Instant to = held.getValue()[1].instant().minusNanos(CROSS_CLOCK_NANOS);
                    for (At a : named) {
                        AuditRecord r = a.record();
                        boolean write = r.mutating() && r.effective() && !r.actedOnUid().isEmpty() && r.time() != null;
                        if (write && r.source().file().equals(file.getKey()) == sameFile && !r.actedOnUid().equals(held.getKey())
                                && r.time().instant().isAfter(from) && r.time().instant().isBefore(to)) {
                            return new Contest(file.getKey(), held.getKey(), held.getValue()[0], held.getValue()[1], r.source().file(), r.actedOnUid(), r.time());
                        }
                    }
                }
            }
        }
        return null;
    }

    /**
     * The audit files given that are another cluster's (or record another object of the name), for this Workflow: one that records
     * a granted write of its name naming the object it acted on ({@link AuditRecord#actedOnUid}: an {@code update}'s
     * {@code objectRef.uid}, a granted delete's responseObject, session 49) with a UID at a time when, by this cluster's audit,
     * the name was held by an object with another UID. A name is held by one object at a time in one cluster, so the two files
     * cannot be one cluster's. This cluster's audit is a file recording a write with one of the UIDs the Workflow's exports show
     * ({@code uids}); each UID it records held the name from its first such write to its last (a span narrower than the object's
     * life, never wider); a write counts inside one only clearly (by as much as two API servers' clocks may disagree). None
     * exported, or no file records the exported UID: nothing tells which file is this cluster's, and none is set apart (a UID is
     * not guessed). Their deletes of the name (a TTL's, a user's) do not delete this Workflow.
     */
    static Set<String> foreignFiles(WorkflowRef ref, Index index, Set<String> uids) {
        if (uids.isEmpty()) {
            return Set.of();
        }
        List<At> named = index.named.getOrDefault(ref.namespace() + "/" + ref.name(), List.of());
        Set<String> own = new TreeSet<>();
        for (At a : named) {
            if (a.record().mutating() && a.record().effective() && uids.contains(a.record().actedOnUid())) {
                own.add(a.record().source().file());
            }
        }
        if (own.isEmpty()) {
            return Set.of();
        }
        // Each UID's span in this cluster's files: from its first write carrying it to its last.
        Map<String, Instant[]> held = new TreeMap<>();
        for (At a : named) {
            AuditRecord r = a.record();
            if (own.contains(r.source().file()) && r.mutating() && r.effective() && !r.actedOnUid().isEmpty()) {
                Instant t = r.time().instant();
                held.merge(r.actedOnUid(), new Instant[] {t, t}, (x, y) -> new Instant[] {x[0].isBefore(y[0]) ? x[0] : y[0], x[1].isAfter(y[1]) ? x[1] : y[1]});
            }
        }
        Set<String> foreign = new TreeSet<>();
        for (At a : named) {
            AuditRecord r = a.record();
            String file = r.source().file();
            if (own.contains(file) || foreign.contains(file) || !r.mutating() || !r.effective() || r.actedOnUid().isEmpty()) {
                continue;
            }
            Instant t = r.time().instant();
            for (Map.Entry<String, Instant[]> h : held.entrySet()) {
                boolean inside = t.isAfter(h.getValue()[0].plusNanos(CROSS_CLOCK_NANOS)) && t.isBefore(h.getValue()[1].minusNanos(CROSS_CLOCK_NANOS));
                if (!h.getKey().equals(r.actedOnUid()) && inside) {
                    foreign.add(file);
                    break;
                }
            }
        }
        return foreign;
    }

    /**
     * The audit log over the time in question: from the Pod's creation ({@code podCreated}, the controller's {@code Created pod};
     * null if no line shows it) to {@code until} (already widened by as much as two clocks may disagree). A stream counts if it
     * holds a write of the Workflow clearly before the Pod's creation (or the Workflow's own {@code create}, the latest before
     * it), and a request on the Workflow or on the Pod ({@code podRecords}) at or after {@code until}. A delete of the Workflow
     * after the run's {@code create} (before it, an earlier Workflow of the name: #8022's resubmission; with no {@code create}
     * in the stream, any before {@code until}), or of its namespace's Workflows, up to {@code until}, makes it {@link Kind#DELETED};
     * one clearly before the Pod's creation is an earlier object's of the name in any stream (session 37), unless the stream shows
     * the Workflow outliving it ({@link #outliving}: held by a finalizer, being deleted; recheck s37).
     */
    public Reading read(Timestamp podCreated, Instant until, List<AuditRecord> podRecords) {
        return readOver(until == null ? List.of() : window(podCreated), podCreated, until, podRecords);
    }

    /**
     * The records a reading from the Pod's creation ({@code podCreated}) can turn on, in the order of {@link #records}: the
     * Workflow's own, and of each file's unnamed deletes of its namespace only those the reading looks at. All of them are deletes
     * and none is a write or a create, so in {@link #readOver} they count in three ways, each decided by one of them: the first
     * effective one after the lower bound of a file's span (in a file that does not write the Workflow, after the run's create
     * wherever logged, else after the Pod's creation less the clocks' margin, else any; in one that does, after the later of that
     * file's own run create and the Pod's creation less the margin, and the first after its own run create, which tells whether a
     * delete clearly before the Pod's creation counts as one the Workflow outlived: recheck s37) is the first delete in that span
     * if any is; the file's last record is its last one if that is later than the Workflow's own;
     * and whether the file logs deletes of Workflows needs one deletecollection of them. Each found by a search, not a walk.
     */
    List<AuditRecord> window(Timestamp podCreated) {
        if (unnamed.isEmpty()) {
            return named();
        }
        AuditRecord created = null;
        AuditRecord unlogged = null;
        Map<String, AuditRecord> runByFile = new HashMap<>();
        for (At a : named) {
            created = runCreate(created, a.record(), podCreated);
            unlogged = firstUnloggedCreate(unlogged, a.record(), podCreated);
            AuditRecord inFile = runCreate(runByFile.get(a.record().source().file()), a.record(), podCreated);
            if (inFile != null) {
                runByFile.put(a.record().source().file(), inFile);
            }
        }
        Instant after = spanAfter(created, unlogged, podCreated);
        Set<String> writing = new java.util.HashSet<>();
        for (At a : named) {
            if (writes(a.record())) {
                writing.add(a.record().source().file());
            }
        }
        Instant clearlyBefore = podCreated == null ? null : podCreated.instant().minusNanos(CROSS_CLOCK_NANOS);
        List<At> at = new ArrayList<>(named);
        for (Map.Entry<String, Unnamed> e : unnamed.entrySet()) {
            Unnamed u = e.getValue();
            AuditRecord run = runByFile.get(e.getKey());
            Instant runAt = run == null ? null : run.time().instant();
            // A file that writes the Workflow counts from its own run's create and, unless the Workflow is shown outliving an earlier
            // delete (the first after the create tells: recheck s37), from the Pod's creation less the clocks' margin: the first
            // after the later of the two. A file that does not, from the bound all files share.
            Instant spanFrom = clearlyBefore == null || runAt != null && runAt.isAfter(clearlyBefore) ? runAt : clearlyBefore;
            List<At> picks = new ArrayList<>();
            if (writing.contains(e.getKey())) {
                // The first the Workflow may have outlived (a request of it whose outcome is unlogged reads it so: UNDECIDED), and the
                // first granted one it outlived: a reading returns at a granted delete it outlived, and names the first undecided.
                picks.add(u.firstOutlived(u.effective(), runAt, spanFrom, named(), podCreated, Set.of(Outliving.OUTLIVED, Outliving.UNDECIDED)));
                picks.add(u.firstOutlived(u.granted(), runAt, spanFrom, named(), podCreated, Set.of(Outliving.OUTLIVED)));
                picks.add(u.firstEffectiveAfter(spanFrom));
                picks.add(u.firstGrantedAfter(spanFrom));
            } else {
                picks.add(u.firstEffectiveAfter(after));
                picks.add(u.firstGrantedAfter(after));
            }
            picks.add(u.all().get(u.all().size() - 1));
            picks.add(u.collection());
            for (At pick : picks) {
                if (pick != null) {
                    at.add(pick);
                }
            }
        }
        return ordered(at);
    }

    /**
     * The reading over {@code records}, in the order of {@link #records}: over all of them it is the definition of {@link #read},
     * which takes its {@link #window} (the same reading: {@code WorkflowAuditWindowTest}).
     */
    Reading readOver(List<AuditRecord> records, Timestamp podCreated, Instant until, List<AuditRecord> podRecords) {
        if (until == null) {
            return new Reading(given ? Kind.NOT_COVERED : Kind.NOT_GIVEN, null, null, null, null);
        }
        Map<String, List<AuditRecord>> byFile = new TreeMap<>();
        for (AuditRecord a : records) {
            byFile.computeIfAbsent(a.source().file(), k -> new ArrayList<>()).add(a);
        }
        // A delete in a stream that logs no other write of the Workflow is a delete too (recheck s34): several API servers each
        // write their own audit file, and the one a user's delete reached may hold nothing else of it. The run's create, wherever
        // logged, bounds it below; with none, the Pod's creation does (the run's Workflow stood when its Pod was created: a delete
        // clearly before that is an earlier Workflow's of the name).
        AuditRecord created = null;
        AuditRecord unlogged = null;
        for (AuditRecord a : records) {
            created = runCreate(created, a, podCreated);
            unlogged = firstUnloggedCreate(unlogged, a, podCreated);
        }
        Instant after = spanAfter(created, unlogged, podCreated);
        // A delete in the span whose outcome no record gives (session 49): no deletion, but no standing either; a granted one in the
        // span, in any stream, is read before it.
        Reading requested = null;
        for (List<AuditRecord> recs : byFile.values()) {
            if (recs.stream().anyMatch(WorkflowAudit::writes)) {
                continue; // read below, with the stream's own create
            }
            for (AuditRecord a : recs) {
                boolean deletes = ("delete".equals(a.verb()) && a.subresource().isEmpty() || deletesUnnamed(a)) && a.effective();
                boolean inSpan = (after == null || a.time().instant().isAfter(after)) && !a.time().instant().isAfter(until);
                if (deletes && inSpan && a.outcomeUnlogged()) {
                    requested = requested != null ? requested : new Reading(Kind.DELETED, null, a.source().file(), null, a.requestTime(), a.unloggedDelete());
                } else if (deletes && inSpan) {
                    return new Reading(Kind.DELETED, null, a.source().file(), null, a.requestTime());
                }
            }
        }
        Reading stood = null;
        Reading unshown = null;
        Reading nearest = null;
        for (Map.Entry<String, List<AuditRecord>> e : byFile.entrySet()) {
            List<AuditRecord> recs = e.getValue();
            AuditRecord run = null;
            AuditRecord firstWrite = null;
            for (AuditRecord a : recs) {
                if (writes(a) && firstWrite == null) {
                    firstWrite = a;
                }
                run = runCreate(run, a, podCreated);
            }
            if (firstWrite == null) {
                continue; // this stream's policy shows nothing of the Workflow's requests
            }
            for (AuditRecord a : recs) {
                boolean deletes = ("delete".equals(a.verb()) && a.subresource().isEmpty() || deletesUnnamed(a)) && a.effective();
                // After the stream's own create of the name, and not clearly before the Pod's creation (session 37): the run's
                // Workflow stood when the controller created its Pod, so a delete clearly before that is an earlier object's of the
                // name, in this cluster or in another whose file was given beside (judgment ScenariosAudit seed 7: staging's TTL
                // delete a minute before this run's Pod, after staging's own create), as for a stream logging nothing else of it.
                // Unless the audit shows the object outlived the delete (recheck s37): a Workflow held by a finalizer
                // (artifact-gc, foregroundDeletion) is still reconciled, and creates Pods, while it is being deleted.
                // A create or write of it whose outcome is not logged dates neither a recreation nor an outliving (session 50):
                // where it decides, the delete is read as one whose outcome for this Workflow is not known (as an unlogged delete).
                Outlives outlives = deletes && podCreated != null && !a.time().instant().isAfter(podCreated.instant().minusNanos(CROSS_CLOCK_NANOS))
                        ? outliving(a, records, podCreated) : null;
                boolean earlierObject = outlives != null && outlives.kind() == Outliving.NOT_SHOWN;
                boolean inSpan = (run == null || a.time().instant().isAfter(run.time().instant())) && !earlierObject
                        && !a.time().instant().isAfter(until);
                boolean undecided = outlives != null && outlives.kind() == Outliving.UNDECIDED;
                if (deletes && inSpan && a.outcomeUnlogged()) {
                    requested = requested != null ? requested : new Reading(Kind.DELETED, null, e.getKey(), null, a.requestTime(), a.unloggedDelete());
                } else if (deletes && inSpan && undecided) {
                    requested = requested != null ? requested
                            : new Reading(Kind.DELETED, null, e.getKey(), null, a.requestTime(), outlives.words(a), outlives.undecided());
                } else if (deletes && inSpan) {
                    return new Reading(Kind.DELETED, null, e.getKey(), null, a.requestTime());
                }
            }
            AuditRecord last = recs.get(recs.size() - 1);
            for (AuditRecord a : podRecords) {
                if (a.time() != null && e.getKey().equals(a.source().file()) && a.time().instant().isAfter(last.time().instant())) {
                    last = a;
                }
            }
            boolean fromStart = run != null || podCreated != null
                    && firstWrite.time().instant().isBefore(podCreated.instant().minusNanos(CROSS_CLOCK_NANOS));
            boolean toEnd = !last.time().instant().isBefore(until);
            AuditRecord from = run != null ? run : firstWrite;
            // The stream must show that its policy logs deletes of Workflows too (recheck s34: a policy logging create, update and
            // patch only): a delete request of this name at any time (#8022's earlier run, whatever its outcome), or of the
            // namespace's Workflows by collection.
            boolean deletesLogged = recs.stream().anyMatch(a -> "workflows".equals(a.resource())
                    && ("delete".equals(a.verb()) && a.subresource().isEmpty() || "deletecollection".equals(a.verb())));
            if (fromStart && toEnd && !deletesLogged) {
                if (unshown == null) {
                    unshown = new Reading(Kind.DELETES_UNSHOWN, null, e.getKey(), (run != null ? run : firstWrite).requestTime(), last.requestTime());
                }
            } else if (fromStart && toEnd && stood == null) {
                String how = "the audit log " + e.getKey() + " records the Workflow's requests from " + from.requestTime().format() + " ("
                        + (run != null ? "its create" : from.verb() + " of it") + ") and goes on to " + last.requestTime().format()
                        + ", with no delete of it or of its namespace's Workflows: its audit policy logs them, so a deletion would be there";
                stood = new Reading(Kind.STOOD, new Known(last.requestTime(), how, last.source(), false), e.getKey(), from.requestTime(), last.requestTime());
            } else if (nearest == null) {
                nearest = new Reading(Kind.NOT_SPANNING, null, e.getKey(), from.requestTime(), last.requestTime());
            }
        }
        if (requested != null) {
            return requested;
        }
        if (stood != null) {
            return stood;
        }
        if (unshown != null) {
            return unshown;
        }
        if (nearest != null) {
            return nearest;
        }
        return new Reading(given ? Kind.NOT_COVERED : Kind.NOT_GIVEN, null, null, null, null);
    }
}
