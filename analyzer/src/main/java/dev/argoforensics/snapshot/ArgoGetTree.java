package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The node tree of {@code argo get} ({@code STEP  TEMPLATE  PODNAME  DURATION  MESSAGE}, and
 * {@code -o wide}'s {@code ARTIFACTS}, {@code RESOURCESDURATION}, {@code NODENAME}; v2.0-v2.6 print no
 * TEMPLATE). Cells are cut at the header's column starts (argo aligns them with Go's tabwriter). The STEP
 * cell is the tree drawing (Unicode {@code ├─ └─ │ ┬─ ──}, or {@code --no-utf8}'s {@code |- `- | +- --};
 * v2.0-v2.11 drew {@code ├- └- | ·- --}, a step group's first of several children under {@code ·-}), the phase symbol
 * ({@code ✔} Succeeded, {@code ✖} Failed, {@code ⚠} Error, {@code ●} Running, {@code ◷} Pending,
 * {@code ○} Skipped, {@code ǁ} a suspended node; {@code --no-utf8} prints the words) and the display name.
 *
 * <p>A node's ID is the Workflow's name and the FNV-1a hash of its full name, which is also the last part
 * of its pod name: so a Pod row gives its node's ID exactly. Full names are rebuilt from the tree (a step
 * of group {@code i} under {@code P} is {@code P[i].step}, a DAG task {@code P.task}, a retry
 * {@code P(n)}) and kept only where a pod name's hash confirms them; a node without a Pod whose name no
 * Pod below it confirms is left out (counted), never given a guessed ID.
 */
final class ArgoGetTree {
    private static final String TREE_CHARS = " ├└│┬─|`+-·";
    private static final Map<Character, String> SYMBOLS = Map.of('✔', "Succeeded", '✖', "Failed", '⚠', "Error", '●', "Running",
            '◷', "Pending", '○', "Skipped", 'ǁ', "Running");
    private static final List<String> WORDS = List.of("Succeeded", "Failed", "Error", "Running", "Pending", "Skipped", "Suspend", "Omitted");
    private static final Pattern POD_NAME = Pattern.compile("^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$");
    private static final Pattern HASH_SUFFIX = Pattern.compile("-(\\d{1,10})$");
    private static final Pattern DURATION = Pattern.compile("^(\\d+[smhd])*$");

    /** Where each header column starts. */
    private final int[] starts;
    private final int templateCol;
    private final int podCol;
    private final int durationCol;
    private final int messageCol;
    private final int nodeNameCol;
    private final String workflow;
    private final List<Row> rows = new ArrayList<>();
    private final Deque<Row> stack = new ArrayDeque<>();
    final List<String> hosts = new ArrayList<>();

    /** One printed node while the tree is read. */
    private static final class Row {
        int symCol;
        String name;
        String display;
        String phase;
        String type;
        String template;
        String podName;
        String message;
        int groups;
        Row parent;
        boolean confirmed;
        SourceRef source;
    }

    ArgoGetTree(String header, String workflow) {
        this.workflow = workflow;
        String[] names = header.strip().split(" {2,}");
        starts = new int[names.length];
        int from = 0;
        int template = -1;
        int pod = -1;
        int duration = -1;
        int message = -1;
        int nodeName = -1;
        for (int i = 0; i < names.length; i++) {
            starts[i] = header.indexOf(names[i], from);
            from = starts[i] + names[i].length();
            switch (names[i]) {
                case "TEMPLATE" -> template = i;
                case "PODNAME" -> pod = i;
                case "DURATION" -> duration = i;
                case "MESSAGE" -> message = i;
                case "NODENAME" -> nodeName = i;
                default -> {
                }
            }
        }
        templateCol = template;
        podCol = pod;
        durationCol = duration;
        messageCol = message;
        nodeNameCol = nodeName;
    }

    /**
     * Whether a line has a node row's head: tree drawing, or at its start a phase symbol or word and a space ({@code ✔ wf},
     * {@code Succeeded wf}). A line without one (a sentence, a log line pasted under the output) is no row: the tree has ended.
     */
    static boolean rowShaped(String line) {
        String t = line.stripLeading();
        if (t.isEmpty()) {
            return true;
        }
        char c = t.charAt(0);
        if (c != ' ' && c != '-' && TREE_CHARS.indexOf(c) >= 0) {
            return true; // ├ └ │ ┬ ─ | ` +: the drawing, a row whatever follows
        }
        if (t.startsWith("--")) {
            return true; // --no-utf8's group marker; a single "- " is a list item
        }
        if (SYMBOLS.containsKey(c) && t.length() > 1 && t.charAt(1) == ' ') {
            return true;
        }
        int space = t.indexOf(' ');
        return space > 0 && WORDS.contains(t.substring(0, space));
    }

