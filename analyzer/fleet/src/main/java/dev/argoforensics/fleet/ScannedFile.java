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
 */
record ScannedFile(String cluster, String display, FleetObject object, String kind, boolean compressed, String reason, String scan,
                   String copyProblem, String unreadable) implements Serializable {

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
