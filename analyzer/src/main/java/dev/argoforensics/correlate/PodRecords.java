package dev.argoforensics.correlate;

import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.time.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Gives task results, cluster events and audit records to the Pods they are about: directly (an
 * event or request about the Pod), through the Pod's Workflow node (its task result, the
 * controller's node events, requests on the Workflow or the task result), or through the Kubernetes
 * node it ran on (node events while the Pod existed). Records are indexed by the object they name,
 * so each Pod looks up only its own.
 */
final class PodRecords {
    static final String PODS = "pods";
    static final String WORKFLOWS = "workflows";
    static final String TASK_RESULTS = "workflowtaskresults";

    private final PodInstances instances;
    private final Map<String, Set<String>> namespacesByPod;
    /** Task results by "namespace/node ID", and by "namespace/pod name" for those a Pod owns. */
    private final Map<String, List<TaskResultSnapshot>> taskResultsByNode = new HashMap<>();
    private final Map<String, List<TaskResultSnapshot>> taskResultsByOwnerPod = new HashMap<>();
    /** Events about other objects, by "kind/namespace/name" (namespace empty for Nodes). */
    private final Map<String, List<ClusterEvent>> eventsByObject = new HashMap<>();
    /** Requests on other objects, by "resource/namespace/name". */
    private final Map<String, List<AuditRecord>> auditByObject = new HashMap<>();
    private final Map<PodKey, List<TaskResultSnapshot>> taskResultsByPod = new TreeMap<>();
    private final Map<PodKey, List<ClusterEvent>> eventsByPod = new TreeMap<>();
    private final Map<PodKey, List<AuditRecord>> auditByPod = new TreeMap<>();
    private final Map<PodKey, List<NodeLogEntry>> nodeLogsByPod = new TreeMap<>();
    /** Deletecollections of Pods carried out or whose outcome is not logged ({@link AuditRecord#deletesPodCollection}), by namespace. */
    private final Map<String, List<AuditRecord>> podCollections = new TreeMap<>();

    /** A Pod's Kubernetes node and the time it is known to have existed. */
    record HostSpan(String host, Timestamp from, Timestamp until) {
    }

    PodRecords(ExportedObjects objects, PodInstances instances, Map<String, Set<String>> namespacesByPod) {
        this.instances = instances;
        this.namespacesByPod = namespacesByPod;
        for (TaskResultSnapshot t : objects.taskResults()) {
            index(taskResultsByNode, t.namespace() + "/" + t.nodeId(), t);
            t.podOwner().ifPresent(o -> index(taskResultsByOwnerPod, t.namespace() + "/" + o.name(), t));
        }
        for (ClusterEvent e : objects.clusterEvents()) {
            String namespace = e.regarding().namespace().isEmpty() ? e.namespace() : e.regarding().namespace();
            if ("Pod".equals(e.regarding().kind()) && !e.regarding().name().isEmpty()) {
                PodKey named = named(namespace, e.regarding().name());
                index(eventsByPod, instances.forUid(named, e.regarding().uid(), e.first()), e);
            } else {
                String ns = "Node".equals(e.regarding().kind()) ? "" : namespace;
                index(eventsByObject, e.regarding().kind() + "/" + ns + "/" + e.regarding().name(), e);
            }
        }
        for (AuditRecord a : latestStages(objects.auditRecords())) {
            if (PODS.equals(a.resource()) && !a.name().isEmpty()) {
                // A record naming the Pod's UID (objectRef.uid: an update sends the whole object) goes to the exported Pod of that UID;
                // one whose UID contradicts the exported Pod its time would give it to is another object of the name (another
                // cluster's Pod in a file given beside, or an earlier Pod of the name no export shows) and shows nothing of this one.
                // A delete or an eviction is kept whatever its UID (the API server records none for them in practice): a UID never
                // takes a deletion away from a Pod.
                // A granted delete's response names the Pod it deleted (AuditRecord#actedOnUid, session 49): it goes to the exported Pod
                // of that UID (an earlier Pod of the name argo retry replaced), else by its time as before.
                PodKey named = named(a.namespace(), a.name());
                String uid = a.actedOnUid();
                // A create without a UID goes to the Pod it made: the one whose creation it is nearest within the clock margin
                // (PodInstances#forCreate; session 51), not by its time alone (it comes just before that Pod's Created pod line).
                boolean creates = "create".equals(a.verb()) && a.subresource().isEmpty();
                PodKey to = !uid.isEmpty() ? instances.forUid(named, uid, a.time())
                        : creates ? instances.forCreate(named, a.time()) : instances.forTime(named, a.time());
                boolean removes = "delete".equals(a.verb()) && a.subresource().isEmpty() || "eviction".equals(a.subresource());
                if (uid.isEmpty() || to.uid() == null || to.uid().equals(uid) || removes) {
                    index(auditByPod, to, a);
                }
            } else {
                index(auditByObject, a.resource() + "/" + a.namespace() + "/" + a.name(), a);
                if (a.deletesPodCollection() && a.effective() && a.namespace() != null && !a.namespace().isEmpty() && a.time() != null) {
                    index(podCollections, a.namespace(), a);
                }
            }
        }
        for (NodeLogEntry n : objects.nodeLogs()) {
            for (String pod : n.pods()) {
                int slash = pod.indexOf('/');
                PodKey named = slash < 0 ? named(null, pod) : named(pod.substring(0, slash), pod.substring(slash + 1));
                index(nodeLogsByPod, n.podUid().isEmpty() || n.pods().size() > 1 ? instances.forTime(named, n.time())
                        : instances.forUid(named, n.podUid(), n.time()), n);
            }
        }
    }

