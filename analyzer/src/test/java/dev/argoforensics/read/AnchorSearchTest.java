package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class AnchorSearchTest {
    private static final List<String> ANCHORS = List.of("queuing pod delay", "queuing poddelay", " phase ", "Mark error node",
            "Workflow pod is missing", " stdout P ");

    /** Every start of every anchor, the slow way. */
    private static List<String> naive(String text) {
        TreeSet<Integer> starts = new TreeSet<>();
        List<String> out = new ArrayList<>();
        for (String a : ANCHORS) {
            for (int at = text.indexOf(a); at >= 0; at = text.indexOf(a, at + 1)) {
                starts.add(at);
            }
        }
        for (int at : starts) {
            out.add(at + ":" + ANCHORS.stream().filter(a -> text.startsWith(a, at)).findFirst().orElseThrow());
        }
        return out;
    }

    private static List<String> fast(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        List<String> out = new ArrayList<>();
        new AnchorSearch(ANCHORS).find(bytes, bytes.length, (offset, anchor) -> out.add(offset + ":" + ANCHORS.get(anchor)));
        return out;
    }

    @Test
    void findsWhatIndexOfFindsOnRandomTextWithPlantedAnchors() {
        SplittableRandom random = new SplittableRandom(17024);
        String alphabet = "abcdeinopqrsuwy MPdlhtk:=\"\n-";
        for (int round = 0; round < 200; round++) {
            StringBuilder b = new StringBuilder();
            int pieces = random.nextInt(40);
            for (int i = 0; i < pieces; i++) {
                int noise = random.nextInt(30);
                for (int j = 0; j < noise; j++) {
                    b.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                String a = ANCHORS.get(random.nextInt(ANCHORS.size()));
                // Sometimes only most of an anchor: a near miss must not count.
                b.append(random.nextInt(4) == 0 ? a.substring(0, a.length() - 1) : a);
            }
            String text = b.toString();
            assertEquals(naive(text), fast(text), text);
        }
    }

    @Test
    void anchorsAtTheVeryStartAndEndAndBackToBack() {
        String text = "queuing pod delay phase Mark error nodeWorkflow pod is missing";
        assertEquals(naive(text), fast(text));
        assertEquals(List.of("0: phase "), fast(" phase "));
        assertEquals(List.of(), fast(" phas"));
        assertEquals(List.of(), fast(""));
    }

    @Test
    void anchorsShorterThanTwoBytesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AnchorSearch(List.of("x")));
    }
}
