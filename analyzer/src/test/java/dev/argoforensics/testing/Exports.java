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
