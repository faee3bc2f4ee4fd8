package dev.argoforensics.read;

import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What else a reader of one log file should know, counted while the file is read and stated as
 * data when it ends: one {@code note.read.*} message per fact, with its values (the report words
 * them, en.yaml). Notes only the whole reading can give (klog years from other inputs, runs that
 * went back in time) are added by {@link LogReader} afterwards.
 */
final class FileNotes {
    private int klogYearsFromNeighbours;
    private int panics;
    private int redacted;
    private final Set<String> placeholders = new TreeSet<>();

    private int wrapWidth;
    private long wrappedRecords;
    private long wrappedLines;
    private long firstWrappedLine;

    /** Records a chunk joined from the pieces of a hard-wrapped terminal copy ({@link HardWrap}); {@code base}: the file's lines before it. */
    void hardWrapped(dev.argoforensics.accounting.ReadStats st, long base) {
        if (st.wrappedRecords() == 0) {
            return;
        }
        wrapWidth = st.wrapWidth();
        if (wrappedRecords == 0 || base + st.firstWrappedLine() < firstWrappedLine) {
            firstWrappedLine = base + st.firstWrappedLine();
        }
        wrappedRecords += st.wrappedRecords();
        wrappedLines += st.wrappedLines();
    }

    private String entryDocument;
    private long entries;
    private long unreadEntries;
    private long firstUnreadEntry;

    /** Records a document of log entries read entry by entry ({@code LogEntryDocument}); {@code base}: the file's lines before it. */
    void entries(dev.argoforensics.accounting.ReadStats st, long base) {
        if (st.entryDocument() == null) {
            return;
        }
        entryDocument = st.entryDocument();
        entries += st.entries();
        if (st.unreadEntries() > 0 && (unreadEntries == 0 || base + st.firstUnreadEntryLine() < firstUnreadEntry)) {
            firstUnreadEntry = base + st.firstUnreadEntryLine();
        }
        unreadEntries += st.unreadEntries();
    }

    /** A klog line took its year from the neighbouring record. */
    void klogYearFromNeighbour() {
        klogYearsFromNeighbours++;
    }

    /** A Go panic block was read as one event. */
    void panic() {
        panics++;
    }

    /** A line read in full named a Pod, Workflow or namespace by a placeholder the user wrote ({@code <pod-name>}, {@code xxx}). */
    void redacted(String placeholder) {
        redacted++;
        if (placeholders.size() < MAX_PLACEHOLDERS) {
            placeholders.add(placeholder);
        }
    }

    /** Placeholders named in the note; a paste uses a handful. */
    private static final int MAX_PLACEHOLDERS = 5;

    /**
     * @param reversed        the file was read newest first
     * @param zone            the zone check's note, if the records' clock looks like local time
     * @param otherContainers lines of other containers, by container
     */
    List<Message> finish(boolean reversed, Optional<Message> zone, Map<String, Long> otherContainers) {
        List<Message> notes = new ArrayList<>();
        if (reversed) {
            notes.add(Message.of("note.read.reversed"));
        }
        if (entryDocument != null) {
            notes.add(Message.of("YAML".equals(entryDocument) ? "note.read.logEntriesYaml" : "RESPONSE".equals(entryDocument)
                    ? "note.read.logEntriesResponse" : "note.read.logEntriesJson", "entries", entries,
                    "unread", unreadEntries == 0 ? Message.NOTHING : Message.of("note.read.logEntriesUnread", "count", unreadEntries,
                            "first", firstUnreadEntry)));
        }
        if (wrappedRecords > 0) {
            notes.add(Message.of("note.read.hardWrapped", "records", wrappedRecords, "lines", wrappedLines, "width", wrapWidth,
                    "first", firstWrappedLine));
        }
        if (klogYearsFromNeighbours > 0) {
            notes.add(Message.of("note.read.klogYearFromNeighbour", "count", klogYearsFromNeighbours));
        }
        if (panics > 0) {
            notes.add(Message.of("note.read.goPanics", "count", panics));
        }
        if (redacted > 0) {
            notes.add(Message.of("note.read.redactedNames", "count", redacted, "placeholders", String.join(", ", placeholders)));
        }
        zone.ifPresent(notes::add);
        if (!otherContainers.isEmpty()) {
            notes.add(otherContainers(otherContainers));
            // Why a container named like a controller was kept apart (session 57): whose name, Pod and all, says it is another's.
            String controllers = otherContainers.keySet().stream().filter(c -> c.contains("controller")).collect(Collectors.joining(", "));
            if (!controllers.isEmpty()) {
                notes.add(Message.of("note.read.otherControllers", "containers", controllers));
            }
        }
        return notes;
    }

    /** "3 lines of other containers kept apart (main 2, wait 1)…": the containers and their lines joined, as data. */
    static Message otherContainers(Map<String, Long> byContainer) {
        long all = byContainer.values().stream().mapToLong(Long::longValue).sum();
        String containers = byContainer.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        return Message.of(all == 1 ? "note.read.otherContainersOne" : "note.read.otherContainersMany", "count", all, "containers", containers);
    }
}
