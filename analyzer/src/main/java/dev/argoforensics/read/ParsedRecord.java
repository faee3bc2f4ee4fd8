package dev.argoforensics.read;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.line.LogRecord;

/**
 * A kept record as the reading's worker parsed it, handed to an {@link EventSink} with its event so
 * that the sink does not read the record again (the index: its keys and message, the catalog's
 * attributes). Only a reading with a sink keeps it, and only until the event is handed over.
 *
 * @param match what the catalog made of it, or null for a message the catalog does not know
 */
public record ParsedRecord(LogRecord record, CatalogMatch match) {
}
