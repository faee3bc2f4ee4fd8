package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.CauseOf;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.Severity;
import dev.argoforensics.wording.Message;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The GitHub issue draft's lead finding (session 41, docs/reports.md "The lead finding"): a consequence gives way to its cause about
 * the same Pod where the cause is at least likely (AF001 over AF002's symptom), then the most severe, the most sure, the first. Before,
 * the most severe confirmed finding led, so whichever of a cause and its symptom happened to be confirmed told the incident.
 */
class IssueDraftLeadTest {

    private static Finding finding(String rule, Severity severity, Confidence confidence, String pod, String uid) {
        return new Finding(rule, "t", severity, confidence, Message.literal("r"), new PodKey("ns", pod), uid, new WorkflowRef("ns", "wf"), null,
                Message.literal("s"), Message.literal("e"), List.of(), List.of());
    }

    private static String lead(Finding... findings) {
        List<Finding> all = List.of(findings);
        return all.get(IssueDraftBuilder.lead(all, IntStream.range(0, all.size()).boxed().toList())).rule();
    }

    @Test
    void theCauseLeadsOverItsConfirmedSymptomAboutTheSamePod() {
        assertEquals("AF001", lead(finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "p", "u-1"),
                finding("AF001", Severity.HIGH, Confidence.LIKELY, "p", "u-1"),
                finding("AF003", Severity.MEDIUM, Confidence.CONFIRMED, "p", "u-1")));
    }

    @Test
    void aPossibleCauseDoesNotLead() {
        assertEquals("AF002", lead(finding("AF001", Severity.HIGH, Confidence.POSSIBLE, "p", "u-1"),
                finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "p", "u-1")));
    }

    @Test
    void aCauseAboutAnotherPodIsNoCause() {
        assertEquals("AF002", lead(finding("AF001", Severity.HIGH, Confidence.LIKELY, "a", "u-a"),
                finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "b", "u-b")));
        // The same name, another UID: a later Pod of the name, not the one the cause is about.
        assertFalse(CauseOf.explains(finding("AF001", Severity.HIGH, Confidence.LIKELY, "p", "u-1"),
                finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "p", "u-2")));
        assertTrue(CauseOf.explains(finding("AF001", Severity.HIGH, Confidence.LIKELY, "p", "u-1"),
                finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "p", "u-1")));
        assertFalse(CauseOf.explains(finding("AF002", Severity.HIGH, Confidence.CONFIRMED, "p", "u-1"),
                finding("AF001", Severity.HIGH, Confidence.LIKELY, "p", "u-1")), "not the other way round");
    }

    @Test
    void otherwiseTheMostSevereThenTheMostSureThenTheFirst() {
        assertEquals("AF002", lead(finding("AF003", Severity.MEDIUM, Confidence.CONFIRMED, "p", "u-1"),
                finding("AF002", Severity.HIGH, Confidence.LIKELY, "p", "u-1")));
        assertEquals("AF005", lead(finding("AF007", Severity.HIGH, Confidence.LIKELY, "a", "u-a"),
                finding("AF005", Severity.HIGH, Confidence.CONFIRMED, "b", "u-b")));
        assertEquals("AF007", lead(finding("AF007", Severity.HIGH, Confidence.LIKELY, "a", "u-a"),
                finding("AF005", Severity.HIGH, Confidence.LIKELY, "b", "u-b")));
    }
}
