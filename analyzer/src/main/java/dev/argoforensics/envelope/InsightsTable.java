package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CloudWatch Logs Insights results copied as a Markdown table: a header row
 * {@code | @timestamp | @message |} (other fields such as {@code @logStream} may follow), a
 * {@code | --- | --- |} row, then one row per line. A {@code |} inside a cell is written {@code \|}.
 */
final class InsightsTable {
    private final int timeColumn;
    private final int messageColumn;
    private final int columns;

    private InsightsTable(int timeColumn, int messageColumn, int columns) {
        this.timeColumn = timeColumn;
        this.messageColumn = messageColumn;
        this.columns = columns;
    }

    /** The table's layout if this is its header row. */
    static InsightsTable fromHeader(String line) {
        List<String> cells = cells(line, Integer.MAX_VALUE);
        if (cells == null) {
            return null;
        }
        int message = -1;
        int time = -1;
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i).toLowerCase(Locale.ROOT);
            if (c.equals("@message")) {
                message = i;
            } else if (c.equals("@timestamp")) {
                time = i;
            }
        }
        return message < 0 ? null : new InsightsTable(time, message, cells.size());
    }

    /** True for the {@code | --- | :--- |} row under the header. */
    static boolean isRule(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != '|' && c != '-' && c != ':' && c != ' ') {
                return false;
            }
        }
        return line.indexOf('-') >= 0;
    }

    /** One row's line and time; null if the row does not have the table's columns. */
    JsonEnvelope.Content read(String line) {
        List<String> cells = cells(line, messageColumn == columns - 1 ? messageColumn : Integer.MAX_VALUE);
        if (cells == null || cells.size() <= messageColumn) {
            return null;
        }
        String message = cells.get(messageColumn).replace("\\|", "|");
        return new JsonEnvelope.Content(message, true, EnvelopeKind.CLOUDWATCH_INSIGHTS,
                timeColumn >= 0 && timeColumn < cells.size() ? LenientTime.parse(cells.get(timeColumn)) : null, null, null, null);
    }

    /**
     * The cells between {@code |}s, stripped; from cell {@code last} on the rest of the row is one
     * cell (the message, where it is the last column, may hold {@code |}). Null if the row is not
     * framed by {@code |}.
     */
    private static List<String> cells(String line, int last) {
        String row = line.strip();
        if (row.length() < 2 || row.charAt(0) != '|' || row.charAt(row.length() - 1) != '|') {
            return null;
        }
        List<String> out = new ArrayList<>();
        int start = 1;
        for (int i = 1; i < row.length() - 1 && out.size() < last; i++) {
            if (row.charAt(i) == '|' && row.charAt(i - 1) != '\\') {
                out.add(row.substring(start, i).strip());
                start = i + 1;
            }
        }
        out.add(row.substring(start, row.length() - 1).strip());
        return out;
    }
}
