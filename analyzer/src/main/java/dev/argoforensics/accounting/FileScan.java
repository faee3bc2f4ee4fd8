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
 */
public record FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst, long[] starts) {
    public FileScan {
        exact = exact.clone();
        prefixes = prefixes.clone();
        starts = starts == null ? null : starts.clone();
    }

    /** A scan without the names' first characters. */
    public FileScan(long[] exact, long[] prefixes, long exactLengths, long prefixLengths, boolean newestFirst) {
        this(exact, prefixes, exactLengths, prefixLengths, newestFirst, null);
    }

    /**
     * As text: {@code <newestFirst>:<exactLengths>:<prefixLengths>:<exact as base64>:<prefixes as base64>},
     * then {@code :<starts as base64>} when they are known.
     */
    public String encode() {
        return (newestFirst ? "1" : "0") + ':' + exactLengths + ':' + prefixLengths + ':' + base64(exact) + ':' + base64(prefixes)
                + (starts == null ? "" : ':' + base64(starts));
    }

    /**
     * @throws IllegalArgumentException if the text is not what {@link #encode()} gives
     */
    public static FileScan decode(String text) {
        String[] p = text.split(":", -1);
        if (p.length != 5 && p.length != 6) {
            throw new IllegalArgumentException("not a file scan: " + p.length + " parts");
        }
        return new FileScan(longs(p[3]), longs(p[4]), Long.parseLong(p[1]), Long.parseLong(p[2]), p[0].equals("1"),
                p.length == 6 ? longs(p[5]) : null);
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
                && Arrays.equals(starts, s.starts);
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
