package dev.argoforensics.correlate;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's refusal of a WorkflowTaskResult write, read from an error text:
 * {@code workflowtaskresults.argoproj.io ["<nodeID>"] is forbidden: User "system:serviceaccount:<ns>:<sa>"
 * cannot <verb> resource "workflowtaskresults" in API group "argoproj.io" in the namespace "<ns>"}.
 * A refusal for another reason ({@code exceeded quota}) or of another resource is not one. Read here, below the rules, so that
 * the correlation (a status-only Workflow placed by the namespace its own refusal names) and AF011 read it alike.
 *
 * @param nodeId    the task result's name (its node ID) when the refused request named one (patch), else null
 * @param user      the user as the API server names it
 * @param namespace the service account's namespace, or null when the user is not a service account
 * @param account   the service account's name, or null
 * @param verb      create, patch, ...
 * @param target    the namespace the request was made in, or null
 */
public record ForbiddenWrite(String nodeId, String user, String namespace, String account, String verb, String target) {
    private static final Pattern FORBIDDEN = Pattern.compile("workflowtaskresults\\.argoproj\\.io(?: \"(?<id>[^\"]*)\")? is forbidden: "
            + "User \"(?<user>[^\"]*)\" cannot (?<verb>[a-z]+) resource \"workflowtaskresults\"(?: in API group \"argoproj\\.io\")?"
            + "(?: in the namespace \"(?<ns>[^\"]*)\")?");
    private static final Pattern ACCOUNT = Pattern.compile("system:serviceaccount:(?<ns>[^:]+):(?<sa>.+)");
    /** A wait container's exit 64 as the controller words the node's message: "wait: Error (exit code 64): …" (v3.7+), "Error (exit code 64): …". */
    private static final Pattern WAIT_64 = Pattern.compile("^(?:(?<container>[A-Za-z0-9._-]+): )?[A-Za-z]+ \\(exit code 64\\)(?:: (?<text>.*))?$", Pattern.DOTALL);

    public static Optional<ForbiddenWrite> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORBIDDEN.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        Matcher a = ACCOUNT.matcher(m.group("user"));
        boolean sa = a.matches();
        return Optional.of(new ForbiddenWrite(m.group("id"), m.group("user"), sa ? a.group("ns") : null, sa ? a.group("sa") : null,
                m.group("verb"), m.group("ns")));
    }

    /**
     * The node message of a container that exited 64, or null: the container it names (null when the
     * release does not name it) and the text after the code ("" if none).
     */
    public static Exit64 exit64(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = WAIT_64.matcher(message.strip());
        return m.find() ? new Exit64(m.group("container"), m.group("text") == null ? "" : m.group("text")) : null;
    }

    /** A container's exit 64 as a node message words it. */
    public record Exit64(String container, String text) {
        /** The message names a container other than wait (a main that exited 64 itself). */
        public boolean otherContainer() {
            return container != null && !"wait".equals(container);
        }
    }

    /** "system:serviceaccount:ml:trainer" as "ml/trainer", else the user. */
    public String who() {
        return account != null ? namespace + "/" + account : user;
    }
}
