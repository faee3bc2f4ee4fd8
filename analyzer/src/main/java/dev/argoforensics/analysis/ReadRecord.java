package dev.argoforensics.analysis;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.time.Timestamp;

/**
 * One record read from a log file, before it is placed in a controller stream and given its
 * ordinal (see {@link ControllerStreams}).
 *
 * @param line      where it stands and what wrapped it
 * @param time      the controller's time (for a Go panic, the time of a neighbouring record)
 * @param catalogId the catalog entry that recognised it, or null
 * @param text      the record as written (for a panic, its first lines)
 * @param releases  what the line says about the Argo release that wrote it
 */
record ReadRecord(UnwrappedLine line, Timestamp time, RecordFormat format, Level level, String catalogId, ControllerEvent event,
                  String text, ReleaseEvidence releases) {

    ReadRecord withTime(Timestamp t) {
        return new ReadRecord(line, t, format, level, catalogId, event, text, releases);
    }
}
