package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.time.Timestamp;

/**
 * Why a controller run's lines over a stretch may not all be there, as its records that name nothing show it
 * ({@link StreamExtents#cutOver}): a claim that a line is absent over the stretch rests on the run read whole there.
 *
 * @param run  the run
 * @param kind what shows the cut
 * @param from where it begins: the gap's earlier record ({@link Kind#GAP}); the stretch's start ({@link Kind#NONE_BEFORE},
 *             {@link Kind#NO_RECORDS}); the latest record naming nothing ({@link Kind#NONE_AFTER}); the run's last line given
 *             ({@link Kind#LATER_LOG_MISSING})
 * @param to   where it ends: the gap's later record ({@link Kind#GAP}); the run's first record naming nothing ({@link Kind#NONE_BEFORE});
 *             the stretch's end (the others)
 */
public record ReadCut(ControllerProcess run, Kind kind, Timestamp from, Timestamp to) {
    /** What shows the cut. */
    public enum Kind {
        /** The run holds no record that names nothing at all: a grep for names keeps none. */
        NO_RECORDS,
        /** None at or before the stretch's start (or, at the run's first line, none within the stats ticker's period after it). */
        NONE_BEFORE,
        /** Two consecutive ones further apart than the stats ticker's period overlap the stretch: head, a grep and tail pasted together. */
        GAP,
        /** None at or after the stretch's end (or, at the run's last line, none within the stats ticker's period before it): a head and a grep. */
        NONE_AFTER,
        /**
         * The stretch goes on past the run's last line given, and the run's later lines were not given: a rotated piece without its
         * successor, or lines selected or cut ({@link ControllerProcess#cutAtEnd()}).
         */
        LATER_LOG_MISSING
    }
}
