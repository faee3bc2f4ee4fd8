package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.argoforensics.wording.Message;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A minimal Workflow rebuilt from an exported one, for the bug report's reproduction: the spec with
 * only the templates on the affected node's path (its template and those of the nodes above it), the
 * steps and DAG tasks that call other templates left out, settings that tie it to one cluster
 * (service account, pull secrets, scheduling) dropped, environment values and secret-looking
 * arguments masked, and every remaining string passed through the redaction.
 */
final class WorkflowReconstruction {
    /** Spec and template fields that tie a Workflow to one cluster and say nothing about the bug. */
    private static final List<String> CLUSTER_FIELDS = List.of("serviceAccountName", "automountServiceAccountToken", "imagePullSecrets",
            "nodeSelector", "tolerations", "affinity", "priorityClassName", "schedulerName", "securityContext", "hostAliases",
            "dnsConfig", "dnsPolicy", "executor", "artifactRepositoryRef");
    /** A key whose value is a secret: {@code --api-token=…}, {@code PASSWORD=…}; the keyword ends the key. */
    private static final Pattern SECRET_ARG = Pattern.compile(
            "(?i)((?<![A-Za-z0-9_])[A-Za-z0-9_-]*(?:token|password|passwd|secret|api[-_]?key|credentials?)=)\\S+");
    static final String MASK = "REDACTED";

    private final UnaryOperator<String> text;
    private final Predicate<String> sensitive;
    private final List<Message> notes = new ArrayList<>();
    private int masked;

    private WorkflowReconstruction(UnaryOperator<String> text, Predicate<String> sensitive) {
        this.text = text;
        this.sensitive = sensitive;
    }

    /**
     * @param workflow the exported Workflow as read
     * @param nodeId   the affected node's ID (or null), as in the export
     * @param nodeName the affected node's name (or null), as in the export
     * @param text      the redaction of a string, as everywhere in the draft
     * @param sensitive true for a string holding an identifier of the inputs anywhere, even inside a
     *                  longer word ({@code s3://acme-data/...}): masked whole, since the redaction
     *                  replaces whole names only
     * @return the YAML and notes on what was changed ({@code note.reconstruction.*} messages)
     */
    static Result rebuild(JsonNode workflow, String nodeId, String nodeName, UnaryOperator<String> text, Predicate<String> sensitive) {
        return new WorkflowReconstruction(text, sensitive).run(workflow, nodeId, nodeName);
    }

    record Result(String yaml, List<Message> notes) {
    }

