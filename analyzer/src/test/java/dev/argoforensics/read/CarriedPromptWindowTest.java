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
