package dev.argoforensics.envelope;

/**
 * {@code kubectl logs --prefix} (alone, with {@code --all-containers}, or for a Deployment's Pods):
 * {@code [pod/<pod>/<container>] <line>}. The Pod names the replica (as stern's does) and the
 * container says whose line it is.
 */
final class KubectlPrefix {
    private KubectlPrefix() {
    }

    /** The line behind the prefix, with its Pod and container; null if the line does not start with one. */
    static JsonEnvelope.Content read(String line) {
        if (!line.startsWith("[pod/")) {
            return null;
        }
        int close = line.indexOf(']', 5);
        if (close < 0 || (close + 1 < line.length() && line.charAt(close + 1) != ' ')) {
            return null;
        }
        int slash = line.indexOf('/', 5);
        if (slash < 0 || slash > close) {
            return null;
        }
        String pod = line.substring(5, slash);
        String container = line.substring(slash + 1, close);
        if (!Names.isDnsName(pod) || !Names.isDnsName(container)) {
            return null;
        }
        String rest = close + 2 <= line.length() ? line.substring(close + 2) : "";
        return new JsonEnvelope.Content(rest, true, EnvelopeKind.KUBECTL_PREFIX, null, pod, container, null);
    }
}
