package dev.argoforensics.line;

import dev.argoforensics.grammar.ControllerLogLexer;
import dev.argoforensics.grammar.ControllerLogParser;
import dev.argoforensics.grammar.ControllerLogParserBaseListener;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Reads one record: JSON records with Jackson ({@link JsonRecordReader}), the common well-formed
 * logrus-text and slog-text records by hand ({@link LogfmtReader}), every other text record (logrus
 * text, logrus TTY, slog text, klog) with the generated grammar. One instance per
 * thread: it reuses its lexer, token stream and parser for every line, predicts in SLL mode, builds
 * no parse tree, and bails out at the first error; only then does it parse the line again in full LL
 * mode to say what was expected.
 */
public final class RecordParser {
    private final ControllerLogLexer lexer = new ControllerLogLexer(null);
    private final CommonTokenStream tokens = new CommonTokenStream(lexer);
    private final ControllerLogParser parser = new ControllerLogParser(null);
    private final RecordBuilder builder = new RecordBuilder();
    private final JsonRecordReader json = new JsonRecordReader();
    /** Reads the common logfmt records by hand; null: every text record goes to the grammar. */
    private final LogfmtReader logfmt;

    public RecordParser() {
        this(true);
    }

    /**
     * A parser that reads every text record with the grammar, also the logfmt records {@link #RecordParser()}
     * reads by hand: the oracle the hand-written reader is tested against (and the benchmarks' baseline).
     */
    public static RecordParser grammarOnly() {
        return new RecordParser(false);
    }

    private RecordParser(boolean byHand) {
        logfmt = byHand ? new LogfmtReader() : null;
        lexer.removeErrorListeners();
        parser.removeErrorListeners();
        parser.setBuildParseTree(false);
        parser.addParseListener(builder);
    }

    /**
     * @param line     one record without envelope or line terminator
     * @param yearHint the year for klog times, which print none (from neighbouring records)
     */
    public LineParse parse(String rawLine, int yearHint) {
        return parse(rawLine, yearHint, false);
    }

    /**
     * @param knownCut the line is known to stop short (its envelope was cut inside the record): only what
     *                 is certainly whole is read, also where the rest would pass for a whole record
     */
    public LineParse parse(String rawLine, int yearHint, boolean knownCut) {
        return parse(rawLine, yearHint, knownCut, null);
    }

    /**
     * @param collectorTime for a JSON record without a {@code time} of its own, the time its collector wrote before it, taken as
     *                      the record's ({@link JsonRecordReader#read(String, Timestamp)}); null: such a record is rejected
     */
    public LineParse parse(String rawLine, int yearHint, boolean knownCut, Timestamp collectorTime) {
        String line = Terminal.clean(rawLine);
        if (line.startsWith("{")) {
            LineParse read = json.read(line, collectorTime);
            if (read instanceof LineParse.Rejected) {
                LogRecord cut = json.salvage(line);
                return cut == null ? read : new LineParse.Parsed(cut);
            }
            return read;
        }
        LineParse result = parseText(line, yearHint);
        if (result instanceof LineParse.Rejected rejected) {
            if (!knownCut && !line.isEmpty() && (Character.isDigit(line.charAt(0)) || line.charAt(0) == '[')) {
                LogRecord quoted = TimeOfDayLine.read(line);
                if (quoted != null) {
                    return new LineParse.Parsed(quoted);
                }
            }
            LogRecord cut = CutLine.read(line, false, why(line));
            if (line.length() > 5 && line.charAt(4) == '[' && (cut == null || cut.cut().message() && !line.contains("   "))) {
                // A TTY message that held two spaces in a row and has no fields is whole, not cut (three spaces
                // in a row are padding: what follows them is a field the cut left without its '=').
                Optional<LineParse> messageOnly = ttyMessageOnly(line, yearHint);
                if (messageOnly.isPresent()) {
                    return messageOnly.get();
                }
            }
            return cut == null ? rejected : new LineParse.Parsed(cut);
        }
        LogRecord whole = ((LineParse.Parsed) result).record();
        if (knownCut && whole.format() != RecordFormat.KLOG) {
            LogRecord cut = CutLine.read(line, true, "its envelope was cut inside the record");
            return cut == null ? result : new LineParse.Parsed(cut);
        }
        String stop = stopsShort(line, whole);
        if (stop != null) {
            LogRecord cut = CutLine.read(line, true, stop);
            return cut == null ? result : new LineParse.Parsed(cut);
        }
        return result;
    }

    /**
     * Why a text record that reads as whole still stops short, or null: its last value ends the line and
     * is no value its writer prints there (a Go duration that {@code Duration.String} never writes; a
     * slog {@code key=} with nothing after it, where slog writes an empty string as {@code key=""}).
     */
    private static String stopsShort(String line, LogRecord r) {
        if (r.fields().isEmpty() && r.format() == RecordFormat.SLOG_TEXT && line.endsWith(" msg=")) {
            return "the line ends after \"msg=\"";
        }
        if (r.fields().isEmpty() || r.format() == RecordFormat.KLOG) {
            return null;
        }
        Field last = r.fields().get(r.fields().size() - 1);
        if (last.style() == ValueStyle.BARE && line.endsWith(last.value()) && CutLine.stoppedInsideDuration(last.value())) {
            return last.key() + "=" + last.value() + " stops inside a Go duration";
        }
        if (last.style() == ValueStyle.EMPTY && r.format() == RecordFormat.SLOG_TEXT && line.endsWith("=")) {
            return "the line ends after \"" + last.key() + "=\"";
        }
        return null;
    }

