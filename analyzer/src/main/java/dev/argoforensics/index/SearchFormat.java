package dev.argoforensics.index;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.report.JsonStyle;
import dev.argoforensics.report.Markdown;
import java.util.List;

/**
 * How search results are printed: one line per hit in time order with {@code file:line}, the
 * controller run and the text; with context, the hit's neighbours of the same file around it.
 */
public enum SearchFormat {
    TEXT,
    JSON,
    MARKDOWN;

    /** The schema version of the JSON results (docs/search.md). */
    public static final int SCHEMA_VERSION = 1;

    /**
     * @param query   the query as given (JSON and Markdown repeat it)
     * @param context the {@code --context} asked for (0 for none)
     */
    public String render(String query, List<SearchMatch> matches, int context) {
        return switch (this) {
            case TEXT -> text(matches, context);
            case JSON -> json(query, matches, null);
            case MARKDOWN -> markdown(query, matches, context);
        };
    }

    /** {@code --count}: the number of hits. */
    public String count(String query, long count) {
        return this == JSON ? json(query, List.of(), count) : count + "\n";
    }

    private static String text(List<SearchMatch> matches, int context) {
        StringBuilder b = new StringBuilder();
        for (SearchMatch m : matches) {
            if (context > 0 && b.length() > 0) {
                b.append("--\n");
            }
            m.before().forEach(h -> textLine(b, h, context > 0 ? "  " : ""));
            textLine(b, m.hit(), context > 0 ? "> " : "");
            m.after().forEach(h -> textLine(b, h, "  "));
        }
        return b.toString();
    }

    private static void textLine(StringBuilder b, SearchHit h, String mark) {
        b.append(mark).append(time(h)).append("  ").append(h.source());
        if (h.controller() != null) {
            b.append("  [").append(h.controller()).append(']');
        }
        b.append("  ").append(oneLine(h.text())).append('\n');
    }

    private static String json(String query, List<SearchMatch> matches, Long count) {
        ObjectNode root = JsonStyle.mapper().createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("query", query);
        root.put("count", count != null ? count : matches.size());
        if (count == null) {
            ArrayNode hits = root.putArray("hits");
            for (SearchMatch m : matches) {
                ObjectNode n = hit(hits.addObject(), m.hit());
                ArrayNode before = n.putArray("before");
                m.before().forEach(h -> hit(before.addObject(), h));
                ArrayNode after = n.putArray("after");
                m.after().forEach(h -> hit(after.addObject(), h));
            }
        }
        try {
            return JsonStyle.writer().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serialises", e);
        }
    }

    private static ObjectNode hit(ObjectNode n, SearchHit h) {
        n.put("time", h.time() == null ? null : h.time().format());
        n.put("lowerBound", h.lowerBound());
        n.put("source", h.source().file());
        n.put("line", h.source().line());
        n.put("controller", h.controller());
        n.put("level", h.level());
        n.put("evidence", h.evidence());
        n.put("kind", h.kind());
        n.put("text", h.text());
        return n;
    }

    private static String markdown(String query, List<SearchMatch> matches, int context) {
        StringBuilder b = new StringBuilder();
        b.append("**").append(matches.size()).append(matches.size() == 1 ? " event" : " events").append("** for ")
                .append(Markdown.code(query)).append("\n");
        if (matches.isEmpty()) {
            return b.toString();
        }
        b.append('\n').append(context > 0 ? "| | Time | Source | Controller | Text |\n|---|---|---|---|---|\n"
                : "| Time | Source | Controller | Text |\n|---|---|---|---|\n");
        for (SearchMatch m : matches) {
            m.before().forEach(h -> markdownRow(b, h, context > 0 ? "" : null));
            markdownRow(b, m.hit(), context > 0 ? "**>**" : null);
            m.after().forEach(h -> markdownRow(b, h, ""));
        }
        return b.toString();
    }

    private static void markdownRow(StringBuilder b, SearchHit h, String mark) {
        b.append('|');
        if (mark != null) {
            b.append(' ').append(mark).append(" |");
        }
        b.append(' ').append(Markdown.cell(time(h))).append(" | ").append(Markdown.codeCell(h.source().toString())).append(" | ")
                .append(h.controller() == null ? "" : Markdown.cell(h.controller())).append(" | ").append(Markdown.codeCell(h.text()))
                .append(" |\n");
    }

    private static String time(SearchHit h) {
        return h.time() == null ? "(no time)" : (h.lowerBound() ? ">=" : "") + h.time().format();
    }

    /** A Go panic's lines joined with a visible {@code \n}: one hit, one line. */
    private static String oneLine(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
