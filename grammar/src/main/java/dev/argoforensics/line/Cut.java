package dev.argoforensics.line;

/**
 * How a record was read from a line that stops short (pasted from a terminal, a log console or by
 * hand): only what was certainly whole before the cut was kept.
 *
 * @param lastWhole the last part kept whole ("level", "msg" or a key), or null if the message itself is cut
 * @param lost      the key whose value the cut fell in (dropped), or null if the cut fell between fields or in a key
 * @param message   true if the message is cut: it is a prefix of what the controller wrote
 * @param why       what showed the cut, in words (an unterminated quote, a JSON object not closed, …)
 */
public record Cut(String lastWhole, String lost, boolean message, String why) {

    /** What was lost, in the words a report uses: "cut inside delay (dropped); the rest of the line is missing". */
    public String describe() {
        String where;
        if (message) {
            where = "cut inside the message";
        } else if (lost != null) {
            where = "cut inside " + lost + " (its value dropped)";
        } else {
            where = "cut after " + lastWhole;
        }
        return where + "; the rest of the line is missing (" + why + ")";
    }
}
