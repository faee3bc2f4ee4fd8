package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A Pod as one export showed it.
 *
 * @param deletionGracePeriodSeconds null when the Pod is not being deleted or the export does not say
 * @param nodeName                   {@code spec.nodeName}: the Kubernetes node it ran on, "" if unscheduled
 * @param observed                   when the export was taken, and how that is known; null if the
 *                                   object holds no time at all and nobody said
 * @param statusReason               {@code status.reason}, "" when absent: set on the Pod as a whole only by the kubelet when it
 *                                   stops or refuses the Pod itself ({@code Evicted}, {@code Terminated} for a graceful node
 *                                   shutdown, {@code DeadlineExceeded}, {@code NodeShutdown}...; lifecycle reference A2)
 * @param statusMessage              {@code status.message}, "" when absent
 * @param described                  read from {@code kubectl describe pod} text, not from the object: no UID, no finalizers
 *                                   (the text prints none, so {@link #finalizersKnown()} is false), no condition times,
 *                                   no creation time; a Terminating Pod's {@code deletionTimestamp} is there only an upper
 *                                   bound of the deletion request (the time the text was printed) and its grace period unknown;
 *                                   a Pod described {@code Succeeded} or {@code Failed} may be being deleted ({@link #deletionShown()})
 * @param trimmed                    where lines were left out of a pasted export ({@link Trimmed#NONE}: whole): what a cut may
 *                                   have held is unknown, not absent ({@link #finalizersKnown()}, {@link #deletionShown()},
 *                                   {@link #containersFinishedAt()}, {@link #lastConditionTransition()})
 * @param executorImage              the image of the executor's {@code wait} container (else of its {@code init} container), "" if the
 *                                   source names none: the controller sets it to {@code argoexec} of its own release unless configured
 *                                   otherwise ({@code executorImage()}, {@code workflow/controller/config.go}), see {@link #executorRelease()}
 * @param startTime                  {@code status.startTime}, the kubelet's first sight of the Pod on its node (its clock): read from
 *                                   {@code kubectl describe pod}'s {@code Start Time:}, which stands in for the creation time the text
 *                                   does not print when telling its Pod from another of the name; null where not read
 * @param kubeletStatusWrite         the {@code time} of the kubelet's {@code metadata.managedFields} entry ({@code manager: kubelet},
 *                                   {@code subresource: status}): the API server's clock as it stored the kubelet's last status write
 *                                   that changed a value, so after every node time that write or an earlier one carried (session 57,
 *                                   {@code correlate.NodeClock}'s lower bound); null where the export shows no such entry
 *                                   ({@code kubectl get} leaves managedFields out unless {@code --show-managed-fields})
 */
public record PodSnapshot(
        SourceRef source,
        String namespace,
        String name,
        String uid,
        Timestamp creationTimestamp,
        Timestamp deletionTimestamp,
        Long deletionGracePeriodSeconds,
        String nodeName,
        Map<String, String> labels,
        Map<String, String> annotations,
        List<String> finalizers,
        List<OwnerRef> owners,
        String phase,
        List<PodCondition> conditions,
        List<ContainerState> containers,
        ObservedAt observed,
        String statusReason,
        String statusMessage,
        boolean described,
        Trimmed trimmed,
        String executorImage,
        Timestamp startTime,
        Timestamp managedFieldsLatest,
        Timestamp kubeletStatusWrite) implements ExportedObject {

    public static final String STATUS_FINALIZER = "workflows.argoproj.io/status";
    public static final String WORKFLOW_LABEL = "workflows.argoproj.io/workflow";
    public static final String NODE_ID_ANNOTATION = "workflows.argoproj.io/node-id";
    public static final String NODE_NAME_ANNOTATION = "workflows.argoproj.io/node-name";
    public static final String POD_GC_ANNOTATION = "workflows.argoproj.io/pod-gc-strategy";

    public PodSnapshot {
        labels = Map.copyOf(labels);
        annotations = Map.copyOf(annotations);
        finalizers = List.copyOf(finalizers);
        owners = List.copyOf(owners);
        conditions = List.copyOf(conditions);
        containers = List.copyOf(containers);
        statusReason = statusReason == null ? "" : statusReason;
        statusMessage = statusMessage == null ? "" : statusMessage;
        trimmed = trimmed == null ? Trimmed.NONE : trimmed;
        executorImage = executorImage == null ? "" : executorImage;
    }

    /** A Pod without the kubelet's managedFields entry read. */
    public PodSnapshot(SourceRef source, String namespace, String name, String uid, Timestamp creationTimestamp, Timestamp deletionTimestamp,
                       Long deletionGracePeriodSeconds, String nodeName, Map<String, String> labels, Map<String, String> annotations,
                       List<String> finalizers, List<OwnerRef> owners, String phase, List<PodCondition> conditions,
                       List<ContainerState> containers, ObservedAt observed, String statusReason, String statusMessage, boolean described,
                       Trimmed trimmed, String executorImage, Timestamp startTime, Timestamp managedFieldsLatest) {
        this(source, namespace, name, uid, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, nodeName, labels, annotations,
                finalizers, owners, phase, conditions, containers, observed, statusReason, statusMessage, described, trimmed, executorImage,
                startTime, managedFieldsLatest, null);
    }

    /** A Pod whose {@code metadata.managedFields} times were not read ({@code kubectl describe pod}: the text prints none). */
    public PodSnapshot(SourceRef source, String namespace, String name, String uid, Timestamp creationTimestamp, Timestamp deletionTimestamp,
                       Long deletionGracePeriodSeconds, String nodeName, Map<String, String> labels, Map<String, String> annotations,
                       List<String> finalizers, List<OwnerRef> owners, String phase, List<PodCondition> conditions,
                       List<ContainerState> containers, ObservedAt observed, String statusReason, String statusMessage, boolean described,
                       Trimmed trimmed, String executorImage, Timestamp startTime) {
        this(source, namespace, name, uid, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, nodeName, labels, annotations,
                finalizers, owners, phase, conditions, containers, observed, statusReason, statusMessage, described, trimmed, executorImage,
                startTime, null);
    }

    /** A Pod whose {@code status.startTime} was not read. */
    public PodSnapshot(SourceRef source, String namespace, String name, String uid, Timestamp creationTimestamp, Timestamp deletionTimestamp,
                       Long deletionGracePeriodSeconds, String nodeName, Map<String, String> labels, Map<String, String> annotations,
                       List<String> finalizers, List<OwnerRef> owners, String phase, List<PodCondition> conditions,
                       List<ContainerState> containers, ObservedAt observed, String statusReason, String statusMessage, boolean described,
                       Trimmed trimmed, String executorImage) {
        this(source, namespace, name, uid, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, nodeName, labels, annotations,
                finalizers, owners, phase, conditions, containers, observed, statusReason, statusMessage, described, trimmed, executorImage, null);
    }

    /** A Pod from an export or from {@code kubectl describe pod} text ({@code described}), whole. */
    public PodSnapshot(SourceRef source, String namespace, String name, String uid, Timestamp creationTimestamp, Timestamp deletionTimestamp,
                       Long deletionGracePeriodSeconds, String nodeName, Map<String, String> labels, Map<String, String> annotations,
                       List<String> finalizers, List<OwnerRef> owners, String phase, List<PodCondition> conditions,
                       List<ContainerState> containers, ObservedAt observed, String statusReason, String statusMessage, boolean described) {
        this(source, namespace, name, uid, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, nodeName, labels, annotations,
                finalizers, owners, phase, conditions, containers, observed, statusReason, statusMessage, described, Trimmed.NONE, "");
    }

    /** A Pod from an export (YAML or JSON of the object). */
    public PodSnapshot(SourceRef source, String namespace, String name, String uid, Timestamp creationTimestamp, Timestamp deletionTimestamp,
                       Long deletionGracePeriodSeconds, String nodeName, Map<String, String> labels, Map<String, String> annotations,
                       List<String> finalizers, List<OwnerRef> owners, String phase, List<PodCondition> conditions,
                       List<ContainerState> containers, ObservedAt observed, String statusReason, String statusMessage) {
        this(source, namespace, name, uid, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, nodeName, labels, annotations,
                finalizers, owners, phase, conditions, containers, observed, statusReason, statusMessage, false);
    }

    /**
     * Whether the source shows the finalizers: an export does, {@code kubectl describe pod} does not (its list is then empty, not
     * "none"), nor does an export trimmed where the list stood (a cut under {@code metadata} or in the list).
     */
    public boolean finalizersKnown() {
        return !described && !trimmed.hides("metadata", "finalizers");
    }

    /**
     * Whether the export shows if a deletion was requested: without a {@code deletionTimestamp} it was not, unless lines were left
     * out where it would stand (a cut under {@code metadata}), or the Pod was described ({@code kubectl describe pod}) in phase
     * {@code Succeeded} or {@code Failed}: kubectl 1.31 and later print that phase, not {@code Terminating (lasts …)}, for a Pod
     * being deleted once its phase is terminal (kubernetes#122038), as a completed Pod the status-capture finalizer holds is;
     * the text does not say which kubectl printed it.
     */
    public boolean deletionShown() {
        if (deletionTimestamp != null) {
            return true;
        }
        if (described && ("Succeeded".equals(phase) || "Failed".equals(phase))) {
            return false;
        }
        return !trimmed.hides("metadata", "deletionTimestamp");
    }

    /** No deletion requested when the export was taken: no {@code deletionTimestamp}, and no cut where one would stand. */
    public boolean notDeleting() {
        return deletionTimestamp == null && deletionShown();
    }

    /** The podGC annotation's delay is known: the annotation is there, or no cut stood where it would ({@code metadata.annotations}). */
    public boolean podGcKnown() {
        return annotations.containsKey(POD_GC_ANNOTATION) || !trimmed.hides("metadata", "annotations", POD_GC_ANNOTATION);
    }

    /** True only when the source shows the status-capture finalizer; false also when it does not show finalizers ({@link #finalizersKnown()}). */
    public boolean hasStatusFinalizer() {
        return finalizers.contains(STATUS_FINALIZER);
    }

    /** The Workflow by label, else by controlling owner reference. */
    public Optional<String> workflowName() {
        String label = labels.get(WORKFLOW_LABEL);
        if (label != null) {
            return Optional.of(label);
        }
        return owners.stream().filter(o -> "Workflow".equals(o.kind())).map(OwnerRef::name).findFirst();
    }

    /** The latest {@code lastTransitionTime} of any condition: the base of the removeFinalizer deadline. */
    public Optional<Timestamp> lastConditionTransition() {
        if (trimmed.hides("status", "conditions")) {
            return Optional.empty(); // a later transition may have been cut
        }
        Timestamp latest = null;
        for (PodCondition c : conditions) {
            latest = KubeTime.latest(latest, c.lastTransitionTime());
        }
        return Optional.ofNullable(latest);
    }

    /**
     * How far a node's clock may be off the cluster's other clocks (the API server's, the controller's) where nothing read checks it
     * (sessions 52, 53): the times its kubelet writes into a Pod ({@link #nodeWrittenLatest}: its containers' {@code startedAt} and
     * {@code finishedAt}, the kubelet's conditions) are the node's clock, to the second. The margin an unchecked clock gets elsewhere
     * ({@link ObservedAt#STATED_CLOCK_NANOS}; {@code OtherWorkflowDeletes} gives a kubelet's times in an export the same): a node's
     * time orders nothing on another clock closer than this. A node's clock off by more than this is not checked.
     */
    public static final long NODE_CLOCK_NANOS = ObservedAt.STATED_CLOCK_NANOS;

    /**
     * The latest time inside the export that its node wrote, on the node's clock (session 52; lifecycle reference A1, A2): its
     * containers' {@code startedAt} and {@code finishedAt} (the kubelet and its runtime), the conditions the kubelet sets
     * ({@code Ready}, {@code ContainersReady}, {@code Initialized}, {@code PodReadyToStartContainers}, any other but those of
     * {@link #clusterWrittenLatest}) and {@code status.startTime}; null if none.
     */
    public Timestamp nodeWrittenLatest() {
        Timestamp latest = startTime;
        for (ContainerState c : containers) {
            latest = KubeTime.latest(KubeTime.latest(latest, c.startedAt()), c.finishedAt());
        }
        for (PodCondition c : conditions) {
            if (!clusterCondition(c)) {
                latest = KubeTime.latest(latest, c.lastTransitionTime());
            }
        }
        return latest;
    }

    /**
     * The latest time inside the export that the API server or a control-plane component wrote, on the cluster's clock (session 52):
     * {@code creationTimestamp}, the deletion's request ({@code deletionTimestamp} less its grace period), the scheduler's
     * {@code PodScheduled}, a {@code DisruptionTarget} an API-side component set (not the kubelet's {@code TerminationByKubelet}) and
     * the latest {@code metadata.managedFields} time ({@link #managedFieldsLatest}: the API server stamps each entry as it applies an
     * update, the kubelet's status updates included; session 53 breaker: a JSON or {@code --show-managed-fields} export whose kubelet
     * update the API server stamped after a delete shows that delete another object's on the API server's own clock); null if none.
     */
    public Timestamp clusterWrittenLatest() {
        Timestamp latest = KubeTime.latest(creationTimestamp, managedFieldsLatest);
        if (deletionTimestamp != null) {
            long g = deletionGracePeriodSeconds == null || deletionGracePeriodSeconds < 0 ? 0 : deletionGracePeriodSeconds;
            latest = KubeTime.latest(latest, new Timestamp(deletionTimestamp.instant().minusSeconds(g), deletionTimestamp.precision(),
                    deletionTimestamp.zone()));
        }
        for (PodCondition c : conditions) {
            if (clusterCondition(c)) {
                latest = KubeTime.latest(latest, c.lastTransitionTime());
            }
        }
        return latest;
    }

    /** A condition a control-plane component writes: the scheduler's PodScheduled, an API-side DisruptionTarget. */
    private static boolean clusterCondition(PodCondition c) {
        return "PodScheduled".equals(c.type()) || "DisruptionTarget".equals(c.type()) && !"TerminationByKubelet".equals(c.reason());
    }

    /** True when every (non-init) container terminated with exit code 0. */
    public boolean allContainersSucceeded() {
        if (trimmed.hides("status", "containerStatuses")) {
            return false; // a container's state may have been cut
        }
        List<ContainerState> main = containers.stream().filter(c -> !c.init()).toList();
        return !main.isEmpty() && main.stream().allMatch(ContainerState::succeeded);
    }

    /** The latest {@code finishedAt} of the (non-init) containers, if all terminated. */
    public Optional<Timestamp> containersFinishedAt() {
        if (trimmed.hides("status", "containerStatuses")) {
            return Optional.empty(); // a container still running, or a later end, may have been cut
        }
        Timestamp latest = null;
        for (ContainerState c : containers) {
            if (c.init()) {
                continue;
            }
            if (!c.terminated()) {
                return Optional.empty();
            }
            latest = KubeTime.latest(latest, c.finishedAt());
        }
        return Optional.ofNullable(latest);
    }

    /** {@code main exit 0, wait exit 0}: the (non-init) containers' exit codes, {@code ?} where unknown. */
    public String exitCodeSummary() {
        return containers.stream().filter(c -> !c.init())
                .map(c -> c.name() + " exit " + (c.exitCode() == null ? "?" : c.exitCode()))
                .collect(Collectors.joining(", "));
    }

    private static final java.util.regex.Pattern ARGOEXEC_TAG = java.util.regex.Pattern.compile("(?:^|/)argoexec:(v\\d+\\.\\d+\\.\\d+)(?:@sha256:[0-9a-f]+)?$");

    /**
     * The upstream release the executor image names: {@code v3.7.3} for {@code quay.io/argoproj/argoexec:v3.7.3} (any registry,
     * the repository named {@code argoexec}, an exact upstream tag, with or without a digest after it; a suffixed tag, a digest
     * alone or {@code latest} names none).
     */
    public Optional<String> executorRelease() {
        java.util.regex.Matcher m = ARGOEXEC_TAG.matcher(executorImage);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    public boolean terminal() {
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }
}
