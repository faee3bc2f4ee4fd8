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
