package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.snapshot.UnreadExport;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A finding below {@code confirmed} on a Pod or Workflow that no export read shows, while an export that names it could not be read
 * (a syntax error broke its object after its name was read, or nothing of a file named after it could be read:
 * {@link Correlation#unreadExportsOf}): its confidence reason names that file and line, since the export evidence it lacked was
 * given and not read, and fixing the file may decide it. The confidence is the rule's, from what was read: never raised, never
 * lowered; a {@code confirmed} finding lacked nothing and names nothing.
 */
final class UnreadExports {
    private UnreadExports() {
    }

    static Finding named(Finding f, Correlation correlation) {
        if (f.confidence() == Confidence.CONFIRMED || correlation.unread().isEmpty()) {
            return f;
        }
        Set<UnreadExport> named = new LinkedHashSet<>();
        List<UnreadExport> pod = f.pod() == null ? List.of() : correlation.unreadExportsOf(f.pod());
        List<UnreadExport> workflow = f.workflow() == null ? List.of() : correlation.unreadExportsOf(f.workflow());
        named.addAll(pod);
        named.addAll(workflow);
        if (named.isEmpty()) {
            return f;
        }
        List<String> each = new ArrayList<>();
        for (UnreadExport u : named) {
            each.add(u.source() + " (" + u.describe() + ", " + u.reason() + ")");
        }
        return f.withConfidence(f.confidence(), Message.sequence(List.of(f.reason(),
                Message.of("caveat.unreadExport", "what", pod.isEmpty() ? "Workflow" : workflow.isEmpty() ? "Pod" : "Pod and its Workflow",
                        "exports", String.join("; ", each)))));
    }
}
