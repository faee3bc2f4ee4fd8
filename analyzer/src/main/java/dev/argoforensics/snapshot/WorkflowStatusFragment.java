package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.InputFile;
import java.util.ArrayList;
import java.util.List;

/**
 * A piece of {@code argo get -o yaml} or {@code kubectl get wf -o yaml} cut out of a larger paste: inside a Markdown
 * fence ({@code ```yaml}) and still indented as it was, starting at {@code status:} or at {@code nodes:} (then the keys
 * beside it, {@code phase:}, {@code startedAt:}, are the status's). Read as the Workflow status it is: the fences left
 * out, the common indentation removed, a fragment from {@code nodes:} on put under {@code status:}; then the same as a
 * Workflow quoted from {@code status:} on (named by its root node, its namespace only where the other evidence gives
 * exactly one). Line numbers stay those of the file.
 */
final class WorkflowStatusFragment {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    record Read(List<WorkflowSnapshot> workflows, List<ObjectFileReader.Problem> problems, List<String> identifiers) {
    }

    private WorkflowStatusFragment() {
    }

    static Read read(InputFile file, List<String> lines, ObservedAt takenAt) {
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int indent = Integer.MAX_VALUE;
        long first = 0;
        boolean fenced = false;
        boolean closed = false;
        int closedAt = lines.size(); // the fence that closes the fragment: what follows it is not read
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.startsWith("```")) {
                if (fenced && !closed) {
                    closed = true;
                    closedAt = i;
                }
                fenced = true;
                continue;
            }
            if (closed || t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (first == 0) {
                first = i + 1;
            }
            indent = Math.min(indent, lines.get(i).length() - lines.get(i).stripLeading().length());
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String t = line.strip();
            boolean content = i + 1 >= first && !t.startsWith("```") && !t.isEmpty() && !t.startsWith("#") && i < closedAt;
            text.append(content ? line.substring(Math.min(indent, line.length())) : "").append('\n');
        }
        List<WorkflowSnapshot> out = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        if (first == 0) {
            problems.add(new ObjectFileReader.Problem(1, "expected a Workflow's status (status: or nodes:) inside the fence, found nothing"));
            return new Read(out, problems, identifiers);
        }
        JsonNode top;
        try {
            top = YAML.readTree(text.toString());
        } catch (JsonProcessingException e) {
            long line = e.getLocation() != null && e.getLocation().getLineNr() > 0 ? e.getLocation().getLineNr() : first;
            problems.add(new ObjectFileReader.Problem(line, "not valid YAML once its indentation is removed: "
                    + String.join(" ", String.valueOf(e.getOriginalMessage()).strip().split("\\s*\\R\\s*"))));
            return new Read(out, problems, identifiers);
        }
        if (top != null && top.isObject() && !top.has("status") && top.has("nodes")) {
            ObjectNode wrapped = YAML.createObjectNode();
            wrapped.set("status", top);
            top = wrapped;
        }
        ObjectDocument doc = new ObjectDocument(file.at(first), top == null ? YAML.createObjectNode() : top, takenAt);
        ObjectKind.Classified c = ObjectKind.classify(doc, null);
        if (c.kind() != ObjectKind.WORKFLOW) {
            problems.add(new ObjectFileReader.Problem(first, "expected a Workflow's status (a nodes: map of Workflow nodes, each with an id and a "
                    + "type), found " + c.label()));
            return new Read(out, problems, identifiers);
        }
        try {
            WorkflowSnapshot w = (WorkflowSnapshot) ObjectDecoder.decode(ObjectKind.WORKFLOW, doc);
            out.add(w);
            identifiers.add("workflow:" + w.name());
        } catch (RefusedObject e) {
            problems.add(new ObjectFileReader.Problem(first, c.label() + ": " + e.getMessage()));
        }
        return new Read(out, problems, identifiers);
    }
}