    List<NodeLogEntry> nodeLogs(PodKey pod) {
        return nodeLogsByPod.getOrDefault(pod, List.of());
    }

    /** Pods that only events, audit records or node logs name still get a history. */
    Set<PodKey> podKeys() {
        Set<PodKey> keys = new TreeSet<>(eventsByPod.keySet());
        keys.addAll(auditByPod.keySet());
        keys.addAll(nodeLogsByPod.keySet());
        return keys;
    }

    /** Records about each Pod's Workflow node: its task result, the controller's node events, requests on them. */
    void byNode(Map<PodKey, NodeLink> links) {
        links.forEach((pod, link) -> {
            if (link == null) {
                return;
            }
            WorkflowRef wf = link.workflow();
            List<TaskResultSnapshot> results = new ArrayList<>(taskResultsByNode.getOrDefault(wf.namespace() + "/" + link.nodeId(), List.of()));
            results.removeIf(t -> !t.workflowName().map(wf.name()::equals).orElse(true));
            for (TaskResultSnapshot t : taskResultsByOwnerPod.getOrDefault(pod.namespace() + "/" + pod.name(), List.of())) {
                boolean sameUid = pod.uid() == null || t.podOwner().get().uid().isEmpty() || t.podOwner().get().uid().equals(pod.uid());
                if (sameUid && !results.contains(t)) {
                    results.add(t);
                }
            }
            for (TaskResultSnapshot t : results) {
                if (instances.forTime(pod.named(), timeOf(t)).equals(pod)) {
                    index(taskResultsByPod, pod, t);
                }
            }
            for (ClusterEvent e : eventsByObject.getOrDefault("Workflow/" + wf.namespace() + "/" + wf.name(), List.of())) {
                if (namesNode(e, link) && instances.forTime(pod.named(), e.first()).equals(pod)) {
                    index(eventsByPod, pod, e);
                }
            }
            List<AuditRecord> requests = new ArrayList<>(auditByObject.getOrDefault(WORKFLOWS + "/" + wf.namespace() + "/" + wf.name(), List.of()));
            requests.addAll(auditByObject.getOrDefault(TASK_RESULTS + "/" + wf.namespace() + "/" + link.nodeId(), List.of()));
            for (AuditRecord a : requests) {
                if (instances.forTime(pod.named(), a.time()).equals(pod)) {
                    index(auditByPod, pod, a);
                }
            }
        });
    }

