package dev.argoforensics.snapshot;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import dev.argoforensics.wording.Message;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The times in {@code argo get}'s header ({@code Created:  Tue Sep 22 09:14:03 +0000 (2 hours ago)}):
 * weekday, month, day, clock to the second and the zone offset, but no year. The year is the one
 * within a year of a reference date (from the other inputs or the file's {@code # taken-at:}) in which
 * that day falls on the printed weekday; between two years apart the weekday repeats only after five,
 * so at most one year fits. Without a reference, or if none fits, the time is left unknown.
 */
final class ArgoGetTime {
    private static final Pattern SHAPE = Pattern.compile(
            "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) ([+-])(\\d{2})(\\d{2})"
                    + "(?: \\((.*)\\))?$");

    /** A year to date argo's times by, and where it came from (said in the report). */
    record Reference(LocalDate date, Message from) {
    }

    /** A time read, or why not (a {@code note.argoTime.*} message: a note on the file, or the reason a line was not read). */
    record Read(Timestamp time, Message problem) {
    }

    private ArgoGetTime() {
    }

    static boolean looksLikeOne(String text) {
        return SHAPE.matcher(text).matches();
    }

    static Read parse(String text, Reference reference) {
        Matcher m = SHAPE.matcher(text);
        if (!m.matches()) {
            return new Read(null, Message.of("note.argoTime.notATime", "text", text));
        }
        if (reference == null) {
            return new Read(null, Message.of("note.argoTime.noYear"));
        }
        DayOfWeek weekday = weekday(m.group(1));
        Month month = month(m.group(2));
        int day = Integer.parseInt(m.group(3));
        int hour = Integer.parseInt(m.group(4));
        int minute = Integer.parseInt(m.group(5));
        int second = Integer.parseInt(m.group(6));
        int offsetMinutes = (Integer.parseInt(m.group(8)) * 60 + Integer.parseInt(m.group(9))) * ("-".equals(m.group(7)) ? -1 : 1);
        Integer year = null;
        for (int y = reference.date().getYear() - 1; y <= reference.date().getYear() + 1; y++) {
            try {
                if (LocalDate.of(y, month, day).getDayOfWeek() == weekday) {
                    year = y;
                }
            } catch (DateTimeException e) {
                // 29 February of a common year.
            }
        }
        if (year == null) {
            return new Read(null, Message.of("note.argoTime.noYearNear", "date", reference.date().toString(), "from", reference.from(),
                    "month", m.group(2), "day", m.group(3), "weekday", weekday.getDisplayName(TextStyle.FULL, Locale.ENGLISH), "text", text));
        }
        try {
            LocalDateTime local = LocalDateTime.of(year, month, day, hour, minute, second);
            return new Read(new Timestamp(local.toInstant(ZoneOffset.ofTotalSeconds(offsetMinutes * 60)), TimePrecision.SECOND, ZoneBasis.STATED),
                    null);
        } catch (DateTimeException e) {
            return new Read(null, Message.of("note.argoTime.invalid", "text", text, "detail", e.getMessage()));
        }
    }

    private static DayOfWeek weekday(String s) {
        for (DayOfWeek d : DayOfWeek.values()) {
            if (d.getDisplayName(TextStyle.SHORT, Locale.ENGLISH).equals(s)) {
                return d;
            }
        }
        throw new IllegalArgumentException(s);
    }

    private static Month month(String s) {
        for (Month mo : Month.values()) {
            if (mo.getDisplayName(TextStyle.SHORT, Locale.ENGLISH).equals(s)) {
                return mo;
            }
        }
        throw new IllegalArgumentException(s);
    }
}
