package dev.argoforensics.envelope;

import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * A Google Cloud Logging (Logs Explorer) entry copied or downloaded as text:
 * {@code <SEVERITY> <RFC 3339> [<summary field>: <value>]… <line>}, for example
 * {@code INFO 2025-03-02T10:11:12.123456789Z [resource.labels.containerName: main] <line>}. The
 * summary fields that name a Pod or a container are taken; others are kept as metadata.
 */
final class CloudLoggingText {
    private static final String[] SEVERITIES = {"DEFAULT ", "DEBUG ", "INFO ", "NOTICE ", "WARNING ", "ERROR ", "CRITICAL ", "ALERT ",
            "EMERGENCY "};

    private CloudLoggingText() {
    }

    /** The line behind the severity, time and summary fields; null if the line is not such a copy. */
    static JsonEnvelope.Content read(String line) {
        int at = severityEnd(line);
        if (at < 0) {
            return null;
        }
        String rest = line.substring(at);
        int timeEnd = PrefixTimes.rfc3339PrefixEnd(rest);
        if (timeEnd < 0) {
            return null;
        }
        Timestamp time = PrefixTimes.digitsTime(rest.substring(0, timeEnd));
        if (time == null) {
            return null;
        }
        int i = timeEnd + 1;
        String pod = null;
        String container = null;
        List<String> other = new ArrayList<>();
        while (i < rest.length() && rest.charAt(i) == '[') {
            int close = rest.indexOf(']', i);
            int colon = rest.indexOf(": ", i);
            if (close < 0 || colon < 0 || colon > close) {
                break;
            }
            String key = rest.substring(i + 1, colon);
            String value = rest.substring(colon + 2, close);
            if (key.indexOf(' ') >= 0) {
                break;
            }
            if (key.endsWith("containerName") || key.endsWith("container_name")) {
                container = value;
            } else if (key.endsWith("podName") || key.endsWith("pod_name")) {
                pod = value;
            } else {
                other.add(key + ": " + value);
            }
            i = close + 1;
            if (i < rest.length() && rest.charAt(i) == ' ') {
                i++;
            }
        }
        return new JsonEnvelope.Content(rest.substring(Math.min(i, rest.length())), true, EnvelopeKind.CLOUD_LOGGING_TEXT, time, pod,
                container, other.isEmpty() ? null : String.join(", ", other));
    }

    /** Where the time starts after a Cloud Logging severity and one space, or -1. */
    private static int severityEnd(String line) {
        char c = line.charAt(0);
        if ("DINWECAE".indexOf(c) < 0) {
            return -1;
        }
        for (String s : SEVERITIES) {
            if (line.startsWith(s)) {
                return s.length();
            }
        }
        return -1;
    }
}
