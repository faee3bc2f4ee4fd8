package dev.argoforensics.testing;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A controller log as a whole run writes it: the stats ticker's {@code Alloc=…} line (argoproj/pkg, every 5 minutes from the
 * process start, v3 and v4 alike in logrus text, reference §3.7), a record that names nothing, among the given lines. A fixture
 * that stands for a controller's whole log over a span longer than the ticker's period holds these, as a real one does; without
 * them the log is read as an excerpt there (session 56: a run with no periodic record over a span longer than the period is not
 * known whole there).
 */
public final class Ticker {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Ticker() {
    }

    /**
     * The lines, with a tick every 5 minutes from {@code start} (the ticker's start: its first tick is 5 minutes later) inserted
     * before the first line later than the tick, up to the last line's time. The lines must be in time order and carry a time.
     */
    public static String[] wholeFrom(String start, String... lines) {
        RecordParser parser = new RecordParser();
        List<String> out = new ArrayList<>();
        Instant tick = Instant.parse(start).plusSeconds(300);
        int n = 0;
        for (String line : lines) {
            Instant t = time(parser, line);
            while (!tick.isAfter(t)) {
                out.add(tick(tick, n++));
                tick = tick.plusSeconds(300);
            }
            out.add(line);
        }
        return out.toArray(String[]::new);
    }

    /** As {@link #wholeFrom(String, String...)}, the ticker started at the first line's time. */
    public static String[] whole(String... lines) {
        return wholeFrom(time(new RecordParser(), lines[0]).toString(), lines);
    }

    /** One tick at that time, in logrus text (v3, and v4.0.1+'s logrus lines). */
    public static String tick(Instant at, int n) {
        return "time=\"" + TIME.format(at) + "\" level=info msg=\"Alloc=" + (9000 + 37 * n % 4000) + " TotalAlloc=" + (40000 + 3100 * n)
                + " Sys=41230 NumGC=" + (12 + 2 * n) + " Goroutines=" + (130 + n % 17) + "\"";
    }

    private static Instant time(RecordParser parser, String line) {
        LineParse p = parser.parse(line, 2026);
        if (!(p instanceof LineParse.Parsed parsed) || parsed.record().time() == null) {
            throw new IllegalArgumentException("no time: " + line);
        }
        return parsed.record().time().instant();
    }
}
