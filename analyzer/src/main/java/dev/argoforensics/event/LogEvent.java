package dev.argoforensics.event;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.Objects;

/**
 * One controller log record with everything a report needs to cite it: where it stands, both
 * clocks, what the catalog made of it and the record text itself, so nothing downstream re-reads a
 * file to quote it.
 *
 * @param source       file and first line
 * @param lastLine     last line (differs from the first for joined CRI partial pieces)
 * @param time         the controller's own time
 * @param envelopeTime the collector's time (kubectl --timestamps, CRI), or null
 * @param catalogId    the catalog entry that recognised the message, or null
 * @param text         the record as the controller wrote it (envelopes removed)
 * @param stream       index of the file it came from: lines of one stream keep their order
 * @param ordinal      position in the input (files in input order, lines in file order): the tie-break
 */
public record LogEvent(
        SourceRef source,
        long lastLine,
        Timestamp time,
        Timestamp envelopeTime,
        EnvelopeKind envelope,
        RecordFormat format,
        Level level,
        String catalogId,
        ControllerEvent event,
        String text,
        int stream,
        long ordinal) {

    public LogEvent {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(text, "text");
    }

    /** The message as the catalog knows it, or the raw message for unrecognised records. */
    public boolean recognised() {
        return catalogId != null;
    }
}
