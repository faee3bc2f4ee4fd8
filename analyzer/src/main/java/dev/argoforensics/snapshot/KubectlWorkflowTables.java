package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code kubectl get workflows} tables ({@code NAME  STATUS  AGE  MESSAGE}: the Workflow CRD's printer columns,
 * MESSAGE since v3.4; {@code -A}'s {@code NAMESPACE} first) and {@code argo list} tables ({@code NAME  STATUS  AGE  DURATION
 * PRIORITY  MESSAGE}) into one {@link WorkflowSnapshot} per row: its name, namespace and phase, no node (the table prints none:
 * the nodes are unknown, not absent), no UID. Cells are cut at the header's column starts, as kubectl and argo align them (a
 * message holds single spaces, an empty one leaves its cell blank). AGE is the time since the Workflow started
 * ({@code .status.startedAt}, not its creation), relative to a moment the table does not print: it is checked, never turned
 * into a time. A row that does not fit its header is reported at its line, never guessed.
 */
final class KubectlWorkflowTables {
    /** What the table lacks, said wherever a row is cited ({@link WorkflowSnapshot#printed()}). */
    static final String LACKS = "kubectl get workflows table: a phase and a message only, no UID, no nodes, no deletionTimestamp; "
            + "AGE is the time since the Workflow started, from a moment the table does not print";
    static final String ARGO_LIST_LACKS = "argo list table: a phase and a message only, no UID, no nodes, no deletionTimestamp; "
            + "AGE is the time since the Workflow was created, from a moment the table does not print";
    private static final Pattern NAME = Pattern.compile("^[a-z0-9][a-z0-9.-]*$");
    private static final Pattern AGE = Pattern.compile("^(?:\\d+[smhdy])+$|^<invalid>$|^<unknown>$|^$");
    /** What kubectl prints in STATUS (the phase; blank before the controller set one) and what argo list prints (a phase, or it with what holds it). */
    private static final Set<String> PHASES = Set.of("Pending", "Running", "Succeeded", "Failed", "Error");

    private KubectlWorkflowTables() {
    }

    /**
     * What the lines gave: a Workflow per row (a watch's last row of each Workflow), kubectl's answers that the list came back
     * empty ({@code No resources found in NS namespace.}, each a table of no rows holding it, where the command shows what the list
     * covered), the lines that could not be read, and the rows of a watch that a later row of the same Workflow superseded (counted,
     * not kept).
     */
    record Read(List<WorkflowSnapshot> workflows, List<PodTable> answers, List<ObjectFileReader.Problem> problems, List<String> identifiers,
                List<dev.argoforensics.wording.Message> notes, int superseded) {
    }

