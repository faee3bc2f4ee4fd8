package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code kubectl get pods} table as someone pasted it: what each row says of a Pod at the moment the
 * table was printed. Far less than an export: no UID, no finalizers, no exit codes, no condition
 * times; STATUS is kubectl's one-word summary (a container's reason, {@code Terminating} when a
 * deletion was asked for, from kubectl 1.31 on only while the Pod's phase is not {@code Succeeded} or
 * {@code Failed}: {@link Row#deletionShown()}), not the Pod's phase; AGE is relative to a moment the
 * table does not print.
 *
 * @param namespace the {@code NAMESPACE} column's or the prompt's {@code -n}; "" when the table does not say
 * @param command   the command on the prompt line before the table, "" if none
 * @param observed  when the table was printed, as the user stated it ({@code # taken-at:} or
 *                  {@code --snapshot-time}); null if nobody said: then no row can be placed in time
 * @param wide      {@code -o wide}: the IP and NODE columns are there
 * @param headerless rows whose header a filter dropped ({@code kubectl get pods | grep wf}): never every Pod of the namespace
 * @param notFound   kubectl's answers that what it was asked for does not exist ({@code Error from server (NotFound): pods "X"
 *                   not found}); such a table has no rows
 */
public record PodTable(SourceRef source, String namespace, String command, ObservedAt observed, boolean wide, List<Row> rows,
                       boolean headerless, List<NotFound> notFound) implements ExportedObject {

    public PodTable {
        rows = List.copyOf(rows);
        notFound = List.copyOf(notFound);
    }

    public PodTable(SourceRef source, String namespace, String command, ObservedAt observed, boolean wide, List<Row> rows, boolean headerless) {
        this(source, namespace, command, observed, wide, rows, headerless, List.of());
    }

    /** What kubectl was asked for: a Pod, or a Workflow ({@code workflows.argoproj.io}). */
    public enum Resource { POD, WORKFLOW }

    /** STATUS words kubectl prints only for a Pod whose phase is {@code Pending} or {@code Running} ({@link Row#deletionShown()}). */
    private static final Set<String> NOT_TERMINAL = Set.of("Running", "Pending", "ContainerCreating", "PodInitializing",
            "NotReady");

    /** {@code Init:0/1}: init containers still to run, the Pod Pending ({@link Row#deletionShown()}). */
    private static final Pattern INIT_PROGRESS = Pattern.compile("Init:\\d+/\\d+");

    /**
     * kubectl's answer that a Pod or a Workflow did not exist when the command ran: an absence, with no time of its own. The
     * table's stated time ({@code # taken-at:}, {@code --snapshot-time}) is the command's when the user gave one; otherwise
     * only the paste's order may bound it ({@code after}), and never the other way: it says nothing of when the object went.
     *
     * @param after   a time the command ran after, or null: the latest time of the controller lines an earlier command of the same
     *                terminal transcript printed before it (a prompt before those lines, and the answer's own prompt after them)
     * @param listing null for {@code Error from server (NotFound)} about the object by its name; for a list that came back empty
     *                ({@code No resources found in NS namespace.}), what that list covered: the answer is then this object's only as
     *                one of them ({@link PodTable#notFound})
     * @param deleted "" for an answer that the object did not exist; for kubectl's or argo's answer to the user's delete of it by name
     *                ({@code pod "X" force deleted}, {@code Workflow 'W' deleted}: session 53), the line as printed. The delete was
     *                granted, and, its command waiting for it (kubectl's default {@code --wait}), the object was gone when it was
     *                printed: an absence as NotFound is, and who made it (a user), with no time of its own either. A dry run, a
     *                delete that did not wait or one whose command the paste does not show are not read as one ({@code PastedAnswers})
     */
    public record NotFound(SourceRef source, Resource resource, String name, Timestamp after, NoneListed listing, String deleted) {
        public NotFound {
            deleted = deleted == null ? "" : deleted;
        }

        public NotFound(SourceRef source, Resource resource, String name, Timestamp after, NoneListed listing) {
            this(source, resource, name, after, listing, "");
        }

        public NotFound(SourceRef source, Resource resource, String name, Timestamp after) {
            this(source, resource, name, after, null, "");
        }

        /** The user's delete of the object ({@link #deleted}), not kubectl's answer that it did not exist. */
        public boolean userDelete() {
            return !deleted.isEmpty();
        }

        /** The user's delete was forced ({@code --grace-period=0 --force}: kubectl's {@code force deleted}). */
        public boolean forced() {
            return deleted.contains(" force deleted");
        }

        /** The answer's resource and name, if {@code line} is kubectl's NotFound answer; null otherwise. */
        public static NotFound parse(SourceRef source, String line, Timestamp after) {
            java.util.regex.Matcher m = dev.argoforensics.source.PasteShape.NOT_FOUND.matcher(line.strip());
            if (!m.matches()) {
                return null;
            }
            return new NotFound(source, "pods".equals(m.group(1)) ? Resource.POD : Resource.WORKFLOW, m.group(2), after);
        }

        /** What kubectl printed, as the report quotes it. */
        public String answer() {
            return !deleted.isEmpty() ? deleted : listing != null ? listing.answer()
                    : "Error from server (NotFound): " + (resource == Resource.POD ? "pods" : "workflows.argoproj.io") + " \"" + name + "\" not found";
        }
    }

    /**
     * kubectl's answer that a list came back empty, {@code No resources found in NS namespace.} (before kubectl 1.17 {@code No
     * resources found.}): no object of the resource listed existed in the namespace when the command ran, among those its label
     * selector chose. Read only where the command shows what the list covered: the namespace (the answer's own, {@code -n}, or
     * every namespace under {@code -A}) and no selector but {@code workflows.argoproj.io/workflow=W}; a field selector, another
     * label or a name leave it unread.
     *
     * @param namespace the namespace the list covered ("" for every namespace: {@code -A})
     * @param workflow  the Workflow a {@code -l workflows.argoproj.io/workflow=W} selector narrowed a Pod list to ("" for none)
     * @param answer    the line as kubectl printed it
     */
    public record NoneListed(Resource resource, String namespace, String workflow, String answer) {
        private static final java.util.regex.Pattern TOKENS = java.util.regex.Pattern.compile("\\s+");
        private static final String WORKFLOW_LABEL = "workflows.argoproj.io/workflow=";

        /**
         * What an empty list covered, from the command that printed it and the namespace its answer names ("" if none); null when
         * the command does not show it (another resource, a name, a field selector, a label other than the Workflow's, no
         * namespace but the context's).
         */
        public static NoneListed of(String command, String answerNamespace, String answer) {
            String[] words = TOKENS.split(command.strip());
            Resource resource = null;
            String namespace = null;
            String workflow = "";
            boolean all = false;
            boolean argoList = words.length > 1 && words[0].equals("argo") && words[1].equals("list");
            boolean get = false;
            for (int i = 1; i < words.length; i++) {
                String w = words[i];
                if (w.equals("|") || w.startsWith("|") || w.equals(">") || w.equals("2>&1")) {
                    break;
                }
                String value = i + 1 < words.length ? words[i + 1] : "";
                if (w.equals("-A") || w.equals("--all-namespaces")) {
                    all = true;
                } else if (w.equals("-n") || w.equals("--namespace")) {
                    namespace = value;
                    i++;
                } else if (w.startsWith("--namespace=")) {
                    namespace = w.substring("--namespace=".length());
                } else if (w.equals("-l") || w.equals("--selector") || w.startsWith("--selector=") || (w.startsWith("-l") && w.length() > 2)) {
                    String selector = w.equals("-l") || w.equals("--selector") ? value : w.startsWith("-l") ? w.substring(2)
                            : w.substring("--selector=".length());
                    if (w.equals("-l") || w.equals("--selector")) {
                        i++;
                    }
                    if (!selector.startsWith(WORKFLOW_LABEL) || selector.contains(",")) {
                        return null;
                    }
                    workflow = selector.substring(WORKFLOW_LABEL.length());
                } else if (w.startsWith("--field-selector") || w.equals("-w") || w.equals("--watch")) {
                    return null;
                } else if (w.equals("-o") || w.equals("--output") || w.equals("--sort-by") || w.equals("--context")) {
                    i++;
                } else if (w.startsWith("-")) {
                    continue;
                } else if (!argoList && !get && w.equals("get")) {
                    get = true;
                } else if (!argoList && get && resource == null) {
                    resource = switch (w) {
                        case "pods", "pod", "po" -> Resource.POD;
                        case "workflows", "workflow", "wf", "workflows.argoproj.io" -> Resource.WORKFLOW;
                        default -> null;
                    };
                    if (resource == null) {
                        return null;
                    }
                } else if (!argoList || i > 1) {
                    return null; // a name (kubectl get pod X answers NotFound, not an empty list), or a command of another kind
                }
            }
            if (argoList) {
                resource = Resource.WORKFLOW;
            }
            if (resource == null || (resource == Resource.WORKFLOW && !workflow.isEmpty())) {
                return null;
            }
            String ns = all ? "" : !answerNamespace.isEmpty() ? answerNamespace : namespace;
            return ns == null ? null : new NoneListed(resource, ns, workflow, answer);
        }

        /** Whether the empty list covered an object in {@code objectNamespace} of Workflow {@code ofWorkflow} ("" when unknown). */
        boolean covers(String objectNamespace, String ofWorkflow) {
            return (namespace.isEmpty() || namespace.equals(objectNamespace)) && (workflow.isEmpty() || workflow.equals(ofWorkflow));
        }
    }

    /** kubectl's answer that this Pod or Workflow did not exist, if the table holds one for {@code name} in {@code objectNamespace}. */
    public Optional<NotFound> notFound(Resource resource, String objectNamespace, String name) {
        return notFound(resource, objectNamespace, name, "");
    }

    /**
     * kubectl's answer that this Pod or Workflow did not exist, if the table holds one for {@code name} in {@code objectNamespace}:
     * an answer about it by name, or an empty list that covered it ({@code ofWorkflow} the Pod's Workflow, "" when unknown: a list
     * a Workflow's label narrowed then covers it not).
     */
    public Optional<NotFound> notFound(Resource resource, String objectNamespace, String name, String ofWorkflow) {
        if (!(namespace.isEmpty() || namespace.equals(objectNamespace))) {
            return Optional.empty();
        }
        for (NotFound n : notFound) {
            if (n.resource() != resource) {
                continue;
            }
            if (n.listing() == null ? n.name().equals(name) : n.listing().covers(objectNamespace, ofWorkflow)) {
                return Optional.of(n.listing() == null ? n : new NotFound(n.source(), resource, name, n.after(), n.listing()));
            }
        }
        return Optional.empty();
    }

    /**
     * One row.
     *
     * @param namespace       the row's namespace ("" if the table does not say)
     * @param restarts        the RESTARTS count
     * @param lastRestartAgo  {@code 5m} of {@code 3 (5m ago)}, "" when not printed
     * @param createdEarliest with {@link #createdLatest}: the creation time AGE allows (AGE is truncated
     *                        to its last unit); both null without an observation time or with AGE {@code <invalid>}
     * @param ip              {@code -o wide}'s IP, "" when absent or {@code <none>}
     * @param node            {@code -o wide}'s NODE, "" when absent or {@code <none>}
     */
    public record Row(SourceRef source, String namespace, String name, String ready, String status, int restarts, String lastRestartAgo,
                      String age, Timestamp createdEarliest, Timestamp createdLatest, String ip, String node) {

        /** kubectl prints Terminating for a Pod with a deletionTimestamp; when it was set, the table does not say. */
        public boolean terminating() {
            return "Terminating".equals(status);
        }

        /**
         * Whether the row shows if a deletion was requested: {@code Terminating} says one was; another STATUS says none was only
         * where it is one kubectl prints for a Pod still {@code Pending} or {@code Running} ({@code Running}, {@code Pending},
         * {@code ContainerCreating}, {@code PodInitializing}, {@code NotReady}, {@code Init:0/1}; not {@code Init:Error}, an
         * init container that failed, which with Argo's restartPolicy Never fails the Pod). Since kubectl 1.31 a Pod
         * whose phase is {@code Succeeded} or {@code Failed} keeps its summary ({@code Completed}, {@code Error},
         * {@code OOMKilled}…) while it is being deleted, as a completed Pod the status-capture finalizer holds is
         * (kubernetes#122038); earlier kubectl printed {@code Terminating}, and the table does not say which printed it. A
         * deleted Pod whose node is unreachable is {@code Unknown} in every version.
         */
        public boolean deletionShown() {
            return terminating() || NOT_TERMINAL.contains(status) || INIT_PROGRESS.matcher(status).matches();
        }

        /** kubectl's AGE {@code <invalid>}: the creation time lies after the clock of the machine that printed the table. */
        public boolean ageInvalid() {
            return "<invalid>".equals(age);
        }
    }

    /**
     * The latest the row's Pod can have been created, as an instant to compare with other clocks: its AGE's latest creation
     * ({@link Row#createdLatest}) to the end of its second, since a table's time stated to the second was printed anywhere in
     * that second. Not widened by what a user's clock may be off ({@link ObservedAt#STATED_CLOCK_NANOS}), unlike the table's
     * own time: kubectl computes AGE on the same machine's clock as the {@code # taken-at:} it is read from (the time the
     * {@code kubectl get} finished, docs/collect.md), so an offset of that clock is in both and cancels, leaving the creation
     * on the API server's clock. Null where AGE dates nothing.
     */
    public java.time.Instant createdNoLaterThan(Row r) {
        return r.createdLatest() == null ? null : r.createdLatest().windowEnd();
    }

    /**
     * The row naming this Pod, if the table lists it: its last, where it lists the Pod more than once ({@code kubectl get pods -w}
     * prints a row per change, oldest first), so the state it gives is the latest the table shows.
     */
    public Optional<Row> row(String podNamespace, String podName) {
        return rows.stream().filter(r -> r.name().equals(podName) && (r.namespace().isEmpty() || r.namespace().equals(podNamespace)))
                .reduce((first, later) -> later);
    }

    /**
     * The prompt shows a {@code kubectl get pods} without a label or field selector and without a pipe:
     * the table lists every Pod of its namespace(s) at that moment.
     */
    public boolean unfiltered() {
        return !headerless && command.startsWith("kubectl get pods") && !command.contains("|") && !command.matches(".*(^| )(-l|--selector|--field-selector)([ =].*|$)")
                && !command.matches("kubectl get pods +[a-z0-9].*");
    }

    /** "the output of `kubectl get pods -n x`", or "a kubectl get pods table" when the paste does not show the command. */
    public String describe() {
        return command.isEmpty() ? "a kubectl get pods" + (wide ? " -o wide" : "") + " table" : "the output of `" + command + "`";
    }
}
