package dev.argoforensics.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Exported objects for Pod {@code ns/p}, root node of Workflow {@code p} (node ID {@code p}), shaped
 * as {@code kubectl get -o yaml} prints them, with only the fields the analyzer reads.
 */
public final class Exports {
    private Exports() {
    }

    /** A Pod export, built up field by field. */
    public static final class Pod {
        private String phase = "Running";
        private String deletion;
        private Long grace;
        private boolean finalizer = true;
        private boolean unscheduled;
        private String podGc;
        private String lastTransition = "2026-09-19T16:27:47Z";
        private String statusReason;
        private String statusMessage;
        private final List<String> containers = new ArrayList<>();
        private final List<String> conditions = new ArrayList<>();
        private String startedAt = "2026-09-19T16:27:14Z";

        public static Pod of() {
            return new Pod();
        }

        public Pod phase(String value) {
            phase = value;
            return this;
        }

        public Pod deleted(String deletionTimestamp, long gracePeriodSeconds) {
            deletion = deletionTimestamp;
            grace = gracePeriodSeconds;
            return this;
        }

        public Pod withoutFinalizer() {
            finalizer = false;
            return this;
        }

        public Pod podGc(String strategyAndDelay) {
            podGc = strategyAndDelay;
            return this;
        }

        public Pod lastTransition(String t) {
            lastTransition = t;
            return this;
        }

        /** One more condition beside {@code Ready} ({@link #lastTransition}): {@code ContainersReady}, {@code DisruptionTarget}... */
        public Pod condition(String type, String status, String reason, String lastTransitionTime) {
            conditions.add("  - {type: " + type + ", status: \"" + status + "\"" + (reason.isEmpty() ? "" : ", reason: " + reason)
                    + ", lastTransitionTime: \"" + lastTransitionTime + "\"}\n");
            return this;
        }

        /** {@code status.reason} and {@code status.message}: the kubelet's word on the Pod as a whole ({@code Evicted}, {@code Terminated}...). */
        public Pod reason(String reason, String message) {
            statusReason = reason;
            statusMessage = message;
            return this;
        }

        /**
         * The containers' {@code startedAt} (the node's clock; default 4 s after the Pod's creation at 16:27:10, a node within seconds
         * of the API server's): set before {@link #terminated}/{@link #running}. Session 57: a start is after the Pod's creation, so
         * a fixture whose premise is a node up to a minute ahead writes its start that late ({@code NodeClock}'s upper bound).
         */
        public Pod startedAt(String t) {
            startedAt = t;
            return this;
        }

        public Pod terminated(String name, int exitCode, String reason, String finishedAt) {
            containers.add("  - name: " + name + "\n    state:\n      terminated: {exitCode: " + exitCode + ", reason: " + reason
                    + ", startedAt: \"" + startedAt + "\", finishedAt: \"" + finishedAt + "\"}\n");
            return this;
        }

        /** A container not yet started: {@code waiting} with its reason and message (no {@code startedAt}). */
        public Pod waiting(String name, String reason, String message) {
            containers.add("  - name: " + name + "\n    state:\n      waiting: {reason: " + reason + ", message: '" + message.replace("'", "''") + "'}\n");
            return this;
        }

        /** Not bound to a node: {@code spec.nodeName} left out. */
        public Pod unscheduled() {
            unscheduled = true;
            return this;
        }

        public Pod running(String name) {
            containers.add("  - name: " + name + "\n    state:\n      running: {startedAt: \"" + startedAt + "\"}\n");
            return this;
        }

        public String yaml() {
            StringBuilder b = new StringBuilder("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n"
                    + "  creationTimestamp: \"2026-09-19T16:27:10Z\"\n");
            if (deletion != null) {
                b.append("  deletionTimestamp: \"").append(deletion).append("\"\n  deletionGracePeriodSeconds: ").append(grace).append('\n');
            }
            b.append("  finalizers: [").append(finalizer ? "workflows.argoproj.io/status" : "").append("]\n");
            b.append("  labels: {workflows.argoproj.io/workflow: p}\n");
            b.append("  annotations: {workflows.argoproj.io/node-id: p, workflows.argoproj.io/node-name: p");
            if (podGc != null) {
                b.append(", workflows.argoproj.io/pod-gc-strategy: ").append(podGc);
            }
            b.append("}\nspec: {").append(unscheduled ? "" : "nodeName: ip-10-0-12-34.ec2.internal").append("}\nstatus:\n  phase: ").append(phase).append('\n');
            if (statusReason != null) {
                b.append("  reason: ").append(statusReason).append("\n  message: '").append(statusMessage.replace("'", "''")).append("'\n");
            }
            b.append("  conditions:\n  - {type: Ready, status: \"False\", lastTransitionTime: \"").append(lastTransition).append("\"}\n");
            conditions.forEach(b::append);
            b.append("  containerStatuses:\n");
            containers.forEach(b::append);
            return b.toString();
        }
    }

