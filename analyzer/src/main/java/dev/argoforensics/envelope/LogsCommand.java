package dev.argoforensics.envelope;

import dev.argoforensics.source.ShellCommand;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pasted prompt line whose command printed one Pod's container: {@code $ kubectl logs -n feeds
 * ingest-feed-t4r9m-fetch-2778438659 -c wait} (also {@code pod/NAME}, {@code --container=wait},
 * {@code k} or {@code oc} for {@code kubectl}, a prompt such as {@code ops@bastion:~$}). The lines after
 * it are that container's, as if {@code --prefix} had named it on each: a wait container's refusal to
 * write its task result then names its Pod. A command that names a container other than the controller's
 * counts: of one Pod, or of the Pods a label selector matches ({@code -l}, as Argo's bug report form asks for
 * the wait container's logs: {@code kubectl logs -c wait -l workflows.argoproj.io/workflow=…}; the lines are
 * that container's, of no one Pod); {@code deploy/workflow-controller}, {@code --all-containers} or no
 * {@code -c} names no container the lines can be given to, except for the Argo Server's Deployment, Pod or label, whose one
 * container is {@code argo-server} ({@link ArgoServer}).
 */
final class LogsCommand {
    /**
     * The Pod and container a command names.
     *
     * @param pod  the Pod, or null where {@code argo logs} names only the Workflow (each line's {@code <pod>: } prefix names it)
     * @param argo {@code argo logs}: each line after it starts with {@code <pod>: } ({@link EnvelopeKind#ARGO_LOGS})
     */
    record Target(String pod, String container, boolean argo) {
        Target(String pod, String container) {
            this(pod, container, false);
        }
    }

    /** Flags of argo logs that take a value in the next word. */
    private static final List<String> ARGO_VALUE_FLAGS = List.of("-n", "--namespace", "-c", "--container", "--since", "--since-time",
            "--tail", "--grep", "--selector", "-l", "--context", "--kubeconfig", "--argo-server", "--instanceid", "-s");

    /**
     * What {@code argo logs WF [POD] [-c CONTAINER]} names: the lines it prints are a workflow Pod's container's ({@code main} unless
     * {@code -c} says otherwise), each after {@code <pod>: }; null for any other command.
     */
    static Target argoTarget(List<String> words) {
        if (words.size() < 3 || !words.get(0).equals("argo") || !words.get(1).equals("logs")) {
            return null;
        }
        String pod = null;
        String container = "main";
        int positional = 0;
        for (int i = 2; i < words.size(); i++) {
            String w = words.get(i);
            if (w.startsWith("-")) {
                int eq = w.indexOf('=');
                String flag = eq < 0 ? w : w.substring(0, eq);
                String value = eq < 0 ? (ARGO_VALUE_FLAGS.contains(flag) && i + 1 < words.size() ? words.get(++i) : null) : w.substring(eq + 1);
                if ((flag.equals("-c") || flag.equals("--container")) && value != null) {
                    container = value;
                }
            } else if (++positional == 2) {
                pod = w;
            }
        }
        if (positional == 0 || (pod != null && !NAME.matcher(pod).matches()) || !NAME.matcher(container).matches()) {
            return null;
        }
        return new Target(pod, container, true);
    }

    /**
     * A shell prompt (as the excerpt furniture reads it, narrowed) and the command after it; a virtualenv's or context's {@code (prod) }
     * may come first, and zsh's vi-mode indicator with its arrow ({@code (ins)-> kubectl logs … -c wait}) is a prompt as {@code $} is;
     * so are a time of day in brackets before it ({@code [07:41:03] sre@bastion:~$}), macOS zsh's {@code sre@mbp incident %} and fish's
     * {@code sre@bastion ~/incident>}.
     */
    private static final Pattern PROMPT = Pattern.compile("^(?:\\([\\w.:/@-]{1,60}\\) *)?(?:\\[[^\\]]{1,80}\\] ?)?"
            + "(?:\\S*[$#%>]|[\\w.-]+@[\\w.-]+ [^\\s$#%>]{1,80} ?[$#%>]|PS[^>]*>) +(.*)$");
    private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");
    /** Flags of kubectl logs that take a value in the next word. */
    private static final List<String> VALUE_FLAGS = List.of("-n", "--namespace", "-c", "--container", "--since", "--since-time",
            "--tail", "--limit-bytes", "--context", "--kubeconfig", "-l", "--selector", "--pod-running-timeout", "--max-log-requests");

    /** How kubectl names a Deployment before its name ({@code deploy/argo-server}). */
    private static final java.util.Set<String> DEPLOYMENT = java.util.Set.of("deploy", "deployment", "deployments", "deployment.apps",
            "deployments.apps");

    private LogsCommand() {
    }

    /** The command of a prompt line (after its prompt), or the line itself where it has none (a command pasted bare). */
    static String command(String line) {
        Matcher m = PROMPT.matcher(line);
        return m.matches() ? m.group(1) : line;
    }

    /** Whether the line is a shell prompt with a command. */
    static boolean isPrompt(String line) {
        return PROMPT.matcher(line).matches();
    }

    /** Words that start a command pasted without a prompt other than kubectl's: the wrappers {@link ShellCommand} reads, and log tailers. */
    private static final java.util.Set<String> BARE_FIRST_WORDS = java.util.Set.of("timeout", "time", "nice", "nohup", "env", "sudo", "doas",
            "stdbuf", "ionice", "command", "stern", "kubetail", "argo");

    /**
     * Whether a line that starts with none of a prompt's or kubectl's first characters may still be a command pasted without a
     * prompt: its first word is a wrapper ({@code timeout 30 kubectl logs …}), a log tailer, or an assignment
     * ({@code KUBECONFIG=… kubectl logs …}). Read from the first word only: every line of a log is asked (a record's
     * {@code time=…} is no assignment of a command: lower case, and never followed by a wrapper or kubectl).
     */
    static boolean mayStartBareCommand(String line) {
        int space = line.indexOf(' ');
        if (space <= 0 || space > 40) {
            return false;
        }
        // The first word read in place (session 58: a String per line before): a record's time=… stops at its first letter.
        int eq = 0;
        while (eq < space && line.charAt(eq) != '=') {
            eq++;
        }
        if (eq > 0 && eq < space) {
            if (!Character.isUpperCase(line.charAt(0))) {
                return false;
            }
            for (int k = 1; k < eq; k++) {
                char c = line.charAt(k);
                if (!(c == '_' || Character.isUpperCase(c) || Character.isDigit(c))) {
                    return false;
                }
            }
            return true;
        }
        return BARE_FIRST_WORDS.contains(line.substring(0, space));
    }

    /**
     * Whether the line is a command that prints logs, pasted without a prompt ({@code kubectl logs -n argo deploy/workflow-controller},
     * {@code timeout 30 kubectl logs …}: {@link ShellCommand#printsLogs}): it starts another command's output as a prompt does.
     */
    static boolean isBareLogsCommand(String line) {
        return line.contains("logs") && !isPrompt(line) && ShellCommand.printsLogs(line);
    }

    /** What the line's {@code kubectl logs} command names, or null. */
    static Target target(String line) {
        if (!line.contains("logs")) {
            return null; // no command below names a Pod without the word: most lines asked about are records, not prompts
        }
        Matcher m = PROMPT.matcher(line);
        // The command as the shell reads it, behind any wrapper (nice, env X=y, timeout 30, sudo; quotes taken off), as the
        // excerpt furniture reads it (ShellCommand): its first pipeline stage only.
        List<String> words = ShellCommand.commandWords(m.matches() ? m.group(1) : line);
        Target argo = argoTarget(words);
        if (argo != null) {
            return argo;
        }
        if (words.size() < 3 || !(words.get(0).equals("kubectl") || words.get(0).equals("k") || words.get(0).equals("oc"))) {
            return null;
        }
        String pod = null;
        String container = null;
        boolean logs = false;
        boolean selector = false;
        boolean allContainers = false;
        // The Argo Server named: its Deployment, its Pod, or a selector of its Pods only (ArgoServer); a positional word after it
        // still ends the reading, as for any Pod.
        boolean server = false;
        boolean positional = false;
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (w.startsWith("-")) {
                int eq = w.indexOf('=');
                String flag = eq < 0 ? w : w.substring(0, eq);
                String value = eq < 0 ? (VALUE_FLAGS.contains(flag) && i + 1 < words.size() ? words.get(++i) : null) : w.substring(eq + 1);
                if (flag.equals("-c") || flag.equals("--container")) {
                    container = value;
                } else if (flag.equals("-l") || flag.equals("--selector")) {
                    selector = true;
                    server |= ArgoServer.selects(value);
                } else if (flag.equals("--all-containers")) {
                    allContainers = !"false".equals(value);
                }
            } else if (!logs) {
                if (!w.equals("logs")) {
                    return null;
                }
                logs = true;
            } else if (!positional) {
                positional = true;
                pod = w.startsWith("pod/") ? w.substring(4) : w.startsWith("pods/") ? w.substring(5) : w;
                if (pod.contains("/")) {
                    // deploy/workflow-controller, job/…: not one Pod named; the Argo Server's Deployment names its container
                    int slash = pod.indexOf('/');
                    if (!DEPLOYMENT.contains(pod.substring(0, slash)) || !ArgoServer.deployment(pod.substring(slash + 1))) {
                        return null;
                    }
                    server = true;
                    pod = null;
                } else {
                    server |= ArgoServer.deploymentPod(pod);
                }
            } else {
                return null; // a second positional word: a container named the old way, or something unknown
            }
        }
        if (server && (container == null || container.equals(ArgoServer.CONTAINER))) {
            // The Argo Server's one container (--all-containers included): its lines are no controller's (session 52)
            return pod == null || NAME.matcher(pod).matches() ? new Target(pod, ArgoServer.CONTAINER) : null;
        }
        if (allContainers) {
            return null;
        }
        if (container == null || !NAME.matcher(container).matches() || OtherContainers.workflowController(container, pod)) {
            return null;
        }
        if (selector) {
            // The Pods a label selector matches (the bug report form's -l workflows.argoproj.io/workflow=…): their container, no one Pod.
            return pod == null ? new Target(null, container) : null;
        }
        if (pod == null || !NAME.matcher(pod).matches()) {
            return null;
        }
        return new Target(pod, container);
    }
}
