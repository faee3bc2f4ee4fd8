package dev.argoforensics.envelope;

import java.util.List;

/**
 * The Argo Server ({@code argo server}: the API and the UI), run beside the controller as a Deployment of its own, whose lines are no
 * controller's: it leads no election, runs no Workflow workers, and its Pods are no controller replicas. The manifests name its
 * Deployment {@code argo-server} (and its container, {@code argo-server}); the Helm chart names it {@code <release>-argo-workflows-server}
 * (or {@code <release>-server} where the release name holds the chart's), its container {@code argo-server} too, while the controller's
 * Deployment is {@code workflow-controller} ({@code <release>-argo-workflows-workflow-controller}, its container {@code controller}).
 * So a Pod of such a Deployment named alone before its lines (kubetail's {@code [pod]}, k9s' view, a Pod's name), or a {@code kubectl
 * logs} prompt that names the Deployment, its Pod or its label, gives its lines to the container {@code argo-server}: counted apart
 * as another container's (session 52: before, such a Pod named alone was read as a controller replica, a second controller beside the
 * real one). A name that holds {@code controller} is never the server's, whatever else it holds.
 */
public final class ArgoServer {
    /** The container the Argo Server runs in (manifests and Helm chart alike). */
    public static final String CONTAINER = "argo-server";
    /** What {@link OtherContainers#of} answers for an Argo Server line no wrapper named the container of. */
    public static final String BY_MESSAGES = "argo-server (by its messages)";
    /**
     * The lines of a file named after the Argo Server's Pod ({@link #namedFile}) that no content gives to either (no message only the
     * server logs, no statement of the controller's catalog), in a file none of whose lines is the controller's (session 54).
     */
    public static final String BY_FILE_NAME = "argo-server (by its file's name)";

    /**
     * Messages only the Argo Server logs: its start ({@code server/apiserver/argoserver.go}, v3.7 and v4) and, up to v3.7, the gRPC
     * middleware's line for each call it served ({@code grpc_logrus}: {@code finished unary call with code OK}). The controller serves
     * no gRPC.
     */
    private static final List<String> MESSAGES = List.of("Starting Argo Server", "Argo Server started successfully",
            "GRPC Server Max Message Size", "finished unary call with code ", "finished streaming call with code ", "started streaming call",
            // Session 54: the server's own statements, v3.4 to v4.1 alike (server/apiserver, server/auth, server/event,
            // server/workflow, server/workflowarchive, server/artifacts); the controller logs none of them. "Deleting pod" is the
            // workflow server's retry (podDeleted=…): the server's request, not the controller's.
            "SSO disabled", "SSO enabled", "SSO configuration", "Creating event controller", "using the default service account for user",
            "selected SSO RBAC service account for user", "Deleting pod", "Get artifact file", "Download artifact");

    private ArgoServer() {
    }

    /** Whether a Deployment of this name is the Argo Server's (the class comment). */
    static boolean deployment(String name) {
        return !name.contains("controller") && (name.equals("argo-server") || name.endsWith("-argo-server") || name.endsWith("argo-workflows-server"));
    }

    /** Whether {@code pod} is named as a Pod of the Argo Server's Deployment is: the Deployment's name, its pod-template-hash, a suffix. */
    static boolean deploymentPod(String pod) {
        if (!EnvelopeDecoder.DEPLOYMENT_POD.matcher(pod).matches()) {
            return false;
        }
        int suffix = pod.lastIndexOf('-');
        int hash = pod.lastIndexOf('-', suffix - 1);
        return hash > 0 && deployment(pod.substring(0, hash));
    }

    /**
     * Whether a label selector ({@code kubectl logs -l …}) picks the Argo Server's Pods only: {@code app=argo-server} (manifests), the
     * chart's {@code app.kubernetes.io/name=…-argo-workflows-server} or {@code app.kubernetes.io/component=server}. One term of a
     * conjunction that says so is enough; a set ({@code app in (argo-server,workflow-controller)}) is not.
     */
    static boolean selects(String selector) {
        if (selector == null) {
            return false;
        }
        for (String term : selector.split(",")) {
            String t = term.strip();
            int eq = t.indexOf('=');
            if (eq <= 0 || t.contains("!=") || t.contains(" ")) {
                continue;
            }
            String key = t.substring(0, eq);
            String value = t.substring(t.charAt(Math.min(eq + 1, t.length() - 1)) == '=' ? eq + 2 : eq + 1);
            if ((key.equals("app") || key.equals("app.kubernetes.io/name")) && deployment(value)
                    || key.equals("app.kubernetes.io/component") && value.equals("server")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a log file's name is the Argo Server's Pod's or its Deployment's ({@code kubectl logs argo-server-6f7b9c7d4-x2x9z >
     * argo-server-6f7b9c7d4-x2x9z.log}, {@code argo-server.log.1.gz}): a hint only, read after the content (session 54). The folders
     * do not count (a CRI path names its Pod and container itself), nor {@code .log}, {@code .txt}, {@code .out}, {@code .json}, a
     * rotation's number or {@code .gz} at its end.
     */
    public static boolean namedFile(String displayPath) {
        String name = displayPath.substring(Math.max(displayPath.lastIndexOf('/'), displayPath.lastIndexOf('\\')) + 1);
        name = name.replaceFirst("\\.gz$", "").replaceFirst("\\.\\d+$", "").replaceFirst("\\.(?:log|txt|out|json|jsonl)$", "")
                .replaceFirst("\\.\\d+$", "");
        return deployment(name) || deploymentPod(name);
    }

    /** True for a message only the Argo Server logs ({@link #MESSAGES}). */
    public static boolean isServerMessage(String message) {
        if (message.isEmpty() || "SAGfsCuDg".indexOf(message.charAt(0)) < 0) {
            return false;
        }
        for (String m : MESSAGES) {
            if (message.startsWith(m)) {
                return true;
            }
        }
        return false;
    }
}