    /**
     * @param lines    the file's lines, the first being line 1
     * @param observed when the table was printed, if the user said; null otherwise
     */
    static Read read(String file, List<String> lines, ObservedAt observed) {
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        List<PodTable> answers = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        List<dev.argoforensics.wording.Message> notes = new ArrayList<>();
        List<Header> headers = new ArrayList<>();
        TableLines.read(lines, new TableLines.Reader() {
            String command = "";
            Header header;

            @Override
            public void prompt(long lineNo, String command) {
                this.command = command;
                header = null;
            }

            @Override
            public void noResources(long lineNo, String namespace, String answer) {
                PodTable table = KubectlPodTables.answer(new SourceRef(file, lineNo), command, namespace, answer, observed,
                        PodTable.Resource.WORKFLOW, notes);
                if (table != null) {
                    answers.add(table);
                    identifiers.add("namespace:" + table.namespace());
                }
            }

            @Override
            public void line(long lineNo, String line, String t) {
                if (PasteShape.WORKFLOWS_HEADER.matcher(line).matches()) {
                    header = new Header(line, command);
                    headers.add(header);
                    return;
                }
                int[] headerless = header == null ? PasteShape.workflowRowStarts(line, command) : null;
                if (headerless != null) {
                    // a row under kubectl get workflows | grep …: its own cells give the columns kubectl aligned its table at
                    header = new Header(headerless, command);
                    headers.add(header);
                }
                if (header == null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "expected a kubectl get workflows header (NAME  STATUS  AGE  MESSAGE), found \""
                            + KubectlPodTables.excerpt(t) + "\""));
                    return;
                }
                String[] cells = header.cells(line);
                String problem = cells == null ? "expected a row of the table above (its columns where the header's start), found \""
                        + KubectlPodTables.excerpt(t) + "\"" : header.problem(cells);
                if (problem != null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, problem));
                    return;
                }
                String namespace = header.allNamespaces ? cells[0] : header.namespace;
                String name = cells[1];
                String status = cells[2];
                String phase = status.isEmpty() ? "" : status.split(" ")[0];
                WorkflowSnapshot row = new WorkflowSnapshot(new SourceRef(file, lineNo), namespace, name, "", phase, "", Map.of(), true, Map.of(),
                        observed, null, Synchronization.NONE, header.argoList ? ARGO_LIST_LACKS : LACKS, null, "", Trimmed.NONE, cells[4],
                        null, header.argoList && "Running".equals(phase) ? Boolean.valueOf(status.contains("(Suspended)")) : null);
                // argo list prints printer.WorkflowStatus ("Running (Suspended)", as argo get); kubectl's STATUS is status.phase alone.
                // kubectl get workflows -w (argo list --watch alike): the rows when the watch began, then one per change, each printed
                // when it came. The stated time is when the paste ended: only a Workflow's last row was its state then.
                if (header.rows.put(namespace + "/" + name, row) != null) {
                    header.superseded++;
                }
                identifiers.add("workflow:" + name);
                identifiers.add("namespace:" + namespace);
            }
        });
        int superseded = 0;
        for (Header h : headers) {
            workflows.addAll(h.rows.values());
            superseded += h.superseded;
        }
        return new Read(workflows, answers, problems, identifiers, notes, superseded);
    }

    /** A header's column starts: NAMESPACE (or -1), NAME, STATUS, AGE, MESSAGE (or -1), and argo list's DURATION and PRIORITY (or -1). */
    private static final class Header {
        final int[] starts;
        final boolean allNamespaces;
        final boolean argoList;
        final String namespace;
        /** Each Workflow's last row under this header, in the order first listed. */
        final Map<String, WorkflowSnapshot> rows = new java.util.LinkedHashMap<>();
        int superseded;

        /** A header a filter dropped: the columns of the row under it ({@link PasteShape#workflowRowStarts}), kubectl's own layout. */
        Header(int[] rowStarts, String command) {
            allNamespaces = rowStarts[0] >= 0;
            argoList = false;
            starts = new int[] {rowStarts[0], rowStarts[1], rowStarts[2], rowStarts[3], rowStarts[4], -1, -1};
            Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
            namespace = !allNamespaces && ns.find() ? ns.group(1) : "";
        }

        Header(String line, String command) {
            allNamespaces = line.startsWith("NAMESPACE");
            argoList = line.contains(" DURATION ");
            starts = new int[] {allNamespaces ? 0 : -1, allNamespaces ? line.indexOf(" NAME ") + 1 : 0, line.indexOf(" STATUS ") + 1,
                line.indexOf(" AGE") + 1, line.indexOf(" MESSAGE") + 1, line.indexOf(" DURATION ") + 1, line.indexOf(" PRIORITY") + 1};
            for (int c = 4; c < starts.length; c++) {
                starts[c] = starts[c] == 0 ? -1 : starts[c];
            }
            Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
            namespace = !allNamespaces && ns.find() ? ns.group(1) : "";
        }

        /** The cells, each from its column's start to the next column's; null where a cell ran into the next column's start. */
        String[] cells(String line) {
            return KubectlEventTables.cut(line, starts, true);
        }

        /** Why the cells are no row of this table, or null. */
        String problem(String[] cells) {
            if (!NAME.matcher(cells[1]).matches()) {
                return "expected a Workflow name in the NAME column, found \"" + KubectlPodTables.excerpt(cells[1]) + "\"";
            }
            if (allNamespaces && !NAME.matcher(cells[0]).matches()) {
                return "expected a namespace in the NAMESPACE column, found \"" + KubectlPodTables.excerpt(cells[0]) + "\"";
            }
            String status = cells[2];
            if (!status.isEmpty() && !PHASES.contains(status.split(" ")[0])) {
                return "expected a Workflow phase in the STATUS column (Pending, Running, Succeeded, Failed, Error), found \""
                        + KubectlPodTables.excerpt(status) + "\"";
            }
            if (!AGE.matcher(cells[3]).matches()) {
                return "expected AGE as kubectl prints it (45s, 5m12s, 3d4h), found \"" + KubectlPodTables.excerpt(cells[3]) + "\"";
            }
            return null;
        }
    }
}
