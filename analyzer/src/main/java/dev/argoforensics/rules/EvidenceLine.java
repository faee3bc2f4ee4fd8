package dev.argoforensics.rules;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * A line or object a finding rests on.
 *
 * @param time the line's time; null for an exported object, which has no time of its own
 * @param role why it is cited, in a few words
 * @param text the line as written, or a summary of the object's relevant fields
 * @param controller the controller run that wrote the line ({@link ControllerProcess#label()}); null for objects
 */
public record EvidenceLine(SourceRef source, Timestamp time, String role, String text, String controller) {

    /** A log line, with the controller run (replica and restart) that wrote it. */
    public static EvidenceLine of(LogEvent e, ControllerProcess process, String role) {
        return new EvidenceLine(e.source(), e.time(), role, e.text(), process == null ? null : process.label());
    }

    /** An exported object: no time of its own, no controller. */
    public static EvidenceLine object(SourceRef source, String role, String summary) {
        return new EvidenceLine(source, null, role, summary, null);
    }
}
