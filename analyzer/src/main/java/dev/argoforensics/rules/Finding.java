package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.WorkflowRef;
import java.util.List;
import java.util.Optional;

/**
 * One thing a rule found, with what it rests on.
 *
 * @param confidenceReason why this confidence and not a higher one
 * @param pod              null when the finding is about a Workflow or the controllers rather than one Pod
 * @param podUid           "" when no export gave it
 * @param workflow         null when the Pod could not be tied to a Workflow
 * @param node             null when the Pod could not be tied to a node
 * @param summary          one sentence
 * @param explanation      a paragraph in plain words
 */
public record Finding(
        String rule,
        String title,
        Severity severity,
        Confidence confidence,
        String confidenceReason,
        PodKey pod,
        String podUid,
        WorkflowRef workflow,
        NodeRef node,
        String summary,
        String explanation,
        List<Fact> facts,
        List<EvidenceLine> evidence) {

    public Finding {
        facts = List.copyOf(facts);
        evidence = List.copyOf(evidence);
    }

    public Optional<Fact> fact(String key) {
        return facts.stream().filter(f -> f.key().equals(key)).findFirst();
    }

    /** A Workflow node by ID and name (the name may be unknown). */
    public record NodeRef(String id, String name) {
    }
}
