package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** {@code argo-forensics ls} as a table (text, Markdown) or JSON; the same inventory always gives the same bytes. */
public final class InventoryRenderer {
    private static final List<String> HEADER = List.of("KIND", "NAMESPACE", "NAME", "LOG LINES", "EVENTS", "FIRST", "LAST", "SOURCES");

    private InventoryRenderer() {
    }

    /** Aligned columns, kubectl-style, and a last line saying the scope and what it left out; the widths come from the inventory, each row is written as it is made. */
    public static void text(Inventory inv, Writer out) throws IOException {
        int[] width = new int[HEADER.size()];
        widen(width, HEADER);
        for (Inventory.Item i : inv.items()) {
            widen(width, cells(i));
        }
        if (inv.items().isEmpty()) {
            out.write("No Workflow or Pod" + (inv.scope().whole() ? " in the evidence" : " in scope") + ".\n");
        } else {
            row(out, HEADER, width);
            for (Inventory.Item i : inv.items()) {
                row(out, cells(i), width);
            }
        }
        out.write(footer(inv));
    }

    private static void widen(int[] width, List<String> cells) {
        for (int c = 0; c < cells.size(); c++) {
            width[c] = Math.max(width[c], cells.get(c).length());
        }
    }

    private static void row(Writer out, List<String> r, int[] width) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < r.size(); c++) {
            line.append(c == r.size() - 1 ? r.get(c) : pad(r.get(c), width[c] + 3));
        }
        out.write(line.toString().stripTrailing());
        out.write('\n');
    }

    /** A GitHub table. */
    public static void markdown(Inventory inv, Writer out) throws IOException {
        out.write("| Kind | Namespace | Name | Log lines | Events | First | Last | Sources |\n|---|---|---|---|---|---|---|---|\n");
        for (Inventory.Item i : inv.items()) {
            List<String> c = cells(i);
            out.write("| " + c.get(0) + " | " + Markdown.codeCell(c.get(1)) + " | " + Markdown.codeCell(c.get(2)) + " | " + c.get(3) + " | "
                    + c.get(4) + " | " + c.get(5) + " | " + c.get(6) + " | " + Markdown.cell(c.get(7)) + " |\n");
        }
        out.write("\n" + Markdown.text(footer(inv).strip()) + "\n");
    }

    /** {@code {"scope": …, "items": [...], "leftOut": n}}, item by item. */
    public static void json(Inventory inv, Writer out) throws IOException {
        JsonGenerator g = JsonStyle.generator(out);
        g.writeStartObject();
        g.writeNumberField("schemaVersion", 1);
        g.writeObjectFieldStart("scope");
        g.writeBooleanField("whole", inv.scope().whole());
        g.writeStringField("description", inv.scope().describe());
        g.writeStringField("since", inv.scope().since() == null || inv.scope().since().at() == null ? null : inv.scope().since().at().format());
        g.writeStringField("until", inv.scope().until() == null || inv.scope().until().at() == null ? null : inv.scope().until().at().format());
        g.writeNumberField("leftOut", inv.left());
        g.writeEndObject();
        g.writeArrayFieldStart("items");
        for (Inventory.Item i : inv.items()) {
            g.writeStartObject();
            g.writeStringField("kind", i.kind());
            g.writeStringField("namespace", i.namespace());
            g.writeStringField("name", i.name());
            g.writeStringField("uid", i.uid());
            if (i.lifetime() != null) {
                g.writeObjectFieldStart("lifetime");
                g.writeNumberField("number", i.lifetime().number());
                g.writeNumberField("of", i.lifetime().of());
                g.writeStringField("created", i.lifetime().created().format());
                g.writeEndObject();
            }
            g.writeStringField("workflow", i.workflow() == null ? null : i.workflow().name());
            g.writeNumberField("logLines", i.logLines());
            g.writeNumberField("events", i.events());
            g.writeStringField("first", time(i.first()));
            g.writeStringField("last", time(i.last()));
            g.writeArrayFieldStart("sources");
            for (Inventory.Source s : i.sourceList()) {
                g.writeString(s.key());
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.flush();
        out.write('\n');
    }

    private static List<String> cells(Inventory.Item i) {
        return List.of(i.kind(), i.namespace() == null ? "?" : i.namespace(), i.name() + (i.uid() == null ? "" : " (uid " + i.uid() + ")")
                + (i.lifetime() == null ? "" : " (" + i.lifetime().words() + ")"),
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
