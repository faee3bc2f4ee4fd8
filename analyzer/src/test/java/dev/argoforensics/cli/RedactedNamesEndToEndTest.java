package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A paste whose names the user redacted: two Pods redacted to one {@code <pod-name>} (one labelled
 * completed, the other released at once and deleted) are never one Pod, and the report says what it
 * lacked. The same lines with real names (one with {@code xxx} inside a part) are joined as before.
 */
class RedactedNamesEndToEndTest {
    private static final Path SAMPLE = Path.of("samples", "redacted-names", "logs");

    @TempDir
    Path dir;

    @Test
    void twoPodsRedactedToOnePlaceholderAreNotMerged() {
        Cli ls = Cli.run("ls", SAMPLE.toString());
        assertFalse(ls.out().contains("<pod-name>"), ls.out());
        Cli text = Cli.run("analyze", SAMPLE.toString(), "--now", "2026-12-01T00:00:00Z");
        assertEquals(0, text.exitCode(), text.out() + text.err());
        assertTrue(text.out().contains("8 line(s) with names redacted by the user (<pod-name>, <wf>)"), text.out());
        assertTrue(text.out().contains("argo-forensics analyze --redact"), text.out());
    }

    @Test
    void realNamesWithXsInsideAPartAreStillJoined() throws IOException {
        String real = Files.readString(SAMPLE.resolve("pasted-with-placeholders.log"))
                .replace("***", "data").replace("<wf>", "boxxxer-7")
                .replaceFirst("\\(<pod-name>\\)", "(boxxxer-7-extract-3391047725)").replaceFirst("\\(<pod-name>\\)", "(boxxxer-7-publish-1180524963)")
                .replace("data/<pod-name>/labelPodCompleted", "data/boxxxer-7-extract-3391047725/labelPodCompleted")
                .replace("<pod-name>", "boxxxer-7-publish-1180524963");
        Path log = dir.resolve("real.log");
        Files.writeString(log, real);
        Cli ls = Cli.run("ls", log.toString());
        assertTrue(ls.out().contains("boxxxer-7-publish-1180524963"), ls.out());
        Cli text = Cli.run("analyze", log.toString(), "--now", "2026-12-01T00:00:00Z");
        assertFalse(text.out().contains("redacted by the user"), text.out());
    }
}