    private Result run(JsonNode wf, String nodeId, String nodeName) {
        JsonNode spec = wf.path("spec");
        ArrayNode templates = spec.path("templates").isArray() ? (ArrayNode) spec.path("templates") : null;
        if ((templates == null || templates.isEmpty()) && wf.path("status").path("storedWorkflowTemplateSpec").path("templates").isArray()) {
            templates = (ArrayNode) wf.path("status").path("storedWorkflowTemplateSpec").path("templates");
            notes.add(Message.of("note.reconstruction.storedTemplates"));
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("apiVersion", "argoproj.io/v1alpha1");
        out.put("kind", "Workflow");
        // The name redacted before the '-' is added: a name followed by '-' is not a whole token the redaction replaces.
        out.putObject("metadata").put("generateName", text.apply(wf.path("metadata").path("name").asText("repro")) + "-");
        ObjectNode newSpec = spec.isObject() ? ((ObjectNode) spec).deepCopy() : out.objectNode();
        dropClusterFields(newSpec, null);
        Set<String> path = path(wf, spec.path("entrypoint").asText(null), nodeId, nodeName);
        if (templates == null || templates.isEmpty()) {
            notes.add(Message.of("note.reconstruction.noTemplates"));
        } else {
            newSpec.set("templates", keep(templates, path));
        }
        if (newSpec.has("onExit") && path != null && !path.contains(newSpec.path("onExit").asText())) {
            newSpec.remove("onExit");
            notes.add(Message.of("note.reconstruction.exitHandler"));
        }
        if (newSpec.path("workflowTemplateRef").isObject() && templates != null && !templates.isEmpty()) {
            newSpec.remove("workflowTemplateRef");
        }
        out.set("spec", newSpec);
        JsonNode redacted = strings(out);
        if (masked > 0) {
            notes.add(Message.of(masked == 1 ? "note.reconstruction.maskedOne" : "note.reconstruction.maskedMany", "count", masked, "mask", MASK));
        }
        try {
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .disable(YAMLGenerator.Feature.SPLIT_LINES));
            return new Result(yaml.writeValueAsString(redacted), notes);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The template names from the entrypoint down to the node: the node's and its ancestors' in
     * {@code status.nodes}; null when the node is not in the export, and every template is kept.
     */
    private Set<String> path(JsonNode wf, String entrypoint, String nodeId, String nodeName) {
        JsonNode nodes = wf.path("status").path("nodes");
        String id = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = nodes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(nodeId) || (id == null && nodeName != null && nodeName.equals(e.getValue().path("name").asText(null)))) {
                id = e.getKey();
            }
        }
        if (id == null) {
            notes.add(Message.of("note.reconstruction.nodeMissing"));
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        if (entrypoint != null) {
            names.add(entrypoint);
        }
        Set<String> seen = new LinkedHashSet<>();
        while (id != null && seen.add(id)) {
            JsonNode n = nodes.path(id);
            if (n.path("templateName").isTextual()) {
                names.add(n.path("templateName").asText());
            }
            if (n.path("templateRef").isObject()) {
                notes.add(Message.of("note.reconstruction.templateRef", "template", n.path("templateRef").path("template").asText("?")));
            }
            id = parent(nodes, id);
        }
        return names;
    }

    private static String parent(JsonNode nodes, String id) {
        for (Iterator<Map.Entry<String, JsonNode>> it = nodes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            for (JsonNode c : e.getValue().path("children")) {
                if (id.equals(c.asText())) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    private ArrayNode keep(ArrayNode templates, Set<String> path) {
        ArrayNode kept = JsonNodeFactory.instance.arrayNode();
        int left = 0;
        for (JsonNode t : templates) {
            if (path != null && !path.contains(t.path("name").asText())) {
                left++;
                continue;
            }
            ObjectNode copy = ((ObjectNode) t).deepCopy();
            dropClusterFields(copy, t.path("name").asText());
            if (path != null) {
                pruneSteps(copy, path);
                pruneTasks(copy, path);
            }
            kept.add(copy);
        }
        if (left > 0) {
            notes.add(Message.of("note.reconstruction.templatesLeft", "left", left, "all", templates.size()));
        }
        return kept;
    }

    private void pruneSteps(ObjectNode template, Set<String> path) {
        if (!template.path("steps").isArray()) {
            return;
        }
        ArrayNode groups = JsonNodeFactory.instance.arrayNode();
        int left = 0;
        for (JsonNode group : template.path("steps")) {
            ArrayNode g = JsonNodeFactory.instance.arrayNode();
            List<JsonNode> steps = new ArrayList<>();
            if (group.isArray()) {
                group.forEach(steps::add);
            } else {
                steps.add(group);
            }
            for (JsonNode step : steps) {
                if (path.contains(step.path("template").asText())) {
                    g.add(step);
                } else {
                    left++;
                }
            }
            if (!g.isEmpty()) {
                groups.add(g);
            }
        }
        template.set("steps", groups);
        if (left > 0) {
            notes.add(Message.of("note.reconstruction.stepsLeft", "left", left, "template", template.path("name").asText()));
        }
    }

    private void pruneTasks(ObjectNode template, Set<String> path) {
        JsonNode tasks = template.path("dag").path("tasks");
        if (!tasks.isArray()) {
            return;
        }
        Set<String> keptNames = new LinkedHashSet<>();
        ArrayNode kept = JsonNodeFactory.instance.arrayNode();
        for (JsonNode task : tasks) {
            if (path.contains(task.path("template").asText())) {
                kept.add(((ObjectNode) task).deepCopy());
                keptNames.add(task.path("name").asText());
            }
        }
        int left = tasks.size() - kept.size();
        for (JsonNode task : kept) {
            ObjectNode t = (ObjectNode) task;
            if (t.path("dependencies").isArray()) {
                ArrayNode deps = JsonNodeFactory.instance.arrayNode();
                t.path("dependencies").forEach(d -> {
                    if (keptNames.contains(d.asText())) {
                        deps.add(d);
                    }
                });
                t.set("dependencies", deps);
            }
            if (t.has("depends") && left > 0) {
                t.remove("depends");
                notes.add(Message.of("note.reconstruction.dependsLeft", "task", t.path("name").asText()));
            }
        }
        ((ObjectNode) template.path("dag")).set("tasks", kept);
        if (left > 0) {
            notes.add(Message.of("note.reconstruction.tasksLeft", "left", left, "template", template.path("name").asText()));
        }
    }

    /** @param template the template's name, or null for the Workflow's spec */
    private void dropClusterFields(ObjectNode o, String template) {
        List<String> dropped = new ArrayList<>();
        for (String f : CLUSTER_FIELDS) {
            if (o.remove(f) != null) {
                dropped.add(f);
            }
        }
        if (!dropped.isEmpty()) {
            String fields = String.join(", ", dropped);
            notes.add(template == null ? Message.of("note.reconstruction.clusterFieldsSpec", "fields", fields)
                    : Message.of("note.reconstruction.clusterFieldsTemplate", "template", template, "fields", fields));
        }
    }

    /** Every string redacted; environment values and secret-looking arguments masked whatever the redaction. */
    private JsonNode strings(JsonNode n) {
        if (n.isObject()) {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            n.fields().forEachRemaining(e -> o.set(e.getKey(), e.getKey().equals("env") ? env(e.getValue())
                    : e.getKey().equals("image") && e.getValue().isTextual() ? image(e.getValue().asText()) : strings(e.getValue())));
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            n.forEach(x -> a.add(strings(x)));
            return a;
        }
        if (n.isTextual()) {
            String v = n.asText();
            String redacted = SECRET_ARG.matcher(text.apply(v)).replaceAll("$1" + MASK);
            // A name left inside a longer word, which the redaction (whole names only) did not replace.
            if (redacted.equals(v) ? sensitive.test(v) : sensitive.test(redacted)) {
                masked++;
                return TextNode.valueOf(MASK);
            }
            return TextNode.valueOf(redacted);
        }
        return n;
    }

    /** An image: kept if public, its pseudonym if the redaction knows it whole, else masked (a private registry only partly named). */
    private JsonNode image(String image) {
        String redacted = text.apply(image);
        if (!redacted.equals(image) && redacted.contains("/")) {
            notes.add(Message.of("note.reconstruction.privateImage"));
            return TextNode.valueOf(MASK);
        }
        return strings(TextNode.valueOf(image));
    }

    private JsonNode env(JsonNode env) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        int masked = 0;
        for (JsonNode v : env) {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("name", v.path("name").asText());
            if (v.has("value") || v.has("valueFrom")) {
                o.put("value", MASK);
                masked++;
            }
            a.add(o);
        }
        if (masked > 0) {
            notes.add(Message.of("note.reconstruction.envMasked", "count", masked));
        }
        return a;
    }
}
