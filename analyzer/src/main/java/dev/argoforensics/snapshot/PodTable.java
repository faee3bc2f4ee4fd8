package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * A {@code kubectl get pods} table as someone pasted it: what each row says of a Pod at the moment the
 * table was printed. Far less than an export: no UID, no finalizers, no exit codes, no condition
 * times; STATUS is kubectl's one-word summary (a container's reason, {@code Terminating} when a
 * deletion was asked for), not the Pod's phase; AGE is relative to a moment the table does not print.
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

    /**
     * kubectl's answer that a Pod or a Workflow did not exist when the command ran: an absence, with no time of its own. The
     * table's stated time ({@code # taken-at:}, {@code --snapshot-time}) is the command's when the user gave one; otherwise
     * only the paste's order may bound it ({@code after}), and never the other way: it says nothing of when the object went.
     *
     * @param after a time the command ran after, or null: the latest time of the controller lines an earlier command of the same
     *              terminal transcript printed before it (a prompt before those lines, and the answer's own prompt after them)
     */
    public record NotFound(SourceRef source, Resource resource, String name, Timestamp after) {
        /** The answer's resource and name, if {@code line} is kubectl's NotFound answer; null otherwise. */
        public static NotFound parse(SourceRef source, String line, Timestamp after) {
            java.util.regex.Matcher m = dev.argoforensics.source.PasteShape.NOT_FOUND.matcher(line.strip());
            if (!m.matches()) {
                return null;
            }
            return new NotFound(source, "pods".equals(m.group(1)) ? Resource.POD : Resource.WORKFLOW, m.group(2), after);
        }
    }

    /** kubectl's answer that this Pod or Workflow did not exist, if the table holds one for {@code name} in {@code objectNamespace}. */
    public Optional<NotFound> notFound(Resource resource, String objectNamespace, String name) {
        if (!(namespace.isEmpty() || namespace.equals(objectNamespace))) {
            return Optional.empty();
        }
        return notFound.stream().filter(n -> n.resource() == resource && n.name().equals(name)).findFirst();
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

        /** kubectl's AGE {@code <invalid>}: the creation time lies after the clock of the machine that printed the table. */
        public boolean ageInvalid() {
            return "<invalid>".equals(age);
        }
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
