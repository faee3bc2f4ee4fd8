package dev.argoforensics.accounting;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.time.ZoneBasis;
import dev.argoforensics.wording.Message;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What reading one input gave. For a log, every line is counted once: as the first line of an
 * event, as a continuation of one (joined partial pieces, a Go panic's stack), as an export's
 * header row, as blank, as excerpt furniture, or as unparsed.
 *
 * @param format       what was detected, in words ("slog text", "slog JSON in CRI log file", "YAML: Pod")
 * @param lines        physical lines
 * @param events       records read as events (for snapshots: objects read)
 * @param recognised   events whose message the catalog knows (for snapshots: objects of a known kind)
 * @param continuation lines that continue an event started on an earlier line, plus export header rows
 * @param prefixed     events found behind a prefix no known wrapper explains (kept as metadata)
 * @param blank        empty lines
 * @param unparsed     lines that are not a record (for snapshots: objects that could not be read)
 * @param samples      the first unparsed lines, with the reason
 * @param versionGuess the Argo release(s) the file's lines point to, with the evidence; null if none
 * @param notes        what else a reader of this file should know (reverse order, assumed years, zones), as data:
 *                     each a {@code note.*} message the report words
 * @param zones        the file's log records by how their time zone was known (kept or only counted)
 * @param problems     what was wrong with the file itself, each at its line: damage that ended the
 *                     reading early, lines cut for length, bytes that are not UTF-8, NUL bytes
 * @param furniture    lines of a pasted excerpt that are no record (prompts, omission marks, fences),
 *                     counted apart from {@code unparsed}, and the commands the prompts show
 * @param otherContainers lines of containers other than the controller's ({@code main}, {@code wait},
 *                     a sidecar; executor lines known by their message), by container: kept apart,
 *                     not read as controller records (executor lines about task results are also events)
 * @param readInPart   records read from lines cut short (pasted, copied from a console): only what was
 *                     whole before the cut (among the events; not unparsed)
 * @param cutShort     of those (the first 10,000): first line → what the cut lost, for the findings that cite them
 * @param pastedObjects for a log that is a terminal transcript: the objects read from its other commands' output ({@code kubectl
 *                     describe pod}, {@code argo get}, …, each read as the export it prints), which are no records of the log
 */
