package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's look at the bytes before a chunk ({@link CarriedPrompt#mayHold}) before it reads them as lines: wherever it says
 * no line can hold a prompt or a fence, reading every line gives nothing to carry either, for every window between two line
 * starts of files holding prompts, fences, CRLF ends, leading NULs, invalid UTF-8 and a line cut for its length; and on a plain
 * controller log it does say so (the lines are not read).
 */
class CarriedPromptWindowTest {
    private static final int MAX_LINE = 200;

    @TempDir
    Path dir;

    @Test
    void noWindowTheBytesRuleOutCarriesAnything() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        line(out, "time=\"2026-11-30T10:00:00.000Z\" level=info msg=\"Processing workflow\" namespace=argo workflow=wf-a");
        line(out, "$ kubectl logs -n argo wf-a-123 -c wait");
        line(out, "time=\"2026-11-30T10:00:01.000Z\" level=info msg=\"Alloc=1234 TotalAlloc=5678\"");
        out.write("time=\"2026-11-30T10:00:02.000Z\" level=info msg=\"crlf\"\r\n".getBytes(StandardCharsets.UTF_8));
        out.write(new byte[] {0, 0, 0});
        line(out, "time=\"2026-11-30T10:00:03.000Z\" level=info msg=\"after NULs\"");
        out.write(new byte[] {'l', 'o', (byte) 0xff, 'g', 's', '\n'});
        line(out, "```");
        line(out, "time=\"2026-11-30T10:00:04.000Z\" level=info msg=\"fenced\"");
        line(out, "```");
        line(out, "x".repeat(MAX_LINE + 50) + " logs");
        line(out, "~~~");
        line(out, "time=\"2026-11-30T10:00:05.000Z\" level=info msg=\"last\"");
        Path p = dir.resolve("mixed.log");
        Files.write(p, out.toByteArray());
        InputFile f = new InputFile("mixed.log", p, InputKind.LOG, false, "test");
        List<Long> starts = lineStarts(out.toByteArray());
        int ruledOut = 0;
        for (int i = 0; i < starts.size(); i++) {
            for (int j = i + 1; j < starts.size(); j++) {
                LineChunk window = new LineChunk(f, 1, starts.get(i), starts.get(j));
                String read = CarriedPrompt.readLines(window, MAX_LINE);
                if (!CarriedPrompt.mayHold(window)) {
                    ruledOut++;
                    assertEquals(null, read, "window " + starts.get(i) + ".." + starts.get(j));
                }
                assertEquals(read, CarriedPrompt.over(window, MAX_LINE), "window " + starts.get(i) + ".." + starts.get(j));
            }
        }
        assertTrue(ruledOut > 0, "some windows hold no prompt and no fence");
        // The prompt's window carries it, and the bytes let it through.
        LineChunk prompt = new LineChunk(f, 1, starts.get(1), starts.get(3));
        assertTrue(CarriedPrompt.mayHold(prompt));
        assertNotNull(CarriedPrompt.over(prompt, MAX_LINE));
    }

    /**
     * A file's marks ({@link CarriedPrompt.Marks}, each byte looked at once) answer every window as {@link CarriedPrompt#mayHold}
     * reading the window whole does, in the planner's order (overlapping windows moving on through the file) and in any other:
     * windows ending earlier than the span looked at, starting before it or past its end, and a window of another file.
     */
    @Test
    void aFilesMarksAnswerEveryWindowAsReadingItWhole() throws Exception {
        byte[] bytes = mixed();
        Path p = dir.resolve("marks.log");
        Files.write(p, bytes);
        InputFile f = new InputFile("marks.log", p, InputKind.LOG, false, "test");
        List<Long> starts = lineStarts(bytes);
        List<LineChunk> ordered = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            for (int j = i + 1; j < starts.size(); j++) {
                ordered.add(new LineChunk(f, 1, starts.get(i), starts.get(j)));
            }
        }
        List<LineChunk> planned = new ArrayList<>();
        for (int width = 1; width <= 4; width++) {
            for (int k = width; k < starts.size(); k++) {
                planned.add(new LineChunk(f, 1, starts.get(k - width), starts.get(k)));
            }
        }
        List<LineChunk> reversed = new ArrayList<>(ordered);
        java.util.Collections.reverse(reversed);
        List<LineChunk> shuffled = new ArrayList<>(ordered);
        java.util.Collections.shuffle(shuffled, new java.util.Random(17024));
        // The same windows with another file's between: its bytes are not this file's.
        Path q = dir.resolve("other.log");
        Files.writeString(q, "logs ``` ~~~\n".repeat(40));
        InputFile other = new InputFile("other.log", q, InputKind.LOG, false, "test");
        List<LineChunk> interleaved = new ArrayList<>();
        for (LineChunk w : planned) {
            interleaved.add(w);
            interleaved.add(new LineChunk(other, 1, 0, Math.min(w.end() - w.start(), Files.size(q))));
        }
        for (List<LineChunk> order : List.of(ordered, planned, reversed, shuffled, interleaved)) {
            CarriedPrompt.Marks marks = new CarriedPrompt.Marks();
            int yes = 0;
            int no = 0;
            for (LineChunk w : order) {
                boolean whole = CarriedPrompt.mayHold(w);
                assertEquals(whole, marks.mayHold(w), w.file().displayPath() + " window " + w.start() + ".." + w.end());
                if (whole) {
                    yes++;
                } else {
                    no++;
                }
            }
            assertTrue(yes > 0 && no > 0, "windows of both answers: " + yes + " and " + no);
        }
    }

    /**
     * A planner's chunks, with what each carries, are the same whether its carry looks at each window whole or at each byte of
     * the file once, on a file of several MiB whose prompts and fences fall in overlapping windows and across chunk boundaries.
     */
    @Test
    void aPlanCarriesTheSameWithTheFilesMarks() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // Marks at two places ~2.6 MB apart: the windows (a MiB before each chunk) of some chunks hold one, of others none.
        java.util.Map<Integer, String> marks = java.util.Map.of(1000, "$ kubectl logs -n argo wf-1000 -c wait", 2000, "```", 2001, "```",
                26000, "~~~", 26001, "$ kubectl get pods -n argo");
        for (int i = 0; out.size() < 7 * 512 * 1024; i++) {
            line(out, marks.getOrDefault(i,
                    "time=\"2026-11-30T10:00:00.000Z\" level=info msg=\"Processing workflow\" namespace=argo workflow=wf-" + i));
        }
        Path p = dir.resolve("big.log");
        Files.write(p, out.toByteArray());
        InputFile f = new InputFile("big.log", p, InputKind.LOG, false, "test");
        for (long chunkBytes : new long[] {64 * 1024, 256 * 1024, 700 * 1024}) {
            List<LineChunk> marked = new dev.argoforensics.source.ChunkPlanner(chunkBytes, x -> false, x -> false, line -> false,
                    CarriedPrompt.of(MAX_LINE)).plan(f);
            List<LineChunk> whole = new dev.argoforensics.source.ChunkPlanner(chunkBytes, x -> false, x -> false, line -> false,
                    before -> CarriedPrompt.over(before, MAX_LINE)).plan(f);
            assertEquals(whole, marked, "chunks of " + chunkBytes + " bytes");
            assertTrue(marked.size() > 4, "many chunks");
            // Both kinds of window: read as lines (a carry, "" where nothing is left in effect) and ruled out by the marks (null).
            assertTrue(marked.stream().anyMatch(c -> c.carried() != null), "a chunk whose window is read as lines");
            assertTrue(marked.stream().skip(1).anyMatch(c -> c.carried() == null), "a chunk whose window holds nothing");
        }
    }

    private static byte[] mixed() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        line(out, "time=\"2026-11-30T10:00:00.000Z\" level=info msg=\"Processing workflow\" namespace=argo workflow=wf-a");
        line(out, "$ kubectl logs -n argo wf-a-123 -c wait");
        line(out, "time=\"2026-11-30T10:00:01.000Z\" level=info msg=\"Alloc=1234 TotalAlloc=5678\"");
        line(out, "lo");
        line(out, "gs ``");
        line(out, "`~~ ~~~~");
        line(out, "time=\"2026-11-30T10:00:02.000Z\" level=info msg=\"plain\"");
        line(out, "blogs");
        line(out, "time=\"2026-11-30T10:00:03.000Z\" level=info msg=\"plain\"");
        line(out, "time=\"2026-11-30T10:00:04.000Z\" level=info msg=\"plain\"");
        line(out, "````");
        line(out, "time=\"2026-11-30T10:00:05.000Z\" level=info msg=\"last\"");
        return out.toByteArray();
    }

    @Test
    void aPlainControllerLogIsNotReadAsLines() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append("time=\"2026-11-30T10:00:00.000Z\" level=info msg=\"Processing workflow\" namespace=argo workflow=wf-")
                    .append(i).append('\n');
        }
        Path p = dir.resolve("plain.log");
        Files.writeString(p, sb);
        InputFile f = new InputFile("plain.log", p, InputKind.LOG, false, "test");
        long half = sb.indexOf("\n", sb.length() / 2) + 1;
        LineChunk window = new LineChunk(f, 1, 0, half);
        assertFalse(CarriedPrompt.mayHold(window));
        assertEquals(null, CarriedPrompt.readLines(window, MAX_LINE));
    }

    private static void line(ByteArrayOutputStream out, String s) {
        out.writeBytes((s + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static List<Long> lineStarts(byte[] b) {
        List<Long> starts = new ArrayList<>();
        starts.add(0L);
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n') {
                starts.add((long) i + 1);
            }
        }
        return starts;
    }
}
