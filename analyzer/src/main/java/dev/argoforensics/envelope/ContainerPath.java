package dev.argoforensics.envelope;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The container a node's log path names: {@code /var/log/pods/<ns>_<pod>_<uid>/<container>/<n>.log}
 * (kubelet) and {@code /var/log/containers/<pod>_<ns>_<container>-<id>.log} (its links).
 */
public final class ContainerPath {
    private static final Pattern POD_DIR = Pattern.compile("(?:^|/)pods/[^/_]+_[^/_]+_[^/]+/([^/]+)/[^/]+$");
    private static final Pattern CONTAINER_LINK = Pattern.compile("(?:^|/)containers/[^/_]+_[^/_]+_([a-z0-9-]+)-[0-9a-f]{64}\\.log(?:\\.[^/]*)?$");

    private ContainerPath() {
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
