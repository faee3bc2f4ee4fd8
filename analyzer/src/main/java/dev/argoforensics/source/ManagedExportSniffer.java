package dev.argoforensics.source;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Recognises, by content, the exports of managed clusters' log services that hold audit records and
 * node logs rather than controller lines: they are read as observations (snapshots), never as
 * controller logs. Two kinds: documents the object reader reads (Cloud Logging entries as JSON lines or
 * {@code gcloud logging read} YAML) and line exports read line by line ({@link LineExport}).
 */
public final class ManagedExportSniffer {
    /** Exports read one line at a time. */
    public enum LineExport {
        /** CloudWatch Logs' S3 export: {@code 2026-12-01T10:00:00.123Z {"kind":"Event",…}}. */
        AUDIT_LINES,
        /** A CSV export (CloudWatch Logs Insights, Log Analytics) with a column holding the audit Event JSON. */
        AUDIT_CSV,
        /** {@code journalctl -u kubelet} text: {@code Dec 01 10:00:00 node-1 kubelet[1234]: I1201 10:00:00.123456 …}. */
        KUBELET_JOURNAL
    }

    private static final int LINES = 64;
    /** journalctl's short, short-precise and short-iso prefixes, up to the identifier. */
    public static final Pattern JOURNAL = Pattern.compile(
            "^(?:(?<mon>[A-Z][a-z]{2}) +(?<day>\\d{1,2}) (?<clock>\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?)"
                    + "|(?<iso>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:Z|[+-]\\d\\d:?\\d\\d)))"
                    + " (?<host>\\S+) (?<ident>[A-Za-z0-9_.@-]+)(?:\\[(?<pid>\\d+)\\])?: (?<text>.*)$");
    private static final Pattern KLOG = Pattern.compile("^[IWEF]\\d{4} \\d\\d:\\d\\d:\\d\\d.*");
    private static final Pattern STAMPED_JSON = Pattern.compile("^\\d{4}-\\d\\d-\\d\\dT\\S+ \\{.*");
    private static final Pattern YAML_KEY = Pattern.compile("^['\"]?[A-Za-z@_][\\w@.-]*['\"]?:(?: .*)?$");

    private ManagedExportSniffer() {
    }

    /** The line export these first lines of a file are, or null. */
    public static LineExport lineExport(List<String> head) {
        List<String> lines = content(head);
        if (lines.isEmpty()) {
            return null;
        }
        String first = lines.get(0);
        if (STAMPED_JSON.matcher(first).matches() && first.contains("\"auditID\"")) {
            return LineExport.AUDIT_LINES;
        }
        if (kubeletJournal(lines)) {
            return LineExport.KUBELET_JOURNAL;
        }
        if (!first.startsWith("{") && !first.startsWith("[") && first.contains(",") && lines.stream().anyMatch(l -> l.contains("auditID"))) {
            return LineExport.AUDIT_CSV;
        }
        return null;
    }

    /**
     * Cloud Logging entries (a JSON line with an AuditLog payload or a kubelet journald payload; YAML as
     * {@code gcloud logging read} prints it) or a log record holding an audit Event, as documents.
     */
    public static boolean logServiceDocuments(List<String> head) {
        List<String> lines = content(head);
        if (lines.isEmpty()) {
            return false;
        }
        String first = lines.get(0);
        if (first.startsWith("{")) {
            return first.contains("google.cloud.audit.AuditLog") || first.contains("auditID")
                    || first.contains("_SYSTEMD_UNIT") && first.contains("kubelet");
        }
        return YAML_KEY.matcher(first).matches()
                && lines.stream().anyMatch(l -> l.equals("protoPayload:") || l.equals("jsonPayload:"));
    }

    /** Most journal lines of the head are the kubelet's klog lines. */
    private static boolean kubeletJournal(List<String> lines) {
        int journal = 0;
        int kubelet = 0;
        for (String l : lines) {
            if (l.startsWith("-- ")) {
                continue; // journalctl's "-- Logs begin at …", "-- Boot … --" lines
            }
            var m = JOURNAL.matcher(l);
            if (!m.matches()) {
                continue;
            }
            journal++;
            String ident = m.group("ident");
            if ((ident.equals("kubelet") || ident.equals("hyperkube")) && KLOG.matcher(m.group("text")).matches()) {
                kubelet++;
            }
        }
        return kubelet > 0 && kubelet * 2 >= journal && journal * 2 >= lines.size();
    }

    private static List<String> content(List<String> head) {
        return head.stream().limit(LINES).map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }
}
