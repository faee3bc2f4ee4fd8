package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Set;

/**
 * One Kubernetes API server audit event ({@code audit.k8s.io/v1} kind {@code Event}, one JSON object
 * per line): who did what to which object, and when. Times are MicroTimes (microseconds).
 *
 * @param stage          RequestReceived, ResponseStarted, ResponseComplete or Panic
 * @param user           {@code user.username}
 * @param resource       {@code objectRef.resource} (pods, workflows, workflowtaskresults, ...), named with its
 *                       {@code objectRef.apiGroup} where that is not the group the tool reads the name in ({@link #qualified}):
 *                       {@code workflows.batch.example.com}, {@code pods.metrics.k8s.io}, so no check of {@code "pods"} or
 *                       {@code "workflows"} takes another group's resource of the name for the Pod's or the Workflow's
 * @param subresource    {@code objectRef.subresource} ({@code eviction}, {@code status}); "" if none
 * @param responseCode   {@code responseStatus.code}, null before the response
 * @param requestBodyLogged the policy level logged the request body ({@code Request} or {@code RequestResponse})
 * @param finalizers     what the request body does to {@code metadata.finalizers}; null if nothing (or not logged)
 * @param dryRun         a server-side dry run ({@code dryRun=All} in the request URI or its DeleteOptions): it changed nothing
 * @param exporter       where the record was exported: "" for the API server's own audit log, else the managed
 *                       cluster's log service ("GKE Cloud Logging", "EKS CloudWatch Logs", "AKS diagnostics")
 * @param rpcStatus      Cloud Logging's {@code protoPayload.status} in words ("OK", "PERMISSION_DENIED (7): …"): GKE
 *                       gives no HTTP code, so {@code responseCode} stays null; null for other exports
 * @param gracePeriodSeconds a delete's grace period: the logged DeleteOptions' {@code gracePeriodSeconds}, else the
 *                       returned Pod's {@code metadata.deletionGracePeriodSeconds}; null if neither was logged
 * @param uid            {@code objectRef.uid}, "" if none: the API server fills it in from the request's object where that
 *                       carries one (an {@code update} sends the whole object, UID included; a {@code create} has none yet, a
 *                       {@code patch} or {@code delete} sends none), at level {@code Metadata} too (inferred from the API server's
 *                       audit code, k8s.io/apiserver {@code LogRequestObject}); the one field that names the object, not its name
 * @param preconditionUid a delete's logged DeleteOptions {@code preconditions.uid}, "" if none (or the body was not logged): the
 *                       API server deletes only the object of that UID and refuses the request (409) for any other object of the
 *                       name, so a granted one deleted that object and no other (v4's {@code deletePodByUID}; session 39)
 * @param responseUid    a delete's UID as its logged response gives it, "" if none (level {@code Metadata} logs no response, a
 *                       {@code RequestReceived} record has none): the API server answers a delete with the object it deleted or
 *                       marked for deletion ({@code metadata.uid}; an object a finalizer holds comes back with its
 *                       {@code deletionTimestamp}), or with a Status whose {@code details.uid} names it (inferred from k8s.io/apiserver's
 *                       registry store, which fills the details from the object it deleted): the one object the request acted on,
 *                       whatever else held the name before or after (session 48)
 * @param selector       a {@code deletecollection}'s selectors as its request URI gives them ({@code labelSelector=app=etl},
 *                       {@code fieldSelector=…}, decoded, joined by "; "), "" if none was given or the export carries no request URI (GKE's
 *                       entries): which objects it deleted is not in the record (session 50)
 * @param selectorLogged the record holds the request URI the selectors are read from ({@link #selector}): "" then means none was
 *                       given, so the request selected every object of the namespace; false where the export carries no URI
 *                       (GKE's entries, a record without {@code requestURI}), whose selectors are not known (session 52)
 */
