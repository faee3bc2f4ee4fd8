package dev.argoforensics.wording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class WordsTest {
    private final Words words = Words.english();

    @Test
    void nestedMessagesAndEmptyPartsAreWrittenInPlace() {
        Message m = Message.of("AF001.summary", "pod", "argo/wf-1-main-123", "at", "2026-09-19T16:32:10.5Z",
                "delay", Message.of("AF001.summaryDelay", "delay", "-1m24.257168224s"),
                "state", Message.of("AF001.stateStill", "phase", "Pending"), "ending", Message.NOTHING);
        assertEquals("Pod argo/wf-1-main-123 lost its status-capture finalizer at 2026-09-19T16:32:10.5Z (delay=-1m24.257168224s) "
                + "while its node was still Pending.", words.render(m));
        assertEquals("AF001.summary", m.code());
    }

    @Test
    void aSequenceIsItsPartsInOrderAndALiteralIsItsText() {
        Message m = Message.sequence(List.of(Message.literal("one"), Message.of("common.stop"), Message.literal("two")));
        assertEquals("one. two", words.render(m));
        assertEquals("", Message.literal("x").code());
    }

    @Test
    void redactionReachesEveryValueButNotTheWords() {
        Message m = Message.of("AF001.cleared.running", "reason", "pod secret-pod finished");
        assertEquals("deleted while running, not a lost result (AF007): pod pod-1 finished",
                words.render(m.mapStrings(s -> s.replace("secret-pod", "pod-1"))));
    }

    @Test
    void aMissingKeyOrValueFailsAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> words.render(Message.of("AF001.no-such-key")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> words.render(Message.of("AF001.summaryDelay")));
        assertTrue(e.getMessage().contains("{delay}"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Message.of("AF001.summaryDelay", "delay"));
    }

    /** Every key of en.yaml is used by the code (no dead words), and every key the code names has words. */
    @Test
    void everyKeyIsUsedAndEveryUsedKeyHasWords() throws IOException {
        Pattern literal = Pattern.compile("\"((?:common|caveat|note|AF\\d{3})\\.[A-Za-z0-9.]+)\"");
        List<String> used = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("analyzer/src/main/java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = literal.matcher(Files.readString(f));
                while (m.find()) {
                    used.add(m.group(1));
                }
            }
        }
        List<String> unknown = used.stream().filter(k -> !words.keys().contains(k)).distinct().sorted().toList();
        assertEquals(List.of(), unknown, "keys the code uses that en.yaml lacks");
        List<String> dead = words.keys().stream().filter(k -> !used.contains(k)).sorted().toList();
        assertEquals(List.of(), dead, "words no code uses");
    }
}
