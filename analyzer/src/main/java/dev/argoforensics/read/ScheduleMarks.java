package dev.argoforensics.read;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntUnaryOperator;

/**
 * One file's part of {@link CountedSchedules}, with the file's run pieces and ordinals: its kept lines
 * and counted cleanup scheduling lines per piece, in file order, to be replayed on the runs the pieces
 * belong to. Only what can change the outcome is written down: per piece, a kept line after a counted
 * one (or first) and a counted one after a kept one (or first); a piece's lines are its run's only
 * lines while it is open, so the rest would change nothing.
 */
final class ScheduleMarks {
    private static final long KEPT = -1;

    private int[] pieces = new int[16];
    private long[] ordinals = new long[16];
    private int size;
    private final BitSet seen = new BitSet();
    private final BitSet lastKept = new BitSet();

    ScheduleMarks() {
    }

    /** Rebuilt from {@link #pieces()} and {@link #ordinals()} (a reading sent elsewhere). */
    ScheduleMarks(int[] pieces, long[] ordinals) {
        this.pieces = pieces.clone();
        this.ordinals = ordinals.clone();
        this.size = pieces.length;
    }

    void kept(int piece) {
        if (seen.get(piece) && lastKept.get(piece)) {
            return;
        }
        add(piece, KEPT);
        lastKept.set(piece);
    }

    /** A counted scheduling line (or a counted run holding one) at this local ordinal. */
    void counted(int piece, long ordinal) {
        if (seen.get(piece) && !lastKept.get(piece)) {
            return;
        }
        add(piece, ordinal);
        lastKept.clear(piece);
    }

    private void add(int piece, long ordinal) {
        if (size == pieces.length) {
            pieces = Arrays.copyOf(pieces, size * 2);
            ordinals = Arrays.copyOf(ordinals, size * 2);
        }
        pieces[size] = piece;
        ordinals[size] = ordinal;
        size++;
        seen.set(piece);
    }

    /** Replays the marks on the reading's {@link CountedSchedules}: each piece as its run, each ordinal after {@code base}. */
    void replay(CountedSchedules schedules, IntUnaryOperator runOfPiece, long base) {
        for (int i = 0; i < size; i++) {
            int run = runOfPiece.applyAsInt(pieces[i]);
            if (ordinals[i] == KEPT) {
                schedules.kept(run);
            } else {
                schedules.counted(run, base + ordinals[i]);
            }
        }
    }

    int[] pieces() {
        return Arrays.copyOf(pieces, size);
    }

    long[] ordinals() {
        return Arrays.copyOf(ordinals, size);
    }
}
