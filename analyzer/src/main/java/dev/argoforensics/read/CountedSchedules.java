package dev.argoforensics.read;

import dev.argoforensics.event.LogCoverage.CountedLine;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Where cleanup scheduling lines were only counted, not kept: a fact only the reader knows. It pairs
 * nothing: the correlation pairs a handler's {@code Removing finalizers during a delete} with the next
 * scheduling line of its stream, and must know when that next line was one it cannot see. Of counted
 * scheduling lines in a row (no kept line of their stream between them) only the first is noted: the
 * others add nothing, and a selective read of a large log counts millions.
 */
final class CountedSchedules {
    /** Streams with a kept line since their last noted counted scheduling line. */
    private final BitSet keptSince = new BitSet();
    private final List<CountedLine> lines = new ArrayList<>();

    void kept(int stream) {
        keptSince.set(stream);
    }

    /** A counted scheduling line (or a counted run holding one: no kept line stands inside a run) at this place of its stream. */
    void counted(int stream, long ordinal) {
        if (keptSince.get(stream)) {
            keptSince.clear(stream);
            lines.add(new CountedLine(stream, ordinal));
        }
    }

    List<CountedLine> lines() {
        return lines;
    }
}
