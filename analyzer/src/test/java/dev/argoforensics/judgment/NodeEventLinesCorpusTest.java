package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 44: v4 controllers write the {@code Event occurred} line of each {@code WorkflowNode<Phase>} event right after a
 * successful update ({@code persistUpdates}, then {@code recordNodePhaseChangeEvents}), never after a failed one, and v3
 * controllers none. Seed 18 runs v4.1.3 (slog text and JSON) and v4.0.10 controllers beside v3 ones.
 */
class NodeEventLinesCorpusTest {
    @TempDir
    Path dir;

    @Test
    void eventLinesFollowOnlySuccessfulUpdatesOfV4Controllers() throws IOException {
        Corpus.Info info = Corpus.generate(18, Corpus.Scale.SMALL, dir.resolve("corpus"));
        int events = 0;
        int nodeEnds = 0;
        List<String> wrong = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(info.logs())) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            List<String> lines = lines(f);
            boolean v3 = lines.stream().anyMatch(l -> l.contains("Starting Workflow Controller") && l.contains("v3."));
            String previous = null;
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (l.contains("Error getting pod from workflow node")) {
                    // nodeEvents.sendAsPod (ScenariosPodEvents, session 46): recording a node's event looks its Pod up first and logs
                    // this for a node that is not a Pod's; it belongs to the events after the update, not before it.
                    continue;
                }
                if (!l.contains("Event occurred")) {
                    previous = l;
                    continue;
                }
                events++;
                if (l.contains("WorkflowNodeSucceeded") || l.contains("WorkflowNodeFailed") || l.contains("WorkflowNodeError")) {
                    nodeEnds++;
                }
                // A rotated piece may begin between the update's line and its events (previous null: the file's first lines).
                if (v3 || !l.contains("WorkflowNode") || (previous != null && !previous.contains("Workflow update successful"))) {
                    wrong.add(info.logs().relativize(f) + ":" + (i + 1) + " after " + previous);
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(events > 100 && nodeEnds > 50, events + " event lines, " + nodeEnds + " of a node's end");
    }

    private static List<String> lines(Path f) throws IOException {
        try (InputStream raw = Files.newInputStream(f);
             InputStream in = f.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return r.lines().toList();
        }
    }
}