    /** What shows that a rejected line was cut short: how it ends. */
    private static String why(String line) {
        int quotes = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                quotes++;
            }
        }
        return quotes % 2 == 1 ? "the line ends inside a quoted value" : "the line ends before its last field is whole";
    }

    /**
     * A clean text record read as it stands, before any cut is looked for: by hand where {@link LogfmtReader}
     * answers, else with the grammar (package-private: the differential tests compare the two here).
     */
    LineParse parseText(String line, int yearHint) {
        if (logfmt != null) {
            LogRecord record = logfmt.read(line);
            if (record != null) {
                return new LineParse.Parsed(record);
            }
        }
        builder.reset(yearHint);
        reset(line);
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            parser.record();
            return new LineParse.Parsed(builder.build());
        } catch (ParseCancellationException e) {
            LogRecord cut = CutLine.read(line, false, why(line));
            if (cut != null && !(cut.format() == RecordFormat.LOGRUS_TTY && cut.cut().message())) {
                return new LineParse.Parsed(cut); // a line cut short: what it says is wrong is only that it stops
            }
            return diagnose(line);
        } catch (IllegalArgumentException | DateTimeException e) {
            // The grammar accepted the shape but a part does not decode (a bad escape, an impossible date).
            // DateTimeException is no IllegalArgumentException: anything java.time still throws is caught too.
            return new LineParse.Rejected(builder.column(), e.getMessage());
        }
    }

    /**
     * A logrus TTY line whose message holds two spaces in a row and which has no fields reads as a
     * message followed by a key without '='; with a valid header, it is a message-only record.
     */
    private Optional<LineParse> ttyMessageOnly(String line, int yearHint) {
        int close = line.indexOf("] ");
        if (close < 0) {
            return Optional.empty();
        }
        LineParse header = parseText(line.substring(0, close + 2) + "x", yearHint);
        if (!(header instanceof LineParse.Parsed p) || p.record().format() != RecordFormat.LOGRUS_TTY) {
            return Optional.empty();
        }
        LogRecord r = p.record();
        return Optional.of(new LineParse.Parsed(
                new LogRecord(r.format(), r.time(), r.rawTime(), r.level(), line.substring(close + 2).strip(), List.of())));
    }

    private void reset(String line) {
        lexer.setInputStream(CharStreams.fromString(line));
        tokens.setTokenSource(lexer);
        parser.setTokenStream(tokens);
        // Parser.reset() leaves the ATN state of the last parse: the start rule would take it as the
        // state that invoked it, and error recovery then walks to a state that invoked nothing
        // (a ClassCastException inside ANTLR, found by RecordParserFuzzTest). No rule invoked it.
        parser.setState(ATNState.INVALID_STATE_NUMBER);
    }

    private LineParse.Rejected diagnose(String line) {
        builder.reset(0);
        reset(line);
        FirstError first = new FirstError(line);
        parser.getInterpreter().setPredictionMode(PredictionMode.LL);
        parser.setErrorHandler(new DefaultErrorStrategy());
        parser.addErrorListener(first);
        // Recovery hands the builder contexts with tokens missing: it only listens to good parses.
        parser.removeParseListener(builder);
        try {
            parser.record();
        } finally {
            parser.removeErrorListener(first);
            parser.addParseListener(builder);
        }
        if (first.reason == null) {
            return new LineParse.Rejected(1, "not a controller record");
        }
        return new LineParse.Rejected(first.column, first.reason);
    }

    /** Collects the first syntax error in the words a user reads. */
    private static final class FirstError extends BaseErrorListener {
        private final String text;
        int column;
        String reason;

        FirstError(String text) {
            this.text = text;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                                String msg, RecognitionException e) {
            if (reason != null) {
                return;
            }
            column = charPositionInLine + 1;
            Token found = (Token) offendingSymbol;
            // Stray text after a value ends the field loop, so ANTLR only expects the end there.
            org.antlr.v4.runtime.misc.IntervalSet expectedTokens = ((Parser) recognizer).getExpectedTokens();
            String expected = found.getType() == ControllerLogLexer.FIELD_ERROR
                    ? "\" <key>=<value>\" or the end of the line"
                    // slog always writes msg after the level; only logrus leaves it out (then a field follows)
                    : expectedTokens.contains(ControllerLogLexer.MSG_KEY) && !text.startsWith("time=\"") ? "\" msg=\""
                    : TokenNames.describe(expectedTokens);
            reason = "expected " + expected + ", found " + TokenNames.describeFound(found, text);
        }
    }

    /** Turns the labelled tokens into a {@link LogRecord} while the parser runs. */
    private static final class RecordBuilder extends ControllerLogParserBaseListener {
        private RecordFormat format;
        private Timestamp time;
        private String rawTime;
        private Level level;
        private String message;
        private final List<Field> fields = new ArrayList<>();
        private int yearHint;
        private int column;

        void reset(int year) {
            format = null;
            time = null;
            rawTime = null;
            level = null;
            message = null;
            fields.clear();
            yearHint = year;
            column = 1;
        }

        int column() {
            return column;
        }

        @Override
        public void exitLogfmtRecord(ControllerLogParser.LogfmtRecordContext ctx) {
            if (ctx.exception != null) {
                return; // the rule failed: the parse is being abandoned, its tokens may be missing
            }
            Token t = ctx.time;
            column = t.getCharPositionInLine() + 1;
            String text = t.getText();
            if (t.getType() == ControllerLogLexer.LOGRUS_TIME) {
                format = RecordFormat.LOGRUS_TEXT;
                rawTime = text.substring(6, text.length() - 1);
                time = Timestamp.parseRfc3339(rawTime, null, true);
            } else {
                format = RecordFormat.SLOG_TEXT;
                rawTime = text.substring(5);
                time = Timestamp.parseRfc3339(rawTime, null, false);
            }
            column = ctx.level.getCharPositionInLine() + 1;
            level = Level.parse(ctx.level.getText().substring(" level=".length()));
            if (level == null) {
                throw new IllegalArgumentException("unknown level " + ctx.level.getText().substring(" level=".length()));
            }
            if (ctx.msgKey == null && format == RecordFormat.SLOG_TEXT) {
                column = ctx.level.getStopIndex() + 2;
                throw new IllegalArgumentException("expected \" msg=\" after the level (slog always writes it)");
            }
            if (ctx.message == null) {
                message = "";
            } else {
                column = ctx.message.start.getCharPositionInLine() + 1;
                message = valueText(ctx.message.start);
            }
        }

        @Override
        public void exitField(ControllerLogParser.FieldContext ctx) {
            if (ctx.exception != null) {
                return; // the rule failed: the parse is being abandoned, its tokens may be missing
            }
            Token k = ctx.key;
            column = k.getCharPositionInLine() + 1;
            String keyText = k.getText();
            // Keys carry their separating space, except the first key of a logrus TTY record.
            int from = keyText.charAt(0) == ' ' ? 1 : 0;
            String key = k.getType() == ControllerLogLexer.QUOTED_KEY
                    ? GoQuote.unescape(keyText, from + 1, keyText.length() - 2)
                    : keyText.substring(from, keyText.length() - 1);
            if (ctx.val == null) {
                fields.add(new Field(key, "", ValueStyle.EMPTY));
            } else {
                Token v = ctx.val.start;
                column = v.getCharPositionInLine() + 1;
                ValueStyle style = v.getType() == ControllerLogLexer.QUOTED_VALUE ? ValueStyle.QUOTED : ValueStyle.BARE;
                fields.add(new Field(key, valueText(v), style));
            }
        }

        @Override
        public void exitTtyRecord(ControllerLogParser.TtyRecordContext ctx) {
            if (ctx.exception != null) {
                return; // the rule failed: the parse is being abandoned, its tokens may be missing
            }
            format = RecordFormat.LOGRUS_TTY;
            String h = ctx.header.getText();
            // INFO[2026-09-19T10:00:01.000Z]<space>
            level = Level.parse(h.substring(0, 4));
            rawTime = h.substring(5, h.length() - 2);
            time = Timestamp.parseRfc3339(rawTime, null, true);
            message = ctx.message == null ? "" : ctx.message.getText();
            if (!fields.isEmpty() && fields.get(0).key().contains("  ")) {
                // The message held two spaces in a row; what the lexer took for the first key's
                // beginning is the rest of the message.
                Field first = fields.get(0);
                int cut = first.key().lastIndexOf("  ");
                message = message + "  " + first.key().substring(0, cut);
                fields.set(0, new Field(first.key().substring(cut + 2), first.value(), first.style()));
            }
        }

        @Override
        public void exitKlogRecord(ControllerLogParser.KlogRecordContext ctx) {
            if (ctx.exception != null) {
                return; // the rule failed: the parse is being abandoned, its tokens may be missing
            }
            format = RecordFormat.KLOG;
            String h = ctx.header.getText();
            // I0919 10:00:00.123456       1 leaderelection.go:257]
            level = Level.parse(h.substring(0, 1));
            int clockEnd = h.indexOf(' ', 6);
            rawTime = h.substring(1, clockEnd);
            time = Timestamp.klog(h, clockEnd, yearHint);
            message = ctx.text == null ? "" : ctx.text.getText().strip();
            String source = h.substring(h.lastIndexOf(' ') + 1, h.length() - 1);
            fields.add(new Field("source", source, ValueStyle.BARE));
        }

        private static String valueText(Token v) {
            String text = v.getText();
            return v.getType() == ControllerLogLexer.QUOTED_VALUE ? GoQuote.unescape(text, 1, text.length() - 1) : text;
        }

        LogRecord build() {
            return new LogRecord(format, time, rawTime, level, message, fields);
        }
    }
}
