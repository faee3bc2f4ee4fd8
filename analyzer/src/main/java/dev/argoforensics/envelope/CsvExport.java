package dev.argoforensics.envelope;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A CSV export (Grafana/Loki, Splunk, CloudWatch Insights…): a header row naming the column that
 * holds the line, then one row per line, quoted per RFC 4180 (doubled quotes inside).
 */
final class CsvExport {
    private static final List<String> LINE_COLUMNS = List.of("line", "log", "message", "_raw", "@message", "textpayload", "content");
    private static final List<String> TIME_COLUMNS = List.of("time", "timestamp", "@timestamp", "_time", "date", "ts");
    private static final List<String> ORIGIN_COLUMNS = List.of("pod", "pod_name", "kubernetes.pod_name", "k8s.pod.name", "podname");
    private static final ObjectReader ROWS = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY).readerFor(String[].class);

    private final int lineColumn;
    private final int timeColumn;
    private final int originColumn;

    private CsvExport(int lineColumn, int timeColumn, int originColumn) {
        this.lineColumn = lineColumn;
        this.timeColumn = timeColumn;
        this.originColumn = originColumn;
    }

    /** The export's layout if this is a CSV header naming a line column. */
    static Optional<CsvExport> fromHeader(String header) {
        if (header.indexOf(',') < 0 || RecordStart.find(header) >= 0 || RecordStart.at(header, 0)) {
            return Optional.empty();
        }
        String[] columns = row(header);
        if (columns == null) {
            return Optional.empty();
        }
        int line = index(columns, LINE_COLUMNS);
        return line < 0 ? Optional.empty() : Optional.of(new CsvExport(line, index(columns, TIME_COLUMNS), index(columns, ORIGIN_COLUMNS)));
    }

    /** One row's line, time and Pod; null when the row lacks the line column. */
    JsonEnvelope.Content read(String text) {
        String[] cells = row(text);
        if (cells == null || cells.length <= lineColumn) {
            return null;
        }
        Timestamp time = timeColumn >= 0 && timeColumn < cells.length ? LenientTime.parse(cells[timeColumn]) : null;
        String origin = originColumn >= 0 && originColumn < cells.length && !cells[originColumn].isEmpty() ? cells[originColumn] : null;
        return new JsonEnvelope.Content(cells[lineColumn], true, EnvelopeKind.CSV_EXPORT, time, origin);
    }

    private static String[] row(String text) {
        try (MappingIterator<String[]> it = ROWS.readValues(text)) {
            return it.hasNext() ? it.next() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static int index(String[] columns, List<String> names) {
        for (String name : names) {
            for (int i = 0; i < columns.length; i++) {
                if (columns[i].strip().toLowerCase(Locale.ROOT).equals(name)) {
                    return i;
                }
            }
        }
        return -1;
    }
}
