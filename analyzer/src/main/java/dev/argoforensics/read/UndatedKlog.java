package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** klog lines that no record of their own file dated, once every file is read. */
final class UndatedKlog {
    private UndatedKlog() {
    }

    /** The undated lines with their years, in the order given, and a note per file path. */
    record Dating(List<LogEvent> events, Map<String, Message> notes) {
    }

    /**
     * klog lines of a file where nothing dates them take the year nearest the earliest dated event of
     * all the inputs ({@code reference}); if there is none, they keep a placeholder year.
     *
     * @param reference the earliest time among all the events read but these, or null
     */
    static Dating date(List<LogEvent> undated, Timestamp reference) {
        Map<String, Message> notes = new HashMap<>();
        if (undated.isEmpty()) {
            return new Dating(List.of(), notes);
        }
        List<LogEvent> dated = reference == null ? undated
                : undated.stream().map(e -> FileAssembler.retimed(e, KlogYears.near(e.time(), reference))).toList();
        String key = reference == null ? "note.read.klogNoYear" : "note.read.klogYearFromInputs";
        int year = reference == null ? FileAssembler.UNKNOWN_YEAR : reference.instant().atZone(ZoneOffset.UTC).getYear();
        Map<String, Integer> countByFile = new TreeMap<>();
        undated.forEach(e -> countByFile.merge(e.source().file(), 1, Integer::sum));
        countByFile.forEach((file, n) -> notes.put(file, Message.of(key, "count", n, "year", year)));
        return new Dating(dated, notes);
    }
}
