package dev.argoforensics.fleet;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.io.Serializable;

/**
 * An object after its first task: copied, classified as {@code analyze} classifies a file, and for a
 * log its first pass ({@code FileScan} as text); or why it could not be.
 *
 * @param kind        the engine's {@link InputKind} name, null if the object could not be copied
 * @param scan        a log's first-pass result ({@link dev.argoforensics.accounting.FileScan#encode()}), or null
 * @param copyProblem why the object could not be copied (it is then no input of the analysis, as in {@code analyze}'s listing)
 * @param unreadable  why a log's first pass failed (it is then listed unreadable, as {@code analyze} lists it)
 * @param split       a plain log larger than a chunk: its chunks, read in tasks of their own; null for an object read whole
 */
record ScannedFile(String cluster, String display, FleetObject object, String kind, boolean compressed, String reason, String scan,
                   String copyProblem, String unreadable, Split split) implements Serializable {

    ScannedFile(String cluster, String display, FleetObject object, String kind, boolean compressed, String reason, String scan,
                String copyProblem, String unreadable) {
        this(cluster, display, object, kind, compressed, reason, scan, copyProblem, unreadable, null);
    }

    /**
     * A plain log split into chunks (the engine's {@code ChunkPlanner}'s, planned on the whole copy in the object's first task).
     *
     * @param ends   where each chunk ends (the next begins there; the first at 0)
     * @param header the file's first line that is not blank, which every chunk's reading is given
     * @param sha256 the whole object's, for its summary (its chunks cannot give it)
     * @param carried each chunk's {@code LineChunk.carried()}: what the lines before it leave in effect, which a chunk copied alone
     *                cannot see
     * @param zone   the zone the file's head measures ({@code LogReader.measuredZone}, "" for none), which every chunk's reading is
     *               given as the header is: a chunk alone cannot measure it
     */
    record Split(long[] ends, String header, String sha256, String[] carried, String zone) implements Serializable {
        int chunks() {
            return ends.length;
        }

        long start(int chunk) {
            return chunk == 0 ? 0 : ends[chunk - 1];
        }
    }

    /** This split file with the scan its chunks' first passes gave, or why one of them failed. */
    ScannedFile scanned(String fileScan, String failure) {
        return new ScannedFile(cluster, display, object, kind, compressed, reason, fileScan, copyProblem, failure, split);
    }

    /** Where its chunks' results meet (a display path is one object of one run: the listing refuses a second). */
    String key() {
        return display;
    }

    boolean isLog() {
        return InputKind.LOG.name().equals(kind);
    }

    /** Read in pass 2: a log whose first pass worked. */
    boolean toRead() {
        return isLog() && scan != null;
    }

    /** The engine's file, at the object's local path in {@code spool} (the same in every task). */
    InputFile file(Spool spool) {
        return new InputFile(display, spool.local(cluster, object), InputKind.valueOf(kind), compressed, reason);
    }
}
