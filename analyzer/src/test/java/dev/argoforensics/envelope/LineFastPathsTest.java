package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Session 58: two checks every line of a log meets in the envelope decoder, made cheaper, held to what they answered before. A code
 * span is now looked for only where its first backtick can be ({@link EnvelopeDecoder#CODE_SPAN_REACH}), and a bare command's first
 * word is read in place. The earlier code is kept here (as it was at fece5a19) and both are asked the same lines: edge cases, then
 * random lines made of the characters that decide them.
 */
class LineFastPathsTest {
    private static final String RECORD = "time=2025-03-02T10:11:12.120Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer";

    @Test
    void aCodeSpanAsFarInAsAListItemAllows() {
        // Three spaces, a ten-character marker, four spaces: the backtick at index 17, the last place a span can open.
        String farthest = "   123456789.    `" + RECORD + "`";
        assertEquals(17, farthest.indexOf('`'));
        assertEquals(RECORD, EnvelopeDecoder.codeSpan(farthest));
        assertEquals(RECORD, before(farthest));
        // One space more is no list item, so no span: the same before and now.
        String beyond = "   123456789.     `" + RECORD + "`";
        assertNull(EnvelopeDecoder.codeSpan(beyond));
        assertNull(before(beyond));
        String tenDigits = "   1234567890.    `" + RECORD + "`";
        assertNull(EnvelopeDecoder.codeSpan(tenDigits));
        assertNull(before(tenDigits));
        assertEquals(RECORD, EnvelopeDecoder.codeSpan("- `" + RECORD + "`"));
        assertNull(EnvelopeDecoder.codeSpan(RECORD), "a record without backticks");
        assertNull(EnvelopeDecoder.codeSpan(RECORD + " `x`"), "a backtick past the reach");
        assertNull(EnvelopeDecoder.codeSpan(""));
    }

    @Test
    void codeSpansAsBefore() {
        Random r = new Random(58);
        String[] pieces = {" ", " ", "`", "``", "-", "*", "+", "1", "12", "123456789", ".", ")", "a", "$ ", "kubectl logs x",
                RECORD, "16:31:11.257 queuing pod delay", "\t", "~"};
        int spans = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder();
            if (n % 2 == 0) {
                // Shaped as a span may be: spaces, a list marker, backticks, a record or a piece, backticks, spaces.
                b.append(" ".repeat(r.nextInt(5)));
                b.append(r.nextBoolean() ? "" : new String[] {"-", "*", "+", "1.", "12)", "123456789.", "1234567890."}[r.nextInt(7)]
                        + " ".repeat(r.nextInt(6)));
                String ticks = "`".repeat(1 + r.nextInt(3));
                b.append(ticks).append(r.nextInt(4) == 0 ? " " : "").append(r.nextBoolean() ? RECORD : pieces[r.nextInt(pieces.length)]);
                b.append(r.nextInt(4) == 0 ? " " : "").append(r.nextInt(5) == 0 ? "`" : ticks).append(" ".repeat(r.nextInt(3)));
            } else {
                int parts = 1 + r.nextInt(8);
                for (int k = 0; k < parts; k++) {
                    b.append(pieces[r.nextInt(pieces.length)]);
                }
            }
            String line = b.toString();
            String was = before(line);
            assertEquals(was, EnvelopeDecoder.codeSpan(line), line);
            if (was != null) {
                spans++;
            }
        }
        assertTrue(spans > 10_000, "the random lines hold spans too: " + spans);
    }

    @Test
    void bareCommandsAsBefore() {
        assertTrue(LogsCommand.mayStartBareCommand("KUBECONFIG=/tmp/k kubectl logs x"));
        assertTrue(LogsCommand.mayStartBareCommand("A_1=2 kubectl logs x"));
        assertTrue(LogsCommand.mayStartBareCommand("timeout 30 kubectl logs x"));
        assertFalse(LogsCommand.mayStartBareCommand(RECORD));
        assertFalse(LogsCommand.mayStartBareCommand("Kubeconfig=x kubectl logs"));
        assertFalse(LogsCommand.mayStartBareCommand("=x kubectl"));
        Random r = new Random(5858);
        String[] pieces = {"A", "B", "_", "1", "a", "=", " ", "x", "É", "timeout", "stern", "KUBECONFIG", "time", "-", "\t"};
        int yes = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder();
            int parts = 1 + r.nextInt(7);
            for (int k = 0; k < parts; k++) {
                b.append(pieces[r.nextInt(pieces.length)]);
            }
            String line = b.toString();
            boolean was = bareBefore(line);
            assertEquals(was, LogsCommand.mayStartBareCommand(line), line);
            if (was) {
                yes++;
            }
        }
        assertTrue(yes > 1_000, "the random lines hold commands too: " + yes);
    }

    // ---- the code as it was (fece5a19) ----

    private static final Pattern LIST_ITEM = Pattern.compile("(?:[-*+]|\\d{1,9}[.)]) {1,4}(?=`)");
    private static final Pattern TIME_OF_DAY_LINE = Pattern.compile("\\[?\\d{1,2}:\\d{2}:\\d{2}(?:\\.\\d+)?]?\\s+\\S");

    private static String before(String line) {
        int n = line.length();
        int i = 0;
        while (i < n && i < 3 && line.charAt(i) == ' ') {
            i++;
        }
        Matcher item = LIST_ITEM.matcher(line).region(i, n);
        if (item.lookingAt()) {
            i = item.end();
        }
        int run = 0;
        while (i + run < n && line.charAt(i + run) == '`') {
            run++;
        }
        if (run < 1 || run > 2) {
            return null;
        }
        int end = n;
        while (end > i && line.charAt(end - 1) == ' ') {
            end--;
        }
        if (end - i < 2 * run + 1) {
            return null;
        }
        String delimiter = "`".repeat(run);
        if (!line.startsWith(delimiter, end - run) || line.charAt(end - run - 1) == '`') {
            return null;
        }
        String inner = line.substring(i + run, end - run);
        if (run == 1 ? inner.indexOf('`') >= 0 : inner.contains("``")) {
            return null;
        }
        if (inner.length() > 2 && inner.charAt(0) == ' ' && inner.charAt(inner.length() - 1) == ' ') {
            inner = inner.substring(1, inner.length() - 1);
        }
        if (inner.isBlank() || inner.charAt(0) == ' ') {
            return null;
        }
        boolean command = inner.charAt(0) == '$' || bareBefore(inner);
        return RecordStart.at(inner, 0) || RecordStart.find(inner) > 0 || command || TIME_OF_DAY_LINE.matcher(inner).lookingAt() ? inner : null;
    }

    private static final Set<String> BARE_FIRST_WORDS = Set.of("timeout", "time", "nice", "nohup", "env", "sudo", "doas",
            "stdbuf", "ionice", "command", "stern", "kubetail", "argo");

    private static boolean bareBefore(String line) {
        int space = line.indexOf(' ');
        if (space <= 0 || space > 40) {
            return false;
        }
        String first = line.substring(0, space);
        int eq = first.indexOf('=');
        if (eq > 0) {
            return Character.isUpperCase(first.charAt(0)) && first.substring(0, eq).chars().allMatch(c -> c == '_' || Character.isUpperCase(c)
                    || Character.isDigit(c));
        }
        return BARE_FIRST_WORDS.contains(first);
    }
}
