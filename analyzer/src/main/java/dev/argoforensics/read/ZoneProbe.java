package dev.argoforensics.read;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
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
 * 40 s), or too few records: nothing is measured (and the file's note still says what the times look like).
 */
final class ZoneProbe {
    /** The head looked at: what pass 1's first block reads anyway. */
    static final int HEAD_BYTES = 1 << 20;
    static final int MIN_SAMPLES = 5;
    static final long LATENCY_NANOS = 2_000_000_000L;
    private static final long QUARTER_NANOS = 15L * 60 * 1_000_000_000L;

    private ZoneProbe() {
    }

    /** The zone the head of {@code f} measures, or {@link LogZone.FileZone#NONE}. */
    static LogZone.FileZone measure(InputFile f, int maxLineBytes) {
        List<String> head;
        try {
            head = InputClassifier.headLines(f.path(), f.compressed(), HEAD_BYTES);
        } catch (IOException | RuntimeException e) {
            return LogZone.FileZone.NONE; // pass 2 says what is wrong with the file
        }
        Probe probe = new Probe();
        EnvelopeDecoder envelopes = new EnvelopeDecoder(maxLineBytes);
        long n = 0;
        for (String line : head) {
            UnwrappedLine u = envelopes.decode(line, ++n);
            if (u != null && !probe.accept(u)) {
                break;
            }
        }
        return probe.zone();
    }

    /** The same from an earlier read's lines. */
    static LogZone.FileZone measure(LogLines earlier) {
        Probe probe = new Probe();
        for (LogLines.Line l : earlier.lines()) {
            if (!probe.accept(l.line())) {
                break;
            }
        }
        return probe.zone();
    }

    /** The same from lines already unwrapped (tests). */
    static LogZone.FileZone measure(Iterable<UnwrappedLine> lines) {
        Probe probe = new Probe();
        for (UnwrappedLine u : lines) {
            if (!probe.accept(u)) {
                break;
            }
        }
        return probe.zone();
    }

    private static final class Probe {
        private long quarters;
        private int samples;
        private boolean failed;

        /** False once decided (a disagreement, or enough samples). */
        boolean accept(UnwrappedLine u) {
            Timestamp collector = u.envelopeTime();
            if (u.cut() || collector == null || collector.zone() != ZoneBasis.STATED) {
                return true;
            }
            QuickScan.Head head = QuickScan.head(u.record(), FileAssembler.UNKNOWN_YEAR);
            if (head == null || head.time() == null || head.format() == RecordFormat.KLOG || head.time().zone() != ZoneBasis.LITERAL_Z) {
                return true;
            }
            long offset = head.time().nanosUntil(collector);
            long q = Math.round((double) offset / QUARTER_NANOS);
            if (q == 0 || Math.abs(offset - q * QUARTER_NANOS) > LATENCY_NANOS || (samples > 0 && q != quarters)
                    || Math.abs(q) > 18 * 4) {
                failed = true;
                return false;
            }
            quarters = q;
            samples++;
            return samples < FileAssembler.ZONE_OFFSET_SAMPLES;
        }

        LogZone.FileZone zone() {
            if (failed || samples < MIN_SAMPLES) {
                return LogZone.FileZone.NONE;
            }
            // The collector's time is the instant; the record's wall clock runs ahead of UTC by the zone's offset.
            ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) (-quarters * QUARTER_NANOS / 1_000_000_000L));
            return new LogZone.FileZone(offset, ZoneBasis.MEASURED, samples);
        }
    }
}
