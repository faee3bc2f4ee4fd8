package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.event.LogCoverage.CountedLine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reader's mark: where a scheduling line was only counted, once per stretch between kept lines of its stream. */
class CountedSchedulesTest {
    @Test
    void theFirstCountedSchedulingLineAfterEachKeptLineOfItsStreamIsNoted() {
        CountedSchedules c = new CountedSchedules();
        c.counted(0, 0); // nothing kept before it in stream 0: no handler line can wait for it
        c.kept(0); // ordinal 1, e.g. a handler line
        c.kept(1); // ordinal 2, another replica
        c.counted(0, 3);
        c.counted(0, 4); // adds nothing: no kept line of stream 0 since ordinal 3
        c.kept(0); // ordinal 5
        c.counted(1, 6);
        c.counted(0, 7);
        assertEquals(List.of(new CountedLine(0, 3), new CountedLine(1, 6), new CountedLine(0, 7)), c.lines());
    }
}
