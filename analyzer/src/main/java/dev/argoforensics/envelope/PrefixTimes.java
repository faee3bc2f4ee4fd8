package dev.argoforensics.envelope;

import dev.argoforensics.time.LenientTime;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;

/** Times at the start of a line or inside a prefix, as collectors and consoles write them. */
final class PrefixTimes {
    private PrefixTimes() {
    }

    /**
     * Zone abbreviations a log console prints after a time in the viewer's zone ({@code 2023-09-29 12:45:00.043 EDT}) that name
     * one offset wherever they are read. {@code CST}, {@code IST}, {@code BST}, {@code AST} name several ({@link #AMBIGUOUS}).
     */
    private static final java.util.Map<String, String> ZONES = java.util.Map.ofEntries(
            java.util.Map.entry("UTC", "Z"), java.util.Map.entry("GMT", "Z"), java.util.Map.entry("EST", "-05:00"),
            java.util.Map.entry("EDT", "-04:00"), java.util.Map.entry("CDT", "-05:00"), java.util.Map.entry("MST", "-07:00"),
            java.util.Map.entry("MDT", "-06:00"), java.util.Map.entry("PST", "-08:00"), java.util.Map.entry("PDT", "-07:00"),
            java.util.Map.entry("AKST", "-09:00"), java.util.Map.entry("AKDT", "-08:00"), java.util.Map.entry("HST", "-10:00"),
            java.util.Map.entry("WET", "Z"), java.util.Map.entry("WEST", "+01:00"), java.util.Map.entry("CET", "+01:00"),
            java.util.Map.entry("CEST", "+02:00"), java.util.Map.entry("EET", "+02:00"), java.util.Map.entry("EEST", "+03:00"),
            java.util.Map.entry("MSK", "+03:00"), java.util.Map.entry("JST", "+09:00"), java.util.Map.entry("KST", "+09:00"),
            java.util.Map.entry("HKT", "+08:00"), java.util.Map.entry("SGT", "+08:00"), java.util.Map.entry("AWST", "+08:00"),
            java.util.Map.entry("ACST", "+09:30"), java.util.Map.entry("ACDT", "+10:30"), java.util.Map.entry("AEST", "+10:00"),
            java.util.Map.entry("AEDT", "+11:00"), java.util.Map.entry("NZST", "+12:00"), java.util.Map.entry("NZDT", "+13:00"));
    /** Abbreviations that name more than one offset (US Central or China; India, Ireland or Israel; …): no time is read. */
    private static final java.util.Set<String> AMBIGUOUS = java.util.Set.of("CST", "IST", "BST", "AST", "ADT", "SST", "GST", "ECT");

    /**
     * The first token (or pair of tokens, for "date time") of a prefix that reads as a time. A zone-less pair followed by a zone
     * abbreviation is in that zone: one offset for {@link #ZONES}, and no time at all for an {@link #AMBIGUOUS} one, never the
     * pair read as UTC (four hours off for {@code EDT}).
     */
    static Timestamp timeIn(String prefix) {
        String whole = prefix.strip();
        if (whole.indexOf(" @ ") > 0) {
            // Kibana's or OpenSearch Dashboards' Discover rows copied as text: the document's time in Discover's default format
            // (Oct 7, 2026 @ 08:14:02.118, the browser's zone), which the tokens below would split apart.
            Timestamp discover = CsvExport.time(whole);
            if (discover != null) {
                return discover;
            }
        }
        String[] tokens = prefix.replace("\"", " ").replace(",", " ").replace("[", " ").replace("]", " ").trim().split("\\s+");
        for (int i = 0; i < tokens.length; i++) {
            if (i + 1 < tokens.length) {
                Timestamp pair = LenientTime.parse(tokens[i] + " " + tokens[i + 1]);
                if (pair != null && pair.zone() == dev.argoforensics.time.ZoneBasis.ASSUMED_UTC && i + 2 < tokens.length) {
                    String zone = tokens[i + 2];
                    if (AMBIGUOUS.contains(zone)) {
                        return null;
                    }
                    if (ZONES.containsKey(zone)) {
                        return LenientTime.parse(tokens[i] + " " + tokens[i + 1] + ZONES.get(zone));
                    }
                }
                if (pair != null) {
                    return pair;
                }
            }
            Timestamp single = LenientTime.parse(tokens[i]);
            if (single != null) {
                return single;
            }
        }
        return null;
    }

    /**
     * Index of the space after a leading {@code yyyy-MM-ddTHH:mm:ss[.f]Z|±hh:mm} time, or -1. Only a
     * time that starts the line and is followed by a space is an envelope.
     */
    static int rfc3339PrefixEnd(String line) {
        if (line.length() < 21 || !isDigit(line.charAt(0)) || line.charAt(4) != '-' || line.charAt(10) != 'T') {
            return -1;
        }
        int space = line.indexOf(' ', 19);
        if (space < 0) {
            return -1;
        }
        char last = line.charAt(space - 1);
        return last == 'Z' || isDigit(last) ? space : -1;
    }

    /** An RFC 3339 time whose precision is its fraction digits (a writer that does not trim zeros), or null. */
    static Timestamp digitsTime(String text) {
        try {
            return Timestamp.parseRfc3339(text, null, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static Timestamp envelopeTime(String text) {
        return envelopeTime(text, 0, text.length());
    }

    /** {@link #envelopeTime(String)} of {@code text[from, to)}, read in place (a collector's time prefixes every line it writes). */
    static Timestamp envelopeTime(String text, int from, int to) {
        try {
            // kubectl and the CRI write RFC3339Nano, which trims trailing zeros: the precision is ns. A zero offset written +00:00
            // is no Go time (Go writes Z): aws logs tail prints Python's isoformat (2026-09-19T16:31:11.350000+00:00), whose
            // precision is the digits it wrote. (A fraction ending in 0 is no RFC3339Nano either, but a collector's fixed three
            // digits end in 0 one time in ten: read by it alone, one file's times would be read at two precisions.)
            return Timestamp.parseRfc3339(text, from, to, goWritten(text, from, to) ? TimePrecision.NANOSECOND : null, false);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** False where the RFC 3339 text cannot be Go's: a zero offset written {@code +00:00} or {@code -00:00}, not {@code Z}. */
    static boolean goWritten(String text) {
        return !text.endsWith("+00:00") && !text.endsWith("-00:00");
    }

    /** {@link #goWritten(String)} of {@code text[from, to)}. */
    static boolean goWritten(String text, int from, int to) {
        return to - from < 6 || !text.startsWith("+00:00", to - 6) && !text.startsWith("-00:00", to - 6);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
