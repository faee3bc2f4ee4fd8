package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.ElidedPods;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sample's evidence copied into one folder: the analysis must find exactly what it finds in
 * each sample alone (no case lends a line to another), and the text report must group the findings
 * by Workflow and Pod.
 */
class AllSamplesTogetherTest {
    private static final Path SAMPLES = Path.of("samples");
    private static final String NOW = "2026-10-01T00:00:00Z";

    @TempDir
    Path dir;

    @Test
    void oneFolderHoldingEverySampleGivesTheUnionOfTheirFindings() throws IOException {
        Set<String> union = new TreeSet<>();
        List<Path> cases = cases();
        for (Path c : cases) {
            List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--now", NOW));
            try (Stream<Path> parts = Files.list(c)) {
                parts.filter(Files::isDirectory).sorted().forEach(p -> args.add(p.toString()));
            }
            Set<String> own = findings(Cli.run(args.toArray(String[]::new)));
            // A negative control finds nothing, and its EXPECTED.md says so; any other sample finds something.
            boolean control = Files.readString(c.resolve("EXPECTED.md")).contains("argo-forensics 0.1.0-SNAPSHOT: no findings");
            assertEquals(control, own.isEmpty(), c + (control ? " is a negative control yet finds " + own : " finds nothing"));
            union.addAll(own);
        }
        Path all = dir.resolve("all-samples");
        for (Path c : cases) {
            copyEvidence(c, all.resolve(c.getFileName()));
        }
        Cli together = Cli.run("analyze", "--format", "json", "--now", NOW, all.toString());
        assertEquals("", together.err());
        assertEquals(union, findings(together), "the same findings, no more, no fewer, as in the samples one by one");
        assertTrue(union.size() >= 12, "every rule is represented: " + union);
    }

    @Test
    void theTextReportGroupsTheFindingsByWorkflowAndPod() throws IOException {
        Path all = dir.resolve("all-samples");
        for (Path c : cases()) {
            copyEvidence(c, all.resolve(c.getFileName()));
        }
        String text = Cli.run("analyze", "--timelines", "none", "--now", NOW, all.toString()).out();
        int index = text.indexOf("\nFindings by Workflow and Pod\n");
        assertTrue(index > 0, text);
        int indexEnd = text.indexOf("\n\n", index + 1);
        List<String> workflows = new ArrayList<>();
        List<String> pods = new ArrayList<>();
        List<String> toldInFull = new ArrayList<>();
        for (String line : text.substring(index, indexEnd).split("\n")) {
            if (line.startsWith("  Workflow ")) {
                workflows.add(line.substring("  Workflow ".length()));
            } else if (line.startsWith("    Pod ")) {
                pods.add(line.substring("    Pod ".length()));
            } else if (line.startsWith("      ") && !line.contains(", possible]") && !toldInFull.contains(workflows.get(workflows.size() - 1))) {
                toldInFull.add(workflows.get(workflows.size() - 1));
            }
        }
        assertEquals(new LinkedHashSet<>(workflows).size(), workflows.size(), "each Workflow heads one group: " + workflows);
        assertEquals(new LinkedHashSet<>(pods).size(), pods.size(), "each Pod heads one group: " + pods);
        assertTrue(workflows.size() >= 8, workflows.toString());
        // Each finding in full (possible ones are told in one line) names its Workflow on a "  Workflow  <ns/name>" line: one run
        // per Workflow, in the index's order.
        List<String> contiguous = new ArrayList<>();
        for (String line : text.substring(indexEnd).split("\n")) {
            if (line.startsWith("  Workflow  ")) {
                String w = line.substring("  Workflow  ".length());
                if (contiguous.isEmpty() || !contiguous.get(contiguous.size() - 1).equals(w)) {
                    contiguous.add(w);
                }
            }
        }
        assertEquals(toldInFull, contiguous, "the findings in full follow the index, one Workflow after another");
    }

