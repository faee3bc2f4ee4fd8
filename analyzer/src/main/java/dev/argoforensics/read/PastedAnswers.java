package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.PastedAnswer;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.source.PasteShape;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;

/**
 * kubectl's NotFound answers pasted in log files, made the observations a pasted {@code kubectl get pod X} gives where the
 * exports are: a table of no rows holding the answer ({@link PodTable.NotFound}), its command's namespace, no stated time.
 */
public final class PastedAnswers {
    private PastedAnswers() {
    }

    /**
     * kubectl's empty list in a log file, read as in a pasted session ({@code KubectlPodTables}): the absence of every object the
     * command under its own prompt shows the list covered, with no time of its own ({@code after} only bounds it); nothing where no
     * prompt came right before it or its command does not show what it listed (a field selector, another label, a name).
     */
    private static java.util.Optional<PodTable> emptyList(PastedAnswer a) {
        Matcher m = PasteShape.NO_RESOURCES.matcher(a.listed());
        PodTable.NoneListed none = a.command().isEmpty() || !m.matches() ? null
                : PodTable.NoneListed.of(a.command(), m.group(1) == null ? "" : m.group(1), a.listed());
        return none == null ? java.util.Optional.empty() : java.util.Optional.of(new PodTable(a.source(), none.namespace(), a.command(), null,
                false, List.of(), false, List.of(new PodTable.NotFound(a.source(), none.resource(), "", a.after(), none))));
    }

    private static final java.util.regex.Pattern DRY_RUN = java.util.regex.Pattern.compile("(?:^| )--dry-run(?:=(\\S+))?(?: |$)");
    /** {@code -nNS}: kubectl's and argo's flags (pflag) take a short flag's value glued to it (session 53 breaker). */
    private static final java.util.regex.Pattern GLUED_NAMESPACE = java.util.regex.Pattern.compile("(?:^| )-n([a-z0-9][a-z0-9-]*)(?: |$)");
    private static final java.util.regex.Pattern NO_WAIT = java.util.regex.Pattern.compile("(?:^| )--wait=false(?: |$)");

    /**
     * kubectl's or argo's answer to the user's delete in a log file (session 53): the object's absence, made by a user, as a NotFound
     * answer of no time of its own ({@code after} only bounds it). Only under its own {@code kubectl delete} or {@code argo delete}
     * prompt, which says the namespace and that the delete was real and waited for: a dry run ({@code --dry-run}, its answer's
     * {@code (dry run)}) deleted nothing, and a delete that did not wait ({@code --wait=false}) may have left the object there behind a
     * finalizer; without the prompt neither can be told. Read (never unparsed) either way; an answer that is not read says so by
     * being no observation.
     */
    private static java.util.Optional<PodTable> userDelete(PastedAnswer a) {
        String command = a.command();
        if (command.isEmpty() || a.deleted().endsWith("dry run)") || a.deleted().endsWith("(dry-run)")) {
            return java.util.Optional.empty();
        }
        Matcher dry = DRY_RUN.matcher(command);
        if (dry.find() && !"none".equals(dry.group(1))) {
            return java.util.Optional.empty();
        }
        if (command.startsWith("kubectl") && NO_WAIT.matcher(command).find()) {
            return java.util.Optional.empty();
        }
        Matcher printed = PasteShape.DELETED.matcher(a.deleted());
        Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
        Matcher glued = GLUED_NAMESPACE.matcher(command);
        String namespace = printed.matches() && printed.group(4) != null ? printed.group(4) : ns.find() ? ns.group(1)
                : glued.find() ? glued.group(1) : "";
        PodTable.Resource resource = "pods".equals(a.resource()) ? PodTable.Resource.POD : PodTable.Resource.WORKFLOW;
        return java.util.Optional.of(new PodTable(a.source(), namespace, command, null, false, List.of(), false,
                List.of(new PodTable.NotFound(a.source(), resource, a.name(), a.after(), null, a.deleted()))));
    }

    /** The exports with the answers of the log files' summaries added to their tables (the same object when there are none). */
    public static ExportedObjects with(ExportedObjects exported, Collection<InputSummary> summaries) {
        List<PodTable> tables = new ArrayList<>();
        for (InputSummary s : summaries) {
            if (s == null) {
                continue;
            }
            for (PastedAnswer a : s.furniture().answers()) {
                if (!a.listed().isEmpty()) {
                    emptyList(a).ifPresent(tables::add);
                    continue;
                }
                if (!a.deleted().isEmpty()) {
                    userDelete(a).ifPresent(tables::add);
                    continue;
                }
                Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(a.command());
                PodTable.Resource resource = "pods".equals(a.resource()) ? PodTable.Resource.POD : PodTable.Resource.WORKFLOW;
                tables.add(new PodTable(a.source(), ns.find() ? ns.group(1) : "", a.command(), null, false, List.of(), false,
                        List.of(new PodTable.NotFound(a.source(), resource, a.name(), a.after()))));
            }
        }
        if (tables.isEmpty()) {
            return exported;
        }
        tables.addAll(0, exported.podTables());
        return exported.withPodTables(tables);
    }
}
