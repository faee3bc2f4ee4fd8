package dev.argoforensics.read;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What reading one log file gave, before the files around it are known (pass 2 and the file's own
 * assembly, {@link LogReader#readFile}): a pure function of the file and what is of interest. Its
 * events are numbered within the file (stream = the index of its run piece, ordinal from 0); the
 * {@link ReadingStitch} gives them their runs and places.
 *
 * @param setName  the display path of the file's rotated set (its pieces continue that set's runs)
 * @param events   the kept events, file order, local numbering (those handed over already left out)
 * @param undated  indices in {@code events} of klog lines no record of the file dated
 * @param pieces   the file's run pieces, in the order they opened
 * @param ordinals how many ordinals the file took (every record kept or counted)
 * @param records  every record read, kept or counted
 * @param types    the event types among them
 * @param summary  the file's accounting, without the notes only the whole reading gives
 */
public record FileReading(InputFile file, String setName, boolean newestFirst, List<LogEvent> events, int[] undated,
                          List<FileRuns.Piece> pieces, long ordinals, long records, Set<EventType> types, ScheduleMarks marks,
                          InputSummary summary) {
    public FileReading {
        events = List.copyOf(events);
        undated = undated.clone();
        pieces = List.copyOf(pieces);
        types = types.isEmpty() ? EnumSet.noneOf(EventType.class) : EnumSet.copyOf(types);
    }

    /**
     * The reading with only the lines at these indices (sorted): everything else of it as it is (runs, ordinals, counts,
     * marks, summary). Stitched in its place ({@link ReadingStitch#add}), it gives the same runs, coverage, summaries and
     * places as the whole reading, and those lines as the whole reading's stitch places them, if it keeps every klog line
     * no record of the file dated ({@link #undated}) and the file's earliest dated line ({@link #earliestDated}): those
     * are what the stitch reads of the lines beyond their places. The fleet's second round stitches these.
     */
    public FileReading keeping(int[] indices) {
        java.util.List<LogEvent> kept = new java.util.ArrayList<>(indices.length);
        java.util.List<Integer> undatedKept = new java.util.ArrayList<>();
        int u = 0;
        int[] sortedUndated = undated.clone();
        java.util.Arrays.sort(sortedUndated);
        for (int i : indices) {
            while (u < sortedUndated.length && sortedUndated[u] < i) {
                u++;
            }
            if (u < sortedUndated.length && sortedUndated[u] == i) {
                undatedKept.add(kept.size());
            }
            kept.add(events.get(i));
        }
        return new FileReading(file, setName, newestFirst, kept, undatedKept.stream().mapToInt(Integer::intValue).toArray(), pieces, ordinals,
                records, types, marks, summary);
    }

    /** The index of the file's earliest line a record of it dates (the first of equal times), -1 if none: what the stitch dates klog lines by. */
    public int earliestDated() {
        java.util.Set<Integer> skip = new java.util.HashSet<>();
        for (int i : undated) {
            skip.add(i);
        }
        int at = -1;
        for (int i = 0; i < events.size(); i++) {
            if (!skip.contains(i) && (at < 0 || events.get(i).time().compareTo(events.get(at).time()) < 0)) {
                at = i;
            }
        }
        return at;
    }

    /** The reading as bytes, to be sent to where the stitch runs ({@link #decode}). */
    public byte[] encode() {
        return ReadingWire.encode(this);
    }

    /** @throws java.io.IOException if the bytes are not what {@link #encode()} gave */
    public static FileReading decode(byte[] bytes) throws java.io.IOException {
        return ReadingWire.decode(bytes);
    }
}
