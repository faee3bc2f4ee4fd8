package dev.argoforensics.index;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.SnapshotTimes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Queries on an index built from the samples: which events come back, in which order, from which file:line. */
class IndexSearchTest {
    private static final String LOGS = "samples/issue-17024/logs/";
    private static final String STOPPED = LOGS + "2-controller-workers0.log:";
    private static final String RESTORED = LOGS + "3-controller-workers-restored.log:";
    private static final String POD = "samples/issue-17024/snapshots/pod-terminating.yaml:3";
    private static final String CRI = "samples/mixed-formats/logs/node-ip-10-0-12-34/var/log/pods/"
            + "status-capture-test_workflow-controller-6c4b9f7d8e-r7p2c_9b1f6d2e-3c4a-4e8b-a1f0-7d5c2b9e8a13/workflow-controller/0.log:";

    private static EventSearch issue17024;
    private static EventSearch mixed;

    @BeforeAll
    static void index() throws IOException {
        issue17024 = indexed("samples/issue-17024/logs", "samples/issue-17024/snapshots");
        mixed = indexed("samples/mixed-formats/logs", "samples/mixed-formats/snapshots");
    }

    @AfterAll
    static void close() throws IOException {
        issue17024.close();
        mixed.close();
    }

    private static EventSearch indexed(String... paths) throws IOException {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        IndexedAnalysis.run(dir, AnalysisOptions.defaults(), SnapshotTimes.none(), List.of(paths));
        return EventSearch.open(dir);
    }

    private static List<String> sources(EventSearch s, String query) throws IOException {
        return sources(s, query, null, null);
    }

    private static List<String> sources(EventSearch s, String query, String since, String until) throws IOException {
        return s.matches(EventSearch.parse(query, since, until), 0).stream().map(m -> m.hit().source().toString()).toList();
    }

    @Test
    void aFieldQueryFindsEveryLineOfTheActionInTimeOrder() throws IOException {
        assertEquals(List.of(STOPPED + "10", STOPPED + "11", STOPPED + "12"), sources(issue17024, "action:removeFinalizer"));
        assertEquals(3, issue17024.count(EventSearch.parse("action:removeFinalizer", null, null)));
    }

    @Test
    void aWildcardOnThePodAndAnActionNarrowTogether() throws IOException {
        assertEquals(List.of(STOPPED + "10", STOPPED + "11", STOPPED + "12"),
                sources(issue17024, "pod:status-capture-r* AND action:removeFinalizer"));
        assertEquals(List.of(), sources(issue17024, "pod:other-* AND action:removeFinalizer"));
    }

    @Test
    void aPhraseMatchesWordsInOrderInTheText() throws IOException {
        assertEquals(List.of(RESTORED + "9"), sources(issue17024, "\"marking node as error\""));
        String restore = "samples/issue-17024/snapshots/workflow-after-restore.yaml:3";
        assertEquals(List.of(restore, restore, RESTORED + "9", RESTORED + "11", RESTORED + "14"), sources(issue17024, "text:\"pod deleted\""),
                "the export's node facts (16:33:02, to the second) first, then the lines of 16:33:02.246 to .249");
        assertEquals(List.of(), sources(issue17024, "\"deleted pod\""));
    }

