package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pass 2 reads a logfmt line's head and looks for its names of interest in one walk of the line
 * ({@link QuickScan#head(String, int, dev.argoforensics.line.NameWatch)} with the {@link Interest} as its watch). That walk
 * must answer exactly as the two walks it replaces: the head read alone, then {@link Interest#mentions(String, int)} from the
 * separator before {@code msg=}. Compared here on every line of the samples' logs, the grammar's and the analyzer's fixtures,
 * the generator's slog, logrus, JSON and klog lines, hand-written lines (quoted keys and values, escapes, keys with spaces,
 * a name only in an escape, a name ending a sentence, missing keys), and every one of those lines damaged at random (a
 * quote, a backslash, a space, an '=' or a CR put in, a character taken out), each against many interests.
 */
class OneWalkInterestTest {
    /** Names chosen to stress the watch's cases: a whole token, a '-'-prefix, one before a final '.', one inside escapes. */
    private static final List<String> HAND = List.of(
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"cleaning up pod\" key=argo/wf-a-1234/removeFinalizer",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"Processing workflow\" namespace=argo workflow=wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=Processing namespace=argo workflow=wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=wf-a namespace=argo",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"acquired by argo/wf-a. Lock availability: 0/1\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"pod \\\"wf-a-1234\\\" not found\" error=\"pods \\\"wf-b\\\" not found\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" error=\"line one\\nwf-a-1234 line two\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" error=\"\\\\wf-a\\\\ \\t\\x41wf-b \\u00e9wf-a\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" \"wf-a key\"=1 b=\"\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" wf-a=1",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=wf-a=b",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=\"wf-a\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=\"wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=wf-a\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=1 b =wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=1  =wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=1   wf-a=2",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=1 wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=\"bad \\q wf-a\"",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=wf-a\t",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=wf-a\r",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=ünïwf-a b=wf-a\u0302",
            "time=2026-09-19T10:00:00.123Z level=INFO msg= a=wf-a",
            "time=2026-09-19T10:00:00.123Z level=INFO msg=",
            "time=2026-09-19T10:00:00.123Z level=INFO workflow=wf-a",
            "time=2026-09-19T10:00:00.123Z msg=\"x\" workflow=wf-a",
            "time=2026-09-19T10:00:00.123Z level=WARN msg=\"Non-transient error: wf-a\" workflow=wf-a-1234 timeout=1m30",
            "time=\"2026-09-19T10:00:00Z\" level=info msg=\"cleaning up pod\" key=argo/wf-a-1234/removeFinalizer",
            "time=\"2026-09-19T10:00:00Z\" level=info msg=\"x\"  workflowDeadline=\"2026-11-02 15:30:00 +0000 UTC\" wf=wf-a",
            "time=\"2026-09-19T10:00:00Z\" level=info msg=\"x\" a key=wf-a",
            "time=\"2026-09-19T10:00:00Z\" level=info msg=\"x\" msg=wf-a.",
            "I0919 10:00:00.123456       1 controller.go:257] Processing workflow wf-a",
            "{\"time\":\"2026-09-19T10:00:00Z\",\"level\":\"INFO\",\"msg\":\"x\",\"workflow\":\"wf-a-1234\"}");

    @Test
    void theOneWalkAnswersAsTheHeadAndTheInterestFilterApart() {
        List<String> lines = lines();
        assertTrue(lines.size() > 20_000, "lines: " + lines.size());
        SplittableRandom random = new SplittableRandom(17);
        List<String> damaged = new ArrayList<>();
        for (String line : lines) {
            damaged.add(damage(line, random));
        }
        lines.addAll(damaged);
        List<Interest> interests = interests(lines, random);
        long[] outcomes = new long[3]; // mentioned, not mentioned, no logfmt head
        for (Interest interest : interests) {
            for (String line : lines) {
                compare(line, interest, outcomes);
            }
        }
        // Both answers are common, on well-formed and on damaged lines: the comparison is not one of empty sets.
        assertTrue(outcomes[0] > 10_000 && outcomes[1] > 10_000 && outcomes[2] > 1_000,
                "mentioned " + outcomes[0] + ", not " + outcomes[1] + ", no logfmt head " + outcomes[2]);
    }

    @Test
    void aNameOnlyTheWalkAfterTheHeadCanSeeIsSeen() {
        Interest interest = Interest.none();
        interest.addWorkflow("wf-a");
        interest.freeze();
        // In an escape, a quoted key, a bare message, before a final '.': each only where the line's own walk goes.
        for (String line : List.of(HAND.get(3), HAND.get(4), HAND.get(5), HAND.get(7), HAND.get(8), HAND.get(9), HAND.get(30))) {
            QuickScan.Head head = QuickScan.head(line, 2026, interest);
            assertNotNull(head, line);
            assertEquals(QuickScan.Names.MENTIONED, head.names(), line);
        }
        QuickScan.Head none = QuickScan.head("time=2026-09-19T10:00:00.123Z level=INFO msg=\"x\" a=wf-ab b=xwf-a c=wf", 2026, interest);
        assertEquals(QuickScan.Names.ABSENT, none.names());
        assertEquals(QuickScan.Names.UNWATCHED, QuickScan.head(HAND.get(0), 2026).names(), "no watch given");
        assertEquals(QuickScan.Names.UNWATCHED, QuickScan.head(HAND.get(31), 2026, interest).names(), "klog: searched apart");
    }

    /**
     * Lines a reviewer built to break the one walk (s44): "msg=" inside another value or twice, a quoted "msg" key, names in
     * quoted values among escaped quotes and backslashes, a name split by a "\n" escape, a name as a key, as the prefix or
     * suffix of another token, in podName=, key=ns/name/action and pod.Finalizers=[...], after or inside multibyte UTF-8
     * (a surrogate pair too), tabs, CRs, a line cut short, a very long line, logrus text, klog with a logfmt tail, v4 slog
     * with component= before msg=. Each answers as the two walks, and each answers what a reader of the line expects: the
     * expectation is written beside it (null: no logfmt head, the full read decides; UNWATCHED: searched apart).
     */
    @Test
    void theHardCasesAnswerAsTheTwoWalksAndAsExpected() {
        Interest interest = Interest.none();
        interest.addWorkflow("wf-a");
        interest.addPod("wf-b-7-123");
        interest.freeze();
        String s = "time=2026-12-05T10:00:00.123Z level=INFO ";
        String l = "time=\"2026-12-05T10:00:00Z\" level=info ";
        QuickScan.Names m = QuickScan.Names.MENTIONED;
        QuickScan.Names a = QuickScan.Names.ABSENT;
        QuickScan.Names u = QuickScan.Names.UNWATCHED;
        Object[][] cases = {
            {s + "msg=\"x\" error=\"a msg=wf-a b\"", m},
            {s + "msg=\"x\" note=msg=wf-a", m},
            {s + "msg=\"x\" msg=\"y\" msg=wf-a", m},
            {s + "msg=\"msg=wf-a\"", m},
            {s + "msg=\"x\" \"msg\"=wf-a", m},
            {s + "msg=\"x\" \"msg=wf-a\"=1", m},
            {s + "msg=\"x\" \"m\\\"sg\"=\"\\\"wf-a\\\"\"", m},
            {s + "msg=\"pod \\\"wf-a\\\" gone\"", m},
            {s + "msg=\"x\" e=\"\\\\\\\\wf-a\\\\\"", m},
            {s + "msg=\"x\" e=\"\\\\\\\"wf-ab\\\"\"", a},
            {s + "msg=\"x\" e=\"wf-\\na\"", a}, // split by an escape: neither walk joins the halves
            {s + "msg=\"x\" e=\"a\\nwf-a\"", m}, // "\n" then the name: the decoded text's token after the escape is the name
            {s + "msg=\"x\" e=\"a\\n wf-a\"", m},
            {s + "msg=\"x\" e=\"a\\twf-a\"", m},
            {s + "msg=\"x\" e=\"a\\\\nwf-a\"", a}, // an escaped backslash, then the letters "nwf-a": no escape, one token
            {s + "msg=\"x\" e=\"a\\awf-a\"", m}, // any control character's escape (here a bell) ends the decoded token before the name
            {s + "msg=\"x\" wf-a-1=x", m},
            {s + "msg=\"x\" wf-a=", null}, // a slog key= at the end: cut, left to the full read
            {s + "msg=\"x\" a=wf-ab b=xwf-a c=wf- e=-wf-a f=wf-a..", a},
            {s + "msg=\"x\" a=wf-a-", m},
            {s + "msg=\"x\" a=wf-a.", m},
            {s + "msg=\"x\" a=wf-a_1", a},
            {s + "msg=\"x\" podName=wf-b-7-123", m},
            {s + "msg=\"x\" podName=wf-b-7-1234", a},
            {s + "msg=\"x\" podName=wf-b-7", m}, // a '-'-prefix of a Pod: its Workflow's name
            {s + "msg=\"cleaning up pod\" key=argo/wf-b-7-123/labelPodCompleted", m},
            {s + "msg=\"x\" pod.Finalizers=[workflows.argoproj.io/wf-b-7-123]", m},
            {s + "msg=\"x\" pod.Finalizers=\"[workflows.argoproj.io/status wf-a]\"", m},
            {s + "msg=\"é\" a=日本wf-a本", m},
            {s + "msg=\"\uD83D\uDE00wf-a\uD83D\uDE00\"", m},
            {s + "msg=\"x\" a=wf-aé", m},
            {s + "msg=\"x\" a=wf-\u00e9a", a},
            {s + "msg=\"x\twf-a\"", m},
            {s + "msg=\"x\" a=wf-a\tb=1", m},
            {s + "msg=\"x\" a=1\t\t", a},
            {s + "msg=\"x\" a=wf-a\r", m},
            {s + "msg=\"x\" a=\"wf-a\r\"", null},
            {s + "msg=\"x\" a=\"wf-a", null},
            {s + "msg=\"x\" a=wf-a d=1m3", null},
            {s + "msg=\"x\" a=" + "y".repeat(200_000) + " b=wf-a", m},
            {s + "msg=\"x\" a=\"" + "\\\\".repeat(50_000) + "\" b=wf-ab", a},
            {l + "msg=\"Processing workflow\" namespace=argo workflow=wf-a", m},
            {l + "msg=\"x\"  workflowDeadline=\"2026-11-02 15:30:00 +0000 UTC\" wf=wf-b-7-123", m},
            {l + "msg=\"x\" a key=wf-ab b=c", a},
            {"I1205 10:00:00.123456       1 controller.go:257] \"Processing\" workflow=\"argo/wf-a\"", u},
            {s + "component=controller msg=\"x\" workflow=wf-a", null},
            {"time=2026-12-05T10:00:00.123Z level=INFO msg=x component=controller workflow=wf-a", m},
        };
        for (Object[] c : cases) {
            String line = (String) c[0];
            long[] outcomes = new long[3];
            compare(line, interest, outcomes);
            QuickScan.Head head = QuickScan.head(line, 2026, interest);
            assertEquals(c[1], head == null ? null : head.names(), () -> "expected on: " + abbreviate(line));
        }
    }

    /**
     * Lines put together at random from the pieces the hard cases are made of (names and near-names, keys, quotes, escapes,
     * multibyte characters, tabs, '=' and spaces), so that they meet in orders no hand thought of; a good share of them has a
     * logfmt head, and both answers are common among those.
     */
    @Test
    void linesMadeOfHardPiecesAnswerAsTheTwoWalks() {
        Interest interest = Interest.none();
        interest.addWorkflow("wf-a");
        interest.addPod("wf-b-7-123");
        interest.addName("n1");
        interest.freeze();
        String[] pieces = {"wf-a", "wf-a-1", "wf-ab", "xwf-a", "wf-", "a", "wf-b-7-123", "wf-b-7", "wf-b-7-1234", "n1", "n", ".", "..",
            "-", "_", "msg", "msg=", "key", "=", "==", " ", "  ", "\"", "\\\"", "\\\\", "\\", "\\n", "\\t", "\\x41", "\\u00e9", "\t",
            "é", "日本", "\uD83D\uDE00", "/", "[", "]", "argo/", "1m3", "\r", ",", ":"};
        SplittableRandom random = new SplittableRandom(44);
        long[] outcomes = new long[3];
        String[] heads = {"time=2026-12-05T10:00:00.123Z level=INFO msg=", "time=\"2026-12-05T10:00:00Z\" level=info msg="};
        for (int k = 0; k < 400_000; k++) {
            StringBuilder b = new StringBuilder(heads[random.nextInt(2)]);
            boolean quoted = random.nextBoolean();
            if (quoted) {
                b.append('"');
            }
            int n = 1 + random.nextInt(4);
            for (int j = 0; j < n; j++) {
                b.append(pieces[random.nextInt(pieces.length)]);
            }
            if (quoted) {
                b.append('"');
            }
            int fields = random.nextInt(4);
            for (int f = 0; f < fields; f++) {
                b.append(' ');
                int parts = 1 + random.nextInt(6);
                for (int j = 0; j < parts; j++) {
                    String piece = pieces[random.nextInt(pieces.length)];
                    // mostly well-formed: a quoted value where the piece breaks a bare one
                    b.append(random.nextInt(4) == 0 ? piece : j == 0 ? piece.replaceAll("[^A-Za-z0-9._-]", "") + "=" : j == 1 ? "\"" + piece : piece);
                }
                if (b.chars().filter(ch -> ch == '"').count() % 2 == 1 && random.nextInt(5) > 0) {
                    b.append('"');
                }
            }
            compare(b.toString(), interest, outcomes);
        }
        assertTrue(outcomes[0] > 10_000 && outcomes[1] > 10_000, "mentioned " + outcomes[0] + ", not " + outcomes[1]);
    }

    private static String abbreviate(String line) {
        return line.length() > 300 ? line.substring(0, 150) + "…" + line.substring(line.length() - 150) : line;
    }

    private static void compare(String line, Interest interest, long[] outcomes) {
        QuickScan.Head alone = QuickScan.head(line, 2026);
        QuickScan.Head watched = QuickScan.head(line, 2026, interest);
        if (alone == null) {
            assertEquals(null, watched, () -> "the watched read took a line the head read alone leaves: " + line);
            return;
        }
        assertNotNull(watched, () -> "the watched read left a line the head read alone takes: " + line);
        assertEquals(new QuickScan.Head(alone.format(), alone.time(), alone.level(), alone.message()),
                new QuickScan.Head(watched.format(), watched.time(), watched.level(), watched.message()), line);
        if (alone.format() != RecordFormat.SLOG_TEXT && alone.format() != RecordFormat.LOGRUS_TEXT) {
            assertEquals(QuickScan.Names.UNWATCHED, watched.names(), line);
            outcomes[2]++;
            return;
        }
        boolean mentions = interest.mentions(line, line.indexOf(" msg="));
        assertEquals(mentions ? QuickScan.Names.MENTIONED : QuickScan.Names.ABSENT, watched.names(),
                () -> "the one walk and the interest filter differ on: " + line);
        outcomes[mentions ? 0 : 1]++;
    }

    /** Interests made of the lines' own tokens, as Pods, Workflows and other names; one with a single-character name. */
    private static List<Interest> interests(List<String> lines, SplittableRandom random) {
        List<Interest> interests = new ArrayList<>();
        for (int k = 0; k < 12; k++) {
            Interest interest = Interest.none();
            int names = k < 4 ? 3 : k < 8 ? 30 : 300;
            for (int j = 0; j < names; j++) {
                String line = lines.get(random.nextInt(lines.size()));
                String[] tokens = line.split("[^A-Za-z0-9._-]+");
                String token = tokens[random.nextInt(tokens.length)];
                if (token.isEmpty()) {
                    continue;
                }
                switch (random.nextInt(3)) {
                    case 0 -> interest.addPod(token);
                    case 1 -> interest.addWorkflow(token.contains("-") ? token.substring(0, token.lastIndexOf('-')) : token);
                    default -> interest.addName(token);
                }
            }
            interest.addWorkflow("wf-a");
            if (k == 11) {
                interest.addName("x"); // every token is then told, none skipped by its first two characters
            }
            interest.freeze();
            interests.add(interest);
        }
        return interests;
    }

    private static String damage(String line, SplittableRandom random) {
        if (line.isEmpty()) {
            return line;
        }
        int at = random.nextInt(line.length());
        String put = switch (random.nextInt(7)) {
            case 0 -> "\"";
            case 1 -> "\\";
            case 2 -> " ";
            case 3 -> "=";
            case 4 -> "\r";
            case 5 -> "\\\"";
            default -> null;
        };
        return put == null ? line.substring(0, at) + line.substring(at + 1) : line.substring(0, at) + put + line.substring(at);
    }

    private static List<String> lines() {
        List<String> lines = new ArrayList<>(HAND);
        for (LogGenerator.Mix mix : LogGenerator.Mix.values()) {
            StringWriter out = new StringWriter();
            try {
                new LogGenerator(2026 + mix.ordinal(), 1_500_000, mix, 2).write(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.toString().lines().forEach(lines::add);
        }
        for (String dir : new String[] {"grammar/src/test/resources/fixtures", "analyzer/src/test/resources/fixtures"}) {
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                    Files.readAllLines(f, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("> ")).map(l -> l.substring(2))
                            .forEach(lines::add);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (Stream<Path> files = Files.walk(Path.of("samples"))) {
            for (Path f : files.filter(p -> p.toString().contains("/logs/") && p.toString().endsWith(".log") && Files.isRegularFile(p)).sorted().toList()) {
                // as the reading decodes them: a byte that is no UTF-8 becomes U+FFFD (a few samples hold such lines)
                new String(Files.readAllBytes(f), StandardCharsets.UTF_8).lines().forEach(lines::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }
}
