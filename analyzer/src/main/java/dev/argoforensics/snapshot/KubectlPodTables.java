package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code kubectl get pods} tables (plain, {@code -o wide}, {@code -A}): one {@link PodTable}
 * per header line, the prompt line before it naming the command (and the namespace of {@code -n}).
 * Columns are split where two or more spaces stand (kubectl pads with three; RESTARTS' {@code 2 (5m ago)}
 * holds single spaces); a row with another number of columns or a cell of the wrong shape is a problem
 * at its line, never a guessed row. Rows whose header a filter dropped ({@code kubectl get pods | grep wf}) are read
 * where their number of columns and their cells' shapes tell the layout ({@link PasteShape#podRowLayout}); others are
 * problems at their lines.
 */
final class KubectlPodTables {
    private static final Pattern COLUMNS = Pattern.compile(" {2,}");
    private static final Pattern READY = Pattern.compile("^\\d+/\\d+$");
    private static final Pattern STATUS = Pattern.compile("^[A-Za-z][A-Za-z0-9:/._-]*$");
    private static final Pattern RESTARTS = Pattern.compile("^(\\d+)(?: \\((\\S+) ago\\))?$");
    private static final Pattern NAME = Pattern.compile("^[a-z0-9][a-z0-9.-]*$");

    private KubectlPodTables() {
    }

    /** What the lines gave: the tables, and the lines that could not be read. */
    record Read(List<PodTable> tables, List<ObjectFileReader.Problem> problems, long rows, List<dev.argoforensics.wording.Message> notes) {
    }