    /**
     * As {@link #rowShaped(String)}, with what this tree knows: a line led by a phase word ({@code --no-utf8}'s form, printed only
     * for a root: the Workflow's, or its {@code .onExit}) is a row only where the word is followed by that root's name and then the
     * next column or the line's end. A sentence pasted under the output that starts with such a word ({@code Failed to fetch the
     * logs}, {@code Succeeded on the second try.}) is text after the tree, as any other sentence (session 37); with no Workflow
     * name to go by, the step column must hold the word and one name alone.
     */
    boolean rowShaped(String line, String workflowName) {
        if (!rowShaped(line)) {
            return false;
        }
        String t = line.stripLeading();
        if (t.isEmpty() || TREE_CHARS.indexOf(t.charAt(0)) >= 0 && t.charAt(0) != ' ' && t.charAt(0) != '-' || t.startsWith("--")
                || SYMBOLS.containsKey(t.charAt(0))) {
            return true;
        }
        String rest = t.substring(t.indexOf(' ')).stripLeading();
        int end = 0;
        while (end < rest.length() && rest.charAt(end) != ' ') {
            end++;
        }
        String name = rest.substring(0, end);
        boolean columnAfter = end == rest.length() || rest.startsWith("  ", end);
        if (!columnAfter) {
            return false; // "Failed to fetch …": words one space apart, no column
        }
        String root = workflowName == null || workflowName.isEmpty() ? workflow : workflowName;
        if (root != null && !root.isEmpty()) {
            return name.equals(root) || name.startsWith(root + ".");
        }
        return NODE_NAME.matcher(name).matches();
    }

    /** A node's display name as argo prints a root's: a Kubernetes name, or one with its {@code .onExit}. */
    private static final java.util.regex.Pattern NODE_NAME = java.util.regex.Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");

    /** A blank row between the main tree and the onExit tree: what follows starts a new root. */
    void separator() {
        stack.clear();
    }

    /** Reads one row, stated at {@code source}; the reason it cannot be read, or null. */
    String row(String line, SourceRef source) {
        String[] cells = new String[starts.length];
        for (int i = 0; i < starts.length; i++) {
            int a = Math.min(starts[i], line.length());
            int b = i + 1 < starts.length ? Math.min(starts[i + 1], line.length()) : line.length();
            if (i > 0 && a < line.length() && a > 0 && line.charAt(a - 1) != ' ') {
                return "expected the columns of the node tree's header (column " + (a + 1) + " starts " + headerName(i)
                        + "), found text running across it";
            }
            cells[i] = line.substring(a, b).strip();
        }
        String step = line.substring(0, Math.min(starts.length > 1 ? starts[1] : line.length(), line.length())).stripTrailing();
        int p = 0;
        while (p < step.length() && TREE_CHARS.indexOf(step.charAt(p)) >= 0) {
            p++;
        }
        if (p >= step.length()) {
            return "expected a node (tree drawing, phase symbol and name) in the STEP column, found none";
        }
        Row r = new Row();
        r.source = source;
        r.symCol = p;
        String rest = step.substring(p);
        String phase = SYMBOLS.get(rest.charAt(0));
        if (phase != null && rest.length() > 2 && rest.charAt(1) == ' ') {
            r.phase = phase;
            r.type = rest.charAt(0) == 'ǁ' ? "Suspend" : "";
            r.display = rest.substring(2).strip();
        } else {
            int space = rest.indexOf(' ');
            String word = space < 0 ? "" : rest.substring(0, space);
            if (!WORDS.contains(word)) {
                return "expected a phase symbol (✔ ✖ ⚠ ● ◷ ○ ǁ) or word (Succeeded, Failed, Error…) before the node's name, found \""
                        + KubectlPodTables.excerpt(rest) + "\"";
            }
            r.phase = "Suspend".equals(word) ? "Running" : word;
            r.type = "Suspend".equals(word) ? "Suspend" : "";
            r.display = rest.substring(space + 1).strip();
        }
        r.template = templateCol < 0 ? "" : cells[templateCol];
        r.podName = podCol < 0 ? "" : cells[podCol];
        r.message = messageCol < 0 ? "" : cells[messageCol];
        if (!r.podName.isEmpty() && !POD_NAME.matcher(r.podName).matches()) {
            return "expected a Pod name in the PODNAME column, found \"" + KubectlPodTables.excerpt(r.podName) + "\"";
        }
        if (durationCol >= 0 && !DURATION.matcher(cells[durationCol]).matches()) {
            return "expected a DURATION as argo prints it (5s, 1m, 2h), found \"" + KubectlPodTables.excerpt(cells[durationCol]) + "\"";
        }
        if (nodeNameCol >= 0 && !cells[nodeNameCol].isEmpty()) {
            hosts.add(cells[nodeNameCol]);
        }
        if (!r.podName.isEmpty()) {
            r.type = "Pod";
        }
        place(r, step);
        rows.add(r);
        return null;
    }

