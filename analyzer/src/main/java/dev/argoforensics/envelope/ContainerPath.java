package dev.argoforensics.envelope;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The container a node's log path names: {@code /var/log/pods/<ns>_<pod>_<uid>/<container>/<n>.log}
 * (kubelet) and {@code /var/log/containers/<pod>_<ns>_<container>-<id>.log} (its links).
 */
public final class ContainerPath {
    /** The kubelet's folder, also without its {@code pods/} parent where its last part is a UID (as the read side names its Pod). */
    private static final Pattern POD_DIR = Pattern.compile("(?:^|/)(?:pods/[^/_]+_[^/_]+_[^/]+|[a-z0-9][-a-z0-9]*_[a-z0-9][-a-z0-9.]*_"
            + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([^/]+)/[^/]+$");
    private static final Pattern CONTAINER_LINK = Pattern.compile("(?:^|/)containers/[^/_]+_[^/_]+_([a-z0-9-]+)-[0-9a-f]{64}\\.log(?:\\.[^/]*)?$");

    /**
     * The node's container log file named with dots for slashes, as fluent-bit's tag and the CloudWatch log stream named after it
     * have it ({@code ip-10-0-12-34.ec2.internal-application.var.log.containers.<pod>_<ns>_<container>-<id>.log}), or with its
     * slashes: the Pod (group 1) and container (group 2).
     */
    private static final Pattern LOG_NAME = Pattern.compile(
            "(?:^|[ ./-])containers[./]([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)_[a-z0-9-]+_([a-z0-9](?:[-a-z0-9]*[a-z0-9])?)-[0-9a-f]{64}\\.log(?:$|\\s)");

    /**
     * The kubelet's folder of a container's log, as a file name ({@code grep -r} over {@code /var/log/pods}, whose {@code <n>.log} on a
     * dockershim node links to Docker's json-file log): {@code pods/<ns>_<pod>_<uid>/<container>/<n>.log}, the Pod (group 1) and
     * container (group 2).
     */
    private static final Pattern KUBELET_FILE = Pattern.compile("(?:^|/)pods/[a-z0-9][-a-z0-9]*_([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)_"
            + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/([a-z0-9](?:[-a-z0-9]*[a-z0-9])?)/\\d+\\.log$");

    private ContainerPath() {
    }

    /**
     * The Pod and container a node's log file's name holds (a file name {@code grep} wrote before a line): a container log link's
     * ({@link #LOG_NAME}) or the kubelet's folder's ({@link #KUBELET_FILE}); null for any other file (Docker's own
     * {@code /var/lib/docker/containers/<id>/<id>-json.log} names no Pod).
     */
    static String[] podAndContainerOfFile(String name) {
        String[] named = podAndContainerIn(name);
        if (named != null) {
            return named;
        }
        Matcher m = KUBELET_FILE.matcher(name);
        return m.find() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /** The Pod and container a log stream's or tag's name holds ({@link #LOG_NAME}), or null. */
    static String[] podAndContainerIn(String name) {
        Matcher m = LOG_NAME.matcher(name);
        return m.find() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /** The container, or null if the path is not a node's container log. */
    public static String of(String path) {
        Matcher m = POD_DIR.matcher(path);
        if (m.find()) {
            return m.group(1);
        }
        m = CONTAINER_LINK.matcher(path);
        return m.find() ? m.group(1) : null;
    }
}
