package dev.argoforensics.read;

import dev.argoforensics.source.InputFile;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Pass 2's chunk reads, submitted to the workers ahead of the assembler across file boundaries, a
 * bounded number at a time, and handed out strictly in the order they were added (the assembly
 * order). Reading file by file left all workers but one idle on a corpus of many files under one
 * chunk each (an incident's logs: dozens of files of a few MB), whatever the thread count.
 */
final class ReadAhead {
    private record Job(InputFile file, Callable<ChunkResult> read) {
    }

    private final ExecutorService pool;
    private final int window;
    private final List<Job> jobs = new ArrayList<>();
    /** The futures of jobs {@code taken .. submitted-1}, in order. */
    private final Deque<Future<ChunkResult>> inFlight = new ArrayDeque<>();
    private int submitted;
    private int taken;

    /** @param window how many reads may be running or waiting to be taken at once (at least 1) */
    ReadAhead(ExecutorService pool, int window) {
        this.pool = pool;
        this.window = Math.max(1, window);
    }

    /** Adds a read of {@code file}, after all those added before. Nothing runs before {@link #take}. */
    void add(InputFile file, Callable<ChunkResult> read) {
        jobs.add(new Job(file, read));
    }

    /** The result of the next read in order; the reads after it are started to fill the window. */
    ChunkResult take() throws java.io.IOException {
        fill();
        Future<ChunkResult> next = inFlight.poll();
        if (next == null) {
            throw new IllegalStateException("no read left to take");
        }
        taken++;
        fill();
        return Futures.get(next);
    }

    /** Drops the reads of {@code file} not taken yet (after a fault in it: its rest is not read). */
    void skipRestOf(InputFile file) {
        while (taken < jobs.size() && jobs.get(taken).file().equals(file)) {
            if (taken < submitted) {
                inFlight.poll().cancel(false);
            } else {
                submitted++;
            }
            taken++;
        }
    }

    private void fill() {
        while (submitted < jobs.size() && inFlight.size() < window) {
            inFlight.add(pool.submit(jobs.get(submitted++).read()));
        }
    }
}
