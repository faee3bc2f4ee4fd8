package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.Timestamp;

/**
 * A Grafana Explore logs copy or text download: {@code yyyy-MM-dd HH:mm:ss.SSS<tab><line>}, the time
 * without a zone (the browser's, read as UTC and marked assumed) and a tab before the line.
 */
final class GrafanaExplore {
    private GrafanaExplore() {
    }

    /** The line behind the time and tab; null if the line does not start so. */
    static JsonEnvelope.Content read(String line) {
        if (line.length() < 21 || line.charAt(4) != '-' || line.charAt(10) != ' ' || line.charAt(13) != ':') {
            return null;
        }
        int tab = line.indexOf('\t', 19);
        if (tab < 0 || tab > 35) {
            return null;
        }
        Timestamp time = LenientTime.parse(line.substring(0, tab));
        return time == null ? null : new JsonEnvelope.Content(line.substring(tab + 1), true, EnvelopeKind.GRAFANA_EXPLORE, time, null, null,
                null);
    }
}
