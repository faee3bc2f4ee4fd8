package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.testing.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The lines of the passes the persist guard refused ({@link PhaseHistory#refusedLines}): a Workflow without a guard's refusal
 * has none and is not split into passes; with one, they are the lines of the refused passes, as {@link PhaseHistory#of} tells
 * each pass's outcome (the Pod lifecycles read the one, AF009 and AF015 the other: they must agree).
 */
class RefusedLinesTest {
    private static final String COMPLETED_GUARD = "error=\"must never update completed workflows\"";
    private static final String RECREATED_GUARD = "error=\"workflow has been recreated\"";
    private static final String OTHER_ERROR = "error=\"Operation cannot be fulfilled: the object has been modified\"";

    private static String op(String t, String msg, String attrs) {
        return "time=2026-10-02T08:" + t + "Z level=INFO msg=\"" + msg + "\" component=workflow_worker workflow=wf namespace=ns " + attrs;
    }

    /** A completed, stored Workflow, then one pass at 08:20 ending with {@code outcome}. */
    private static WorkflowHistory history(String... outcome) {
        List<String> lines = new ArrayList<>(List.of(
                op("10:00.100", "Processing workflow", "phase=\"\" resourceVersion=400"),
                op("10:00.102", "updated phase", "fromPhase=\"\" toPhase=Running"),
                op("10:00.150", "Workflow update successful", "resourceVersion=410 phase=Running"),
                op("14:05.720", "Processing workflow", "phase=Running resourceVersion=480"),
                op("14:05.731", "updated phase", "fromPhase=Running toPhase=Succeeded"),
                op("14:05.731", "Marking workflow completed", ""),
                op("14:05.749", "Workflow update successful", "resourceVersion=500 phase=Succeeded"),
                op("20:00.010", "Processing workflow", "phase=Running resourceVersion=451"),
                op("20:00.020", "updated phase", "fromPhase=Running toPhase=Failed"),
                op("20:00.021", "Marking workflow completed", "")));
        lines.addAll(List.of(outcome));
        Correlation c = new Evidence().log("c.log", lines.toArray(String[]::new)).correlate();
        return c.workflows().get(new WorkflowRef("ns", "wf"));
    }

    /** The lines of the passes {@link PhaseHistory#of} says the guard refused, the processing line left out, by identity. */
    private static Set<LogEvent> refusedByThePasses(WorkflowHistory h) {
        Set<LogEvent> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<PhaseHistory.Pass> passes = PhaseHistory.of(h);
        for (PhaseHistory.Pass p : passes) {
            if (p.outcome() != PhaseHistory.Outcome.GUARDED && p.outcome() != PhaseHistory.Outcome.RECREATED) {
                continue;
            }
            boolean in = false;
            for (LogEvent e : h.events()) {
                if (e == p.processing()) {
                    in = true;
                } else if (in && e.event() instanceof dev.argoforensics.event.ControllerEvent.WorkflowProcessing) {
                    break;
                } else if (in) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    private static void agree(WorkflowHistory h) {
        Set<LogEvent> refused = PhaseHistory.refusedLines(h);
        Set<LogEvent> expected = refusedByThePasses(h);
        assertEquals(expected.size(), refused.size(), () -> h.events().toString());
        expected.forEach(e -> assertTrue(refused.contains(e), e::text));
    }

    @Test
    void aPassTheGuardRefusedHasItsLinesRefusedTheProcessingLineLeftOut() {
        WorkflowHistory h = history(op("20:00.030", "Failed to re-apply update", COMPLETED_GUARD));
        Set<LogEvent> refused = PhaseHistory.refusedLines(h);
        assertEquals(3, refused.size(), refused::toString);
        assertTrue(refused.stream().allMatch(e -> e.text().contains("08:20:00.0")), refused::toString);
        assertFalse(refused.stream().anyMatch(e -> e.text().contains("Processing workflow")), refused::toString);
        agree(h);
    }

    @Test
    void aRecreatedWorkflowsRefusalIsRefusedToo() {
        WorkflowHistory h = history(op("20:00.030", "Failed to re-apply update", RECREATED_GUARD));
        assertEquals(3, PhaseHistory.refusedLines(h).size());
        assertEquals(PhaseHistory.Outcome.RECREATED, PhaseHistory.of(h).get(2).outcome());
        agree(h);
    }

    /** The guard's refusal after a stored update decides; an update after a refusal for another reason is stored. */
    @Test
    void theLastWordOnThePersistDecidesAndARefusalForAnotherReasonRefusesNothing() {
        WorkflowHistory storedThenGuarded = history(op("20:00.030", "Workflow update successful", "resourceVersion=520 phase=Failed"),
                op("20:00.040", "Failed to re-apply update", COMPLETED_GUARD));
        assertEquals(PhaseHistory.Outcome.GUARDED, PhaseHistory.of(storedThenGuarded).get(2).outcome());
        assertEquals(4, PhaseHistory.refusedLines(storedThenGuarded).size());
        agree(storedThenGuarded);

        WorkflowHistory otherThenStored = history(op("20:00.030", "Failed to re-apply update", OTHER_ERROR),
                op("20:00.040", "Workflow update successful", "resourceVersion=520 phase=Failed"));
        assertEquals(PhaseHistory.Outcome.STORED, PhaseHistory.of(otherThenStored).get(2).outcome());
        assertTrue(PhaseHistory.refusedLines(otherThenStored).isEmpty());
        agree(otherThenStored);

        WorkflowHistory storedThenOther = history(op("20:00.030", "Workflow update successful", "resourceVersion=520 phase=Failed"),
                op("20:00.040", "Failed to re-apply update", OTHER_ERROR));
        assertEquals(PhaseHistory.Outcome.UNKNOWN, PhaseHistory.of(storedThenOther).get(2).outcome());
        assertTrue(PhaseHistory.refusedLines(storedThenOther).isEmpty());
        agree(storedThenOther);
    }

    @Test
    void aWorkflowWithoutARefusalHasNoRefusedLines() {
        WorkflowHistory h = history(op("20:00.030", "Workflow update successful", "resourceVersion=520 phase=Failed"));
        assertTrue(PhaseHistory.refusedLines(h).isEmpty());
        assertEquals(PhaseHistory.Outcome.STORED, PhaseHistory.of(h).get(2).outcome());
        agree(h);
    }

    /** resourceVersions are decimal numbers as etcd writes them; anything else is no number. */
    @Test
    void aResourceVersionIsADecimalNumberOfAtMostEighteenDigits() {
        assertEquals(451L, PhaseHistory.number("451"));
        assertEquals(999_999_999_999_999_999L, PhaseHistory.number("999999999999999999"));
        assertEquals(null, PhaseHistory.number("1000000000000000000"));
        assertEquals(null, PhaseHistory.number(""));
        assertEquals(null, PhaseHistory.number(null));
        assertEquals(null, PhaseHistory.number("45a"));
        assertEquals(null, PhaseHistory.number("-45"));
        assertEquals(null, PhaseHistory.number("4 5"));
    }
}