    /**
     * The deletecollections of Pods that may have taken each Pod (session 51): those of its namespace, carried out or with their outcome
     * not logged, whose selectors can have matched it ({@link CollectionSelection}), within the span in which a collection delete
     * can have found it and been the first to delete it. Kubernetes lists the namespace's Pods when the request runs and sets the
     * {@code deletionTimestamp} of those its selectors match, so a collection is none of the Pod's when it ran:
     * <ul>
     * <li>clearly before the Pod was created ({@code created}: the earliest creation its exports or the controller's {@code Created pod}
     * give; none known: no lower bound from it);
     * <li>clearly before an export taken later shows the Pod (this UID, or a Pod created before the collection) with no deletion: the
     * collection had set none ({@link ObservedAt#statedTime}, its stated taking time less what the taker's clock may be off, never the kubelet's times inside it, unlike {@code DeletionBounds}
     * reads an undeleted export);
     * <li>received clearly after the Pod's deletion was first requested, as the objects show it: the earliest {@code deletionTimestamp}
     * an export of it gives (the request's time plus a grace period, never before the request) or a granted delete whose response
     * names its UID. It found the Pod already deleted, and is not its deleter. The controller's own lines are not read for this: a
     * {@code delete pod event} or a missing Pod is also a Pod that left the informer by its label (AF008), not a deletion.
     * </ul>
     * Within that span its selectors are read against what the Pod's exports show of it then ({@link CollectionSelection}, session 52):
     * one that provably does not select the Pod (its name, a node it was never on, a label value its exports place at that time) is
     * none of its; any other stays a possible deleter, given to the Pod's audit records once, where its timeline shows it and {@link LifecycleBuilder}
     * reads it as a possible deleter, never as its deleter. Collections are sorted by time in each namespace and each Pod looks up only
     * those in its span: Pods × collections are never walked (session 50 gave every Pod every collection of its namespace after its
     * creation, a row on each). Session 50's reading by fields alone ({@code fieldsExclude}) is {@link CollectionSelection}'s now.
     */
    void byCollection(Set<PodKey> pods, Map<PodKey, Timestamp> created, Map<PodKey, Set<String>> nodes, Map<PodKey, List<PodSnapshot>> exports) {
        if (podCollections.isEmpty()) {
            return;
        }
        Map<String, List<AuditRecord>> byTime = new HashMap<>();
        podCollections.forEach((ns, list) -> {
            List<AuditRecord> sorted = new ArrayList<>(list);
            sorted.sort(Comparator.comparing((AuditRecord a) -> a.requestTime().instant()).thenComparing(AuditRecord::source));
            byTime.put(ns, sorted);
        });
        for (PodKey pod : pods) {
            List<AuditRecord> sorted = byTime.getOrDefault(pod.namespace() == null ? "" : pod.namespace(), List.of());
            if (sorted.isEmpty()) {
                continue;
            }
            List<PodSnapshot> all = exports.getOrDefault(pod, List.of());
            CollectionSpan span = CollectionSpan.of(pod, created.get(pod), all, auditByPod.getOrDefault(pod, List.of()));
            List<PodSnapshot> own = CollectionSpan.ofThisPod(all, created.get(pod));
            for (int i = span.firstIndex(sorted); i < sorted.size() && !span.receivedAfter(sorted.get(i)); i++) {
                AuditRecord a = sorted.get(i);
                if (span.covers(a) && CollectionSelection.of(pod, own, nodes.getOrDefault(pod, Set.of()), a, auditByPod.getOrDefault(pod, List.of())).kind() != CollectionSelection.Kind.EXCLUDED) {
                    index(auditByPod, pod, a);
                }
            }
        }
    }

    /**
     * The span in which a deletecollection can have been a Pod's deleter ({@link #byCollection}): completed no earlier than
     * {@code from} less two clocks' disagreement, received no later than {@code until} plus it (null: unbounded).
     */
    record CollectionSpan(Instant from, Instant until) {
        /**
         * The longest a request runs before the API server times it out (its default {@code --request-timeout}, one minute): a
         * collection received this long before {@code from} completed before it. Only to start the search; each is then checked.
         */
        static final long REQUEST_NANOS = 60_000_000_000L;