public record InputSummary(
        InputFile file,
        String format,
        String sha256,
        long lines,
        long events,
        long recognised,
        long continuation,
        long prefixed,
        long blank,
        long unparsed,
        List<UnparsedLine> samples,
        String versionGuess,
        List<Message> notes,
        Map<ZoneBasis, Long> zones,
        List<UnparsedLine> problems,
        Furniture furniture,
        Map<String, Long> otherContainers,
        long readInPart,
        Map<Long, String> cutShort,
        long pastedObjects) {

    public InputSummary {
        java.util.Objects.requireNonNull(furniture, "furniture");
        otherContainers = Collections.unmodifiableMap(new TreeMap<>(otherContainers));
        samples = List.copyOf(samples);
        problems = List.copyOf(problems);
        cutShort = Map.copyOf(cutShort);
        notes = List.copyOf(notes);
        zones = Collections.unmodifiableMap(zones.isEmpty() ? new EnumMap<>(ZoneBasis.class) : new EnumMap<>(zones));
    }

    /** A summary of a file whose lines print no object beside its records ({@link #pastedObjects}). */
    public InputSummary(InputFile file, String format, String sha256, long lines, long events, long recognised, long continuation, long prefixed,
                        long blank, long unparsed, List<UnparsedLine> samples, String versionGuess, List<Message> notes, Map<ZoneBasis, Long> zones,
                        List<UnparsedLine> problems, Furniture furniture, Map<String, Long> otherContainers, long readInPart,
                        Map<Long, String> cutShort) {
        this(file, format, sha256, lines, events, recognised, continuation, prefixed, blank, unparsed, samples, versionGuess, notes, zones,
                problems, furniture, otherContainers, readInPart, cutShort, 0);
    }

    /** A summary of a file that holds no line of another container and no line cut short. */
    public InputSummary(InputFile file, String format, String sha256, long lines, long events, long recognised, long continuation, long prefixed,
                        long blank, long unparsed, List<UnparsedLine> samples, String versionGuess, List<Message> notes, Map<ZoneBasis, Long> zones,
                        List<UnparsedLine> problems, Furniture furniture) {
        this(file, format, sha256, lines, events, recognised, continuation, prefixed, blank, unparsed, samples, versionGuess, notes, zones,
                problems, furniture, Map.of(), 0, Map.of());
    }

    /** A summary of a file that holds no excerpt furniture, no line of another container and no line cut short. */
    public InputSummary(InputFile file, String format, String sha256, long lines, long events, long recognised, long continuation, long prefixed,
                        long blank, long unparsed, List<UnparsedLine> samples, String versionGuess, List<Message> notes, Map<ZoneBasis, Long> zones,
                        List<UnparsedLine> problems) {
        this(file, format, sha256, lines, events, recognised, continuation, prefixed, blank, unparsed, samples, versionGuess, notes, zones,
                problems, Furniture.NONE, Map.of(), 0, Map.of());
    }

    /** The same summary with other notes. */
    public InputSummary withNotes(List<Message> newNotes) {
        return new InputSummary(file, format, sha256, lines, events, recognised, continuation, prefixed, blank, unparsed, samples,
                versionGuess, newNotes, zones, problems, furniture, otherContainers, readInPart, cutShort, pastedObjects);
    }

    /**
     * The kind the report names the file by: {@code empty} for a file that held nothing to read (0 bytes, or only blank lines and
     * comments), whether it was found among logs or named as an export: no line decided what it was. Else how it was read.
     */
    public String kindLabel() {
        // Classified empty: no line of its head but blank ones and comments (which a log's reading counts as unparsed), and no record.
        boolean empty = file.reason().equals(dev.argoforensics.source.InputClassifier.EMPTY) && events == 0
                || notes.stream().anyMatch(n -> n.code().equals("note.snapshot.empty"));
        return empty ? "empty" : file.kind().label();
    }

    /** Lines of other containers, all together (each line counted once: they are neither events nor unparsed). */
    public long otherContainerLines() {
        return otherContainers.values().stream().mapToLong(Long::longValue).sum();
    }

    /** True if the file has something to report under "inputs with problems". */
    public boolean hasProblems() {
        return unparsed > 0 || !problems.isEmpty() || format.startsWith("unreadable: ");
    }

    /**
     * This log file's summary with what the reading of its other commands' output said ({@code pasted}: a transcript's {@code kubectl
     * describe pod} or {@code argo get}, read as exports): its notes and problems added after this one's, and the objects it read
     * ({@link #pastedObjects}); the line counts stay the log's.
     */
    public InputSummary withTranscript(InputSummary pasted) {
        if (pasted == null) {
            return this;
        }
        List<Message> n = new java.util.ArrayList<>(notes);
        pasted.notes().stream().filter(m -> !n.contains(m)).forEach(n::add);
        List<UnparsedLine> p = new java.util.ArrayList<>(problems);
        p.addAll(pasted.problems());
        return new InputSummary(file, format, sha256, lines, events, recognised, continuation, prefixed, blank, unparsed, samples, versionGuess,
                n, zones, p, furniture, otherContainers, readInPart, cutShort, pasted.events());
    }

    /** A file that is not evidence. */
    public static InputSummary ignored(InputFile file) {
        return new InputSummary(file, "", null, 0, 0, 0, 0, 0, 0, 0, List.of(), null, List.of(), Map.of(), List.of(), Furniture.NONE);
    }

    /** A file that could not be read at all. */
    public static InputSummary unreadable(InputFile file, String reason) {
        return new InputSummary(file, "unreadable: " + reason, null, 0, 0, 0, 0, 0, 0, 0, List.of(), null, List.of(), Map.of(), List.of(), Furniture.NONE);
    }
}