    /**
     * A Workflow export with its root Pod node.
     *
     * @param synced     {@code taskResultSynced}, or null to leave it out
     * @param completion {@code taskResultsCompletionStatus} for the node, or null to leave it out
     */
    public static String workflow(String workflowPhase, String nodePhase, String message, String finishedAt, Boolean synced, Boolean completion) {
        StringBuilder b = new StringBuilder("apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: p, namespace: ns, uid: w-1}\n"
                + "status:\n  phase: " + workflowPhase + "\n  startedAt: \"2026-09-19T16:27:10Z\"\n  nodes:\n    p:\n      id: p\n      name: p\n"
                + "      type: Pod\n      templateName: main\n      phase: " + nodePhase + "\n      message: \"" + message + "\"\n"
                + "      startedAt: \"2026-09-19T16:27:10Z\"\n");
        if (finishedAt != null) {
            b.append("      finishedAt: \"").append(finishedAt).append("\"\n");
        }
        if (synced != null) {
            b.append("      taskResultSynced: ").append(synced).append('\n');
        }
        if (completion != null) {
            b.append("  taskResultsCompletionStatus:\n    p: ").append(completion).append('\n');
        }
        return b.toString();
    }

    /** The node's WorkflowTaskResult, labelled with {@code report-outputs-completed}. */
    public static String taskResult(String completed, String exitCode) {
        return "apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTaskResult\nmetadata:\n  name: p\n  namespace: ns\n"
                + "  creationTimestamp: \"2026-09-19T16:27:15Z\"\n  labels:\n    workflows.argoproj.io/workflow: p\n"
                + "    workflows.argoproj.io/report-outputs-completed: \"" + completed + "\"\n"
                + "  ownerReferences: [{apiVersion: argoproj.io/v1alpha1, kind: Workflow, name: p, uid: w-1}]\n"
                + (exitCode == null ? "" : "outputs: {exitCode: \"" + exitCode + "\"}\n");
    }

    /** A core/v1 Event about the Pod (or one of its containers). */
    public static String podEvent(String reason, String component, String fieldPath, String at, String message) {
        return "apiVersion: v1\nkind: Event\nmetadata: {name: p.1, namespace: ns}\ninvolvedObject: {kind: Pod, name: p, namespace: ns, uid: u-1"
                + (fieldPath.isEmpty() ? "" : ", fieldPath: \"" + fieldPath + "\"") + "}\nreason: " + reason + "\nmessage: \"" + message
                + "\"\nsource: {component: " + component + "}\nfirstTimestamp: \"" + at + "\"\nlastTimestamp: \"" + at + "\"\ncount: 1\ntype: Normal\n";
    }

    /**
     * {@link #podEvent} as {@code kubectl get events -o yaml} prints it: with the API server's {@code metadata.creationTimestamp},
     * here {@code at} itself (a prompt post from a node in step, stored within its stamp's second). Session 61: a kubelet's Killing
     * without one is read on its node's stamp alone and upgrades nothing; the controls that confirm on a Killing use this.
     */
    public static String podEventStored(String reason, String component, String fieldPath, String at, String message) {
        return podEvent(reason, component, fieldPath, at, message).replace("metadata: {name: p.1, namespace: ns}",
                "metadata: {name: p.1, namespace: ns, creationTimestamp: \"" + at + "\"}");
    }

    /**
     * A core/v1 Event about a container of a Pod, laid out as {@code kubectl get events -o yaml} prints it: by default the kubelet's
     * on node ip-10-0-12-34 about {@code main} of Pod {@code ns/p} (uid {@code u-1}), stamped {@code at} on the node's clock (its
     * {@code firstTimestamp} and {@code lastTimestamp}), named {@code p.<reason>}, its message "{@code <Reason> container main}".
     * {@link #storedAt} adds the API server's {@code metadata.creationTimestamp}; without it the Event has none (session 56's
     * node-clock bound reads the two against each other).
     */
    public static final class Event {
        private final String reason;
        private final String at;
        private String created;
        private int count = 1;
        private String namespace = "ns";
        private String pod = "p";
        private String uid = "u-1";
        private String container = "main";
        private String message;
        private String name;
        private String component = "kubelet";
        private String host = "ip-10-0-12-34.ec2.internal";

        private Event(String reason, String at) {
            this.reason = reason;
            this.at = at;
        }

        public static Event of(String reason, String at) {
            return new Event(reason, at);
        }

        /** The API server's {@code metadata.creationTimestamp}: when it stored the Event. */
        public Event storedAt(String creationTimestamp) {
            created = creationTimestamp;
            return this;
        }

        public Event count(int n) {
            count = n;
            return this;
        }

