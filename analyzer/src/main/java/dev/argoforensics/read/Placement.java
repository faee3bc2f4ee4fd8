package dev.argoforensics.read;

import dev.argoforensics.event.LogEvent;

/**
 * Where the {@link ReadingStitch} put one file's lines: each of its run pieces' run, and the place of its first ordinal
 * after the files before. A line of the file (local numbering, {@link FileReading}) placed with it is the stitch's line,
 * but for a klog line its file does not date, whose year only the whole input gives (the stitch dates those it is given).
 * What the fleet scan's third round needs to place a file's lines without the other files' ({@link FileReading#keeping}).
 *
 * @param runs the run of each piece, by piece index (a line's stream in its file)
 * @param base the place of the file's ordinal 0
 */
public record Placement(int[] runs, long base) {
    public Placement {
        runs = runs.clone();
    }

    /** The line as the stitch places it. */
    public LogEvent place(LogEvent line) {
        return line.withPlace(runs[line.stream()], base + line.ordinal());
    }
}
