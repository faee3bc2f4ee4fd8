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
    /** The keys a pasted piece of a Workflow's status starts with. */
    private static final java.util.Set<String> PIECE_KEYS = java.util.Set.of("status:", "nodes:", "taskResultsCompletionStatus:");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    record Read(List<WorkflowSnapshot> workflows, List<ObjectFileReader.Problem> problems, List<String> identifiers) {
    }

    private WorkflowStatusFragment() {
    }

    /**
     * @param podNames the Pods the same paste lists ({@code kubectl get pods | grep …} after the piece): they tell which Workflow a
     *                 lone node ID of a {@code taskResultsCompletionStatus} piece belongs to
     */
    static Read read(InputFile file, List<String> lines, ObservedAt takenAt, List<String> podNames) {
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int indent = Integer.MAX_VALUE;
        long first = 0;
        boolean fenced = false;
        boolean closed = false;
        int closedAt = lines.size(); // the fence that closes the fragment: what follows it is not read
        // Prose before the fence (an issue comment saved as it is) is no part of the fragment.
        // Only a fence before the piece's own first key opens it: a fence after an unfenced piece (a command block below it) does not.
        int opens = 0;
        while (opens < lines.size() && !lines.get(opens).strip().startsWith("```") && !PIECE_KEYS.contains(lines.get(opens).strip())) {
            opens++;
        }
        int from = opens < lines.size() && lines.get(opens).strip().startsWith("```") ? opens : 0;
        for (int i = from; i < lines.size(); i++) {
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
            boolean content = i >= from && i + 1 >= first && !t.startsWith("```") && !t.isEmpty() && !t.startsWith("#") && i < closedAt;
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
        if (top != null && top.isObject() && !top.has("status") && (top.has("nodes") || top.has(COMPLETION))) {
            ObjectNode wrapped = YAML.createObjectNode();
            wrapped.set("status", top);
            top = wrapped;
        }
        if (top != null && top.path("status").path(COMPLETION).isObject() && !top.path("status").has("nodes") && !top.has("metadata")) {
            return completionOnly(file, first, top.path("status"), takenAt, podNames);
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

    private static final String COMPLETION = "taskResultsCompletionStatus";
    /** What a piece of {@code taskResultsCompletionStatus} alone lacks, for the report. */
    static final String COMPLETION_LACKS = "a piece of status.taskResultsCompletionStatus (nodes unknown, no UID, no times)";
    /** A node ID: {@code <workflow>-<hash>}. */
    private static final java.util.regex.Pattern NODE_ID = java.util.regex.Pattern.compile("(.+)-(\\d+)");

    /**
     * A piece that holds only {@code taskResultsCompletionStatus:} and its node IDs (as #12103's comments paste it, with a {@code
     * kubectl get pods | grep} row after it): each node's result complete or not, nothing else. The Workflow is named by the IDs
     * ({@code <workflow>-<hash>}): by the name two or more IDs agree on, or, for one ID, by a Pod the paste lists that carries its
     * hash (a Pod named {@code <workflow>-<template>-<hash>} makes it a node's; a Pod named as the ID itself, the Workflow's own
     * root node, a Workflow of one Pod). An ID alone with no such Pod is named at its line, nothing read: a Workflow of one Pod
     * whose name ends in digits (a CronWorkflow's run) looks the same as a node of another. Its nodes are unknown, not absent.
     */
    private static Read completionOnly(InputFile file, long first, JsonNode status, ObservedAt takenAt, List<String> podNames) {
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        java.util.Map<String, Boolean> completion = new java.util.LinkedHashMap<>();
        status.path(COMPLETION).fields().forEachRemaining(e -> {
            if (e.getValue().isBoolean()) {
                completion.put(e.getKey(), e.getValue().asBoolean());
            }
        });
        String name = completionName(completion.keySet(), podNames);
        if (name == null) {
            problems.add(new ObjectFileReader.Problem(first, "expected node IDs that name their Workflow (<workflow>-<hash>: two or more that"
                    + " agree, or one whose Pod the paste lists), found " + (completion.isEmpty() ? "none" : String.join(", ", completion.keySet()))
                    + ": add the Workflow's metadata (kubectl get wf NAME -n NS -o yaml) or its Pods' rows"));
            return new Read(List.of(), problems, List.of());
        }
        WorkflowSnapshot w = new WorkflowSnapshot(file.at(first), "", name, "", status.path("phase").asText(""), "", java.util.Map.of(), true,
                completion, takenAt, null, Synchronization.NONE, COMPLETION_LACKS, null, "", Trimmed.NONE, status.path("message").asText(""));
        return new Read(List.of(w), problems, List.of("workflow:" + name));
    }

    /** The Workflow the node IDs belong to (see {@link #completionOnly}), or null if they do not say. */
    static String completionName(java.util.Collection<String> ids, List<String> podNames) {
        java.util.Set<String> prefixes = new java.util.TreeSet<>();
        for (String id : ids) {
            java.util.regex.Matcher m = NODE_ID.matcher(id);
            if (!m.matches()) {
                // No hash: the root node of a Workflow of one Pod, whose ID is the Workflow's name.
                return ids.size() == 1 ? id : null;
            }
            prefixes.add(m.group(1));
        }
        if (prefixes.size() != 1) {
            return null;
        }
        String prefix = prefixes.iterator().next();
        if (ids.size() >= 2) {
            return prefix;
        }
        String id = ids.iterator().next();
        for (String pod : podNames) {
            if (WorkflowSnapshot.podOfNode(prefix, id, pod)) {
                return pod.equals(id) ? id : prefix;
            }
        }
        return null;
    }
}
