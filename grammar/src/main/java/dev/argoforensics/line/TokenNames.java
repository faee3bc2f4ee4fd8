package dev.argoforensics.line;

import dev.argoforensics.grammar.ControllerLogLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;

/** Grammar token types in the words of an error message. */
final class TokenNames {
    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(ControllerLogLexer.LOGRUS_TIME, "time=\"<RFC 3339>\""),
            Map.entry(ControllerLogLexer.SLOG_TIME, "time=<RFC 3339>"),
            Map.entry(ControllerLogLexer.KLOG_HEADER, "a klog header"),
            Map.entry(ControllerLogLexer.TTY_HEADER, "LEVL[<RFC 3339>] (logrus TTY)"),
            Map.entry(ControllerLogLexer.TTY_MESSAGE, "a message"),
            Map.entry(ControllerLogLexer.TTY_GAP, "the padding before the fields"),
            Map.entry(ControllerLogLexer.LEVEL, "\" level=<level>\""),
            Map.entry(ControllerLogLexer.MSG_KEY, "\" msg=\""),
            Map.entry(ControllerLogLexer.KEY, "\" <key>=\""),
            Map.entry(ControllerLogLexer.QUOTED_KEY, "\" \"<key>\"=\""),
            Map.entry(ControllerLogLexer.QUOTED_VALUE, "a quoted value"),
            Map.entry(ControllerLogLexer.BARE_VALUE, "a value"),
            Map.entry(ControllerLogLexer.TEXT, "text"),
            Map.entry(Token.EOF, "the end of the line"));

    private TokenNames() {
    }

    static String describe(IntervalSet expected) {
        List<String> names = new ArrayList<>();
        for (int type : expected.toList()) {
            String n = NAMES.get(type);
            if (n != null && !names.contains(n)) {
                names.add(n);
            }
        }
        if (names.isEmpty()) {
            return "a controller record";
        }
        if (names.size() == 1) {
            return names.get(0);
        }
        return "one of " + String.join(", ", names);
    }

    /** The rest of the line from the offending token (single-character error tokens say too little). */
    static String describeFound(Token found, String line) {
        if (found.getType() == Token.EOF) {
            return "the end of the line";
        }
        int from = Math.max(0, Math.min(found.getStartIndex(), line.length()));
        String text = line.substring(from);
        if (text.length() > 40) {
            text = text.substring(0, 40) + "…";
        }
        return "\"" + text + "\"";
    }
}