        static CollectionSpan of(PodKey pod, Timestamp created, List<PodSnapshot> exports, List<AuditRecord> requests) {
            Instant from = created == null ? null : created.instant();
            Instant alive = null;
            Instant until = null;
            Instant own = ownCreation(created, exports);
            for (PodSnapshot s : exports) {
                if (!ofThisPod(s, own)) {
                    continue;
                }
                if (s.deletionTimestamp() != null) {
                    until = earlier(until, s.deletionTimestamp().instant());
                } else if (s.observed() != null && s.deletionShown() && s.observed().statedTime()) {
                    // Only a stated taking time (less what the taker's clock may be off) bounds it (s51 breaker): the times inside a
                    // Pod export are partly the kubelet's (its containers' startedAt, its conditions'), on the node's clock, which may
                    // run ahead of the API server's by more than two clocks' disagreement and would drop a collection that did delete it.
                    Instant taken = s.observed().time().instant().minusNanos(s.observed().statedMarginNanos());
                    if (alive == null || taken.isAfter(alive)) {
                        alive = taken;
                    }
                }
            }
            for (AuditRecord a : requests) {
                // A granted delete whose response names this Pod's UID deleted it then (AuditRecord#actedOnUid); by name alone it may be
                // an earlier Pod's of the name, and bounds nothing here.
                boolean removes = "delete".equals(a.verb()) && a.subresource().isEmpty() || "eviction".equals(a.subresource());
                if (removes && a.granted() && pod.uid() != null && pod.uid().equals(a.actedOnUid()) && a.requestTime() != null) {
                    until = earlier(until, a.requestTime().instant());
                }
            }
            // An export shown undeleted after the deletion's earliest statement contradicts it (a clock off): it then bounds nothing.
            if (alive != null && (until == null || !alive.isAfter(until)) && (from == null || alive.isAfter(from))) {
                from = alive;
            }
            return new CollectionSpan(from == null ? null : from.minusNanos(DeletionBounds.CROSS_CLOCK_NANOS),
                    until == null ? null : until.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
        }

        /** The exports of {@code exports} that are this Pod's ({@link #ofThisPod(PodSnapshot, Instant)}). */
        static List<PodSnapshot> ofThisPod(List<PodSnapshot> exports, Timestamp created) {
            Instant own = ownCreation(created, exports);
            List<PodSnapshot> out = new ArrayList<>();
            for (PodSnapshot s : exports) {
                if (ofThisPod(s, own)) {
                    out.add(s);
                }
            }
            return out;
        }

        /**
         * The Pod's creation as the API server stated it: the creationTimestamp of an export naming its UID, else the earliest creation
         * known ({@code created}); null if none.
         */
        private static Instant ownCreation(Timestamp created, List<PodSnapshot> exports) {
            for (PodSnapshot s : exports) {
                if (!s.uid().isEmpty() && s.creationTimestamp() != null) {
                    return s.creationTimestamp().instant();
                }
            }
            return created == null ? null : created.instant();
        }

        /**
         * An export of this Pod, not of another of its name (s51 breaker): one naming a UID is given to that UID's Pod; one naming none
         * is given by name and time, and where a single UID is known for the name, a later (or earlier) Pod of the name exported
         * without its UID lands here too (a Workflow deleted and submitted again makes the same Pod names). Its "shown undeleted at"
         * or its deletionTimestamp is then another Pod's and bounds nothing of this one's: it counts only where its creationTimestamp
         * is this Pod's (within two clocks' disagreement).
         */
        private static boolean ofThisPod(PodSnapshot s, Instant own) {
            if (!s.uid().isEmpty()) {
                return true;
            }
            if (s.creationTimestamp() == null || own == null) {
                return false;
            }
            Instant c = s.creationTimestamp().instant();
            return !c.isAfter(own.plusNanos(DeletionBounds.CROSS_CLOCK_NANOS)) && !c.isBefore(own.minusNanos(DeletionBounds.CROSS_CLOCK_NANOS));
        }

        /** The first of the collections (sorted by receipt) that can have completed no earlier than {@code from}. */
        int firstIndex(List<AuditRecord> sorted) {
            if (from == null) {
                return 0;
            }
            Instant start = from.minusNanos(REQUEST_NANOS);
            int lo = 0;
            int hi = sorted.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted.get(mid).requestTime().instant().isBefore(start)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** Received clearly after the Pod's deletion was first requested: it and every later one found it deleted. */
        boolean receivedAfter(AuditRecord a) {
            return until != null && a.requestTime().instant().isAfter(until);
        }

        /** Completed no earlier than {@code from} (less two clocks' disagreement) and received no later than {@code until}. */
        boolean covers(AuditRecord a) {
            return (from == null || !a.time().instant().isBefore(from)) && !receivedAfter(a);
        }

        private static Instant earlier(Instant a, Instant b) {
            return a == null || b.isBefore(a) ? b : a;
        }
    }

    /**
     * Events about the Kubernetes node a Pod ran on, while the Pod existed. Session 62 (s61 breaker's attack (d)): a {@code NodeNotReady}
     * on the Node also where it came up to {@link NodeClock#NOT_READY_LEAD_NANOS} after the Pod's last record: the node lifecycle
     * controller writes it a node-monitor grace period after the kubelet's last Lease renewal, so the kubelet may have stopped posting
     * (a VM paused, its clock then behind by the pause) while the Pod still stood, and the Pod, deleted by then, gets none of its own.
     * Every reader of a NotReady on the Pod's node (its node's clock, a lost node, a late kill, the deleters) reads the same span.
     */
    void byHost(Map<PodKey, HostSpan> spans) {
        spans.forEach((pod, span) -> {
            for (ClusterEvent e : eventsByObject.getOrDefault("Node//" + span.host(), List.of())) {
                Timestamp until = span.until();
                if ("NodeNotReady".equals(e.reason())) {
                    until = new Timestamp(until.instant().plusNanos(NodeClock.NOT_READY_LEAD_NANOS), until.precision(), until.zone());
                }
                if (!e.last().isBefore(span.from()) && !e.first().isAfter(until)) {
                    index(eventsByPod, pod, e);
                }
            }
        });
    }

    List<TaskResultSnapshot> taskResults(PodKey pod) {
        return taskResultsByPod.getOrDefault(pod, List.of());
    }

    List<ClusterEvent> clusterEvents(PodKey pod) {
        return eventsByPod.getOrDefault(pod, List.of());
    }

    List<AuditRecord> auditRecords(PodKey pod) {
        return auditByPod.getOrDefault(pod, List.of());
    }

    /** The controller's node events name the node by annotation: its ID, or its name (hashed to the ID). */
    private static boolean namesNode(ClusterEvent e, NodeLink link) {
        String id = e.annotations().get(ClusterEvent.NODE_ID_ANNOTATION);
        if (id != null) {
            return id.equals(link.nodeId());
        }
        String name = e.annotations().get(ClusterEvent.NODE_NAME_ANNOTATION);
        return name != null && (name.equals(link.nodeName()) || NodeNaming.nodeId(link.workflow().name(), name).equals(link.nodeId()));
    }

    private PodKey named(String namespace, String name) {
        if (namespace != null && !namespace.isEmpty()) {
            return new PodKey(namespace, name);
        }
        return Correlator.resolve(new PodRef(null, name), namespacesByPod);
    }

    /**
     * The time a task result without its Pod's UID is given to a Pod of the name by: its creationTimestamp (the API server's), else
     * the time its export was taken. Session 34, checked: that time is no creation time at all, only a time the result already
     * existed, so a stated one a minute off matters no more than the gap it already leaves; the owner UID, where the result has
     * one, decides before it (sameUid above), and a result is only ever given to a Pod of its own node's name.
     */
    private static Timestamp timeOf(TaskResultSnapshot t) {
        return t.creationTimestamp() != null ? t.creationTimestamp() : t.observed() != null ? t.observed().time() : null;
    }

    /**
     * Each request once, its most complete stage ({@link FactsTable#latestStages}, the one reading of an audit request's stages, keyed
     * by its auditID with what every stage repeats): a file given twice (copied into the bundle under two names, or two exports of one
     * log) holds each request twice, and counts it once; a client-supplied Audit-ID met again in another cluster's file joins no other
     * request (session 49: keyed by the auditID alone, one of two such requests was dropped). In the records' source order.
     */
    private static List<AuditRecord> latestStages(List<AuditRecord> records) {
        List<AuditRecord> out = new ArrayList<>(FactsTable.latestStages(records));
        out.sort(Comparator.comparing(AuditRecord::source));
        return out;
    }

    private static <K, T> void index(Map<K, List<T>> map, K key, T value) {
        map.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }
}
