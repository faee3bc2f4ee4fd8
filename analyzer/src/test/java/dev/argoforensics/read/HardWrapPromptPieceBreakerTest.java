package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 52 breaker (s52-b-readers): a wrapped record whose piece happens to begin where its message holds {@code $ } or a fence. The
 * branch made a prompt with a command and a fence never a wrapped record's tail. Lines written for this test, shaped as the controller
 * writes them (a Pod's args echoed in a message).
 */
class HardWrapPromptPieceBreakerTest {
    private static List<String> records() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String t = String.format("2026-09-19T16:31:%02d.%03dZ", 10 + i, 100 + 7 * i);
            out.add("time=\"" + t + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + (88000 + i * 131)
                    + " namespace=argo workflow=status-capture-" + i + " extra=" + "x".repeat(i * 9));
        }
        return out;
    }

    private static List<String> wrapped(List<String> lines, int width) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            for (int at = 0; at < line.length(); at += width) {
                out.add(line.substring(at, Math.min(line.length(), at + width)));
            }
        }
        return out;
    }

    private static List<HardWrap.Joined> joined(List<String> lines, int width) {
        HardWrap.Joiner joiner = new HardWrap.Joiner(width);
        List<HardWrap.Joined> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            out.addAll(joiner.offer(lines.get(i), i + 1));
        }
        out.addAll(joiner.flush());
        return out;
    }

    /** A record whose text at column 120 reads {@code $ kubectl …} or {@code ```}: its piece is still its tail (the record is cut without it). */
    @Test
    void aPieceThatReadsAsAPromptOrAFenceIsStillTheCutRecordsTail() {
        for (String tail : List.of("$ kubectl -n argo get pods\"", "```\"")) {
            List<String> original = new ArrayList<>(records());
            String head = "time=\"2026-09-19T16:31:20.404Z\" level=info msg=\"echo args\" args=\"sh -c ";
            head = head + " ".repeat(0);
            String pad = "y".repeat(120 - head.length());
            // The piece after column 120 starts with the tail; the record's quote is open until it.
            String rec = head.substring(0, head.length() - 1) + pad + " " + tail;
            assertEquals(' ', rec.charAt(119), rec);
            // wrap at 120: the second piece is rec.substring(120), which must begin with the tail's first char
            String piece = rec.substring(120);
            assertEquals(tail, piece, "the piece starts the prompt or fence");
            original.add(5, rec);
            List<String> copy = wrapped(original, 120);
            assertEquals(120, HardWrap.width(copy), tail);
            assertEquals(original, joined(copy, 120).stream().map(HardWrap.Joined::text).toList(), tail);
        }
    }
}
