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

    /** The container a wrapper names if it is not a controller's ({@code workflow-controller}, a chart's {@code controller}), else null. */
    public static String named(UnwrappedLine u) {
        String c = u.container();
        return c == null || c.contains("controller") ? null : c;
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
