package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;

/**
 * Takes each assembled event as the reading produces it, instead of the reading keeping it (the
 * index writes a document per event, with memory that does not grow with the input). An event is
 * handed over once its time is final: in file order within a file, except for the klog lines no
 * record of their file dated, which come when the whole reading is done (another input dates them).
 * Called on the reading's assembling thread, one event at a time.
 */
@FunctionalInterface
public interface EventSink {
    void accept(LogEvent event);

    /**
     * The same, with the record as the reading parsed it ({@code parsed}: null for a Go panic block,
     * an executor's line, or an event whose parse was not kept). Only the first method need be written.
     */
    default void accept(LogEvent event, ParsedRecord parsed) {
        accept(event);
    }
}
