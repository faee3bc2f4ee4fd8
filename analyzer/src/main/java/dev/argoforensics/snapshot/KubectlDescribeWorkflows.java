package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code kubectl describe workflow} output back into the Workflow object it prints, one per
 * {@code Name:} block, then decodes it as an export. kubectl prints a custom resource's fields as an
 * indented tree whose keys it turned into words ({@code displayName} → {@code Display Name}, {@code boundaryID}
 * → {@code Boundary ID}); a key holding anything but letters and dashes (a node ID, with its hash; a label
 * key) it leaves as it was. So a key of letters and spaces is put back in camel case, any other key is kept,
 * a node is keyed by its own {@code Id:} (a node ID without digits comes out as words), {@code <nil>} is null
 * and {@code true}/{@code false} are booleans. Name, namespace, labels and annotations come from the block's
 * head. The {@code Spec:} (templates, scripts: free text) and the {@code Events:} table (ages relative to an
 * unprinted moment) are passed over; a list of objects (conditions, parameters), which kubectl prints without
 * telling its items apart, keeps its first item only. Every other line of the status and metadata is read or
 * reported. A description pasted from its {@code Status:} line on (the head left out, upstream #1341's shape) is read as
 * that tree alone, with no metadata: the Workflow is then named by its root node and placed in a namespace only by the
 * other evidence, as a status pasted without metadata is.
 */
final class KubectlDescribeWorkflows {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** A field of the tree: its indentation, its key (up to the first colon), its value if on the same line. */
    private static final Pattern FIELD = Pattern.compile("^( *)([^\\s:][^:]*?):(?:\\s+(.*?))?\\s*$");
    private static final Pattern HEAD = Pattern.compile("^(Name|Namespace|Labels|Annotations):(?:\\s+(.*?))?\\s*$");
    private static final Pattern WORDS = Pattern.compile("[A-Za-z]+(?: [A-Za-z]+)*");
    /**
     * Subtrees passed over whole: the managed fields' {@code f:…} keys are no fields of the tree, and stored templates
     * hold scripts, whose lines kubectl prints unindented.
     */
    private static final java.util.Set<String> PASSED_OVER = java.util.Set.of("managedFields", "storedTemplates", "storedWorkflowTemplateSpec");

    record Read(List<WorkflowSnapshot> workflows, List<ObjectFileReader.Problem> problems, List<String> identifiers) {
    }

    private KubectlDescribeWorkflows() {
    }

    /** One Workflow's block while it is read. */
    private static final class Block {
        final long line;
        final ObjectNode metadata = F.objectNode();
        final ObjectNode labels = F.objectNode();
        final ObjectNode annotations = F.objectNode();
        ObjectNode status = F.objectNode();
        String kind = "";
        /** Cut from its Status: line on: no head, no metadata; named by its root node as a status pasted alone is. */
        final boolean headless;

        Block(long line, String name) {
            this.line = line;
            metadata.put("name", name);
            this.headless = false;
        }

        private Block(long line) {
            this.line = line;
            this.kind = "Workflow";
            this.headless = true;
        }

        /** The Status: tree of a Workflow's description pasted without its head (PasteShape told it by its nodes' Id: and Type:). */
        static Block headless(long line) {
            return new Block(line);
        }
    }

    /** Where a line falls within a block. */
    private enum Section { HEAD, LABELS, ANNOTATIONS, METADATA, STATUS, SKIPPED }

    /** An open object of the tree: the column its keys start at, the node they go into, and whether it is passed over (kept nowhere). */
    private record Level(int indent, JsonNode node, String key, boolean passedOver) {
        Level(int indent, JsonNode node, String key) {
            this(indent, node, key, false);
        }
    }

    static Read read(InputFile file, List<String> lines, ObservedAt takenAt) {
        List<WorkflowSnapshot> out = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        Block block = null;
        Section section = Section.SKIPPED;
        Deque<Level> open = new ArrayDeque<>();
        for (int i = 0; i < lines.size(); i++) {
            long lineNo = i + 1;
            String line = PasteShape.stripped(lines.get(i));
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || PasteShape.PROMPT.matcher(t).matches() || PasteShape.BARE_COMMAND.matcher(line).matches()
                    || t.startsWith("```")) {
                continue;
            }
            if (!line.startsWith(" ")) {
                Matcher head = HEAD.matcher(line);
                String value = "";
                String key;
                if (head.matches()) {
                    key = head.group(1);
                    value = head.group(2) == null ? "" : head.group(2);
                } else {
                    Matcher f = FIELD.matcher(line);
                    key = f.matches() ? f.group(2) : null;
                    value = f.matches() && f.group(3) != null ? f.group(3) : "";
                }
                if ("Name".equals(key)) {
                    close(file, block, takenAt, out, problems, identifiers);
                    block = new Block(lineNo, value);
                    section = Section.HEAD;
                    continue;
                }
                if (block == null && "Status".equals(key) && value.isEmpty() && out.isEmpty()) {
                    // The description cut from its Status: line on (#1341's shape): the tree read as it is, with no head.
                    block = Block.headless(lineNo);
                }
                if (block == null || key == null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, block == null
                            ? "expected kubectl describe workflow's Name: line first, found \"" + KubectlPodTables.excerpt(t) + "\""
                            : "expected a field of kubectl describe workflow (Status:, Events:…), found \"" + KubectlPodTables.excerpt(t) + "\""));
                    continue;
                }
                open.clear();
                switch (key) {
                    case "Namespace" -> {
                        block.metadata.put("namespace", value);
                        section = Section.HEAD;
                    }
                    case "Labels" -> {
                        section = Section.LABELS;
                        pair(block.labels, value, '=');
                    }
                    case "Annotations" -> {
                        section = Section.ANNOTATIONS;
                        pair(block.annotations, value, ':');
                    }
                    case "Kind" -> {
                        block.kind = value;
                        section = Section.HEAD;
                    }
                    case "Metadata" -> {
                        section = Section.METADATA;
                        open.push(new Level(-1, block.metadata, "metadata"));
                    }
                    case "Status" -> {
                        section = Section.STATUS;
                        open.push(new Level(-1, block.status, "status"));
                    }
                    default -> section = Section.SKIPPED; // API Version, Spec (templates, scripts), Events (relative ages)
                }
                continue;
            }
            if (block == null) {
                problems.add(new ObjectFileReader.Problem(lineNo, "expected kubectl describe workflow's Name: line first, found \""
                        + KubectlPodTables.excerpt(t) + "\""));
                continue;
            }
            switch (section) {
                case LABELS -> pair(block.labels, t, '=');
                case ANNOTATIONS -> pair(block.annotations, t, ':');
                case METADATA, STATUS -> {
                    String problem = treeLine(line, open);
                    if (problem != null) {
                        problems.add(new ObjectFileReader.Problem(lineNo, problem));
                    }
                }
                default -> {
                    // the Spec's and the Events table's lines: passed over (see the class comment)
                }
            }
        }
        close(file, block, takenAt, out, problems, identifiers);
        return new Read(out, problems, identifiers);
    }

    /** One indented line of the Metadata: or Status: tree, put where its indentation says; a problem, or null. */
    private static String treeLine(String line, Deque<Level> open) {
        int indent = line.length() - line.stripLeading().length();
        while (open.size() > 1 && indent <= open.peek().indent()) {
            open.pop();
        }
        Level parent = open.peek();
        Matcher f = FIELD.matcher(line);
        if (parent.passedOver()) {
            if (f.matches()) {
                open.push(new Level(indent, F.objectNode(), f.group(2), true));
            }
            return null;
        }
        if (!f.matches()) {
            // An item of a list of strings (a node's children, the finalizers), under a key that had no value.
            if (parent.node() instanceof ArrayNode list) {
                list.add(line.strip());
                return null;
            }
            if (parent.node() instanceof ObjectNode o && o.isEmpty() && parent.indent() >= 0 && open.size() > 1) {
                open.pop();
                ObjectNode holder = (ObjectNode) open.peek().node();
                ArrayNode list = holder.putArray(parent.key());
                list.add(line.strip());
                open.push(new Level(parent.indent(), list, parent.key()));
                return null;
            }
            return "expected a field (Key:  value) of kubectl describe workflow's tree, found \"" + KubectlPodTables.excerpt(line.strip()) + "\"";
        }
        if (!(parent.node() instanceof ObjectNode into)) {
            return "expected an item of the list above, found a field: \"" + KubectlPodTables.excerpt(line.strip()) + "\"";
        }
        String key = key(f.group(2));
        String value = f.group(3);
        if (into.has(key) || PASSED_OVER.contains(key)) {
            // kubectl prints a list of objects as their fields one after the other: only the first item is kept.
            // A passed-over subtree is read into nothing the same way.
            open.push(new Level(indent, F.objectNode(), key, true));
            return null;
        }
        if (value == null || value.isEmpty()) {
            ObjectNode child = into.putObject(key);
            open.push(new Level(indent, child, key));
        } else {
            into.set(key, scalar(value));
        }
        return null;
    }

    /** A key back in camel case where kubectl made words of it ({@code Boundary ID} → {@code boundaryID}); any other key as printed. */
    static String key(String printed) {
        if (!WORDS.matcher(printed).matches()) {
            return printed;
        }
        String[] words = printed.split(" ");
        StringBuilder b = new StringBuilder(words[0].toLowerCase(java.util.Locale.ROOT));
        for (int k = 1; k < words.length; k++) {
            b.append(words[k]);
        }
        return b.toString();
    }

    private static JsonNode scalar(String value) {
        return switch (value) {
            case "<nil>" -> F.nullNode();
            case "true" -> F.booleanNode(true);
            case "false" -> F.booleanNode(false);
            default -> F.textNode(value);
        };
    }

    /** A label ({@code key=value}) or an annotation ({@code key: value}) of the block's head; {@code <none>} is none. */
    private static void pair(ObjectNode into, String text, char separator) {
        String t = text.strip();
        int at = t.indexOf(separator);
        if (t.isEmpty() || t.equals("<none>") || at <= 0) {
            return;
        }
        into.put(t.substring(0, at).strip(), t.substring(at + 1).strip());
    }

    private static void close(InputFile file, Block b, ObservedAt takenAt, List<WorkflowSnapshot> out, List<ObjectFileReader.Problem> problems,
            List<String> identifiers) {
        if (b == null) {
            return;
        }
        if (!b.kind.equals("Workflow")) {
            problems.add(new ObjectFileReader.Problem(b.line, "kubectl describe output of a " + (b.kind.isEmpty() ? "resource without Kind:" : b.kind)
                    + ", not of a Workflow: not read"));
            return;
        }
        if (b.headless && !(b.status.get("nodes") instanceof ObjectNode)) {
            problems.add(new ObjectFileReader.Problem(b.line, "kubectl describe workflow output from its Status: line on, with no Nodes: "
                    + "to name the Workflow by: not read"));
            return;
        }
        if (!b.labels.isEmpty()) {
            b.metadata.set("labels", b.labels);
        }
        if (!b.annotations.isEmpty()) {
            b.metadata.set("annotations", b.annotations);
        }
        // A node's key comes out as words where its ID has no digit: its own Id: is the key.
        JsonNode nodes = b.status.get("nodes");
        if (nodes instanceof ObjectNode n) {
            ObjectNode keyed = F.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String id = e.getValue().path("id").asText("");
                keyed.set(id.isEmpty() ? e.getKey() : id, e.getValue());
            }
            b.status.set("nodes", keyed);
        }
        ObjectNode top = F.objectNode();
        top.put("apiVersion", "argoproj.io/v1alpha1");
        top.put("kind", "Workflow");
        if (!b.headless) {
            top.set("metadata", b.metadata);
        }
        top.set("status", b.status);
        ObjectDocument doc = new ObjectDocument(file.at(b.line), top, takenAt);
        try {
            WorkflowSnapshot w = (WorkflowSnapshot) ObjectDecoder.decode(ObjectKind.WORKFLOW, doc);
            out.add(w);
            identifiers.add("workflow:" + w.name());
            if (!w.namespace().isEmpty()) {
                identifiers.add("namespace:" + w.namespace());
            }
            w.nodes().values().forEach(node -> {
                String host = b.status.path("nodes").path(node.id()).path("hostNodeName").asText("");
                if (!host.isEmpty()) {
                    identifiers.add("host:" + host);
                }
            });
        } catch (RefusedObject e) {
            problems.add(new ObjectFileReader.Problem(b.line, "kubectl describe workflow output: " + e.getMessage()));
        }
    }
}
