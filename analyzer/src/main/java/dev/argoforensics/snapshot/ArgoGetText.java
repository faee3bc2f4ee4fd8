package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code argo get WF} text (also {@code argo submit --watch} and {@code argo watch}, which
 * print the same block again and again): one {@link WorkflowSnapshot} per {@code Name:} block, with the
 * header's name, namespace, phase and times and the node tree's nodes. What the text lacks stays
 * unknown: no UID, no node start or finish times (DURATION only), no task-result state.
 */
final class ArgoGetText {
    static final String LACKS = "argo get output: no UID, no node start or finish times (only DURATION), no task-result state; "
            + "a node filter (--status, --node-field-selector) may have left nodes out";
    private static final Pattern FIELD = Pattern.compile("^([A-Z][A-Za-z ]*): *(.*)$");
    private static final Pattern NUDGE = Pattern.compile("^(This workflow does not have security context set\\..*|Learn more at https?://\\S+)$");

    private ArgoGetText() {
    }

    /** What the lines gave. */
    record Read(List<WorkflowSnapshot> workflows, List<ObjectFileReader.Problem> problems, List<Message> notes, List<String> identifiers,
                List<ObjectFileReader.TextLine> text) {
    }

    /** One block being read. */
    private static final class Block {
        SourceRef source;
        String name = "";
        String namespace = "";
        String phase = "";
        Boolean suspended;
        final Map<String, Timestamp> times = new LinkedHashMap<>();
        String duration;
        ArgoGetTree tree;
    }

    private static final java.util.regex.Pattern DURATION_PART = java.util.regex.Pattern.compile("(\\d+) (second|minute|hour|day)s?");

    /**
     * The latest time a running Workflow's {@code Duration:} puts inside the output (session 53): argo prints a running Workflow's
     * duration from its {@code startedAt} to the printing client's now ({@code humanize.RelativeDuration(startedAt, finishedAt)},
     * {@code finishedAt} zero), in words ({@code 1 hour 10 minutes}), so the output was printed no earlier than Started plus that
     * duration less its last unit (truncated or rounded) and less what the client's clock may be off (60 s, as for a stated time).
     * Null for a finished Workflow (its Finished says more), without Started, or for a duration not in those words.
     */
    static Timestamp printedNoEarlier(Timestamp started, Timestamp finished, String duration) {
        if (started == null || finished != null || duration == null) {
            return null;
        }
        java.util.regex.Matcher m = DURATION_PART.matcher(duration.strip());
        long seconds = 0;
        long unit = 0;
        int end = 0;
        while (m.find()) {
            if (!duration.strip().substring(end, m.start()).isBlank()) {
                return null;
            }
            end = m.end();
            unit = switch (m.group(2)) {
                case "second" -> 1;
                case "minute" -> 60;
                case "hour" -> 3600;
                default -> 86400;
            };
            seconds += Long.parseLong(m.group(1)) * unit;
        }
        if (unit == 0 || end != duration.strip().length()) {
            return null;
        }
        long nanos = (seconds - unit) * 1_000_000_000L - ObservedAt.STATED_CLOCK_NANOS;
        return nanos <= 0 ? null : new Timestamp(started.instant().plusNanos(nanos), started.precision(), started.zone());
    }