    private String headerName(int i) {
        return i == podCol ? "PODNAME" : i == durationCol ? "DURATION" : i == messageCol ? "MESSAGE" : i == nodeNameCol ? "NODENAME" : "a column";
    }

    /** Finds the row's parent by the tree drawing and rebuilds its full name (null where the drawing does not tell). */
    private void place(Row r, String step) {
        while (!stack.isEmpty() && stack.peek().symCol >= r.symCol) {
            stack.pop();
        }
        Row parent = stack.peek();
        r.parent = parent;
        if (parent == null) {
            r.name = r.display;
        } else if (parent.name == null) {
            r.name = null;
        } else if (r.symCol - parent.symCol == 4) {
            // Under a step group, which argo does not print: "──" or "┬─" starts the next group (v2.0-v2.11: "--" or "·-").
            String marker = step.substring(r.symCol - 2, r.symCol);
            if (marker.equals("──") || marker.equals("┬─") || marker.equals("--") || marker.equals("+-") || marker.equals("·-")) {
                parent.groups++;
            }
            r.name = parent.groups == 0 ? null : parent.name + "[" + (parent.groups - 1) + "]." + r.display;
        } else if (r.symCol - parent.symCol == 2) {
            boolean retry = r.display.startsWith(parent.display + "(") && r.display.matches(Pattern.quote(parent.display) + "\\(\\d+\\)");
            r.name = retry ? parent.name + r.display.substring(parent.display.length()) : parent.name + "." + r.display;
        } else {
            r.name = null;
        }
        stack.push(r);
    }

    /** The nodes whose ID the output establishes; {@code skipped[0]} counts those it does not. */
    Map<String, NodeStatus> nodes(int[] skipped) {
        for (Row r : rows) {
            if (!"Pod".equals(r.type)) {
                continue;
            }
            String suffix = suffix(r.podName);
            boolean ok = r.name != null && (r.podName.equals(workflow) ? r.name.equals(workflow) : hash(r.name).equals(suffix));
            if (ok) {
                for (Row a = r; a != null; a = a.parent) {
                    a.confirmed = true;
                }
            }
        }
        Map<String, NodeStatus> out = new LinkedHashMap<>();
        for (Row r : rows) {
            String id = null;
            if ("Pod".equals(r.type)) {
                String suffix = suffix(r.podName);
                id = r.podName.equals(workflow) ? workflow : suffix == null ? null : workflow + "-" + suffix;
            } else if (r.confirmed || (r.parent == null && r.name.equals(workflow))) {
                id = r.name.equals(workflow) ? workflow : workflow + "-" + hash(r.name);
            }
            if (id == null) {
                skipped[0]++;
                continue;
            }
            int slash = r.template.indexOf('/');
            String name = r.confirmed || (r.parent == null && workflow.equals(r.name)) ? r.name : "";
            out.put(id, new NodeStatus(id, name, r.display, r.type, slash < 0 ? r.template : "", slash < 0 ? "" : r.template.substring(slash + 1),
                    r.phase, r.message, null, null, null, r.podName, true, false, r.source));
        }
        return out;
    }

    private static String suffix(String podName) {
        Matcher m = HASH_SUFFIX.matcher(podName);
        return m.find() ? m.group(1) : null;
    }

    /** FNV-1a 32-bit of the UTF-8 bytes, unsigned decimal: the controller's node hash. */
    static String hash(String nodeName) {
        int h = 0x811c9dc5;
        for (byte b : nodeName.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return Integer.toUnsignedString(h);
    }
}
