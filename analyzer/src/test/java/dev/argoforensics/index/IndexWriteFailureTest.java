package dev.argoforensics.index;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.rules.RuleEngine;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;

/**
 * An indexing thread that fails (the disk full while it flushes a segment) ends the run with that
 * failure: the reading still hands over every batch, the other threads drop theirs instead of waiting
 * on a queue no one takes from, and nothing is committed.
 */
class IndexWriteFailureTest {
    private static final List<String> PATHS = List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots",
            "samples/mixed-formats/logs", "samples/mixed-formats/snapshots");

    /** A directory that refuses to create files after the first {@code allowed}. */
    private static final class FillingDirectory extends FilterDirectory {
        private final AtomicInteger left;

        FillingDirectory(int allowed) {
            super(new ByteBuffersDirectory());
            left = new AtomicInteger(allowed);
        }

        @Override
        public IndexOutput createOutput(String name, IOContext context) throws IOException {
            if (left.getAndDecrement() <= 0) {
                throw new IOException("no space left on device (test): " + name);
            }
            return super.createOutput(name, context);
        }
    }

    @Test
    void aFlushThatFailsEndsTheRunWithItsFailureAndCommitsNothing() throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3);
        FillingDirectory dir = new FillingDirectory(5);
        Exception thrown = assertThrows(Exception.class, () -> IndexedAnalysis.run(dir, IndexIdentity.current(options), options,
                SnapshotTimes.none(), PATHS, RuleEngine.standardRules(), 3, 2));
        boolean full = false;
        for (Throwable t = thrown; t != null && !full; t = t.getCause()) {
            full = String.valueOf(t.getMessage()).contains("no space left on device (test)");
            for (Throwable s : t.getSuppressed()) {
                full |= String.valueOf(s.getMessage()).contains("no space left on device (test)");
            }
        }
        assertTrue(full, "the directory's failure is what the run ends with: " + thrown);
        assertFalse(DirectoryReader.indexExists(dir.getDelegate()), "no commit was made");
    }

    @Test
    void withRoomEnoughTheSameRunCommits() throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3);
        FillingDirectory dir = new FillingDirectory(Integer.MAX_VALUE);
        IndexedAnalysis.run(dir, IndexIdentity.current(options), options, SnapshotTimes.none(), PATHS, RuleEngine.standardRules(), 3, 2);
        assertTrue(DirectoryReader.indexExists(dir.getDelegate()), "the negative control: the directory itself works");
    }
}