    static Read read(String file, List<String> lines, ObservedAt stated, ArgoGetTime.Reference reference) {
        List<WorkflowSnapshot> out = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        List<Message> notes = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        int[] skipped = {0};
        boolean[] dated = {false};
        List<ObjectFileReader.TextLine> text = new ArrayList<>();
        Block b = null;
        boolean inTree = false;
        boolean afterTree = false;
        boolean unreadTree = false; // a tree header indented unlike argo get writes it: its columns cannot be trusted
        for (int i = 0; i < lines.size(); i++) {
            long lineNo = i + 1;
            String line = PasteShape.stripped(lines.get(i));
            String t = line.strip();
            if (PasteShape.command(t) != null || NUDGE.matcher(t).matches() || t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("```") || t.startsWith("~~~")) {
                // The Markdown fence the output was pasted in (```console … ```): no part of it; what follows a tree's fence is text.
                afterTree |= inTree;
                inTree = false;
                continue;
            }
            if (PasteShape.ARGO_NAME.matcher(line).matches()) {
                finish(b, out, stated, skipped, identifiers);
                b = new Block();
                b.source = new SourceRef(file, lineNo);
                b.name = value(line);
                inTree = false;
                unreadTree = false;
                afterTree = false;
                continue;
            }
            if (PasteShape.ARGO_TREE_HEADER.matcher(line).matches()) {
                if (b == null) {
                    b = new Block();
                    b.source = new SourceRef(file, lineNo);
                }
                b.tree = new ArgoGetTree(line, b.name);
                inTree = true;
                unreadTree = false;
                afterTree = false;
                continue;
            }
            if (t.isEmpty()) {
                if (inTree && !line.isEmpty() && b.tree != null) {
                    b.tree.separator();
                }
                continue;
            }
            if (b == null) {
                problems.add(new ObjectFileReader.Problem(lineNo, "expected argo get's Name: line or its node tree header, found \""
                        + KubectlPodTables.excerpt(t) + "\""));
                continue;
            }
            if (inTree && !(b.tree != null ? b.tree.rowShaped(line, b.name) : ArgoGetTree.rowShaped(line))) {
                // Text after the tree (a sentence of the issue pasted under the output): the tree has ended there. Session 36: it was
                // reported as a bad row, a fault of the file.
                inTree = false;
                afterTree = true;
            }
            if (afterTree) {
                text.add(new ObjectFileReader.TextLine(lineNo, lines.get(i)));
                continue;
            }
            if (inTree) {
                if (b.name.isEmpty()) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "a node tree without argo get's Name: line: the Workflow is not named, row not read"));
                    continue;
                }
                String problem = b.tree.row(line, new SourceRef(file, lineNo));
                if (problem != null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, problem));
                }
                continue;
            }
            Matcher f = FIELD.matcher(line);
            if (line.startsWith(" ") && PasteShape.ARGO_TREE_HEADER.matcher(t).matches()) {
                // The node tree's header moved off its column (a paste edited by hand): the rows' columns are read from the
                // header's, so none can be read; counted, not passed over as a condition (session 40).
                problems.add(new ObjectFileReader.Problem(lineNo, "argo get's node tree header is indented unlike argo get writes it"
                        + " (its rows are read by its columns): the tree is not read"));
                unreadTree = true;
                continue;
            }
            if (unreadTree && ArgoGetTree.rowShaped(line)) { // as a tree read, blank lines (before the onExit tree) do not end it
                problems.add(new ObjectFileReader.Problem(lineNo, "a row of the node tree whose header could not be used, not read"));
                continue;
            }
            unreadTree = false;
            if (line.startsWith(" ")) {
                continue; // a condition, a parameter or an output under its heading
            }
            if (!f.matches()) {
                problems.add(new ObjectFileReader.Problem(lineNo, "expected a field of argo get's header (Status:, Created:…), found \""
                        + KubectlPodTables.excerpt(t) + "\""));
                continue;
            }
            String key = f.group(1);
            String value = f.group(2).strip();
            switch (key) {
                case "Namespace" -> b.namespace = value;
                case "Status" -> {
                    // printer.WorkflowStatus: "Running (Suspended)" where IsWorkflowSuspended (spec.suspend, or a suspend node
                    // running); any other Running is printed plain, so a plain Running shows the Workflow not suspended.
                    b.phase = value.split(" ")[0];
                    b.suspended = "Running".equals(b.phase) ? Boolean.valueOf(value.contains("(Suspended)")) : null;
                }
                case "Duration" -> b.duration = value;
                case "ServiceAccount" -> {
                    if (!value.startsWith("unset")) {
                        identifiers.add("serviceAccount:" + value.split(" ")[0]);
                    }
                }
                case "Created", "Started", "Finished" -> {
                    ArgoGetTime.Read r = ArgoGetTime.parse(value, reference);
                    if (r.time() != null) {
                        b.times.put(key, r.time());
                        dated[0] = true;
                    } else if (ArgoGetTime.looksLikeOne(value)) {
                        if (!notes.contains(r.problem())) {
                            notes.add(r.problem());
                        }
                    } else {
                        problems.add(new ObjectFileReader.Problem(lineNo, key + ": " + Words.english().render(r.problem())));
                    }
                }
                default -> {
                    // Message, Conditions, Duration, Progress, ResourcesDuration, Parameters…: read, not kept.
                }
            }
        }
        finish(b, out, stated, skipped, identifiers);
        if (skipped[0] > 0) {
            notes.add(Message.of("note.snapshot.argoGetUnconfirmed", "count", skipped[0]));
        }
        if (reference != null && dated[0]) {
            notes.add(Message.of("note.snapshot.argoGetDatedBy", "from", reference.from()));
        }
        for (WorkflowSnapshot w : out) {
            identifiers.add("workflow:" + w.name());
            identifiers.add("namespace:" + w.namespace());
            w.nodes().values().forEach(n -> identifiers.add("pod:" + n.podName()));
        }
        return new Read(out, problems, notes, identifiers, text);
    }

    private static String value(String line) {
        return line.substring(line.indexOf(':') + 1).strip();
    }

    private static void finish(Block b, List<WorkflowSnapshot> out, ObservedAt stated, int[] skipped, List<String> identifiers) {
        if (b == null || b.name.isEmpty()) {
            return;
        }
        if (b.tree != null) {
            b.tree.hosts.forEach(h -> identifiers.add("host:" + h));
        }
        Timestamp latest = null;
        for (Timestamp t : b.times.values()) {
            latest = KubeTime.latest(latest, t);
        }
        latest = KubeTime.latest(latest, printedNoEarlier(b.times.get("Started"), b.times.get("Finished"), b.duration));
        Map<String, NodeStatus> nodes = b.tree == null ? Map.of() : b.tree.nodes(skipped);
        ObservedAt observed = ObservedAt.of(stated, latest);
        out.add(new WorkflowSnapshot(b.source, b.namespace, b.name, "", b.phase, "", nodes, b.tree == null, Map.of(), observed,
                b.times.get("Finished"), Synchronization.NONE, LACKS, null, "", Trimmed.NONE, "", null, b.suspended));
    }
}
