package dev.argoforensics.analysis;

import dev.argoforensics.time.Timestamp;

/** What pass 1 learnt from one chunk: names of interest, and how its times run (for reversed exports). */
final class ScanResult {
    final Interest interest = Interest.none();
    Timestamp first;
    Timestamp last;
    long backwards;
    long forwards;

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
