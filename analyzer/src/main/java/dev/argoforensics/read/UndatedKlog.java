package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.wording.Message;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** klog lines that no record of their own file dated, once every file is read. */
final class UndatedKlog {
    private UndatedKlog() {
    }

    /**
     * klog lines of a file where nothing dates them take the year nearest the earliest dated event of
     * all the inputs; if there is none, they keep a placeholder year. Returns a note per file path.
     */
    static Map<String, Message> dateFromOtherInputs(StreamAssembler assembler, List<LogEvent> undated) {
        Map<String, Message> notes = new HashMap<>();
        if (undated.isEmpty()) {
            return notes;
        }
        Set<LogEvent> undatedSet = Collections.newSetFromMap(new IdentityHashMap<>());
        undatedSet.addAll(undated);
        Timestamp reference = assembler.earliestHandedOver();
        for (LogEvent e : assembler.events()) {
            if (!undatedSet.contains(e) && (reference == null || e.time().compareTo(reference) < 0)) {
                reference = e.time();
            }
        }
        if (reference != null) {
            Map<LogEvent, LogEvent> replacements = new IdentityHashMap<>();
            for (LogEvent e : undated) {
                replacements.put(e, StreamAssembler.retimed(e, KlogYears.near(e.time(), reference)));
            }
            assembler.replace(replacements);
        }
        String key = reference == null ? "note.read.klogNoYear" : "note.read.klogYearFromInputs";
        int year = reference == null ? StreamAssembler.UNKNOWN_YEAR : reference.instant().atZone(ZoneOffset.UTC).getYear();
        Map<String, Integer> countByFile = new TreeMap<>();
        undated.forEach(e -> countByFile.merge(e.source().file(), 1, Integer::sum));
        countByFile.forEach((file, n) -> notes.put(file, Message.of(key, "count", n, "year", year)));
        return notes;
    }
}
