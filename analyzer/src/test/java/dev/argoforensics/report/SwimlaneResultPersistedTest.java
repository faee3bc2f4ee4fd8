package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The swimlane's persisted marker is the lifecycle's fact that the node's result was persisted (the one AF001 clears on), not the
 * first {@code Workflow update successful} after the node appeared: that update stores the node Pending or Running, and a reader
 * of Argo takes "node persisted" for the result stored.
 */
class SwimlaneResultPersistedTest {
    private static final Pattern MARKER = Pattern.compile("<g class=\"marker [^\"]*\" data-marker=\"([a-z-]+)\" data-time=\"([^\"]+)\"");

    @TempDir
    Path out;

    /** The node was never persisted with a result (lost `pod deleted`): the early update storing it Running is no marker. */
    @Test
    void aNodeLostBeforeItsResultGetsNoPersistedMarker() throws IOException {
        String s = "samples/pod-deleted-during-execution/";
        List<String> markers = markers(s + "logs", s + "snapshots", s + "events", s + "audit", "--pod", "train-resnet-5c8xw-train-3651266085");
        assertEquals(List.of("deletion-requested 2026-09-27T13:41:40.219772Z", "finalizer-removed 2026-09-27T13:42:45.012Z",
                "error-recorded 2026-09-27T13:42:45.156Z"), markers);
    }

    /** The result persisted before the release (labelPodCompleted queued): the marker is at that line, with the lifecycle's time. */
    @Test
    void aResultPersistedBeforeTheReleaseIsMarkedWhereTheLifecycleShowsIt() throws IOException {
        String s = "samples/persisted-before-removal/";
        Path html = render(s + "logs", s + "snapshots", "--pod", "status-capture-control");
        List<String> markers = markers(html);
        assertTrue(markers.contains("result-persisted 2026-09-19T17:06:13.385Z"), markers.toString());
        assertEquals(1, markers.stream().filter(m -> m.startsWith("result-persisted ")).count(), markers.toString());
        String page = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(page.contains("result persisted 17:06:13.385Z"), "the marker's label says what it marks");
        assertTrue(!page.contains("node persisted"), "no marker called 'node persisted' is left");
        // The same fact in the entries (every format's timeline), citing the line it rests on.
        assertTrue(page.contains("lifecycle:result-persisted"), "the entry the marker is drawn from");
    }

    private List<String> markers(String... args) throws IOException {
        return markers(render(args));
    }

    private Path render(String... args) {
        Path html = out.resolve("t.html");
        List<String> argv = new ArrayList<>(List.of("timeline"));
        argv.addAll(List.of(args));
        argv.addAll(List.of("--format", "html", "--out", html.toString()));
        Cli run = Cli.run(argv.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());
        return html;
    }

    private static List<String> markers(Path html) throws IOException {
        Matcher m = MARKER.matcher(Files.readString(html, StandardCharsets.UTF_8));
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1) + " " + m.group(2));
        }
        return found;
    }
}
