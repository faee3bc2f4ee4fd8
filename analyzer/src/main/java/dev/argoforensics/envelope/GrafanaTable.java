package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A row of a log console's table copied without its header line, its cells split at tabs: Grafana Explore's table view of
 * a Loki query ({@code Time}, {@code labels}, {@code Line}, {@code tsNs}, {@code id}, in the order the viewer chose), or a
 * console's export of such rows ({@code <epoch ms><tab><RFC 3339><tab><line>}, as argoproj/argo-workflows#16294 pastes
 * them). The controller never writes a raw tab (logrus and slog quote a value holding one, escaping it), so a tab after a
 * record's start is a cell's end, not part of the record.
 *
 * <p>A row is read only where one cell starts a record and every other cell is one a log table holds: a time (zone-less,
 * RFC 3339, or an epoch number whose digit count says its unit), a Loki entry id ({@code <tsNs>_<hash>}), a label set
 * ({@code {pod="…", container="…"}} or its JSON form) or a level word; and after the record, a Kubernetes name (a Pod or host
 * column, as Kibana/OpenSearch Discover's rows copied as text hold one: kept, naming no replica, as nothing says which it is) where
 * a time cell says the line is a table's row. Anything else in a cell (a sentence, a klog message that
 * holds a tab) leaves the line to the other readings, as before. The time kept as the collector's is the most exact one the
 * row states with its zone (an epoch number or an RFC 3339 time before a zone-less one, then the finer); the label set's
 * {@code pod} and {@code container} name the replica and container; the other cells are kept as the line's prefix (metadata).
 */
final class GrafanaTable {
    private GrafanaTable() {
    }

    /** A Loki entry id ({@code <tsNs>_<hash>}) or a number column, also as a copy cut at its width leaves it (digits, a bare {@code _}). */
    private static final Pattern LOKI_ID = Pattern.compile("\\d{1,19}(?:_[0-9A-Za-z_]{0,64})?");
    /** A cell holding one Kubernetes name (a Pod, a node): lower case, digits, {@code -} and {@code .}. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?");
    private static final Pattern LEVEL = Pattern.compile("(?i)trace|debug|info|warn|warning|error|fatal|panic|critical|unknown");

    /**
     * The record of a header-less table row, or null: a line without a tab, a row of two cells that {@link GrafanaExplore} reads
     * (a zone-less time, then the line: its name stays what it was), or a row with a cell that is neither the record nor one a
     * log table holds.
     */
    static JsonEnvelope.Content read(String line) {
        if (line.indexOf('\t') < 0) {
            return null;
        }
        String[] cells = line.split("\t", -1);
        int record = -1;
        for (int i = 0; i < cells.length; i++) {
            String c = cells[i].strip();
            if (RecordStart.at(c, 0) && !labelSet(c)) {
                record = i;
                break;
            }
        }
        if (record < 0) {
            return null;
        }
        Timestamp time = null;
        String labels = null;
        boolean named = false;
        List<String> others = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (i == record) {
                continue;
            }
            String c = cells[i].strip();
            if (c.isEmpty()) {
                continue;
            }
            Timestamp t = LenientTime.parse(c);
            if (t == null && c.indexOf(" @ ") > 0) {
                t = CsvExport.time(c); // Kibana/OpenSearch Discover's "Mar 11, 2026 @ 14:02:10.118"
            }
            if (t != null) {
                time = better(time, t);
            } else if (labelSet(c)) {
                labels = labels == null ? c : labels;
            } else if (LOKI_ID.matcher(c).matches() || LEVEL.matcher(c).matches()) {
                // an id, a number column or a level
            } else if (i > record && NAME.matcher(c).matches()) {
                named = true; // a column of names after the line (Discover's kubernetes.pod_name, a host): kept, naming no replica
            } else {
                return null; // a cell no log table holds: not such a row
            }
            others.add(c);
        }
        if (others.isEmpty() || named && time == null) {
            // the record and empty cells only (a line with a stray tab); or a word after the line with no time cell to say the
            // line is a table's row: read as before
            return null;
        }
        boolean explore = cells.length == 2 && record == 1 && GrafanaExplore.read(line) != null;
        if (explore) {
            return null;
        }
        String rec = cells[record].strip();
        return new JsonEnvelope.Content(rec, true, EnvelopeKind.GRAFANA_TABLE, time, label(labels, "pod"), label(labels, "container"),
                String.join(" ", others));
    }

    /** The more exact of two times a row states: a stated zone before an assumed one, then the finer precision. */
    private static Timestamp better(Timestamp held, Timestamp t) {
        if (held == null) {
            return t;
        }
        boolean heldStated = held.zone() == ZoneBasis.STATED;
        boolean stated = t.zone() == ZoneBasis.STATED;
        if (heldStated != stated) {
            return stated ? t : held;
        }
        return t.precision().ordinal() > held.precision().ordinal() ? t : held;
    }

    /** A label set as Grafana prints a Loki stream's labels: {@code {name="value", …}}, or the JSON form {@code {"name":"value"}}. */
    private static boolean labelSet(String c) {
        if (c.length() < 5 || c.charAt(0) != '{' || c.charAt(c.length() - 1) != '}') {
            return false;
        }
        if (c.contains("=\"")) {
            return !c.startsWith("{\"");
        }
        return c.startsWith("{\"") && !c.contains("\"msg\"") && !c.contains("\"level\"") && c.contains("\":\"");
    }

    /** A label's value: the JSON form read as the other, as {@code Common labels:} lines are. */
    private static String label(String labels, String name) {
        return labels == null ? null : LokiLogcli.label(labels.replace("\":\"", "=\""), name);
    }
}
