package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a terminal adds to a line and {@link Terminal#clean} takes off. */
class TerminalTest {
    private static final String RECORD = "time=\"2026-10-14T09:12:01.104Z\" level=info msg=\"Processing workflow\" namespace=ledger workflow=ledger-close-q8t2v";

    @Test
    void coloursAndTputsCharacterSetDesignationAreTakenOff() {
        // kubetail colours a line with tput: setaf before, sgr0 after, which on xterm-like terminals is ESC ( B ESC [ m
        assertEquals(RECORD, Terminal.clean("\u001b[32m" + RECORD + " \u001b(B\u001b[m"));
        assertEquals(RECORD, Terminal.clean("\u001b[0;32m" + RECORD + "\u001b[0m"));
        // G1's designation too (ESC ) 0)
        assertEquals(RECORD, Terminal.clean(RECORD + "\u001b)0"));
    }

    @Test
    void anEscapeNotFollowedByASequenceIsKept() {
        // Control: ESC ( at the line's end, no designation after it: nothing to take off but the trailing space
        assertEquals(RECORD + " \u001b(", Terminal.clean(RECORD + " \u001b( "));
        assertEquals("a ( B", Terminal.clean("a ( B"));
    }
}
