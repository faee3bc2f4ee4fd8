package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import org.junit.jupiter.api.Test;

/** An excerpt's times of day in line order: past midnight on the next placeholder day, never on a made-up date. */
class ExcerptDaysTest {
    private static Timestamp at(int h, int m, int s, int ms) {
        return Timestamp.timeOfDay(h, m, s, ms * 1_000_000, TimePrecision.MILLISECOND, 0);
    }

    @Test
    void aStepBackOfHoursIsMidnightAndASmallOneIsTwoWorkersLines() {
        ExcerptDays days = new ExcerptDays();
        Timestamp late = days.place(at(23, 59, 59, 120));
        Timestamp earlierWorker = days.place(at(23, 59, 58, 990));
        Timestamp pastMidnight = days.place(at(0, 0, 0, 31));
        Timestamp later = days.place(at(0, 0, 0, 90));
        assertEquals(0, late.placeholderDay());
        assertEquals(0, earlierWorker.placeholderDay(), "a second back: lines of two workers, the same day");
        assertEquals(1, pastMidnight.placeholderDay());
        assertEquals(1, later.placeholderDay());
        assertTrue(late.isBefore(pastMidnight));
        assertEquals(911_000_000L, late.nanosUntil(pastMidnight));
        assertTrue(pastMidnight.undated(), "still a time of day: no date is known");
    }

    @Test
    void anExcerptThatStartsAfterMidnightStaysOnItsFirstDay() {
        ExcerptDays days = new ExcerptDays();
        assertEquals(0, days.place(at(0, 12, 0, 0)).placeholderDay());
        assertEquals(0, days.place(at(6, 30, 0, 0)).placeholderDay());
        assertEquals(0, days.place(at(5, 45, 0, 0)).placeholderDay(), "45 minutes back is under an hour: not midnight");
    }
}
