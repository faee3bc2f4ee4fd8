package dev.argoforensics.catalog;

import dev.argoforensics.line.Level;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import java.util.List;

/**
 * A fact about a line's shape that narrows down the release (catalog section {@code fingerprints}).
 * Conditions left null (or empty) always hold.
 */
public record Fingerprint(String id, List<String> formats, String entry, Level level, String hasKey, String lacksKey,
                          ReleaseRange releases) {
    public Fingerprint {
        formats = List.copyOf(formats);
    }

    /**
     * For a line read only up to its message: fingerprints that test keys do not apply. A null format
     * is a record whose form says nothing of its writer (rebuilt from an export's columns): a
     * fingerprint that tests the format does not apply either.
     */
    boolean appliesWithoutKeys(RecordFormat format, Level lineLevel, CatalogEntry matched) {
        return hasKey == null && lacksKey == null
                && (formats.isEmpty() || (format != null && formats.contains(format.label())))
                && (entry == null || (matched != null && matched.id().equals(entry)))
                && (level == null || level == lineLevel);
    }

    /** @param formatKnown false for a record rebuilt from an export's columns, whose form is the rebuilder's, not the writer's */
    boolean appliesTo(LogRecord record, CatalogEntry matched, boolean formatKnown) {
        return (formats.isEmpty() || (formatKnown && formats.contains(record.format().label())))
                && (entry == null || (matched != null && matched.id().equals(entry)))
                && (level == null || level == record.level())
                && (hasKey == null || record.value(hasKey).isPresent())
                && (lacksKey == null || record.value(lacksKey).isEmpty());
    }
}
