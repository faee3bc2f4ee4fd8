package dev.argoforensics.read;

import dev.argoforensics.time.Timestamp;
import java.util.List;

/** What pass 1 learnt from one chunk: names of interest, and how its times run (for reversed exports). */
public final class ScanResult {
    final Interest interest = Interest.none();
    Timestamp first;
    Timestamp last;
    long backwards;
    long forwards;

    /** Whether a file whose chunks gave these results, in order, runs mostly backwards in time: an export written newest first. */
    static boolean newestFirst(List<ScanResult> chunksInOrder) {
        long backwards = 0;
        long forwards = 0;
        Timestamp last = null;
        for (ScanResult r : chunksInOrder) {
            backwards += r.backwards;
            forwards += r.forwards;
            if (last != null && r.first != null) {
                backwards += r.first.isBefore(last) ? 1 : 0;
                forwards += last.isBefore(r.first) ? 1 : 0;
            }
            last = r.last != null ? r.last : last;
        }
        return backwards >= 3 && backwards > 4 * forwards;
    }

    void time(Timestamp t) {
        if (last != null) {
            if (t.isBefore(last)) {
                backwards++;
            } else if (last.isBefore(t)) {
                forwards++;
            }
        }
        if (first == null) {
            first = t;
        }
        last = t;
    }
}
