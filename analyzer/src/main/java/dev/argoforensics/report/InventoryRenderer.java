package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.time.Timestamp;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** {@code argo-forensics ls} as a table (text, Markdown) or JSON; the same inventory always gives the same bytes. */
public final class InventoryRenderer {
    private static final List<String> HEADER = List.of("KIND", "NAMESPACE", "NAME", "LOG LINES", "EVENTS", "FIRST", "LAST", "SOURCES");

    private InventoryRenderer() {
    }

    /** Aligned columns, kubectl-style, and a last line saying the scope and what it left out. */
    public static String text(Inventory inv) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        inv.items().forEach(i -> rows.add(cells(i)));
        int[] width = new int[HEADER.size()];
        for (List<String> r : rows) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder b = new StringBuilder();
        if (inv.items().isEmpty()) {
            b.append("No Workflow or Pod").append(inv.scope().whole() ? " in the evidence" : " in scope").append(".\n");
        } else {
            for (List<String> r : rows) {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < r.size(); c++) {
                    line.append(c == r.size() - 1 ? r.get(c) : pad(r.get(c), width[c] + 3));
                }
                b.append(line.toString().stripTrailing()).append('\n');
            }
        }
        return b.append(footer(inv)).toString();
    }

    /** A GitHub table. */
    public static String markdown(Inventory inv) {
        StringBuilder b = new StringBuilder("| Kind | Namespace | Name | Log lines | Events | First | Last | Sources |\n|---|---|---|---|---|---|---|---|\n");
        for (Inventory.Item i : inv.items()) {
            List<String> c = cells(i);
            b.append("| ").append(c.get(0)).append(" | ").append(Markdown.codeCell(c.get(1))).append(" | ").append(Markdown.codeCell(c.get(2)))
                    .append(" | ").append(c.get(3)).append(" | ").append(c.get(4)).append(" | ").append(c.get(5)).append(" | ").append(c.get(6))
                    .append(" | ").append(Markdown.cell(c.get(7))).append(" |\n");
        }
        return b.append('\n').append(Markdown.text(footer(inv).strip())).append('\n').toString();
    }

    /** {@code {"scope": …, "items": [...], "leftOut": n}}. */
    public static String json(Inventory inv) {
        ObjectNode root = JsonStyle.mapper().createObjectNode();
        root.put("schemaVersion", 1);
        ObjectNode scope = root.putObject("scope");
        scope.put("whole", inv.scope().whole());
        scope.put("description", inv.scope().describe());
        scope.put("since", inv.scope().since() == null || inv.scope().since().at() == null ? null : inv.scope().since().at().format());
        scope.put("until", inv.scope().until() == null || inv.scope().until().at() == null ? null : inv.scope().until().at().format());
        scope.put("leftOut", inv.left());
        ArrayNode items = root.putArray("items");
        for (Inventory.Item i : inv.items()) {
            ObjectNode o = items.addObject();
            o.put("kind", i.kind());
            o.put("namespace", i.namespace());
            o.put("name", i.name());
            o.put("uid", i.uid());
            o.put("workflow", i.workflow() == null ? null : i.workflow().name());
            o.put("logLines", i.logLines());
            o.put("events", i.events());
            o.put("first", time(i.first()));
            o.put("last", time(i.last()));
            ArrayNode sources = o.putArray("sources");
            i.sourceList().forEach(s -> sources.add(s.key()));
        }
        try {
            return JsonStyle.writer().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> cells(Inventory.Item i) {
        return List.of(i.kind(), i.namespace() == null ? "?" : i.namespace(), i.name() + (i.uid() == null ? "" : " (uid " + i.uid() + ")"),
                String.valueOf(i.logLines()), String.valueOf(i.events()), i.first() == null ? "-" : i.first().format(),
                i.last() == null ? "-" : i.last().format(), String.join(", ", i.sourceList().stream().map(Inventory.Source::label).toList()));
    }

    private static String footer(Inventory inv) {
        long workflows = inv.items().stream().filter(i -> i.kind().equals("Workflow")).count();
        String counts = Describe.plural(workflows, "Workflow", "Workflows") + " and "
                + Describe.plural(inv.items().size() - workflows, "Pod", "Pods");
        return "\n" + counts + (inv.scope().whole() ? "" : " in scope (" + inv.scope().describe() + "); "
                + Describe.plural(inv.left(), "other left out", "others left out")) + ".\n";
    }

    private static String time(Timestamp t) {
        return t == null ? null : t.format();
    }

    private static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }
}
