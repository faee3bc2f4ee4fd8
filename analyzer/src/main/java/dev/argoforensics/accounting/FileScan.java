package dev.argoforensics.accounting;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

/**
 * What the first pass learnt from one log file, which depends on that file alone (and the reading's
 * settings): the names its trigger lines make of interest, as the reader's hashes, and whether it
 * runs newest first. An index keeps it per file, so that an unchanged file need not be scanned again;
 * what is of interest is still the union over every input, the exports and {@code --pod}.
 *
 * @param exact         hashes of names a token must equal
 * @param prefixes      hashes of Workflow names a token may start with (followed by '-')
 * @param exactLengths  bit n set if a name in {@code exact} has n characters (63: 63 or more)
 * @param prefixLengths the same for {@code prefixes}
 * @param newestFirst   the file was written newest first
 * @param starts        the reader's bitset of the first two characters of those names, or null if
 *                      not known (a scan recorded before it was kept): then every token is hashed
 * @param runAtStart    pass 1b's run state the scan began in (session 51; the reader's summary: which replicas' runs were
 *                      without Workflow workers, or not known), or null where not recorded
 * @param runAtEnd      the run state the file's last line in time left, from {@code runAtStart}, or null: a scan the index
 *                      serves again hands it to the rotated piece after the file
 * @param controller    a line pass 1 read is a statement of the controller's catalog (session 55): the file holds the controller's
 *                      lines whatever its name says (a log named like the Argo Server's Pod is read as the controller's from its
 *                      first line); false where none was read, or not recorded (a scan of an earlier release, the first character
 *                      of {@link #encode()} then 0 or 1)
 */
public record FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst, long[] starts,
                       String runAtStart, String runAtEnd, boolean controller) {
    public FileScan {
        exact = exact.clone();
        prefixes = prefixes.clone();
        starts = starts == null ? null : starts.clone();
    }

    public FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst, long[] starts) {
        this(exact, prefixes, exactLengths, prefixLengths, newestFirst, starts, null, null, false);
    }

    /** A scan that does not say whether the file holds the controller's statements ({@link #controller}: false). */
    public FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst, long[] starts,
                    String runAtStart, String runAtEnd) {
        this(exact, prefixes, exactLengths, prefixLengths, newestFirst, starts, runAtStart, runAtEnd, false);
    }

    /** This scan, saying whether a line of the file pass 1 read is a statement of the controller's catalog ({@link #controller}). */
    public FileScan withController(boolean holds) {
        return new FileScan(exact, prefixes, exactLengths, prefixLengths, newestFirst, starts, runAtStart, runAtEnd, holds);
    }

    /** A scan without the names' first characters. */
    public FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst) {
        this(exact, prefixes, exactLengths, prefixLengths, newestFirst, null);
    }

    /** This scan with the run states it began in and left ({@link #runAtStart}, {@link #runAtEnd}). */
    public FileScan withRun(String atStart, String atEnd) {
        return new FileScan(exact, prefixes, exactLengths, prefixLengths, newestFirst, starts, atStart, atEnd, controller);
    }

    /**
     * As text: {@code <flags>:<exactLengths>:<prefixLengths>:<exact as base64>:<prefixes as base64>},
     * then {@code :<starts as base64>} when they are known (an empty part where not and the run states follow), then
     * {@code :<runAtStart>:<runAtEnd>} when they are recorded (neither holds a colon). {@code <flags>}: 1 for {@code newestFirst},
     * plus 2 for {@code controller}.
     */
    public String encode() {
        String run = runAtStart == null || runAtEnd == null ? "" : ':' + runAtStart + ':' + runAtEnd;
        return ((newestFirst ? 1 : 0) | (controller ? 2 : 0)) + ":" + exactLengths + ':' + prefixLengths + ':' + base64(exact) + ':' + base64(prefixes)
                + (starts == null ? (run.isEmpty() ? "" : ":") : ':' + base64(starts)) + run;
    }

    /**
     * @throws IllegalArgumentException if the text is not what {@link #encode()} gives
     */
    public static FileScan decode(String text) {
        String[] p = text.split(":", -1);
        if (p.length != 5 && p.length != 6 && p.length != 8) {
            throw new IllegalArgumentException("not a file scan: " + p.length + " parts");
        }
        long[] starts = p.length == 5 || p.length == 8 && p[5].isEmpty() ? null : longs(p[5]);
        int flags = Integer.parseInt(p[0]);
        return new FileScan(longs(p[3]), longs(p[4]), Long.parseLong(p[1]), Long.parseLong(p[2]), (flags & 1) != 0, starts,
                p.length == 8 ? p[6] : null, p.length == 8 ? p[7] : null, (flags & 2) != 0);
    }

    private static String base64(long[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Long.BYTES);
        for (long v : values) {
            b.putLong(v);
        }
        return Base64.getEncoder().withoutPadding().encodeToString(b.array());
    }

    private static long[] longs(String base64) {
        ByteBuffer b = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
        long[] out = new long[b.remaining() / Long.BYTES];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getLong();
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileScan s && Arrays.equals(exact, s.exact) && Arrays.equals(prefixes, s.prefixes)
                && exactLengths == s.exactLengths && prefixLengths == s.prefixLengths && newestFirst == s.newestFirst
                && Arrays.equals(starts, s.starts) && java.util.Objects.equals(runAtStart, s.runAtStart)
                && java.util.Objects.equals(runAtEnd, s.runAtEnd) && controller == s.controller;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(exact) * 31 + Arrays.hashCode(prefixes);
    }

    @Override
    public String toString() {
        return "FileScan[" + exact.length + " names, " + prefixes.length + " prefixes, newestFirst=" + newestFirst + "]";
    }
}
