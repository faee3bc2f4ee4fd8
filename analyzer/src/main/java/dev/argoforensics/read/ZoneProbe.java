package dev.argoforensics.read;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The zone a file's logrus (and klog) wall-clock times were written in, where its collector proves it: a first look at the
 * file's head, before pass 2 reads it. logrus prints local time with a literal {@code Z} (argo-controller-logs §3.2); a log
 * store's export often stands a time that states its offset beside it (Elasticsearch's {@code @timestamp}, written when the
 * line was received). Where every record of the head that has both (at least {@link #MIN_SAMPLES}, at most
 * {@link FileAssembler#ZONE_OFFSET_SAMPLES}) is the same whole, nonzero number of quarter hours from its collector's time,
 * within {@link #LATENCY_NANOS} (a shipper's latency), the controller ran in that zone and the file is read in it, as
 * {@code --log-tz} would read it. Any disagreement (some 0, some 2 h), a difference not a whole quarter hour (a shipper lagging
 * 40 s) before {@link #SETTLED_SAMPLES} clean records, or too few records: nothing is measured (and the file's note still says what the times look like).
 */
final class ZoneProbe {
    /** The head looked at: what pass 1's first block reads anyway. */
    static final int HEAD_BYTES = 1 << 20;
    static final int MIN_SAMPLES = 5;
    static final long LATENCY_NANOS = 2_000_000_000L;
    /**
     * Clean samples after which a record whose collector's time lies off every quarter hour is a shipper's backlog (Filebeat or
     * Fluent Bit catching up after a restart, the record received minutes late) and measures nothing, where before them it ends
     * the measurement (session 62, the lead: the streamed probe read every record, and one late receipt deep in an Elasticsearch
     * dump refused a zone a thousand earlier records agreed on; the head's rule is kept, and a record a whole number of quarter
     * hours off the zone measured, another zone, still ends it). A collector whose time is not the receipt (one time for a whole
     * export) gives no thousand clean samples in a row.
     */
    static final int SETTLED_SAMPLES = 1_000;
    private static final long QUARTER_NANOS = 15L * 60 * 1_000_000_000L;

    private ZoneProbe() {
    }

    /**
     * The zone {@code f}'s records measure, or {@link LogZone.FileZone#NONE} (with the reason, where the collector's times measured
     * one zone somewhere and another elsewhere). Streamed, one pass: the head ({@link #HEAD_BYTES}) is read first; a file whose head
     * holds no line of a collector's envelope (a plain log) and states no offset of its own is read no further (no collector's time
     * is looked for past a plain head). Any other is read through: every record that carries both a literal-Z time and a collector's
     * stated time is compared, not the head's alone (session 62: a first MiB of another zone's, or without the collector's time,
     * no longer decides the whole file), and the records' own stated offsets over every line ({@link OwnOffset}).
     */
    static LogZone.FileZone measure(InputFile f, int maxLineBytes) {
        Probe probe = new Probe();
        EnvelopeDecoder envelopes = new EnvelopeDecoder(maxLineBytes);
        long[] bytes = new long[1];
        try (ChunkLineReader lines = new ChunkLineReader(new LineChunk(f, 0, 0, -1), b -> { }, maxLineBytes)) {
            String line;
            long n = 0;
            boolean inHead = true;
            while ((line = lines.next()) != null) {
                bytes[0] += line.length() + 1;
                UnwrappedLine u = envelopes.decode(line, ++n);
                if (u != null) {
                    probe.accept(u);
                }
                if (inHead && bytes[0] >= HEAD_BYTES) {
                    inHead = false;
                    if ((!probe.enveloped || probe.failed) && probe.own.stated == 0) {
                        // a plain head (no collector's time to look for), or one whose collector's times already disagree with a
                        // zone (a UTC controller's, 0 from them; nothing past it is measured), and no offset stated
                        break;
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return LogZone.FileZone.NONE; // pass 2 says what is wrong with the file; a zone the file was not read through for is not taken
        }
        return probe.zone();
    }

    /** The same from an earlier read's lines (every line). */
    static LogZone.FileZone measure(LogLines earlier) {
        Probe probe = new Probe();
        for (LogLines.Line l : earlier.lines()) {
            probe.accept(l.line());
        }
        return probe.zone();
    }

    /** The same from lines already unwrapped (tests). */
    static LogZone.FileZone measure(Iterable<UnwrappedLine> lines) {
        Probe probe = new Probe();
        for (UnwrappedLine u : lines) {
            probe.accept(u);
        }
        return probe.zone();
    }

    private static final class Probe {
        private long quarters;
        private int samples;
        private boolean failed;
        /** The first record whose collector's time disagreed with the earlier ones', and by how many quarter hours (or off a quarter). */
        private long failedLine;
        private long failedOffset;
        /** Records received off every quarter hour after {@link #SETTLED_SAMPLES} clean ones (a shipper's backlog), set aside. */
        private long backlog;
        /** A line of the file came in a collector's envelope (a log store's export, a CRI file, …). */
        private boolean enveloped;
        private final OwnOffset own = new OwnOffset();

        void accept(UnwrappedLine u) {
            enveloped |= u.envelope() != null && u.envelope() != dev.argoforensics.envelope.EnvelopeKind.NONE;
            if (!u.cut()) {
                own.fileLine = u.firstLine();
                own.accept(u.record());
            }
            if (!failed) {
                collector(u);
            }
        }

        /** The collector's reading of one line, over the whole file: one disagreement and nothing is measured. */
        private void collector(UnwrappedLine u) {
            Timestamp collector = u.envelopeTime();
            if (u.cut() || collector == null || collector.zone() != ZoneBasis.STATED) {
                return;
            }
            QuickScan.Head head = QuickScan.head(u.record(), FileAssembler.UNKNOWN_YEAR);
            if (head == null || head.time() == null || head.format() == RecordFormat.KLOG || head.time().zone() != ZoneBasis.LITERAL_Z) {
                return;
            }
            long offset = head.time().nanosUntil(collector);
            long q = Math.round((double) offset / QUARTER_NANOS);
            boolean offQuarter = Math.abs(offset - q * QUARTER_NANOS) > LATENCY_NANOS;
            if (offQuarter && samples >= SETTLED_SAMPLES) {
                backlog++;
                return;
            }
            if (q == 0 || offQuarter || (samples > 0 && q != quarters)
                    || Math.abs(q) > 18 * 4) {
                failed = true;
                failedLine = u.firstLine();
                failedOffset = offset;
                return;
            }
            quarters = q;
            samples++;
        }

        LogZone.FileZone zone() {
            LogZone.FileZone stated = own.zone();
            if (failed && samples >= MIN_SAMPLES) {
                // The collector's times measured one zone over the records before this one and not here: no one zone is the file's.
                return stated.zone() != null ? stated : LogZone.FileZone.unmeasured(dev.argoforensics.wording.Message.of(
                        "note.read.zoneNotMeasured", "offset", offsetOf(quarters).getId().replace("Z", "+00:00"), "samples", samples,
                        "line", failedLine, "lag", dev.argoforensics.time.GoDuration.format(failedOffset)));
            }
            if (failed || samples < MIN_SAMPLES) {
                dev.argoforensics.wording.Message two = own.twoOffsets();
                return stated.zone() == null && two != null ? LogZone.FileZone.unmeasured(two) : stated;
            }
            ZoneOffset offset = offsetOf(quarters);
            if (stated.zone() != null && !stated.zone().equals(offset)) {
                return LogZone.FileZone.NONE; // two readings of the file's zone that disagree: neither is taken
            }
            return new LogZone.FileZone(offset, ZoneBasis.MEASURED, samples);
        }

        /** The collector's time is the instant; the record's wall clock runs ahead of UTC by the zone's offset. */
        private static ZoneOffset offsetOf(long quarters) {
            return ZoneOffset.ofTotalSeconds((int) (-quarters * QUARTER_NANOS / 1_000_000_000L));
        }
    }

    /**
     * The zone the records themselves state beside their literal-Z times. In v3.6.5 to v3.6.10 and v3.7.0 to v3.7.1 the pod
     * controller logged through a logrus logger of its own ({@code logrus.New()} in {@code workflow/controller/pod/controller.go}),
     * which the controller's settings never reached: logrus's default text format whatever {@code --log-format} said (upstream
     * #15527), its default level (#14808), and its default time, RFC 3339 to the second with the zone's real offset
     * ({@code time="2026-03-02T13:20:04+01:00"}, #14371), beside the controller's own {@code 2006-01-02T15:04:05.000Z} layout, local
     * time with a literal Z. Both print the one process's wall clock, so a file whose records state a nonzero offset that way is read
     * in that zone, when: every such record states the same offset; at least {@link #MIN_OWN} do; and each is nearer in wall
     * clock than in instant to the literal-Z record nearest it in the file (less than half the offset apart: a literal-Z record
     * that was UTC would be the whole offset away), which there is at least one of. A stated offset speaks for the process that
     * printed it, at the moment it printed it (session 61's breaker): no record of the whole file, not its head alone, states
     * another offset (UTC's {@code Z} to the second included: summer time begun past the head, a later run without {@code TZ}),
     * and every run of the controller in the file (from its {@code Starting Workflow Controller} line) that holds literal-Z records
     * states the offset too (a run of a version whose pod controller logs through the controller's logger states none).
     */
    private static final class OwnOffset {
        static final int MIN_OWN = 2;
        private int offsetSeconds;
        private int stated;
        private boolean failed;
        private long line;
        /** The file's line of the record being read (0 where unknown); the first stated record's; the first stating another offset's, and it. */
        long fileLine;
        private long firstStatedLine;
        private long conflictLine;
        private int conflictOffset;
        /** The latest literal-Z record's wall clock (epoch seconds read as UTC), and its line; the stated records waiting for the next. */
        private long lastZWall = Long.MIN_VALUE;
        private long lastZLine;
        private final java.util.ArrayDeque<long[]> waiting = new java.util.ArrayDeque<>();
        private int agreeing;
        /** A record stated UTC in logrus's default layout ("Z" to the second, or "+00:00"). */
        private boolean utc;
        /**
         * The current run's (from the file's start or its latest start-up line): whether it held a literal-Z record, and one that
         * stated its offset; and whether an earlier run held literal-Z records but stated nothing.
         */
        private boolean runLiteral;
        private boolean runStated;
        private boolean unstatedRun;

        /**
         * Closes the current run (a start-up line, or the end). A stated offset speaks for the process that printed it: a run whose
         * literal-Z records stand beside no stated record (a version whose pod controller logs through the controller's logger, a
         * run too quiet to handle a Pod) was maybe in another zone, and no offset is the file's.
         */
        private void endRun() {
            unstatedRun |= runLiteral && !runStated;
            runLiteral = false;
            runStated = false;
        }

        void accept(String record) {
            line++;
            if (failed || record == null || record.length() < 32 || !record.startsWith("time=\"")) {
                return;
            }
            char c = record.charAt(25);
            if (c == '.' && record.indexOf("Z\"", 26) > 26 && record.indexOf("Z\"", 26) <= 36) {
                long wall = wall(record);
                if (wall == Long.MIN_VALUE) {
                    return;
                }
                if (record.contains(" msg=\"Starting Workflow Controller\"")) {
                    endRun(); // another process from here on, maybe in another zone (or of a version whose pod controller states none)
                }
                runLiteral = true;
                while (!waiting.isEmpty()) {
                    long[] w = waiting.poll();
                    // the nearer of the previous and this literal-Z record, by line
                    boolean previousNearer = lastZWall != Long.MIN_VALUE && w[0] - lastZLine <= line - w[0];
                    check(w, previousNearer ? lastZWall : wall);
                }
                lastZWall = wall;
                lastZLine = line;
            } else if (c == 'Z' && record.charAt(26) == '"') {
                // logrus's default layout in UTC ("Z" to the second): a process that ran in UTC, as the pod controller of a run
                // without TZ does; beside records stating another offset, two zones are in the file
                utc |= wall(record) != Long.MIN_VALUE;
                conflict(utc && stated > 0, 0);
            } else if ((c == '+' || c == '-') && record.charAt(28) == ':' && record.charAt(31) == '"') {
                int offset;
                try {
                    offset = (c == '-' ? -1 : 1) * (Integer.parseInt(record.substring(26, 28)) * 3600 + Integer.parseInt(record.substring(29, 31)) * 60);
                } catch (NumberFormatException e) {
                    return;
                }
                long wall = wall(record);
                if (offset == 0 || wall == Long.MIN_VALUE) {
                    utc |= offset == 0 && wall != Long.MIN_VALUE;
                    conflict(utc && stated > 0, 0);
                    return;
                }
                if (stated > 0 && offset != offsetSeconds || utc) {
                    conflict(true, offset);
                    return;
                }
                if (stated == 0) {
                    firstStatedLine = fileLine;
                }
                offsetSeconds = offset;
                stated++;
                runStated = true;
                waiting.add(new long[] {line, wall}); // settled by the next literal-Z record, or at the end against the previous
            }
        }

        /** Two offsets stated in the file (the first one's, and {@code other} at the current line): no one offset is the file's. */
        private void conflict(boolean two, int other) {
            if (two && !failed) {
                conflictLine = fileLine;
                conflictOffset = other;
            }
            failed |= two;
        }

        /**
         * Why no offset was taken where the records stated two (or null): session 62 reads no stretch in its own offset yet, and
         * says so rather than refusing silently.
         */
        dev.argoforensics.wording.Message twoOffsets() {
            return conflictLine == 0 ? null : dev.argoforensics.wording.Message.of("note.read.statedOffsetsDiffer",
                    "offset", ZoneOffset.ofTotalSeconds(offsetSeconds).getId().replace("Z", "+00:00"), "first", firstStatedLine,
                    "other", ZoneOffset.ofTotalSeconds(conflictOffset).getId().replace("Z", "+00:00"), "line", conflictLine);
        }

        private void check(long[] w, long zWall) {
            if (Math.abs(w[1] - zWall) * 2 < Math.abs(offsetSeconds)) {
                agreeing++;
            } else {
                failed = true;
            }
        }

        /** Seconds since the epoch of the record's wall clock ({@code time="yyyy-MM-ddTHH:mm:ss…}), read as if UTC; MIN_VALUE if none. */
        private static long wall(String record) {
            try {
                return java.time.LocalDateTime.parse(record.substring(6, 25)).toEpochSecond(ZoneOffset.UTC);
            } catch (java.time.format.DateTimeParseException e) {
                return Long.MIN_VALUE;
            }
        }

        LogZone.FileZone zone() {
            endRun();
            if (unstatedRun) {
                return LogZone.FileZone.NONE;
            }
            if (!failed && lastZWall != Long.MIN_VALUE) {
                while (!waiting.isEmpty()) {
                    check(waiting.poll(), lastZWall);
                }
            }
            if (failed || stated < MIN_OWN || agreeing < stated) {
                return LogZone.FileZone.NONE;
            }
            return new LogZone.FileZone(ZoneOffset.ofTotalSeconds(offsetSeconds), ZoneBasis.MEASURED, stated, true);
        }
    }
}
