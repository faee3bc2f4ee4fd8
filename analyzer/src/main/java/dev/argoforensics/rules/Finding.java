package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One thing a rule found, with what it rests on. What the finding says is data ({@link Message}s:
 * a key and its values); its words come from {@link Words}, in one place for every rule.
 *
 * @param reason      why this confidence and not a higher one
 * @param pod         null when the finding is about a Workflow or the controllers rather than one Pod
 * @param podUid      "" when no export gave it
 * @param workflow    null when the Pod could not be tied to a Workflow
 * @param node        null when the Pod could not be tied to a node
 * @param about       one sentence
 * @param account     a paragraph in plain words
 */
public record Finding(
        String rule,
        String title,
        Severity severity,
        Confidence confidence,
        Message reason,
        PodKey pod,
        String podUid,
        WorkflowRef workflow,
        NodeRef node,
        Message about,
        Message account,
        List<Fact> facts,
        List<EvidenceLine> evidence) {

    public Finding {
        facts = List.copyOf(facts);
        evidence = List.copyOf(evidence);
    }

    /** Why this confidence, in the report's words. */
    public String confidenceReason() {
        return Words.english().render(reason);
    }

    /** One sentence, in the report's words. */
    public String summary() {
        return Words.english().render(about);
    }

    /** A paragraph, in the report's words. */
    public String explanation() {
        return Words.english().render(account);
    }

    /** The same finding with another confidence and reason (an excerpt's caveat, a confidence filter). */
    public Finding withConfidence(Confidence c, Message why) {
        return new Finding(rule, title, severity, c, why, pod, podUid, workflow, node, about, account, facts, evidence);
    }

    /** The same finding with every String value of what it says passed through {@code f} (redaction). */
    public Finding mapWords(UnaryOperator<String> f) {
        return new Finding(rule, title, severity, confidence, reason.mapStrings(f), pod, podUid, workflow, node, about.mapStrings(f),
                account.mapStrings(f), facts, evidence);
    }

    public Optional<Fact> fact(String key) {
        return facts.stream().filter(f -> f.key().equals(key)).findFirst();
    }

    /** A Workflow node by ID and name (the name may be unknown). */
    public record NodeRef(String id, String name) {
    }
}