    /**
     * @param lines    the file's lines, the first being line 1
     * @param observed when the tables were printed, if the user said; null otherwise
     */
    static Read read(String file, List<String> lines, ObservedAt observed) {
        List<PodTable> tables = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        long[] rowCount = {0};
        List<dev.argoforensics.wording.Message> notes = new ArrayList<>();
        TableLines.read(lines, new TableLines.Reader() {
            String command = "";
            Table open;

            @Override
            public void prompt(long lineNo, String command) {
                open = close(open, tables, observed);
                this.command = command;
            }

            @Override
            public void noResources(long lineNo, String namespace, String answer) {
                PodTable table = answer(new SourceRef(file, lineNo), command, namespace, answer, observed, null, notes);
                if (table != null) {
                    open = close(open, tables, observed);
                    tables.add(table);
                }
            }

            @Override
            public void line(long lineNo, String line, String t) {
                PodTable.NotFound notFound = PodTable.NotFound.parse(new SourceRef(file, lineNo), t, null);
                if (notFound != null) {
                    // kubectl get pod X (or get wf W) answered that it does not exist: a table of no rows holding the answer.
                    open = close(open, tables, observed);
                    Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
                    tables.add(new PodTable(notFound.source(), ns.find() ? ns.group(1) : "", command, observed, false, List.of(), false,
                            List.of(notFound)));
                    return;
                }
                if (PasteShape.KUBECTL_HEADER.matcher(line).matches()) {
                    open = close(open, tables, observed);
                    open = new Table(new SourceRef(file, lineNo), command, line.startsWith("NAMESPACE"), line.contains(" IP "),
                            COLUMNS.split(line.strip()).length);
                    command = "";
                    return;
                }
                PasteShape.PodRowLayout headerless = open == null || open.headerless ? PasteShape.podRowLayout(line) : null;
                if (headerless != null && (open == null || open.allNamespaces != headerless.allNamespaces() || open.wide != headerless.wide())) {
                    // Rows whose header a filter dropped (kubectl get pods | grep wf): read where their columns tell their layout.
                    open = close(open, tables, observed);
                    open = new Table(new SourceRef(file, lineNo), command, headerless.allNamespaces(), headerless.wide(), headerless.columns());
                    open.headerless = true;
                    command = "";
                }
                if (open == null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "expected a kubectl get pods header (NAME  READY  STATUS  RESTARTS  AGE), found \""
                            + excerpt(t) + "\""));
                    return;
                }
                String problem = open.row(new SourceRef(file, lineNo), line, observed);
                if (problem != null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, problem));
                } else {
                    rowCount[0]++;
                }
            }

            @Override
            public void end() {
                close(open, tables, observed);
            }
        });
        return new Read(tables, problems, rowCount[0], notes);
    }

    private static Table close(Table open, List<PodTable> tables, ObservedAt observed) {
        if (open != null) {
            List<PodTable.Row> rows = open.rows;
            if (watch(open.command, rows)) {
                // kubectl get pods -w: the first rows when the watch began, then one per change, each printed when it came. The stated
                // time is when the paste ended, not when a row was printed: no row's AGE dates its creation from it (a Pod's last row is
                // its latest state, PodTable#row).
                rows = rows.stream().map(r -> new PodTable.Row(r.source(), r.namespace(), r.name(), r.ready(), r.status(), r.restarts(),
                        r.lastRestartAgo(), r.age(), null, null, r.ip(), r.node())).toList();
            }
            tables.add(new PodTable(open.source, open.namespace, open.command, observed, open.wide, rows, open.headerless));
        }
        return null;
    }

    private static final Pattern WATCH_FLAG = Pattern.compile("(?:^|\\s)(?:-w|--watch|--watch-only)(?:[\\s=]|$)");

    /** A watch's output: its command says so, or a Pod is listed twice (one row per change). */
    static boolean watch(String command, List<PodTable.Row> rows) {
        if (WATCH_FLAG.matcher(command).find()) {
            return true;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        return rows.stream().anyMatch(r -> !seen.add(r.namespace() + "/" + r.name()));
    }

    /**
     * kubectl's empty list ({@code No resources found}) under {@code command}: a table of no rows holding the answer, where the
     * command shows what the list covered (of {@code only}'s resource, when not null); null otherwise. Either way a note says how it
     * was read.
     */
    static PodTable answer(SourceRef at, String command, String namespace, String answer, ObservedAt observed, PodTable.Resource only,
            List<dev.argoforensics.wording.Message> notes) {
        PodTable.NoneListed none = PodTable.NoneListed.of(command, namespace, answer);
        if (none == null || (only != null && none.resource() != only)) {
            notes.add(unread(command, at.line()));
            return null;
        }
        notes.add(answered(command, at.line(), none));
        return new PodTable(at, none.namespace(), command, observed, false, List.of(), false,
                List.of(new PodTable.NotFound(at, none.resource(), "", null, none)));
    }

    /** The note for an empty list read as the absence of what it covered. */
    static dev.argoforensics.wording.Message answered(String command, long lineNo, PodTable.NoneListed none) {
        String what = none.resource() == PodTable.Resource.WORKFLOW ? "Workflow" : none.workflow().isEmpty() ? "Pod" : "Pod of Workflow " + none.workflow();
        return dev.argoforensics.wording.Message.of("note.snapshot.noResources", "command", command, "line", lineNo, "what", what, "where",
                none.namespace().isEmpty() ? "in any namespace" : "in namespace " + none.namespace());
    }

    /** The note for an empty list whose command does not show what it covered. */
    static dev.argoforensics.wording.Message unread(String command, long lineNo) {
        return dev.argoforensics.wording.Message.of("note.snapshot.noResourcesUnread", "command", command.isEmpty() ? "kubectl" : command,
                "line", lineNo);
    }

    static String excerpt(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    /** A table being read. */
    private static final class Table {
        final SourceRef source;
        final String command;
        final String namespace;
        final boolean allNamespaces;
        final boolean wide;
        final int columns;
        /** Opened by a row whose header was dropped: {@link #source} is that row. */
        boolean headerless;
        final List<PodTable.Row> rows = new ArrayList<>();

        Table(SourceRef source, String command, boolean allNamespaces, boolean wide, int columns) {
            this.source = source;
            this.command = command;
            this.allNamespaces = allNamespaces;
            this.wide = wide;
            this.columns = columns;
            Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
            this.namespace = !allNamespaces && ns.find() ? ns.group(1) : "";
        }

        /** Reads one row; the reason it cannot be read, or null. */
        String row(SourceRef at, String line, ObservedAt observed) {
            String[] cells = COLUMNS.split(line.strip());
            if (cells.length != columns) {
                return "expected " + columns + " columns separated by two or more spaces (as the " + (headerless ? "row" : "header") + " at line "
                        + source.line() + "), found " + cells.length + " in \"" + excerpt(line.strip()) + "\"";
            }
            int c = 0;
            String ns = allNamespaces ? cells[c++] : namespace;
            String name = cells[c++];
            String ready = cells[c++];
            String status = cells[c++];
            String restarts = cells[c++];
            String age = cells[c++];
            if (!NAME.matcher(name).matches()) {
                return "expected a Pod name in the NAME column, found \"" + excerpt(name) + "\"";
            }
            if (!READY.matcher(ready).matches()) {
                return "expected READY as ready/total (1/2), found \"" + excerpt(ready) + "\"";
            }
            if (!STATUS.matcher(status).matches()) {
                return "expected a STATUS word (Running, Completed, Init:0/1…), found \"" + excerpt(status) + "\"";
            }
            Matcher r = RESTARTS.matcher(restarts);
            if (!r.matches() || (r.group(2) != null && KubectlAge.parse(r.group(2)) == null)) {
                return "expected RESTARTS as a count, optionally with (5m ago), found \"" + excerpt(restarts) + "\"";
            }
            int restartCount;
            try {
                restartCount = Integer.parseInt(r.group(1));
            } catch (NumberFormatException e) {
                return "expected RESTARTS as a count, found \"" + excerpt(restarts) + "\"";
            }
            KubectlAge parsedAge = KubectlAge.parse(age);
            if (parsedAge == null && !"<invalid>".equals(age)) {
                return "expected AGE as kubectl prints it (45s, 5m12s, 3d4h, <invalid>), found \"" + excerpt(age) + "\"";
            }
            String ip = wide ? none(cells[c++]) : "";
            String node = wide ? none(cells[c]) : "";
            Timestamp earliest = null;
            Timestamp latest = null;
            if (parsedAge != null && observed != null) {
                Timestamp t = observed.time();
                latest = new Timestamp(t.instant().minusSeconds(parsedAge.seconds()), TimePrecision.SECOND, t.zone());
                earliest = new Timestamp(t.instant().minusSeconds(parsedAge.seconds() + parsedAge.resolution()), TimePrecision.SECOND, t.zone());
            }
            rows.add(new PodTable.Row(at, ns, name, ready, status, restartCount, r.group(2) == null ? "" : r.group(2), age, earliest, latest,
                    ip, node));
            return null;
        }

        private static String none(String cell) {
            return "<none>".equals(cell) ? "" : cell;
        }
    }
}
