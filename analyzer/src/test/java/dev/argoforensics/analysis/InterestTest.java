package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InterestTest {
    @Test
    void aPodIsMentionedByItsWholeNameInAnyFormat() {
        Interest i = Interest.none();
        i.addPod("status-capture-repro-main-1234567890");
        i.freeze();
        assertTrue(i.mentions("time=2026-09-19T10:00:00Z level=INFO msg=\"cleaning up pod\" key=ns/status-capture-repro-main-1234567890/removeFinalizer"));
        assertTrue(i.mentions("{\"podName\":\"status-capture-repro-main-1234567890\",\"msg\":\"x\"}"));
        assertFalse(i.mentions("pod=status-capture-repro-main-12345678901"), "a longer token is another name");
        assertFalse(i.mentions("pod=xstatus-capture-repro-main-1234567890"));
        assertTrue(i.mentions("msg=\"Workflow pod is missing\" workflow=status-capture-repro"),
                "a Pod's '-' prefixes may be its Workflow (v2 Pod names start with it)");
        assertTrue(i.mentions("workflow=status-capture"), "every '-' prefix of the Pod is a possible Workflow name");
        assertFalse(i.mentions("workflow=status-captur"));
    }

    @Test
    void aWorkflowIsMentionedByItsNameAndByNamesThatStartWithItAndADash() {
        Interest i = Interest.none();
        i.addWorkflow("nightly-etl-7x2kq");
        i.freeze();
        assertTrue(i.mentions("workflow=nightly-etl-7x2kq"));
        assertTrue(i.mentions("nodeName=nightly-etl-7x2kq[0].extract"));
        assertTrue(i.mentions("pod=nightly-etl-7x2kq-extract-902415131"));
        assertTrue(i.mentions("node=nightly-etl-7x2kq-902415131"));
        assertFalse(i.mentions("workflow=nightly-etl-7x2kq2"));
        assertFalse(i.mentions("workflow=nightly-etl"));
    }

    @Test
    void namesOfAnyLengthAndOnlyWholeTokens() {
        String longName = "a".repeat(70) + "-b";
        Interest i = Interest.none();
        i.addName(longName);
        i.addName("x");
        i.freeze();
        assertTrue(i.mentions("node=" + longName));
        assertFalse(i.mentions("node=" + "a".repeat(71) + "-b"), "same length bucket (63+), other name");
        assertTrue(i.mentions("a x b"));
        assertFalse(i.mentions("xx"));
        assertFalse(i.mentions("ünïcödé"), "non-ASCII characters separate tokens: n, c, d are no names of interest");
        assertTrue(i.mentions("x\u0302"), "x and a combining mark: the token is x");
    }

    @Test
    void nothingIsMentionedUntilSomethingIsOfInterestAndTheSetIsReadOnlyOnceFrozen() {
        Interest i = Interest.none();
        i.freeze();
        assertFalse(i.mentions("pod=anything workflow=at-all"));
        assertThrows(IllegalStateException.class, () -> i.addPod("late"));
        assertTrue(Interest.everything().mentions(""));
    }
}
