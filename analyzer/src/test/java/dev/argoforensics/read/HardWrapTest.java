package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Terminal copies hard-wrapped at a fixed width ({@link HardWrap}): the width found from the lines'
 * evidence, the pieces joined back into the records the controller wrote, in every record format and
 * behind kubectl's envelopes; and what is no wrapped copy (long lines, lines cut short, records of one
 * length, a line of the width followed by prose) joins nothing.
 */
class HardWrapTest {
    @TempDir
    Path dir;

    /** One scenario's lines in a format: the race's scheduling line among routine lines, as the controller writes them. */
    private static List<String> records(String format) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String t = String.format("2026-09-19T16:31:%02d.%03dZ", 10 + i, 100 + 7 * i);
            String pod = "status-capture-repro-" + (3000 + 17 * i);
            boolean race = i == 6;
            out.add(switch (format) {
                case "slog" -> race
                        ? "time=" + t + " level=INFO msg=\"queuing pod delay\" component=pod_controller podGC=\"{Strategy: LabelSelector:<nil> "
                        + "DeleteDelayDuration:}\" delay=-1m24.257168224s action=removeFinalizer namespace=status-capture-test podName=" + pod
                        : "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker namespace=status-capture-test workflow="
                        + "status-capture-" + i + " phase=Running resourceVersion=" + (88000 + i * 131);
                case "logrus" -> race
                        ? "time=\"" + t + "\" level=info msg=\"queuing poddelay-1m24.257168224s\" action=removeFinalizer namespace=argo "
                        + "podGC=\"{ <nil> }\" podName=" + pod
                        : "time=\"" + t + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + (88000 + i * 131)
                        + " namespace=argo workflow=status-capture-" + i;
                case "json" -> race
                        ? "{\"time\":\"" + t + "\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"component\":\"pod_controller\",\"podGC\":{},"
                        + "\"delay\":-84257168224,\"action\":\"removeFinalizer\",\"namespace\":\"status-capture-test\",\"podName\":\"" + pod + "\"}"
                        : "{\"time\":\"" + t + "\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"component\":\"workflow_worker\","
                        + "\"namespace\":\"status-capture-test\",\"workflow\":\"status-capture-" + i + "\",\"phase\":\"Running\"}";
                case "tty" -> race
                        ? "INFO[" + t + "] queuing poddelay-1m24.257168224s              action=removeFinalizer namespace=argo podGC=\"{ <nil> }\" "
                        + "podName=" + pod
                        : "INFO[" + t + "] Processing workflow                           Phase=Running ResourceVersion=" + (88000 + i * 131)
                        + " namespace=argo workflow=status-capture-" + i;
                case "klog" -> String.format("I0919 16:31:%02d.%06d       1 leaderelection.go:258] successfully renewed lease "
                        + "argo/workflow-controller after %d attempts while the informer resynced its caches for namespace status-capture-test",
                        10 + i, 100_000 + 7 * i, 1 + i % 4);
                default -> throw new IllegalArgumentException(format);
            });
        }
        return out;
    }

    /** The lines as a terminal {@code width} columns wide copies them. */
    private static List<String> wrapped(List<String> lines, int width) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            for (int at = 0; at < line.length(); at += width) {
                out.add(line.substring(at, Math.min(line.length(), at + width)));
            }
        }
        return out;
    }

    private static List<String> prefixed(List<String> lines, String envelope) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            out.add(switch (envelope) {
                case "timestamps" -> String.format("2026-09-19T16:31:%02d.%09dZ ", 10 + i, 101_234_567 + i) + lines.get(i);
                case "prefix" -> "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] " + lines.get(i);
                default -> lines.get(i);
            });
        }
        return out;
    }

    /** What the joiner gives back for the lines, line numbers from 1. */
    private static List<HardWrap.Joined> joined(List<String> lines, int width) {
        HardWrap.Joiner joiner = new HardWrap.Joiner(width);
        List<HardWrap.Joined> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            out.addAll(joiner.offer(lines.get(i), i + 1));
        }
        out.addAll(joiner.flush());
        return out;
    }

    @ParameterizedTest(name = "{0} {1} at {2} columns")
    @CsvSource({
        "slog, none, 80", "slog, none, 120", "slog, timestamps, 160", "slog, prefix, 200",
        "logrus, none, 80", "logrus, timestamps, 120", "logrus, prefix, 120",
        "json, none, 120", "json, timestamps, 80", "json, prefix, 160",
        "tty, none, 80", "tty, none, 100", "tty, timestamps, 120",
        "klog, none, 80", "klog, timestamps, 100",
    })
    void aWrappedCopyIsFoundAtItsWidthAndJoinedBackIntoTheRecordsWritten(String format, String envelope, int width) {
        List<String> original = prefixed(records(format), envelope);
        List<String> copy = wrapped(original, width);
        assertTrue(copy.size() > original.size(), "the scenario's lines are longer than the terminal");
        assertEquals(width, HardWrap.width(copy));
        List<HardWrap.Joined> back = joined(copy, width);
        assertEquals(original, back.stream().map(HardWrap.Joined::text).toList());
        assertEquals(1, back.get(0).first());
        assertEquals(copy.size(), back.get(back.size() - 1).last(), "every physical line is in one joined line");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"slog", "json"})
    void theRacesDelayIsExactWhereTheWrapSplitsItsKey(String format) {
        List<String> original = records(format);
        String race = original.get(6);
        String key = format.equals("json") ? "\"delay\":" : " delay=";
        // A width that puts the wrap inside the delay key: the first piece ends in "de" (or "\"de").
        int splitAt = race.indexOf(key) + 3;
        int width = splitAt;
        List<String> copy = wrapped(original, width);
        assertTrue(copy.stream().anyMatch(l -> l.startsWith(key.substring(3))), "a piece starts inside the key");
        assertEquals(width, HardWrap.width(copy));
        String back = joined(copy, width).get(6).text();
        assertEquals(race, back);
        LineParse p = new RecordParser().parse(back, 2026);
        LogRecord r = ((LineParse.Parsed) p).record();
        assertFalse(r.isCut());
        assertTrue(r.fields().stream().anyMatch(f -> f.key().equals("delay")
                && (f.value().equals("-1m24.257168224s") || f.value().equals("-84257168224"))), r.fields().toString());
    }

    @Test
    void longLinesOfManyLengthsAreNoWrappedCopy() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            lines.add("time=\"2026-09-19T10:01:" + String.format("%02d", i) + ".002Z\" level=info msg=\"Processing workflow\" namespace=argo workflow="
                    + "a-very-long-workflow-name-that-goes-on-" + "x".repeat(i * 7) + " phase=Running");
        }
        assertEquals(0, HardWrap.width(lines));
    }

    @Test
    void linesCutShortByAConsoleEachFollowedByARecordAreNoWrappedCopy() {
        // A log UI that shows 120 characters of each line: every line of that length, each followed by the next record.
        List<String> cut = records("slog").stream().map(l -> l.substring(0, Math.min(120, l.length()))).toList();
        assertEquals(0, HardWrap.width(cut));
        assertEquals(cut, joined(cut, 120).stream().map(HardWrap.Joined::text).toList(), "nothing joins even at that width");
    }

    @Test
    void recordsThatAllHaveOneLengthAreNoWrappedCopy() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add(String.format("time=2026-09-19T16:31:%02d.%03dZ level=INFO msg=\"update pod event\" component=pod_controller pod=routine-%d",
                    i, 100 + i, i % 10));
        }
        assertTrue(lines.stream().allMatch(l -> l.length() == lines.get(0).length()));
        assertEquals(0, HardWrap.width(lines));
    }

    @Test
    void aLineOfTheWidthFollowedByProseIsNotJoinedWithIt() {
        List<String> copy = new ArrayList<>(wrapped(records("logrus"), 120));
        // A record cut at the width by the copy, then the reporter's words: together they read as no record.
        String cut = "time=\"2026-09-19T16:32:00.001Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer namespace=argo podName=status-ca";
        assertEquals(120, cut.length());
        copy.add(cut);
        copy.add("and then the controller stopped logging for a while");
        assertEquals(120, HardWrap.width(copy));
        List<HardWrap.Joined> back = joined(copy, 120);
        assertEquals(cut, back.get(back.size() - 2).text());
        assertEquals("and then the controller stopped logging for a while", back.get(back.size() - 1).text());
    }

    /**
     * Session 52: records of one template and one length (another minute each), each followed by a pasted {@code kubectl logs} prompt,
     * are no copy wrapped at that length, however the record and the command read joined (a logfmt value then the command's words):
     * the prompt starts a line of its own. Nor is a fence after such a record its tail. Control: a wrapped copy with a prompt between
     * two of its records is still found at its width and joined back, the prompt given back as its own line.
     */
    @Test
    void aPromptOrAFenceAfterRecordsOfOneLengthIsNoWrappedTail() {
        String pre = "[pod/workflow-controller-7c9d8f6b4-mx2lp/workflow-controller] ";
        String first = pre + "time=\"2026-10-14T02:40:00.160Z\" level=info msg=\"Workflow update successful\" namespace=reports phase=Running"
                + " resourceVersion=99131 workflow=nightly-report-x7k2p";
        String second = first.replace("02:40:00", "02:10:00");
        assertEquals(first.length(), second.length());
        for (String after : List.of("$ kubectl -n argo logs -p --prefix -l app=workflow-controller",
                "ops@bastion:~$ kubectl -n argo logs --prefix --since=5m -l app=workflow-controller", "```")) {
            List<String> lines = List.of("$ kubectl -n argo logs --prefix -l app=workflow-controller", first, after, second, after,
                    first.replace("02:40:00", "02:44:00"));
            assertEquals(0, HardWrap.width(lines), after);
            assertEquals(lines, joined(lines, first.length()).stream().map(HardWrap.Joined::text).toList(), after);
        }
        // Control: the copy wrapped at 120 columns, a prompt pasted between its records; the records still join, the prompt stays apart.
        List<String> original = records("logrus");
        List<String> copy = new ArrayList<>(wrapped(original.subList(0, 6), 120));
        String prompt = "$ kubectl -n argo logs -p deploy/workflow-controller";
        copy.add(prompt);
        copy.addAll(wrapped(original.subList(6, original.size()), 120));
        assertEquals(120, HardWrap.width(copy));
        List<String> expected = new ArrayList<>(original.subList(0, 6));
        expected.add(prompt);
        expected.addAll(original.subList(6, original.size()));
        assertEquals(expected, joined(copy, 120).stream().map(HardWrap.Joined::text).toList());
    }

    @Test
    void aWrappedCopyInAFileIsReadAsItsRecordsEachCitingItsFirstLine() throws IOException {
        List<String> copy = wrapped(records("slog"), 80);
        Path p = dir.resolve("wrapped.log");
        Files.writeString(p, String.join("\n", copy) + "\n", StandardCharsets.UTF_8);
        LineChunk chunk = new LineChunk(new InputFile("wrapped.log", p, InputKind.LOG, false, "t"), 0, 0, -1);
        List<UnwrappedLine> lines = new ArrayList<>();
        LineFrontEnd.Walked walked = LineFrontEnd.walk(chunk, null, lines::add, (u, why) -> { }, Progress.NONE, 1 << 20);
        assertEquals(copy.size(), walked.lines(), "physical lines");
        assertEquals(12, lines.size());
        assertEquals(80, walked.stats().wrapWidth());
        assertEquals(12, walked.stats().wrappedRecords());
        assertEquals(copy.size(), walked.stats().wrappedLines());
        assertEquals(1, walked.stats().firstWrappedLine());
        UnwrappedLine race = lines.get(6);
        assertTrue(race.record().contains(" delay=-1m24.257168224s "));
        assertTrue(race.lastLine() > race.firstLine());
        assertEquals(lines.get(5).lastLine() + 1, race.firstLine());
    }

    @Test
    void aWrappedCopyIsPlannedAsOneChunkWhateverTheChunkSizeAndAnotherFileIsSplit() throws IOException {
        Path wrappedFile = dir.resolve("wrapped.log");
        Files.writeString(wrappedFile, String.join("\n", wrapped(records("logrus"), 100)) + "\n", StandardCharsets.UTF_8);
        Path plainFile = dir.resolve("plain.log");
        Files.writeString(plainFile, String.join("\n", records("logrus")) + "\n", StandardCharsets.UTF_8);
        assertEquals(1, HardWrap.planner(512, 1 << 20).plan(new InputFile("wrapped.log", wrappedFile, InputKind.LOG, false, "t")).size());
        assertTrue(HardWrap.planner(512, 1 << 20).plan(new InputFile("plain.log", plainFile, InputKind.LOG, false, "t")).size() > 1);
    }

    @Test
    void aFileSplitAmongWorkersIsNotLookedAt() throws IOException {
        List<String> copy = wrapped(records("slog"), 80);
        Path p = dir.resolve("wrapped.log");
        Files.writeString(p, String.join("\n", copy) + "\n", StandardCharsets.UTF_8);
        InputFile file = new InputFile("wrapped.log", p, InputKind.LOG, false, "t");
        assertEquals(80, HardWrap.width(new LineChunk(file, 0, 0, -1), 1 << 20));
        assertEquals(0, HardWrap.width(new LineChunk(file, 0, 0, 400), 1 << 20));
    }
}