    /**
     * {@code msg} clauses are matched once against the index's distinct messages ({@link FoldedQueries}); the hits must be
     * the lines whose message, as words, the clause matches: checked here against the messages read from the files by the
     * test itself (every line of these logs is slog text with a quoted {@code msg}).
     */
    @Test
    void msgClausesFindTheLinesWhoseMessageMatchesAsWords() throws IOException {
        List<String[]> lines = new java.util.ArrayList<>();
        for (String f : List.of("1-controller-workers2.log", "2-controller-workers0.log", "3-controller-workers-restored.log")) {
            List<String> all = java.nio.file.Files.readAllLines(java.nio.file.Path.of(LOGS + f));
            for (int i = 0; i < all.size(); i++) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("msg=\"([^\"]*)\"").matcher(all.get(i));
                assertTrue(m.find(), all.get(i));
                lines.add(new String[] {LOGS + f + ":" + (i + 1), " " + m.group(1).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", " ") + " "});
            }
        }
        java.util.function.BiConsumer<String, java.util.function.Predicate<String>> check = (query, words) -> {
            List<String> want = lines.stream().filter(l -> words.test(l[1])).map(l -> l[0]).sorted().toList();
            try {
                assertEquals(want, sources(issue17024, query + " AND evidence:log").stream().sorted().toList(), query);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        check.accept("msg:pod", w -> w.contains(" pod "));
        check.accept("msg:POD", w -> w.contains(" pod "));
        check.accept("msg:\"pod event\"", w -> w.contains(" pod event "));
        check.accept("msg:\"event pod\"", w -> w.contains(" event pod "));
        check.accept("msg:queu*", w -> w.contains(" queu"));
        check.accept("msg:*ing", w -> java.util.Arrays.stream(w.split(" ")).anyMatch(x -> x.endsWith("ing")));
        check.accept("msg:(pod AND NOT delete)", w -> w.contains(" pod ") && !w.contains(" delete "));
        check.accept("(msg:pod OR msg:workflow) AND NOT msg:\"update pod event\"",
                w -> (w.contains(" pod ") || w.contains(" workflow ")) && !w.contains(" update pod event "));
        check.accept("msg:pod AND action:removeFinalizer", w -> w.contains(" pod ") && List.of("queuing pod delay", "queueing pod for cleanup",
                "cleaning up pod").stream().anyMatch(x -> w.equals(" " + x + " ")));
        check.accept("msg:nosuchword", w -> false);
        assertEquals(10, sources(issue17024, "msg:pod").size(), "the ten lines counted by hand (grep -ci pod over the messages)");
    }

    @Test
    void aMessageTooLongForAKeywordIsFoundByItsWordsAsOthersAre(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws IOException {
        String longMessage = "zebra yak ".repeat(900).strip();
        assertTrue(longMessage.length() > IndexFields.MAX_KEYWORD_CHARS);
        java.nio.file.Path log = tmp.resolve("long.log");
        java.nio.file.Files.writeString(log, String.join("\n",
                "time=2026-09-19T16:31:10.987Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                "time=2026-09-19T16:31:11.000Z level=INFO msg=\"" + longMessage + "\" namespace=ns",
                "time=2026-09-19T16:31:11.100Z level=INFO msg=\"zebra crossing\" namespace=ns", ""));
        try (EventSearch s = indexed(log.toString())) {
            String at = log + ":";
            assertEquals(List.of(at + "2", at + "3"), sources(s, "msg:zebra"));
            assertEquals(List.of(at + "2"), sources(s, "msg:\"zebra yak\""));
            assertEquals(List.of(at + "3"), sources(s, "msg:zebra AND NOT msg:yak"));
            assertEquals(List.of(at + "2", at + "3"), sources(s, "msg:zeb*"));
            assertEquals(List.of(at + "1", at + "2"), sources(s, "msg:(starting OR yak)"));
        }
    }

    /**
     * A log event's file, run, kind, level and the like are one folded value ({@link FoldedQueries}); clauses on them must find
     * the events whose shown values match, as every event's own fields did (observations keep theirs): checked against
     * the values every hit of {@code *:*} shows.
     */
    @Test
    void clausesOnFoldedFieldsFindTheEventsWhoseValuesMatch() throws IOException {
        List<SearchHit> all = issue17024.matches(EventSearch.parse("*:*", null, null), 0).stream().map(SearchMatch::hit).toList();
        java.util.function.BiConsumer<String, java.util.function.Predicate<SearchHit>> check = (query, wanted) -> {
            List<String> want = all.stream().filter(wanted).map(h -> h.source().toString()).toList();
            try {
                assertEquals(want, sources(issue17024, query), query);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        check.accept("kind:pod-*", h -> h.kind().startsWith("pod-"));
        check.accept("level:info AND NOT kind:unrecognized", h -> "info".equals(h.level()) && !h.kind().equals("unrecognized"));
        check.accept("level:[info TO warn]", h -> h.level() != null && h.level().compareTo("info") >= 0 && h.level().compareTo("warn") <= 0);
        check.accept("run:\"2-controller-workers0.log #1\"", h -> "2-controller-workers0.log #1".equals(h.controller()));
        check.accept("run:*restored*", h -> h.controller() != null && h.controller().contains("restored"));
        check.accept("file:*workers0.log OR kind:pod-exported", h -> h.source().file().endsWith("workers0.log") || h.kind().equals("pod-exported"));
        check.accept("evidence:snapshot", h -> h.evidence().equals("snapshot"));
        check.accept("evidence:log AND NOT file:*workers2.log", h -> h.evidence().equals("log") && !h.source().file().endsWith("workers2.log"));
        // Every log line of the sample is slog text but the restored run's last (time="…" quoted: logrus's text format).
        String logrus = RESTORED + "17";
        check.accept("format:slog_text AND envelope:none", h -> h.evidence().equals("log") && !h.source().toString().equals(logrus));
        check.accept("format:logrus_text", h -> h.source().toString().equals(logrus));
        check.accept("kind:nosuchkind", h -> false);
        assertTrue(all.stream().anyMatch(h -> h.evidence().equals("snapshot")) && all.stream().anyMatch(h -> h.evidence().equals("log")));
    }

    @Test
    void levelsAreFoundWhateverTheCase() throws IOException {
        assertEquals(List.of(RESTORED + "9"), sources(issue17024, "level:ERROR"));
        assertEquals(List.of(RESTORED + "9"), sources(issue17024, "level:error"));
    }

    @Test
    void aTimeToTheMinuteMeansTheWholeMinute() throws IOException {
        List<String> minute = sources(issue17024, "time:[2026-09-19T16:31 TO 2026-09-19T16:31]");
        assertEquals(15, minute.size(), minute.toString());
        assertEquals(List.of(POD, POD), minute.subList(0, 2), "the Pod's deletion request and its export, at 16:31:04");
        assertEquals(STOPPED + "1", minute.get(2));
        assertEquals(STOPPED + "13", minute.get(14));
        assertEquals(minute, sources(issue17024, "time:\"2026-09-19T16:31\""));
        assertEquals(minute, sources(issue17024, "*:*", "2026-09-19T16:31", "2026-09-19T16:31"));
        assertEquals(List.of(STOPPED + "1", STOPPED + "2", STOPPED + "3"),
                sources(issue17024, "time:{2026-09-19T16:31:04 TO 2026-09-19T16:31:11}"), "exclusive bounds leave out their windows");
    }

    @Test
    void rangesKeepNanosecondsAndMillisecondsApart() throws IOException {
        assertEquals(List.of(CRI + "10"), sources(mixed, "time:[2026-09-19T16:31:11.257190002 TO 2026-09-19T16:31:11.257190002]"));
        assertEquals(List.of(CRI + "9", CRI + "10"), sources(mixed, "time:\"2026-09-19T16:31:11.257\""),
                "a millisecond holds both nanosecond times");
        assertEquals(List.of(CRI + "9"), sources(mixed, "time:[2026-09-19T16:31:11.257 TO 2026-09-19T16:31:11.257190001]"));
        assertEquals(List.of(CRI + "10"), sources(mixed, "*:*", "2026-09-19T16:31:11.257151331", "2026-09-19T16:31:11.257190002"));
        SearchHit hit = mixed.matches(EventSearch.parse("time:\"2026-09-19T16:31:11.257190002\"", null, null), 0).get(0).hit();
        assertEquals("2026-09-19T16:31:11.257190002Z", hit.time().format(), "printed with the source's precision");
        assertEquals(List.of(CRI + "10"), sources(mixed, "time:\"2026-09-19T18:31:11.257190002+02:00\""), "a zone may be named");
    }

    @Test
    void equalTimesKeepTheInputOrder() throws IOException {
        List<String> pod = sources(issue17024, "pod:status-capture-repro AND evidence:log");
        assertTrue(pod.indexOf(STOPPED + "9") + 1 == pod.indexOf(STOPPED + "10"), pod.toString());
        assertEquals(List.of(RESTORED + "8", RESTORED + "9"), sources(issue17024, "time:\"2026-09-19T16:33:02.246\""));
    }

    @Test
    void contextShowsTheNeighboursInTheSameFile() throws IOException {
        List<SearchMatch> m = issue17024.matches(EventSearch.parse("level:error", null, null), 2);
        assertEquals(1, m.size());
        assertEquals(List.of(RESTORED + "7", RESTORED + "8"), m.get(0).before().stream().map(h -> h.source().toString()).toList());
        assertEquals(List.of(RESTORED + "10", RESTORED + "11"), m.get(0).after().stream().map(h -> h.source().toString()).toList());
        List<SearchMatch> first = issue17024.matches(EventSearch.parse("msg:\"Leader election is turned off\"", null, null), 1);
        assertEquals(List.of(), first.get(0).before(), "nothing before the first line of a file");
    }

    @Test
    void recordKeysCatalogAttributesAndCorrelationAreFields() throws IOException {
        assertEquals(List.of(STOPPED + "10"), sources(issue17024, "delay:\"-1m24.257168224s\""), "a key as the controller wrote it");
        assertEquals(List.of(STOPPED + "10"), sources(issue17024, "kind:pod-cleanup-scheduled"));
        assertEquals(List.of(STOPPED + "4"), sources(issue17024, "workflowWorkers:0"));
        assertEquals(List.of(STOPPED + "9"), sources(issue17024, "msg:\"Removing finalizers\" AND pod:status-capture-repro"),
                "a line naming no Pod, tied to it by correlation");
        assertEquals(List.of(STOPPED + "13"), sources(issue17024, "namespace:status-capture-test AND msg:\"delete pod event\""),
                "a line naming no namespace, resolved by correlation");
        assertEquals(List.of(RESTORED + "9"), sources(issue17024, "run:\"3-controller-workers-restored.log #1\" AND level:error"));
        assertEquals(List.of(STOPPED + "12"), sources(issue17024, "template:cleaning-up-pod AND file:*workers0.log"));
        assertEquals(List.of(STOPPED + "12"), sources(issue17024, "line:12 AND file:*workers0.log"));
    }

    @Test
    void exportedObjectsAreObservations() throws IOException {
        List<SearchMatch> finished = issue17024.matches(EventSearch.parse("kind:pod-container-finished AND exitCode:0", null, null), 0);
        assertEquals(List.of("container main terminated: exit code 0 (Completed)", "container wait terminated: exit code 0 (Completed)"),
                finished.stream().map(m -> m.hit().text()).toList());
        assertEquals(POD, finished.get(0).hit().source().toString());
        SearchHit exported = issue17024.matches(EventSearch.parse("kind:pod-exported", null, null), 0).get(0).hit();
        assertTrue(exported.lowerBound());
        assertEquals(List.of("samples/issue-17024/snapshots/workflow-while-stopped.yaml:3",
                "samples/issue-17024/snapshots/workflow-after-restore.yaml:3"), sources(issue17024, "kind:node-exported AND nodeId:status-capture-repro"));
    }

    @Test
    void aBadQuerySaysWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EventSearch.parse("time:2026-09-19T16*", null, null));
        assertTrue(e.getMessage().contains("time takes a time or a range"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EventSearch.parse("pod:(unclosed", null, null));
        assertThrows(IllegalArgumentException.class, () -> EventSearch.parse("*:*", "yesterday", null));
    }
}
