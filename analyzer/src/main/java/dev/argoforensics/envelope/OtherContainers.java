package dev.argoforensics.envelope;

import java.util.List;

/**
 * Lines that are not the controller's: those of another container ({@code main}, {@code wait},
 * {@code init}, a sidecar) that a wrapper or a CRI log path names, and the executor's own lines
 * (argoexec, in {@code init} and {@code wait}) recognised by their message. They are kept apart from
 * controller records: counted per container, never read as the controller's.
 *
 * <p>The stats line ({@code Alloc=… TotalAlloc=…}) is printed by the controller too, so it goes
 * apart only where a container other than the controller's is named.
 */
public final class OtherContainers {
    /** What {@link #of} answers for an executor line no wrapper named the container of. */
    public static final String EXECUTOR = "argoexec (by its messages)";

    /** Messages only argoexec prints (reference lifecycle-and-failures.md B5 and the executor's start and output saving). */
    private static final List<String> EXECUTOR_MESSAGES = List.of("Starting Workflow Executor", "Executor initialized",
            "Main container completed", "No output parameters", "No output artifacts", "Saving logs", "Saving output parameters",
            "Saving from ", "Starting deadline monitor", "Deadline monitor stopped", "Waiting on main container",
            "Capturing script exit code", "Annotating pod with output", "Successfully saved file", "failed to patch task ",
            "executor error", "sub-process exited", "Using executor retry strategy", "No Script output reference",
            "stopping progress monitor");

    private OtherContainers() {
    }

    /**
     * The container the line belongs to if it is not the controller's: the one its wrapper names,
     * else {@link #EXECUTOR} for an executor message ({@link ArgoServer#BY_MESSAGES} for one only the Argo Server logs); null for a
     * controller line (or one nothing
     * says otherwise of).
     *
     * @param message the record's message, or null if it was not read
     */
    public static String of(UnwrappedLine u, String message) {
        String named = named(u);
        if (named != null || u.container() != null) {
            return named;
        }
        if (message == null) {
            return null;
        }
        return isExecutorMessage(message) ? EXECUTOR : ArgoServer.isServerMessage(message) ? ArgoServer.BY_MESSAGES : null;
    }

    /**
     * The container a wrapper names if it is not Argo's workflow controller's ({@link #workflowController}), else null. The Helm
     * chart's {@code controller} in a Pod that is no workflow controller's (ingress-nginx's controller, a user's) is named with its
     * Pod ({@code <pod>/controller}), so that the count says whose it was.
     */
    public static String named(UnwrappedLine u) {
        String c = u.container();
        if (c == null || workflowController(c, u.origin())) {
            return null;
        }
        return c.equals(CHART_CONTAINER) ? u.origin() + "/" + c : c;
    }

    /** The argo-helm chart's name for the controller's container (its Deployment {@code <release>-argo-workflows-workflow-controller}). */
    static final String CHART_CONTAINER = "controller";

    /**
     * Whether a container (or a log console's service) of this name, in this Pod (null: not named), is Argo's workflow controller.
     * What names it: the install manifests' container {@code workflow-controller} (its Deployment, Pod, image and lease carry the same
     * name), a name holding {@code workflow-controller} as whole words between hyphens (a console's service named after the Deployment
     * or the chart: {@code argo-workflows-workflow-controller}, {@code argo-workflow-controller}); and the argo-helm chart's container
     * {@code controller}, where the line's Pod is not named or is named as a workflow controller's Pod ({@code
     * <release>-argo-workflows-workflow-controller-<hash>-<id>}). Any other name, {@code controller} in it or not, is another
     * program's: kube-controller-manager, cert-manager-controller, ingress-nginx's {@code controller} (its chart's container name
     * too, in an {@code ingress-nginx-controller-…} Pod), argo-rollouts, argocd-application-controller, a user's my-controller.
     * Session 57: before, any name holding "controller" was taken for Argo's.
     */
    public static boolean workflowController(String container, String pod) {
        if (wordsWorkflowController(container)) {
            return true;
        }
        return container.equals(CHART_CONTAINER) && (pod == null || wordsWorkflowController(pod));
    }

    /** {@code workflow-controller} in the name as whole hyphen-separated words. */
    static boolean wordsWorkflowController(String name) {
        String w = "workflow-controller";
        for (int at = name.indexOf(w); at >= 0; at = name.indexOf(w, at + 1)) {
            int end = at + w.length();
            if ((at == 0 || name.charAt(at - 1) == '-' || name.charAt(at - 1) == '/') && (end == name.length() || name.charAt(end) == '-')) {
                return true;
            }
        }
        return false;
    }

    /** True for a message only the executor prints. */
    public static boolean isExecutorMessage(String message) {
        if (message.isEmpty()) {
            return false;
        }
        char c = message.charAt(0);
        if (c != 'S' && c != 'E' && c != 'M' && c != 'N' && c != 'D' && c != 'W' && c != 'C' && c != 'A' && c != 'f' && c != 'e' && c != 's'
                && c != 'U') {
            return false;
        }
        for (String m : EXECUTOR_MESSAGES) {
            if (message.startsWith(m)) {
                return true;
            }
        }
        return false;
    }
}