public record AuditRecord(
        SourceRef source,
        String auditId,
        String stage,
        String verb,
        String user,
        String resource,
        String subresource,
        String namespace,
        String name,
        Integer responseCode,
        Timestamp requestReceived,
        Timestamp stageTimestamp,
        boolean requestBodyLogged,
        FinalizerEdit finalizers,
        boolean dryRun,
        String exporter,
        String rpcStatus,
        Long gracePeriodSeconds,
        String uid,
        String preconditionUid,
        String responseUid,
        String selector,
        boolean selectorLogged) implements ExportedObject {

    /** A record whose selector is logged where it names one ({@link #selectorLogged}: a record naming none is read as not logging it). */
    public AuditRecord(SourceRef source, String auditId, String stage, String verb, String user, String resource, String subresource,
                       String namespace, String name, Integer responseCode, Timestamp requestReceived, Timestamp stageTimestamp,
                       boolean requestBodyLogged, FinalizerEdit finalizers, boolean dryRun, String exporter, String rpcStatus,
                       Long gracePeriodSeconds, String uid, String preconditionUid, String responseUid, String selector) {
        this(source, auditId, stage, verb, user, resource, subresource, namespace, name, responseCode, requestReceived, stageTimestamp,
                requestBodyLogged, finalizers, dryRun, exporter, rpcStatus, gracePeriodSeconds, uid, preconditionUid, responseUid, selector,
                selector != null && !selector.isEmpty());
    }

    public AuditRecord {
        uid = uid == null ? "" : uid;
        preconditionUid = preconditionUid == null ? "" : preconditionUid;
        responseUid = responseUid == null ? "" : responseUid;
        selector = selector == null ? "" : selector;
    }

    /** A record that gives no selector ({@link #selector}). */
    public AuditRecord(SourceRef source, String auditId, String stage, String verb, String user, String resource, String subresource,
                       String namespace, String name, Integer responseCode, Timestamp requestReceived, Timestamp stageTimestamp,
                       boolean requestBodyLogged, FinalizerEdit finalizers, boolean dryRun, String exporter, String rpcStatus,
                       Long gracePeriodSeconds, String uid, String preconditionUid, String responseUid) {
        this(source, auditId, stage, verb, user, resource, subresource, namespace, name, responseCode, requestReceived, stageTimestamp,
                requestBodyLogged, finalizers, dryRun, exporter, rpcStatus, gracePeriodSeconds, uid, preconditionUid, responseUid, "");
    }

    /** A record whose response names no object's UID. */
    public AuditRecord(SourceRef source, String auditId, String stage, String verb, String user, String resource, String subresource,
                       String namespace, String name, Integer responseCode, Timestamp requestReceived, Timestamp stageTimestamp,
                       boolean requestBodyLogged, FinalizerEdit finalizers, boolean dryRun, String exporter, String rpcStatus,
                       Long gracePeriodSeconds, String uid, String preconditionUid) {
        this(source, auditId, stage, verb, user, resource, subresource, namespace, name, responseCode, requestReceived, stageTimestamp,
                requestBodyLogged, finalizers, dryRun, exporter, rpcStatus, gracePeriodSeconds, uid, preconditionUid, "");
    }

    /** A record whose request names no UID precondition. */
    public AuditRecord(SourceRef source, String auditId, String stage, String verb, String user, String resource, String subresource,
                       String namespace, String name, Integer responseCode, Timestamp requestReceived, Timestamp stageTimestamp,
                       boolean requestBodyLogged, FinalizerEdit finalizers, boolean dryRun, String exporter, String rpcStatus,
                       Long gracePeriodSeconds, String uid) {
        this(source, auditId, stage, verb, user, resource, subresource, namespace, name, responseCode, requestReceived, stageTimestamp,
                requestBodyLogged, finalizers, dryRun, exporter, rpcStatus, gracePeriodSeconds, uid, "");
    }

    /** A record whose object reference carries no UID. */
    public AuditRecord(SourceRef source, String auditId, String stage, String verb, String user, String resource, String subresource,
                       String namespace, String name, Integer responseCode, Timestamp requestReceived, Timestamp stageTimestamp,
                       boolean requestBodyLogged, FinalizerEdit finalizers, boolean dryRun, String exporter, String rpcStatus,
                       Long gracePeriodSeconds) {
        this(source, auditId, stage, verb, user, resource, subresource, namespace, name, responseCode, requestReceived, stageTimestamp,
                requestBodyLogged, finalizers, dryRun, exporter, rpcStatus, gracePeriodSeconds, "");
    }

    /** The exporter GKE's Cloud Logging entries are read from ({@link #exporter}: this, then ", cluster NAME" where the entry names it). */
    public static final String GKE_EXPORTER = "GKE Cloud Logging";

    /**
     * What every stage of this request repeats besides its auditID, verb and object, to tell it from another request sharing the ID
     * (a client-supplied Audit-ID): the API server's receipt time ({@code requestReceivedTimestamp}, which each stage's record
     * repeats). A GKE Cloud Logging entry states no receipt: its {@code timestamp} is its own entry's, and a request it writes in two
     * entries ({@code operation.first}, then {@code operation.last} with the outcome) carries two times; its operation is told apart
     * by the cluster its export names instead (session 49 breaker: keyed by the entry's time, a refused delete's first entry stayed
     * apart from its outcome and read as a delete whose outcome is not logged). An export that names no cluster is told apart by its
     * file (session 50: two clusters' exports without {@code resource.labels.cluster_name} whose entries share an operation id, a
     * client-supplied Audit-ID, were joined into one request, one cluster's outcome completing the other's); the same entry met in
     * two such files is one log given twice ({@code FactsTable#latestStages}). The files of one such export split into several (its
     * pieces: paths alike but for their digits, times following one another) are one file here (session 51, {@code AuditExportSets}).
     */
    public String sameRequest() {
        if (GKE_EXPORTER.equals(exporter)) {
            return exporter + "\n" + source.file();
        }
        if (exporter != null && exporter.startsWith(GKE_EXPORTER)) {
            return exporter;
        }
        return requestReceived == null ? "" : requestReceived.format();
    }

    /** The status Cloud Logging writes for a granted request. */
    public static final String RPC_OK = "OK";

    /** Argo's API group: its Workflows, task results, templates. */
    public static final String ARGO_GROUP = "argoproj.io";

    /** The resources of Argo's group the tool reads by name; any other name it reads (pods, namespaces) is the core group's. */
    private static final Set<String> ARGO_RESOURCES = Set.of("workflows", "workflowtaskresults", "workflowtemplates",
            "clusterworkflowtemplates", "cronworkflows", "workflowartifactgctasks", "workfloweventbindings");

    /**
     * {@code objectRef.resource} as the tool reads it: as written where {@code objectRef.apiGroup} is the group the name is read in
     * (Argo's for its resources, the core group, "" or no field, for every other), else named with its group as kubectl names it
     * ({@code workflows.batch.example.com}). A record names its object by resource and group together: another CRD may be called
     * {@code workflows}, and {@code metrics.k8s.io} serves {@code pods}. A record of an Argo resource that states no group is read as
     * Argo's (the core group has none of that name; some exports and hand-written records leave the field out).
     */
    public static String qualified(String resource, String apiGroup) {
        if (resource == null || resource.isEmpty() || apiGroup == null || apiGroup.isEmpty()) {
            return resource == null ? "" : resource;
        }
        return apiGroup.equals(ARGO_RESOURCES.contains(resource) ? ARGO_GROUP : "") ? resource : resource + "." + apiGroup;
    }

    /** Verbs that change an object; the others (get, list, watch) are counted, not kept. */
    public static final Set<String> MUTATING = Set.of("create", "update", "patch", "delete", "deletecollection");

    public boolean mutating() {
        return MUTATING.contains(verb);
    }

    /** A request the API server carried out: granted (2xx, or no response recorded yet) and not a dry run. */
    public boolean effective() {
        if (dryRun) {
            return false;
        }
        if (rpcStatus != null) {
            return rpcStatus.equals(RPC_OK);
        }
        return responseCode == null || responseCode / 100 == 2;
    }

    /**
     * A request the API server is recorded to have carried out: {@link #effective()} with its outcome logged (a 2xx code, or
     * Cloud Logging's OK). A record with no response yet ({@code RequestReceived}, the only one left where the file ends or the
     * policy omits the later stages) may stand for a request refused afterwards: RBAC's 403, a 404 where nothing held the name, a
     * UID precondition's 409 all come after the request was received (session 48).
     */
    public boolean granted() {
        return effective() && (rpcStatus != null || responseCode != null);
    }

    /**
     * A request received whose outcome no record gives: {@link #effective()} (no refusal recorded) but not {@link #granted()}, read
     * after each request's stages were joined into its most complete one ({@code FactsTable#latestStages}). Its
     * {@code RequestReceived} record is all there is: the policy's {@code omitStages} dropped the later stages, a rotation or a grep
     * left them out, or the file ends before them. It may have been refused (403, 404, 409 come after the request was received) or
     * granted: a delete of it is a request, not a deletion the log shows (session 49).
     */
    public boolean outcomeUnlogged() {
        return effective() && !granted();
    }

    /** What a reader says of a delete whose outcome is not logged ({@link #outcomeUnlogged}): "a delete was requested at T; …". */
    public String unloggedDelete() {
        return "a delete was requested at " + requestTime().format() + "; its outcome is not in the audit log";
    }

    /**
     * What a reader says of any request whose outcome is not logged ({@link #outcomeUnlogged}): "a create of workflows/NAME was
     * requested at T; its outcome is not in the audit log" (session 50: a create or a write of it, which dates no recreation nor an
     * outliving of a delete).
     */
    public String unloggedRequest() {
        return ("aeiou".indexOf(verb.isEmpty() ? 'x' : verb.charAt(0)) >= 0 ? "an " : "a ") + verb + " of " + target() + " was requested at " + requestTime().format() + "; its outcome is not in the audit log";
    }

    /**
     * The UID of the object the request acted on, as the record itself names it: its {@code objectRef.uid} (an update's), else the
     * object a granted delete's response returned ({@link #responseUid}; a refused one's, or one whose outcome is not logged, names
     * nothing it acted on); "" if neither. The one reading of whose a record was, for every reader (session 49).
     */
    public String actedOnUid() {
        return !uid.isEmpty() ? uid : granted() ? responseUid : "";
    }

    /**
     * The kubelet's own final delete of a Pod ({@code delete} by {@code system:node:<node>}): it sends one, with grace 0 and a UID
     * precondition, only once the containers of a Pod whose deletion was already requested have stopped (lifecycle reference A1).
     * It is no request to delete: someone asked before it.
     */
    public boolean kubeletFinalDelete() {
        return "delete".equals(verb) && subresource.isEmpty() && "pods".equals(resource) && user.startsWith("system:node:");
    }

    /**
     * A {@code deletecollection} of Pods ({@code pods}, no name): it deletes the namespace's Pods its selectors match, and the record
     * names none of them (session 50).
     */
    public boolean deletesPodCollection() {
        return "deletecollection".equals(verb) && "pods".equals(resource) && subresource.isEmpty() && name.isEmpty();
    }

    /** The request's outcome as the export states it ("200", "OK"), or null if none was logged. */
    public String outcome() {
        return rpcStatus != null ? rpcStatus : responseCode == null ? null : responseCode.toString();
    }

    /** The time the stage was reached (the request's time if the stage has none). */
    public Timestamp time() {
        return stageTimestamp != null ? stageTimestamp : requestReceived;
    }

    /**
     * The time the report dates the request by, everywhere it shows one: when the API server received it
     * ({@code requestReceivedTimestamp}), else, where the export gives no such time, the time its stage was reached. One request is
     * one moment to a reader; the change it makes lands between the two, and the model's bounds keep both ({@code DeletionBounds}).
     */
    public Timestamp requestTime() {
        return requestReceived != null ? requestReceived : stageTimestamp;
    }

    /** What {@link #requestTime()} is, in words: "the time the API server received it", or "the time of its stage ResponseComplete". */
    public String requestTimeIs() {
        return requestReceived != null ? "the time the API server received it" : "the time of its stage " + stage;
    }

    /** {@code pods/NAME/eviction}, {@code workflows/NAME}. */
    public String target() {
        return resource + (name.isEmpty() ? "" : "/" + name) + (subresource.isEmpty() ? "" : "/" + subresource);
    }

    /** Later stages say more: ResponseComplete over ResponseStarted over RequestReceived. */
    public int stageRank() {
        switch (stage) {
            case "RequestReceived":
                return 0;
            case "ResponseStarted":
                return 1;
            case "ResponseComplete":
                return 2;
            case "Panic":
                return 3;
            default:
                return -1;
        }
    }
}