    @Test
    void theMarkdownReportOfEverySampleIsSplitIntoCommentsHoldingEveryFinding() throws IOException {
        Path all = dir.resolve("all-samples");
        for (Path c : cases()) {
            copyEvidence(c, all.resolve(c.getFileName()));
        }
        JsonNode json = new ObjectMapper().readTree(Cli.run("analyze", "--format", "json", "--now", NOW, all.toString()).out());
        Path out = dir.resolve("report.md");
        Cli md = Cli.run("analyze", "--format", "markdown", "--now", NOW, "--out", out.toString(), all.toString());
        List<String> parts = new ArrayList<>(List.of(Files.readString(out)));
        for (int n = 2; Files.exists(dir.resolve("report-" + n + ".md")); n++) {
            parts.add(Files.readString(dir.resolve("report-" + n + ".md")));
        }
        assertTrue(parts.size() > 1, "every sample together is more than one comment");
        assertTrue(md.err().contains("it is in " + parts.size() + " parts"), md.err());
        List<String> told = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String p = parts.get(i);
            assertTrue(p.codePointCount(0, p.length()) <= 65_536, "part " + (i + 1) + ": " + p.length());
            assertTrue(p.startsWith("## argo-forensics report (part " + (i + 1) + " of " + parts.size() + ")"), p.substring(0, 60));
            for (String line : p.split("\n")) {
                java.util.regex.Matcher full = java.util.regex.Pattern.compile("^### \\d+\\. (AF\\d+) \\(\\w+, \\w+\\): `+ ?([^`]+?) ?`+$").matcher(line);
                java.util.regex.Matcher possible = java.util.regex.Pattern.compile("^- (AF\\d+) · \\w+ · Pod `+ ?([^`]+?) ?`+ ").matcher(line);
                if (full.find()) {
                    told.add(full.group(1) + " " + full.group(2));
                } else if (possible.find()) {
                    told.add(possible.group(1) + " " + possible.group(2));
                }
            }
        }
        List<String> expected = new ArrayList<>();
        for (JsonNode f : json.get("findings")) {
            JsonNode pod = f.get("pod");
            JsonNode wf = f.get("workflow");
            String subject = !pod.isNull() ? ns(pod) + "/" + pod.get("name").asText() + lifetime(pod)
                    : f.get("confidence").asText().equals("possible") ? "none named (the finding is about a Workflow, a node or the controllers)"
                    : wf.isNull() ? "unknown" : ns(wf) + "/" + wf.get("name").asText();
            expected.add(f.get("rule").asText() + " " + subject);
        }
        assertEquals(expected.stream().sorted().toList(), told.stream().sorted().toList(), "every finding of the JSON report, told once");
        assertTrue(expected.size() >= 13, expected.toString());
    }

    /** How the reports print one of the lifetimes of a name the lines told apart (the JSON's {@code pod.lifetime}), or "". */
    private static String lifetime(JsonNode pod) {
        JsonNode l = pod.get("lifetime");
        return l == null ? "" : " (lifetime " + l.get("number").asInt() + " of " + l.get("of").asInt() + ", created " + l.get("created").asText() + ")";
    }

    private static String ns(JsonNode o) {
        return o.get("namespace").isNull() ? "?" : o.get("namespace").asText();
    }

    private static List<Path> cases() throws IOException {
        try (Stream<Path> dirs = Files.list(SAMPLES)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** The sample's evidence folders, under their own paths: file names stay distinct, EXPECTED.md stays behind. */
    private static void copyEvidence(Path sample, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(sample)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getParent().equals(sample)).sorted().toList()) {
                Path target = to.resolve(sample.relativize(f).toString());
                Files.createDirectories(target.getParent());
                Files.copy(f, target);
            }
        }
    }

    /** "AF001 high confirmed ns/pod (wf ns/wf, node id)" per finding. */
    private static Set<String> findings(Cli run) throws IOException {
        JsonNode report = new ObjectMapper().readTree(run.out());
        Set<String> out = new TreeSet<>();
        for (JsonNode f : report.get("findings")) {
            out.add(f.get("rule").asText() + " " + f.get("severity").asText() + " " + f.get("confidence").asText() + " "
                    + (f.get("pod").isNull() ? "-" : f.get("pod").get("namespace").asText() + "/" + ElidedPods.keyed(f.get("pod").get("name").asText())
                    + lifetime(f.get("pod"))) + " (wf "
                    + (f.get("workflow").isNull() ? "-" : f.get("workflow").get("namespace").asText() + "/" + f.get("workflow").get("name").asText())
                    + ", node " + (f.get("node").isNull() ? "-" : f.get("node").get("id").asText()) + ")");
        }
        return out;
    }
}
