package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Docker json-file lines read without the JSON parser ({@link JsonEnvelope#dockerFileLine}) give what the
 * parser's tree gives ({@link JsonEnvelope#tree}), and every other shape is left to the parser.
 */
class DockerFileLineTest {
    private final JsonEnvelope json = new JsonEnvelope();

    private static String docker(String logJson, String stream, String time) {
        return "{\"log\":\"" + logJson + "\",\"stream\":\"" + stream + "\",\"time\":\"" + time + "\"}";
    }

    private static final String TIME = "2026-10-08T07:58:11.497123456Z";

    @Test
    void theJsonFileShapeIsReadWithoutTheParserAndGivesTheTreesContent() {
        List<String> logs = List.of(
                "time=\\\"2026-10-08T07:58:11.497Z\\\" level=info msg=\\\"Starting Workflow Controller\\\" version=v3.7.18\\n",
                "time=\\\"2026-10-08T07:58:11.497Z\\\" level=info msg=\\\"a piece of a long line\\\"",
                "",
                "\\n",
                "\\r\\n",
                "tab\\there, slash \\/, backslash \\\\, quote \\\", \\b\\f",
                "caf\\u00e9 \\u00E9 \\uD83D\\uDE00 lone \\ud800 end\\n",
                "{\\\"time\\\":\\\"2026\\\",\\\"level\\\":\\\"INFO\\\",\\\"msg\\\":\\\"json record\\\"}\\n",
                "caf\u00e9 raw non-ASCII \u4e2d\n".replace("\n", "\\n"));
        for (String log : logs) {
            for (String stream : List.of("stderr", "stdout", "")) {
                for (String time : List.of(TIME, "2026-10-08T07:58:11Z", "not a time", "")) {
                    String line = docker(log, stream, time);
                    JsonEnvelope.Content fast = JsonEnvelope.dockerFileLine(line);
                    assertNotNull(fast, line);
                    assertEquals(json.tree(line), fast, line);
                    assertEquals(EnvelopeKind.DOCKER_JSON, fast.kind());
                }
            }
        }
        JsonEnvelope.Content c = JsonEnvelope.dockerFileLine(docker("level=info msg=x\\n", "stderr", TIME));
        assertEquals("level=info msg=x", c.line());
        assertEquals(true, c.complete());
        assertNotNull(c.time());
    }

    @Test
    void everyOtherShapeIsLeftToTheParser() {
        List<String> others = List.of(
                docker("raw control \u0001 char", "stderr", TIME),
                docker("raw tab \t", "stderr", TIME),
                docker("bad escape \\x41", "stderr", TIME),
                docker("short unicode \\u12", "stderr", TIME),
                docker("signed unicode \\u+123", "stderr", TIME),
                docker("fullwidth digit \\u\uff11234", "stderr", TIME),
                docker("x", "std\\u0065rr", TIME),
                docker("x", "stderr", "2026\\u002d10"),
                docker("x", "stderr", TIME) + " ",
                docker("x", "stderr", TIME) + "{}",
                "{\"log\":\"x\",\"stream\":\"stderr\",\"time\":\"" + TIME + "\",\"attrs\":{\"pod\":\"p\"}}",
                "{\"log\":\"x\",\"time\":\"" + TIME + "\",\"stream\":\"stderr\"}",
                "{\"log\":\"x\",\"stream\":\"stderr\"}",
                "{\"log\":\"x\"}",
                "{\"log\": \"x\",\"stream\":\"stderr\",\"time\":\"" + TIME + "\"}",
                "{\"log\":\"cut before the end",
                "{\"log\":\"x\",\"stream\":\"stderr\",\"ti",
                "{\"msg\":\"a record\",\"log\":\"x\"}");
        for (String line : others) {
            assertNull(JsonEnvelope.dockerFileLine(line), line);
            assertEquals(json.tree(line), json.read(line), line);
        }
    }

    /** Lines put together at random from pieces of Docker lines, valid and not: the fast path never disagrees with the tree. */
    @Test
    void randomPiecesNeverDisagreeWithTheTree() {
        String[] pieces = {"{\"log\":\"", "\",\"stream\":\"", "\",\"time\":\"", "\"}", "stderr", TIME, "level=info msg=x", "\\n", "\\\"",
            "\\\\", "\\u00e9", "\\u12", "\\q", "\"", "\\", "\u0001", "\u00e9", "}", "{", ",", ":", " ", "msg", "\\/"};
        Random random = new Random(17);
        int fast = 0;
        List<String> lines = new ArrayList<>();
        for (int n = 0; n < 20_000; n++) {
            StringBuilder b = new StringBuilder();
            // Mostly the real shape with a piece or two changed, so that both paths are exercised.
            String[] shape = {"{\"log\":\"", "level=info msg=x", "\\n", "\",\"stream\":\"", "stderr", "\",\"time\":\"", TIME, "\"}"};
            for (String s : shape) {
                b.append(random.nextInt(6) == 0 ? pieces[random.nextInt(pieces.length)] : s);
                if (random.nextInt(8) == 0) {
                    b.append(pieces[random.nextInt(pieces.length)]);
                }
            }
            lines.add(b.toString());
        }
        for (String line : lines) {
            JsonEnvelope.Content f = JsonEnvelope.dockerFileLine(line);
            if (f != null) {
                fast++;
                assertEquals(json.tree(line), f, line);
            }
            assertEquals(json.tree(line), json.read(line), line);
        }
        // Both paths were taken: a good share of the lines are still the json-file shape.
        org.junit.jupiter.api.Assertions.assertTrue(fast > 1_000 && fast < lines.size() - 1_000, "fast-path lines: " + fast);
    }
}
