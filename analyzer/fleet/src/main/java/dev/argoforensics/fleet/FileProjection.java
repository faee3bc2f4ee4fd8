package dev.argoforensics.fleet;

import dev.argoforensics.correlate.LineProjection;

/**
 * What round 1 sends of one log file's lines to its cluster's task besides the reading keeping its specials and node lines:
 * the file's projection as read (not placed; its specials and node names by place only, their lines in the thin reading), and what the caveats of every group read of all the lines ({@code ClockCaveats}: the
 * files each controller run's lines stand in; {@code TimeOfDayCaveats}: whether a line has a date), which no projection
 * holds.
 *
 * @param source   the file as its lines name it ({@code LogEvent.file()}), for the runs' files
 * @param perPiece how many kept lines each run piece of the file holds (by piece index, a line's stream in its file)
 * @param dated    whether a line the projection does not keep whole has a date (the specials are judged completed, in round 2)
 */
record FileProjection(LineProjection projection, String source, int[] perPiece, boolean dated) {
    FileProjection {
        perPiece = perPiece.clone();
    }

}
