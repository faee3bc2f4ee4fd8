package dev.argoforensics.rules;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.function.UnaryOperator;

/**
 * A candidate a rule examined and cleared, with the evidence that cleared it: a report says what
 * was checked, not only what was found. Why it was cleared is a {@link Message}; its words come
 * from {@link Words}.
 *
 * @param pod null when the candidate was a Workflow or a pair of controller runs rather than a Pod
 */
public record Clearance(PodKey pod, Message why, SourceRef evidence) {
    /** Why it was cleared, in the report's words. */
    public String reason() {
        return Words.english().render(why);
    }

    public Clearance mapWords(UnaryOperator<String> f) {
        return new Clearance(pod, why.mapStrings(f), evidence);
    }
}
