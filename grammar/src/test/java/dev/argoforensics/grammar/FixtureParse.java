package dev.argoforensics.grammar;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;

/**
 * Test-side reading of one line with the generated lexer and parser, rendered in the fixture
 * notation: one line per token-level field, {@code @time}, {@code @level}, {@code @msg} for the
 * header, {@code key<TAB>raw value} for each field, {@code @error <column>} for a rejected line.
 * Values are shown exactly as written (quotes included): decoding is the analyzer's job.
 */
final class FixtureParse {
    private FixtureParse() {
    }

    static List<String> render(String line) {
        ControllerLogLexer lexer = new ControllerLogLexer(CharStreams.fromString(line));
        lexer.removeErrorListeners();
        ControllerLogParser parser = new ControllerLogParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        int[] errorColumn = {-1};
        parser.addErrorListener(new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> r, Object symbol, int l, int column, String msg, RecognitionException e) {
                if (errorColumn[0] < 0) {
                    errorColumn[0] = column + 1;
                }
            }
        });
        ControllerLogParser.RecordContext record = parser.record();
        List<String> out = new ArrayList<>();
        if (errorColumn[0] >= 0) {
            out.add("@error\t" + errorColumn[0]);
            return out;
        }
        if (record.logfmtRecord() != null) {
            ControllerLogParser.LogfmtRecordContext r = record.logfmtRecord();
            out.add("@time\t" + r.time.getText());
            out.add("@level\t" + r.level.getText().substring(" level=".length()));
            out.add("@msg\t" + (r.message == null ? "" : r.message.getText()));
            fields(r.field(), out);
        } else if (record.ttyRecord() != null) {
            ControllerLogParser.TtyRecordContext r = record.ttyRecord();
            out.add("@tty\t" + r.header.getText());
            out.add("@msg\t" + (r.message == null ? "" : r.message.getText()));
            fields(r.field(), out);
        } else {
            ControllerLogParser.KlogRecordContext k = record.klogRecord();
            out.add("@klog\t" + k.header.getText());
            out.add("@text\t" + (k.text == null ? "" : k.text.getText()));
        }
        return out;
    }

    /** {@code key<TAB>raw value}; a key's separating space and its '=' are not shown. */
    private static void fields(List<ControllerLogParser.FieldContext> fields, List<String> out) {
        for (ControllerLogParser.FieldContext f : fields) {
            String key = f.key.getText();
            int from = key.charAt(0) == ' ' ? 1 : 0;
            out.add(key.substring(from, key.length() - 1) + "\t" + (f.val == null ? "" : f.val.getText()));
        }
    }
}
