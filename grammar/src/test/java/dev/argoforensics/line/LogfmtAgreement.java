package dev.argoforensics.line;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one comparison every test of {@link LogfmtReader} makes: where the hand-written reader answers,
 * its record is the grammar's, and whatever it does, {@link RecordParser#parse} gives the same result
 * (record, cut or rejection with its column and words) as a parser that reads every text record with
 * the grammar, for a line read whole and for one whose envelope says it was cut.
 */
final class LogfmtAgreement {
    /** The year klog lines are read in before a neighbour dates them (as the analysis does). */
    static final int YEAR = 2000;

    private final RecordParser grammar = RecordParser.grammarOnly();
    private final RecordParser byHand = new RecordParser();
    /** One reader for every line, as a worker's parser has: what one line leaves in it must not change the next. */
    private final LogfmtReader reader = new LogfmtReader();
    long answered;
    long fellBack;

    /** @return the hand-written reader's record of the line, or null where it left the line to the grammar */
    LogRecord check(String line) {
        String clean = Terminal.clean(line);
        LogRecord hand = reader.read(clean);
        if (hand != null) {
            answered++;
            assertEquals(grammar.parseText(clean, YEAR), new LineParse.Parsed(hand), () -> "the hand-written reader differs: " + line);
        } else {
            fellBack++;
        }
        for (boolean knownCut : new boolean[] {false, true}) {
            assertEquals(grammar.parse(line, YEAR, knownCut), byHand.parse(line, YEAR, knownCut),
                    () -> "the parse differs (knownCut " + knownCut + "): " + line);
        }
        return hand;
    }
}
