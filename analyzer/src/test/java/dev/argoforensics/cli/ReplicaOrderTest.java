package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Findings must not depend on which controller log is read first. Inputs are read in path order, so a sample's
 * replicas' files are read one after the other in the order their names sort; two replicas (leader election, a
 * restarted controller Pod with a new name, two clusters read together) write about the same Workflows at the same
 * time. Every sample with two or more inputs under {@code logs/} is analysed twice: each input moved into a folder of
 * its own, {@code a/}, {@code b/}, … in name order, then the letters reversed, so the files are read in the opposite
 * order and keep their names (and so their controller labels). The JSON reports' findings, clearances, rule outcomes,
 * timelines and gaps must be the same, read as sets: with the letter folders taken out of paths, every array sorted
 * (what lists lines by file order, as the inputs and runs do, may list them the other way round) and the runs' labels
 * (numbered in reading order) replaced by one placeholder.
 */
public class ReplicaOrderTest {
    private static final Path SAMPLES = Path.of("samples");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everySampleWithSeveralLogsSaysTheSameWhicheverIsReadFirst() throws IOException {
        List<Path> cases = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(SAMPLES)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (units(dir).size() >= 2) {
                    cases.add(dir);
                }
            }
        }
        assertFalse(cases.size() < 10, "samples with several logs: " + cases);
        return cases.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
    }

    /**
     * The same inputs named one by one on the command line, in name order and then the other way round: the report is the
     * same to the byte (the inputs are read in path order, whatever order they are named in).
     */
    @TestFactory
    Stream<DynamicTest> everySampleWithSeveralLogsGivesTheSameBytesWhicheverOrderItsPathsAreNamedIn() throws IOException {
        List<Path> cases = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(SAMPLES)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (units(dir).size() >= 2) {
                    cases.add(dir);
                }
            }
        }
        return cases.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> checkNamed(dir)));
    }

    private static void checkNamed(Path sample) throws IOException {
        String doc = Files.readString(sample.resolve("EXPECTED.md"), StandardCharsets.UTF_8);
        String[] args = SamplesTest.Expected.parse(doc, sample.resolve("EXPECTED.md")).args();
        List<String> paths = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        int at = -1;
        for (String a : args) {
            if (a.startsWith(sample.toString())) {
                at = at < 0 ? rest.size() : at;
                Path p = Path.of(a);
                if (Files.isDirectory(p)) {
                    try (Stream<Path> s = Files.list(p)) {
                        s.sorted().forEach(x -> paths.add(x.toString()));
                    }
                } else {
                    paths.add(a);
                }
            } else {
                rest.add(a);
            }
        }
        List<String> backwards = new ArrayList<>(paths);
        java.util.Collections.reverse(backwards);
        for (String format : List.of("text", "json")) {
            Cli forward = Cli.run(named(rest, at, paths, format));
            Cli reversed = Cli.run(named(rest, at, backwards, format));
            assertEquals(forward.exitCode(), reversed.exitCode(), sample + " " + format + ": exit status");
            assertEquals(withoutCommandLine(forward.out(), format), withoutCommandLine(reversed.out(), format),
                    sample + " " + format + ": the paths named the other way round");
        }
    }

    /** The report without the command line it quotes (which names the paths in the order given). */
    private static String withoutCommandLine(String out, String format) throws IOException {
        if (format.equals("text")) {
            return out.replaceAll("(?m)^  Command line .*$", "  Command line <as given>");
        }
        JsonNode report = JSON.readTree(out);
        if (report != null && report.path("provenance") instanceof ObjectNode p) {
            p.remove("commandLine");
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report);
        }
        return out;
    }

    private static String[] named(List<String> rest, int at, List<String> paths, String format) {
        List<String> argv = new ArrayList<>(rest);
        argv.addAll(at, paths);
        argv.add("-o");
        argv.add(format);
        return argv.toArray(String[]::new);
    }

    private void check(Path sample) throws IOException {
        String doc = Files.readString(sample.resolve("EXPECTED.md"), StandardCharsets.UTF_8);
        String[] args = SamplesTest.Expected.parse(doc, sample.resolve("EXPECTED.md")).args();
        String name = sample.getFileName().toString();
        JsonNode forward = canonical(run(sample, args, tmp.resolve(name + "-forward"), false));
        JsonNode reversed = canonical(run(sample, args, tmp.resolve(name + "-reversed"), true));
        assertEquals(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(forward),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(reversed), name + ": the logs read in the other order");
    }

    /** The sample copied with its logs' inputs in letter folders (reversed: the letters the other way round), analysed to JSON. */
    private static JsonNode run(Path sample, String[] args, Path copy, boolean reversed) throws IOException {
        copyTree(sample, copy, sample.resolve("logs"));
        List<Path> units = units(sample);
        for (int i = 0; i < units.size(); i++) {
            char letter = (char) ('a' + (reversed ? units.size() - 1 - i : i));
            Path into = copy.resolve("logs").resolve(String.valueOf(letter));
            Files.createDirectories(into);
            copyTree(units.get(i), into.resolve(units.get(i).getFileName().toString()), null);
        }
        List<String> argv = new ArrayList<>();
        for (String a : args) {
            argv.add(a.startsWith(sample.toString()) ? copy + a.substring(sample.toString().length()) : a);
        }
        argv.add("-o");
        argv.add("json");
        Cli result = Cli.run(argv.toArray(String[]::new));
        return JSON.readTree(withoutLetters(result.out(), copy));
    }

    /** The JSON report with {@code root} written S and the letter folders under {@code S/logs/} taken out of its paths. */
    private static String withoutLetters(String out, Path root) {
        String s = out.replace(root.toString(), "S");
        // One letter here; two ("aa" to "zz") in CorpusOrderTest, whose generated corpora have more than 26 controllers.
        return s.replaceAll("S/logs/[a-z]{1,2}/", "S/logs/");
    }

    /**
     * A JSON report of inputs under {@code root}, whose logs' units were put in letter folders ({@code root/logs/a/…}),
     * as this test compares two of them: what it keeps, canonical, pretty-printed.
     */
    public static String canonicalReport(String json, Path root) throws IOException {
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(canonical(JSON.readTree(withoutLetters(json, root))));
    }

    /** The findings, rules (with what they cleared), timelines and gaps, every array sorted, the runs' labels one placeholder. */
    private static JsonNode canonical(JsonNode report) throws IOException {
        List<String> labels = new ArrayList<>();
        report.path("controllers").forEach(c -> labels.add(c.path("label").asText()));
        labels.sort(Comparator.comparingInt(String::length).reversed());
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        for (String part : List.of("findings", "rules", "timelines", "gaps")) {
            kept.set(part, report.path(part));
        }
        String text = JSON.writeValueAsString(kept);
        for (String label : labels) {
            if (!label.isEmpty()) {
                text = text.replace(label, "<run>");
            }
        }
        return sorted(JSON.readTree(text));
    }

    private static JsonNode sorted(JsonNode n) {
        return sorted(n, null);
    }

    /**
     * Arrays sorted, but a timeline's entries: they are in time order, and lines of two runs at the same instant must come
     * in an order of their own (their text, their files' names), not in the order the files were read.
     */
    private static JsonNode sorted(JsonNode n, String field) {
        if (n.isObject()) {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            Map<String, JsonNode> fields = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                fields.put(f.getKey(), sorted(f.getValue(), f.getKey()));
            }
            o.setAll(fields);
            return o;
        }
        if (n.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            n.forEach(x -> items.add(sorted(x, null)));
            if (!"entries".equals(field)) {
                items.sort(Comparator.comparing(ReplicaOrderTest::text));
            }
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            a.addAll(items);
            return a;
        }
        return n.isTextual() ? TextNode.valueOf(n.asText()) : n;
    }

    private static String text(JsonNode n) {
        try {
            return JSON.writeValueAsString(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What stands directly under the sample's {@code logs/}, by name: the inputs read one after the other. */
    private static List<Path> units(Path sample) throws IOException {
        Path logs = sample.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(logs)) {
            return s.sorted().toList();
        }
    }

    /** A copy of the tree (symbolic links as links), leaving out {@code skip} and the sample's EXPECTED.md. */
    private static void copyTree(Path from, Path to, Path skip) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                if (skip != null && p.startsWith(skip) || p.getFileName().toString().equals("EXPECTED.md")) {
                    continue;
                }
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
