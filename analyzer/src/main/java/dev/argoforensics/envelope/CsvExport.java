package dev.argoforensics.envelope;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A CSV export (Grafana/Loki, Splunk, CloudWatch Insights, Kibana/OpenSearch Discover…): a header
 * row naming the column that holds the line, then one row per line, quoted per RFC 4180 (doubled
 * quotes inside). Some exports quote a second time ({@code """ip-10-0-1-23.ec2.internal"""}): a cell
 * that is still quoted after reading loses that layer too. Where the message column holds only the
 * message, the record is built from the time, level and message columns ({@link ColumnRecord}); where the export has no level
 * column, from the time and message alone, its level unknown ({@link EnvelopeKind#CSV_MESSAGES}).
 */
final class CsvExport {
    /** {@code logmessage} and {@code logentry}: Azure Monitor's ContainerLogV2 and ContainerLog tables (AKS Container Insights). */
    private static final List<String> LINE_COLUMNS = List.of("line", "log", "message", "_raw", "@message", "textpayload", "content", "msg",
            "logmessage", "logentry");
    private static final List<String> TIME_COLUMNS = List.of("time", "timestamp", "@timestamp", "_time", "date", "ts", "timegenerated");
    private static final List<String> ORIGIN_COLUMNS = List.of("pod", "pod_name", "kubernetes.pod_name", "k8s.pod.name", "podname",
            "kubernetes.pod.name", "resource.labels.pod_name");
    private static final List<String> HOST_COLUMNS = List.of("host", "hostname", "host.name", "kubernetes.host", "node", "nodename", "computer",
            "kubernetes.node_name", "k8s.node.name");
    private static final List<String> CONTAINER_COLUMNS = List.of("container", "container_name", "kubernetes.container_name",
            "k8s.container.name", "kubernetes.container.name", "resource.labels.container_name", "containername");
    /** CloudWatch's log stream (Logs Insights' {@code @logStream}): the Pod and container where its name is the container log file's. */
    private static final List<String> STREAM_COLUMNS = List.of("@logstream", "logstream", "log_stream", "log_stream_name");
    /** {@code status}: Datadog's log status (info, warn, error), its CSV export's Status column. */
    private static final List<String> LEVEL_COLUMNS = List.of("level", "severity", "log.level", "loglevel", "detected_level", "status");
    /**
     * A console's service (Datadog's {@code Service}, #13581's export): whose program logged the row. Read only for a row rebuilt without a
     * level ({@link EnvelopeKind#CSV_MESSAGES}) and where no container column names it: there it is all that tells another program's
     * message texts (Karpenter's, a proxy's) from the controller's; a service other than a controller's keeps the row apart.
     */
    private static final List<String> SERVICE_COLUMNS = List.of("service");
    private static final ObjectReader ROWS = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY).readerFor(String[].class);

    private final EnvelopeKind kind;
    private final int lineColumn;
    private final int timeColumn;
    private final int originColumn;
    private final int hostColumn;
    private final int containerColumn;
    private final int levelColumn;
    private final int streamColumn;
    private final int serviceColumn;

    /**
     * Columns of the record's own keys, as Datadog's CSV export writes the facets one adds ({@code @podName}, {@code @delay}): each
     * {@code @}-named column no other role takes, with its key (the name without the {@code @}), added to a record rebuilt from the
     * columns.
     */
    private final int[] keyColumns;
    private final String[] keyNames;

    /** The time column's header says its times are UTC ({@code TimeGenerated [UTC]}, as the Azure portal exports a query's results). */
    private final boolean timeColumnUtc;

    private CsvExport(EnvelopeKind kind, String[] columns, int lineColumn) {
        this.kind = kind;
        this.lineColumn = lineColumn;
        this.timeColumn = index(columns, TIME_COLUMNS);
        this.timeColumnUtc = timeColumn >= 0 && columns[timeColumn].strip().toLowerCase(Locale.ROOT).endsWith(" [utc]");
        this.originColumn = index(columns, ORIGIN_COLUMNS);
        this.hostColumn = index(columns, HOST_COLUMNS);
        this.containerColumn = index(columns, CONTAINER_COLUMNS);
        this.levelColumn = index(columns, LEVEL_COLUMNS);
        this.streamColumn = index(columns, STREAM_COLUMNS);
        this.serviceColumn = index(columns, SERVICE_COLUMNS);
        java.util.List<Integer> keys = new java.util.ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            String c = columns[i].strip();
            if (c.length() > 1 && c.charAt(0) == '@' && i != lineColumn && i != timeColumn && i != originColumn && i != hostColumn
                    && i != containerColumn && i != levelColumn && i != streamColumn && c.substring(1).chars().allMatch(ch -> ch > ' ' && ch != '=' && ch != '"')) {
                keys.add(i);
            }
        }
        this.keyColumns = keys.stream().mapToInt(Integer::intValue).toArray();
        this.keyNames = keys.stream().map(i -> columns[i].strip().substring(1)).toArray(String[]::new);
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
        if (line < 0) {
            return Optional.empty();
        }
        String lineName = name(columns[line]);
        EnvelopeKind kind = lineName.equals("@message") ? EnvelopeKind.CLOUDWATCH_INSIGHTS
                : lineName.equals("message") && index(columns, List.of("@timestamp")) >= 0 && anyKubernetes(columns) ? EnvelopeKind.DISCOVER_CSV
                : EnvelopeKind.CSV_EXPORT;
        return Optional.of(new CsvExport(kind, columns, line));
    }

    /**
     * A CSV row of a log console's export copied or saved without its header line: a time cell, maybe one more cell (a host: kept as
     * the line's metadata, never taken for the replica, which nothing names), and a last cell that starts a controller record
     * (logrus or slog text, a JSON record). Or, as Kibana/OpenSearch Discover's CSV rows are pasted without their header
     * (argoproj/argo-workflows#15942: {@code "Apr 15, 2026 @ 09:26:28.175","<line>","<pod>"}), a time cell, the cell that starts the
     * record and one last cell holding a name (the Pod or host column the user picked: kept as metadata too, naming no replica, as
     * nothing says which it is). Null for any other line: a bare record, a CRI line, prose with commas.
     */
    static JsonEnvelope.Content headerless(String text) {
        int comma = text.indexOf(',');
        // 6: Kibana's "Mar 1, 2026 @ …" (its first comma is the date's own); 10: an RFC 3339 or "yyyy-MM-dd HH:mm:ss" time
        if (comma < 6 || comma > 40 || !(Character.isDigit(text.charAt(0)) || text.charAt(0) == '"')) {
            return null;
        }
        String[] cells = row(text);
        if (cells == null || cells.length < 2 || cells.length > 3) {
            return null;
        }
        String timeText = cells[0].strip();
        Timestamp time = timeText.isEmpty() || timeText.indexOf('=') >= 0 ? null : time(timeText);
        if (time == null) {
            return null;
        }
        int lineCell = cells.length - 1;
        if (!RecordStart.at(cells[lineCell], 0)) {
            lineCell = cells.length == 3 && RecordStart.at(cells[1], 0) ? 1 : -1;
        }
        if (lineCell < 0) {
            return null;
        }
        String line = cells[lineCell];
        String meta = null;
        if (cells.length == 3) {
            String other = cells[lineCell == 1 ? 2 : 1].strip();
            if (!oneName(other)) {
                return null;
            }
            meta = (lineCell == 1 ? "source " : "host ") + other;
        }
        return new JsonEnvelope.Content(line, true, EnvelopeKind.CSV_HEADERLESS, time, null, null, meta);
    }

    /** A cell holding one name (a host, a Pod): no space, no {@code =}, no quote, not empty, not longer than a DNS name. */
    private static boolean oneName(String cell) {
        return !cell.isEmpty() && cell.length() <= 253 && cell.chars().noneMatch(c -> c <= ' ' || c == '=' || c == '"');
    }

    /** One row's record, time, Pod, host and container; null when the row lacks the line column. */
    JsonEnvelope.Content read(String text) {
        String[] cells = row(text);
        if (cells == null || cells.length <= lineColumn) {
            return null;
        }
        String line = cells[lineColumn];
        String timeText = cell(cells, timeColumn);
        Timestamp time = timeText == null ? null : time(timeText, timeColumnUtc);
        EnvelopeKind found = kind;
        if (!line.isEmpty() && !RecordStart.at(line, 0)) {
            StringBuilder message = new StringBuilder(line.startsWith("msg=") ? line : "msg=" + ColumnRecord.quoted(line));
            for (int k = 0; k < keyColumns.length; k++) {
                String v = cell(cells, keyColumns[k]);
                if (v != null) {
                    message.append(' ').append(keyNames[k]).append('=').append(ColumnRecord.slogText(v));
                }
            }
            String built = ColumnRecord.build(timeText, time, cell(cells, levelColumn), message.toString());
            if (built != null) {
                line = built;
                found = EnvelopeKind.CSV_COLUMNS;
            } else if (levelColumn < 0 && !goOwnOutput(line) && (built = ColumnRecord.buildWithoutLevel(timeText, time, message.toString())) != null) {
                // No level column at all (session 56, #13581's console): the level unknown, the row the controller's only if the
                // catalog knows its message (the reader decides). A level column whose cell is empty or unread builds nothing.
                line = built;
                found = EnvelopeKind.CSV_MESSAGES;
            }
        }
        String host = cell(cells, hostColumn);
        String origin = cell(cells, originColumn);
        String container = cell(cells, containerColumn);
        if (container == null && found == EnvelopeKind.CSV_MESSAGES) {
            container = cell(cells, serviceColumn);
        }
        String stream = cell(cells, streamColumn);
        String[] named = stream == null ? null : ContainerPath.podAndContainerIn(stream);
        if (named != null) {
            origin = origin == null ? named[0] : origin;
            container = container == null ? named[1] : container;
        }
        return new JsonEnvelope.Content(line, true, found, time, origin, container, host == null ? null : "host " + host);
    }

    /**
     * A cell holding a line break or opening as Go's own crash output does ({@code panic: }, {@code fatal error: }, {@code goroutine }):
     * no message text of the controller's, and read as before without a level (a panic's lines are read as Go wrote them).
     */
    private static boolean goOwnOutput(String cell) {
        return cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0 || cell.startsWith("panic: ") || cell.startsWith("fatal error: ")
                || cell.startsWith("goroutine ");
    }

    /** Kibana's default date format in Discover's CSV export. */
    private static final DateTimeFormatter KIBANA = DateTimeFormatter.ofPattern("MMM d, yyyy @ HH:mm:ss.SSS", Locale.ENGLISH);

    /** The Azure portal's export of a query's times: {@code 9/19/2026, 4:31:11.257 PM} (US English, in the zone the header names). */
    private static final DateTimeFormatter AZURE = DateTimeFormatter.ofPattern("M/d/yyyy, h:mm:ss[.SSS] a", Locale.ENGLISH);

    /** A time as exports write it: RFC 3339 and the forms {@link LenientTime} reads, or Kibana's {@code Mar 2, 2025 @ 10:11:12.123} (zone-less). */
    static Timestamp time(String text) {
        return time(text, false);
    }

    /**
     * {@link #time(String)}, and where the column's header says its times are UTC, the Azure portal's form (its zone then stated
     * by the header; without that header the form is not read: it would be the browser's zone, which nothing states).
     */
    static Timestamp time(String text, boolean utc) {
        Timestamp t = LenientTime.parse(text);
        if (t == null && utc && text.indexOf('/') > 0) {
            try {
                return new Timestamp(LocalDateTime.parse(text, AZURE).toInstant(ZoneOffset.UTC),
                        text.indexOf('.') > 0 ? TimePrecision.MILLISECOND : TimePrecision.SECOND, ZoneBasis.STATED);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        if (t != null || text.indexOf('@') < 0) {
            return t;
        }
        try {
            return new Timestamp(LocalDateTime.parse(text, KIBANA).toInstant(ZoneOffset.UTC), TimePrecision.MILLISECOND, ZoneBasis.ASSUMED_UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A cell's text, or null when the column is missing or empty. */
    private static String cell(String[] cells, int column) {
        if (column < 0 || column >= cells.length) {
            return null;
        }
        String v = cells[column].strip();
        return v.isEmpty() ? null : v;
    }

    /** {@code "x ""y"""} as a second RFC 4180 layer gives {@code x "y"}; anything else stays as read. */
    static String unquoted(String cell) {
        if (cell.length() >= 2 && cell.charAt(0) == '"' && cell.charAt(cell.length() - 1) == '"') {
            return cell.substring(1, cell.length() - 1).replace("\"\"", "\"");
        }
        return cell;
    }

    private static String[] row(String text) {
        String[] cells;
        try (MappingIterator<String[]> it = ROWS.readValues(text)) {
            cells = it.hasNext() ? it.next() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
        if (cells != null) {
            for (int i = 0; i < cells.length; i++) {
                cells[i] = unquoted(cells[i]);
            }
        }
        return cells;
    }

    /** A column's name, lower case, without the zone the Azure portal appends to a time column ({@code TimeGenerated [UTC]}). */
    private static String name(String column) {
        String n = column.strip().toLowerCase(Locale.ROOT);
        int bracket = n.lastIndexOf(" [");
        return bracket > 0 && n.endsWith("]") ? n.substring(0, bracket) : n;
    }

    private static boolean anyKubernetes(String[] columns) {
        for (String c : columns) {
            if (name(c).startsWith("kubernetes.")) {
                return true;
            }
        }
        return false;
    }

    private static int index(String[] columns, List<String> names) {
        for (String n : names) {
            for (int i = 0; i < columns.length; i++) {
                if (name(columns[i]).equals(n)) {
                    return i;
                }
            }
        }
        return -1;
    }
}
