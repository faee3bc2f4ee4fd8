package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 41's check ({@link JudgmentSmokeTest#exitCodeStoredOnUnfinishedNodes}) where such a node is exported: since session 55's
 * cleanup queue the smoke seeds (3 and 4) hold no unfinished Pod node exported with main's exit code, seed 2 holds one (session
 * 56). Every such node's code is its Pod's main's, main had ended when the export was taken, and no v3.6+ controller logs the
 * wait container's held line.
 */
class UnfinishedNodeExitCodeTest {
    @TempDir
    static Path dir;

    @Test
    void exitCodeStoredOnUnfinishedNodes() throws IOException {
        Corpus.Info info = Corpus.generate(2, Corpus.Scale.SMALL, dir.resolve("seed-2"));
        int found = JudgmentSmokeTest.unfinishedNodesWithExitCode(List.of(new JudgmentSmokeTest.Run(info, null, null)));
        assertTrue(found > 0, "an unfinished Pod node exported with main's exit code in seed 2");
    }
}
