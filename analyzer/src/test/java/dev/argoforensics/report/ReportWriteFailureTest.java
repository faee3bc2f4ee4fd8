package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A writer that fails half-way (a full disk) stops every renderer with that failure, as it was: not
 * swallowed, not wrapped into something else, and nothing that reads as the end of a report after it.
 */
class ReportWriteFailureTest {
    private static final Invocation FIXED = new Invocation(List.of("analyze"), Timestamp.parseRfc3339("2026-09-20T00:00:00Z", null, false), true);

    /** Takes {@code room} characters, then fails as a full disk does. */
    private static final class FullDisk extends Writer {
        final StringBuilder text = new StringBuilder();
        private final int room;

        FullDisk(int room) {
            this.room = room;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            if (text.length() + len > room) {
                throw new IOException("No space left on device");
            }
            text.append(buf, off, len);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aFullDiskHalfWayIsTheRenderersFailureInEveryFormat() {
        AnalysisResult result = Analysis.standard(AnalysisOptions.defaults()).run(List.of("samples/issue-17024/logs", "samples/issue-17024/snapshots"));
        Report report = new ReportBuilder().build(result, TimelineScope.ALL, FIXED);
        for (ReportFormat format : ReportFormat.values()) {
            String whole = format.renderer(false).render(report);
            FullDisk disk = new FullDisk(whole.length() / 2);
            IOException e = assertThrows(IOException.class, () -> format.renderer(false).write(report, disk), format.name());
            assertEquals("No space left on device", e.getMessage());
            assertTrue(whole.startsWith(disk.text.toString()), format + ": what was written is the report's beginning");
            FullDisk timelines = new FullDisk(format.renderer(false).renderTimelines(report).length() / 2);
            assertThrows(IOException.class, () -> format.renderer(false).writeTimelines(report, timelines), format.name());
        }
        FullDisk json = new FullDisk(10_000);
        assertThrows(IOException.class, () -> ReportFormat.JSON.renderer(false).write(report, json));
        assertFalse(json.text.toString().stripTrailing().endsWith("}"), "a cut JSON report is left open, never closed as if whole");
    }
}