        public Event pod(String podNamespace, String podName, String podUid) {
            namespace = podNamespace;
            pod = podName;
            uid = podUid;
            return this;
        }

        /** The container in {@code involvedObject.fieldPath}; null: an Event about the Pod itself (no {@code fieldPath}). */
        public Event container(String name) {
            container = name;
            return this;
        }

        /** The message, quoted. */
        public Event message(String text) {
            message = "\"" + text + "\"";
            return this;
        }

        /** The message as a plain (unquoted) YAML scalar. */
        public Event plainMessage(String text) {
            message = text;
            return this;
        }

        /** The Event's own {@code metadata.name}. */
        public Event named(String eventName) {
            name = eventName;
            return this;
        }

        /** Its {@code source}: the component that recorded it and the host it ran on. */
        public Event from(String sourceComponent, String sourceHost) {
            component = sourceComponent;
            host = sourceHost;
            return this;
        }

        public String yaml() {
            StringBuilder b = new StringBuilder("apiVersion: v1\nkind: Event\ncount: ").append(count).append('\n')
                    .append("firstTimestamp: \"").append(at).append("\"\n")
                    .append("lastTimestamp: \"").append(at).append("\"\n")
                    .append("involvedObject:\n  apiVersion: v1\n");
            if (container != null) {
                b.append("  fieldPath: spec.containers{").append(container).append("}\n");
            }
            b.append("  kind: Pod\n  name: ").append(pod).append("\n  namespace: ").append(namespace).append("\n  uid: ").append(uid).append('\n')
                    .append("message: ").append(message != null ? message : "\"" + reason + " container " + container + "\"").append('\n')
                    .append("metadata:\n");
            if (created != null) {
                b.append("  creationTimestamp: \"").append(created).append("\"\n");
            }
            b.append("  name: ").append(name != null ? name : pod + "." + reason.toLowerCase()).append('\n')
                    .append("  namespace: ").append(namespace).append('\n')
                    .append("reason: ").append(reason).append('\n')
                    .append("source:\n  component: ").append(component).append("\n  host: ").append(host).append('\n')
                    .append("type: Normal\n");
            return b.toString();
        }
    }

    /** One audit record (ResponseComplete) of a request on the Pod: {@code delete}, or {@code create} with {@code eviction}. */
    public static String audit(String verb, String subresource, String user, String at, int code) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"a-" + verb + "\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"" + verb + "\",\"user\":{\"username\":\"" + user + "\"},\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"ns\","
                + "\"name\":\"p\",\"apiVersion\":\"v1\"" + (subresource.isEmpty() ? "" : ",\"subresource\":\"" + subresource + "\"") + "},"
                + "\"responseStatus\":{\"code\":" + code + "},\"requestReceivedTimestamp\":\"" + at + "\",\"stageTimestamp\":\"" + at + "\"}";
    }

    /**
     * The controller's {@code create} of Pod {@code ns/p} as the audit log records it: a record of the Pod by someone other than its
     * deleter from before its containers ended, which shows that the log would hold an earlier delete (session 42 breaker).
     */
    public static String podCreateAudit(String at) {
        return audit("create", "", "system:serviceaccount:argo:argo-workflow-controller", at, 201);
    }

    /**
     * One audit record (ResponseComplete, level Metadata) of a request on Workflow {@code ns/NAME} ({@code name} empty: on the
     * namespace's Workflows, a {@code deletecollection}).
     */
    public static String workflowAudit(String verb, String name, String user, String at, int code) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"w-" + verb + "-" + at + "\","
                + "\"stage\":\"ResponseComplete\",\"verb\":\"" + verb + "\",\"user\":{\"username\":\"" + user + "\"},\"objectRef\":{\"resource\":"
                + "\"workflows\",\"namespace\":\"ns\"" + (name.isEmpty() ? "" : ",\"name\":\"" + name + "\"") + ",\"apiGroup\":\"argoproj.io\","
                + "\"apiVersion\":\"v1alpha1\"},\"responseStatus\":{\"code\":" + code + "},\"requestReceivedTimestamp\":\"" + at + "\","
                + "\"stageTimestamp\":\"" + at + "\"}";
    }

    /** An audit record of alice@example.com deleting Workflow {@code ns/p}, received and completed at the given times. */
    public static String workflowDeleteAudit(String received, String completed) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"a1\",\"stage\":\"ResponseComplete\","
                + "\"verb\":\"delete\",\"user\":{\"username\":\"alice@example.com\"},\"objectRef\":{\"resource\":\"workflows\",\"namespace\":\"ns\","
                + "\"name\":\"p\",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"},\"responseStatus\":{\"code\":200},"
                + "\"requestReceivedTimestamp\":\"" + received + "\",\"stageTimestamp\":\"" + completed + "\"}";
    }
}
