package dev.argoforensics.read;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A literal-Z file's zone from another file of the same process whose zone is known (session 62). logrus prints the process's
 * local wall clock with a literal {@code Z} (argo-controller-logs §3.2); a {@code kubectl logs} copy of a run beside a log store's
 * export of the same run (whose collector's stated times measured its zone, {@link ZoneProbe}) holds the same records, the same
 * text to the millisecond: read as UTC, the copy's records fall a whole zone away from the export's, the same records twice
 * (session 61's breaker: a pass read two hours after the Workflow's completion, AF009 likely, wrong). The copy is that process's
 * log, and is read in the zone the export's evidence gave, shifted by the wall-clock difference of the records (0 where both
 * print the same wall clock).
 *
 * <p>Taken only where the records show it: at least {@link #MIN_COPIED} of the copy's records with a sub-second literal-Z time
 * have a record in the known file of the same text (the time left out) whose time is the same within the quarter hour to its
 * last printed digit, and every such pair is the same whole number of quarter hours apart (none at another shift). Two real
 * controllers logging namesake Workflows in two regions print the same statements and names, but not at the same millisecond
 * within the quarter hour, record after record, one constant shift apart. A copy whose own collector states its times
 * (measured, or refused, by its own evidence) is not read from another file; nor is one that holds a run of the controller (from
 * its {@code Starting Workflow Controller} line) none of whose records the known file holds (another process, maybe in another
 * zone: a file is read in one zone whole).
 */
final class ZoneCopies {
    static final int MIN_COPIED = 10;
    /** The copy's records remembered (a copy beyond that is matched on its first records only: fewer matches, never a wrong one). */
    static final int MAX_KEYS = 200_000;
    private static final long QUARTER_NANOS = 15L * 60 * 1_000_000_000L;
    /** logrus's literal-Z time with a fraction (text {@code time="…"}, JSON {@code "time":"…"}, the controller's own layout). */
    private static final Pattern LITERAL_Z = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d)\\.(\\d{3,9})Z");

    private ZoneCopies() {
    }

    /** What the copy's records give against one known file: the copy's offset, or null; how many records, and the shift. */
    record Copied(ZoneOffset offset, int records, long shiftNanos) {
    }

    /**
     * The copy's records, as keys (text and time within the quarter hour) to their wall clock and the run of the controller they
     * belong to (counted from the file's {@code Starting Workflow Controller} lines); null if the copy is not one to read.
     */
    static Map<Long, long[]> records(InputFile copy, int maxLineBytes) {
        Map<Long, long[]> keys = new HashMap<>();
        boolean[] stated = new boolean[1];
        long[] run = new long[1];
        boolean read = each(copy, maxLineBytes, u -> {
            if (u.envelopeTime() != null && u.envelopeTime().zone() == ZoneBasis.STATED) {
                stated[0] = true;
            }
            if (u.record().contains("Starting Workflow Controller")) {
                run[0]++;
            }
            if (keys.size() < MAX_KEYS) {
                long[] kw = keyAndWall(u.record());
                if (kw != null) {
                    keys.putIfAbsent(kw[0], new long[] {kw[1], run[0]});
                }
            }
        });
        return !read || stated[0] || keys.size() < MIN_COPIED ? null : keys;
    }

    /**
     * The copy's zone from {@code known}'s ({@code knownOffset}): the known file's records matched against the copy's
     * ({@link #records}); null where they do not show one process's log (too few records of the same text and time within the
     * quarter hour, or two shifts).
     */
    static Copied from(Map<Long, long[]> copy, InputFile known, ZoneOffset knownOffset, int maxLineBytes) {
        Map<Long, Integer> shifts = new HashMap<>();
        Set<Long> matched = new HashSet<>();
        Set<Long> matchedRuns = new HashSet<>();
        long[] knownSpan = {Long.MAX_VALUE, Long.MIN_VALUE};
        boolean read = each(known, maxLineBytes, u -> {
            long[] kw = keyAndWall(u.record());
            if (kw == null) {
                return;
            }
            knownSpan[0] = Math.min(knownSpan[0], kw[1]);
            knownSpan[1] = Math.max(knownSpan[1], kw[1]);
            long[] wallRun = copy.get(kw[0]);
            if (wallRun != null && matched.add(kw[0])) {
                shifts.merge(wallRun[0] - kw[1], 1, Integer::sum);
                matchedRuns.add(wallRun[1]);
            }
        });
        // Every run of the controller in the copy is the known file's too: a copy that holds another run (kubectl logs --previous
        // pasted before it, maybe in another zone, or a run the known file does not hold) is not read in the known file's zone whole.
        Set<Long> runs = new HashSet<>();
        copy.values().forEach(v -> runs.add(v[1]));
        if (!read || shifts.size() != 1 || !matchedRuns.containsAll(runs)) {
            return null;
        }
        Map.Entry<Long, Integer> only = shifts.entrySet().iterator().next();
        long shift = only.getKey();
        if (only.getValue() < MIN_COPIED || shift % QUARTER_NANOS != 0 || Math.abs(shift) > 18L * 3600 * 1_000_000_000L) {
            return null;
        }
        int seconds = knownOffset.getTotalSeconds() + (int) (shift / 1_000_000_000L);
        if (Math.abs(seconds) > 18 * 3600) {
            return null;
        }
        ZoneOffset offset = ZoneOffset.ofTotalSeconds(seconds);
        // The known file's zone was measured over its own span only: a copy reaching past it (kubectl logs of a run longer than
        // the store's export) is read in that offset there too, which holds only where no zone of that offset changes it
        // (summer time's start or end between the export's edge and the copy's: breaker s62-b-zones). A copy reaching past the
        // export where some zone of that offset changes it takes none (one zone whole: its far part would be an hour off).
        long copyFirst = Long.MAX_VALUE;
        long copyLast = Long.MIN_VALUE;
        for (long[] v : copy.values()) {
            copyFirst = Math.min(copyFirst, v[0]);
            copyLast = Math.max(copyLast, v[0]);
        }
        long offsetNanos = seconds * 1_000_000_000L;
        java.time.Instant spanFirst = instant(knownSpan[0] + shift - offsetNanos);
        java.time.Instant spanLast = instant(knownSpan[1] + shift - offsetNanos);
        java.time.Instant first = instant(copyFirst - offsetNanos);
        java.time.Instant last = instant(copyLast - offsetNanos);
        if ((first.isBefore(spanFirst) && offsetChanges(offset, spanFirst, first, spanFirst))
                || (last.isAfter(spanLast) && offsetChanges(offset, spanLast, spanLast, last))) {
            return null;
        }
        return new Copied(offset, only.getValue(), shift);
    }

    private static java.time.Instant instant(long nanos) {
        return java.time.Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }

    /** Whether a zone that was at {@code offset} at {@code at} changes its offset between {@code from} and {@code to}. */
    private static boolean offsetChanges(ZoneOffset offset, java.time.Instant at, java.time.Instant from, java.time.Instant to) {
        for (String id : java.time.ZoneId.getAvailableZoneIds()) {
            java.time.zone.ZoneRules rules = java.time.ZoneId.of(id).getRules();
            if (!rules.getOffset(at).equals(offset)) {
                continue;
            }
            java.time.zone.ZoneOffsetTransition next = rules.nextTransition(from);
            if (next != null && next.getInstant().isBefore(to)) {
                return true;
            }
        }
        return false;
    }

    /** Every uncut record of the file, streamed; false if the file could not be read through (nothing is taken from it then). */
    private static boolean each(InputFile f, int maxLineBytes, Consumer<UnwrappedLine> record) {
        EnvelopeDecoder envelopes = new EnvelopeDecoder(maxLineBytes);
        try (ChunkLineReader lines = new ChunkLineReader(new LineChunk(f, 0, 0, -1), b -> { }, maxLineBytes)) {
            String line;
            long n = 0;
            while ((line = lines.next()) != null) {
                UnwrappedLine u = envelopes.decode(line, ++n);
                if (u != null && !u.cut() && u.record() != null) {
                    record.accept(u);
                }
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The record's key (its text without its first literal-Z time, and that time's nanoseconds within the quarter hour) and its
     * wall clock (nanoseconds since the epoch, read as if UTC); null for a record with no sub-second literal-Z time.
     */
    static long[] keyAndWall(String record) {
        if (record == null || record.length() < 24) {
            return null;
        }
        Matcher m = LITERAL_Z.matcher(record);
        if (!m.find()) {
            return null;
        }
        long wall;
        try {
            String fraction = (m.group(2) + "00000000").substring(0, 9);
            wall = LocalDateTime.parse(m.group(1)).toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + Long.parseLong(fraction);
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
        long h = 0xcbf29ce484222325L;
        byte[] text = (record.substring(0, m.start()) + '\u0000' + record.substring(m.end())).getBytes(StandardCharsets.UTF_8);
        for (byte b : text) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        long within = Math.floorMod(wall, QUARTER_NANOS);
        h = (h ^ within) * 0x100000001b3L;
        h ^= h >>> 29;
        return new long[] {h, wall};
    }
}
