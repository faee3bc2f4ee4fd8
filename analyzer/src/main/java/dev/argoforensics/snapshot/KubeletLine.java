package dev.argoforensics.snapshot;

import dev.argoforensics.line.GoQuote;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one kubelet klog line ({@code I1201 10:00:00.123456    2417 kuberuntime_container.go:809] "Killing
 * container with a grace period" pod="ns/name" podUID=… containerName="main" containerID="containerd://…"
 * gracePeriod=30}) into a {@link NodeLogEntry} when its message is one {@link NodeLogEntry.Action} names.
 */
public final class KubeletLine {
    private static final Pattern HEADER = Pattern.compile("^([IWEF])(\\d{4} \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?)\\s+\\d+ [^\\]\\s]+\\] (.*)$");

    private KubeletLine() {
    }

    /** The action a klog line's message names, or null (another message, or not a klog line): a cheap test. */
    public static NodeLogEntry.Action action(String klogLine) {
        Matcher m = HEADER.matcher(klogLine.strip());
        if (!m.matches()) {
            return null;
        }
        String rest = m.group(3);
        int end = quotedEnd(rest, 0);
        return end < 0 ? null : NodeLogEntry.Action.of(unquote(rest.substring(1, end)));
    }

    /**
     * @param year the year of the line, or null if not known yet (the entry then has no time, only its clock)
     * @return the entry, or null if the line is not one of the messages read
     * @throws RefusedObject if the message is read but its header's clock is impossible
     */
    public static NodeLogEntry read(SourceRef source, String klogLine, String host, Integer year) {
        Matcher m = HEADER.matcher(klogLine.strip());
        if (!m.matches()) {
            return null;
        }
        String rest = m.group(3);
        int end = quotedEnd(rest, 0);
        if (end < 0) {
            return null;
        }
        String message = unquote(rest.substring(1, end));
        NodeLogEntry.Action action = NodeLogEntry.Action.of(message);
        if (action == null) {
            return null;
        }
        Map<String, String> fields = fields(rest.substring(end + 1));
        List<String> pods = new ArrayList<>();
        if (fields.containsKey("pod")) {
            pods.add(fields.get("pod"));
        } else if (fields.containsKey("pods")) {
            pods.addAll(list(fields.get("pods")));
        }
        Long grace = null;
        String g = fields.get("gracePeriod");
        if (g != null && g.matches("-?\\d{1,12}")) {
            grace = Long.parseLong(g);
        }
        String clock = m.group(2);
        Timestamp time = year == null ? null : time(m.group(1) + clock, year);
        return new NodeLogEntry(source, time, clock, host, action, pods, fields.getOrDefault("podUID", ""),
                fields.getOrDefault("containerName", ""), fields.getOrDefault("containerID", ""), grace, message);
    }

    /** The time of a klog clock as {@link NodeLogEntry#clock()} keeps it ({@code 1201 10:00:00.123456}) in this year, read as UTC. */
    public static Timestamp at(String clock, int year) {
        return time("I" + clock, year);
    }

    /** The time of a klog header ({@code I1201 10:00:00.123456}) in this year, read as UTC. */
    static Timestamp time(String header, int year) {
        try {
            return Timestamp.klog(header, header.length(), year);
        } catch (IllegalArgumentException e) {
            throw new RefusedObject("expected a klog time, found \"" + header.substring(1) + "\": " + e.getMessage(), e);
        }
    }

    /** {@code key=value key="quoted value" key=[a b]} pairs. */
    private static Map<String, String> fields(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && text.charAt(i) == ' ') {
                i++;
            }
            int eq = text.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String key = text.substring(i, eq);
            int v = eq + 1;
            int end;
            String value;
            if (v < n && text.charAt(v) == '"') {
                end = quotedEnd(text, v);
                if (end < 0) {
                    break;
                }
                value = unquote(text.substring(v + 1, end));
                end++;
            } else if (v < n && text.charAt(v) == '[') {
                end = text.indexOf(']', v);
                end = end < 0 ? n : end + 1;
                value = text.substring(v, end);
            } else {
                end = text.indexOf(' ', v);
                end = end < 0 ? n : end;
                value = text.substring(v, end);
            }
            if (!key.isEmpty() && !key.contains(" ")) {
                out.put(key, value);
            }
            i = end;
        }
        return out;
    }

    /** {@code ["ns/a" "ns/b"]}, {@code ["ns/a","ns/b"]} or {@code [ns/a ns/b]}. */
    private static List<String> list(String value) {
        List<String> out = new ArrayList<>();
        String inner = value.startsWith("[") && value.endsWith("]") ? value.substring(1, value.length() - 1) : value;
        for (String item : inner.split("[ ,]+")) {
            String t = item.strip();
            if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
                t = t.substring(1, t.length() - 1);
            }
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /** The index of the quote closing the Go string that opens at {@code from}, or -1. */
    private static int quotedEnd(String s, int from) {
        if (from >= s.length() || s.charAt(from) != '"') {
            return -1;
        }
        return GoQuote.closingQuote(s, from + 1, s.length());
    }

    private static String unquote(String inner) {
        StringBuilder b = new StringBuilder(inner.length());
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '\\' && i + 1 < inner.length()) {
                char e = inner.charAt(++i);
                b.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
