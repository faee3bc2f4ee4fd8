package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.HeadlessChromium;
import dev.argoforensics.testing.V4;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report as a person sees it: opened in headless Chromium, its DOM read back, screenshots
 * taken. Without Chromium the tests are skipped and say so, except under CI ({@code CI=true}),
 * whose {@code .ci/run} installs Chromium: there a missing browser fails the build.
 *
 * <p>Screenshots go to {@code analyzer/target/screenshots/}; with {@code -Dscreenshots.update=true}
 * also to {@code docs/images/}, where the documentation shows them.
 */
class HtmlReportInChromiumTest {
    private static final Path OUT = Path.of("analyzer/target/screenshots");
    private static final Path DOCS = Path.of("docs/images");
    private static final String NOW = "2026-09-20T00:00:00Z";
    /** Screenshots show the top of a page: what a reader sees first. */
    private static final int SCREENSHOT_HEIGHT = 1600;
    private static HeadlessChromium chromium;

    @BeforeAll
    static void startChromium() throws Exception {
        Optional<Path> exe = HeadlessChromium.executable();
        if (exe.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI=true but no Chromium at /usr/bin/chromium: .ci/run installs it (apt-get install -y chromium)");
            }
            return;
        }
        Files.createDirectories(OUT);
        chromium = HeadlessChromium.start(exe.get());
    }

    /** Each test says it was skipped, and why, where there is no browser. */
    @BeforeEach
    void needsChromium() {
        Assumptions.assumeTrue(chromium != null,
                "skipped: Chromium is not installed (apt-get install -y chromium, or set CHROMIUM=/path/to/chrome)");
    }

    @AfterAll
    static void stopChromium() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void theIssue17024ReportShowsTheRemovalBeforeThePersistedError() throws Exception {
        Path html = OUT.resolve("issue-17024.html");
        Cli run = Cli.run("analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--format", "html", "--now", NOW,
                "--out", html.toString());
        assertEquals(1, run.exitCode(), run.err());
        HeadlessChromium.Page page = chromium.open(html.toAbsolutePath(), 1200);

        assertEquals(List.of(), page.problems(), "console errors, exceptions or CSP violations");
        assertEquals(List.of(html.toAbsolutePath().toUri().toString()), page.requests(), "the page fetched nothing but itself");

        assertEquals(1, page.evaluate("document.querySelectorAll('svg.swimlane').length").asInt());
        assertTrue(page.evaluate("document.querySelector('svg.swimlane').getBoundingClientRect().width").asDouble() > 800,
                "the swimlane is drawn at page width");
        List<String> lanes = strings(page.evaluate("[...document.querySelectorAll('svg.swimlane .lane-label')].map(e => e.textContent)"));
        assertEquals(List.of("controller log", "Pod", "Workflow node", "task result", "Events / audit", "cross-checks"), lanes);
        assertTrue(page.evaluate("document.querySelectorAll('svg.swimlane circle.entry').length").asInt() > 40, "a dot per entry");

        JsonNode removed = marker(page, "finalizer-removed");
        JsonNode error = marker(page, "error-recorded");
        JsonNode deletion = marker(page, "deletion-requested");
        assertEquals("2026-09-19T16:31:11.350Z", removed.get("time").asText());
        assertEquals("2026-09-19T16:33:02.246Z", error.get("time").asText());
        assertEquals("2026-09-19T16:31:04Z", deletion.get("time").asText());
        assertTrue(deletion.get("left").asDouble() < removed.get("left").asDouble(), "deletion requested, then the finalizer removed");
        assertTrue(removed.get("left").asDouble() < error.get("left").asDouble(), "the removal is drawn before the persisted error");

        JsonNode band = page.evaluate("(() => { const g = document.querySelector('[data-marker=negative-delay]');"
                + " const r = g.querySelector('rect').getBoundingClientRect();"
                + " const l = document.querySelector('[data-marker=negative-delay-label]');"
                + " const svg = document.querySelector('svg.swimlane').getBoundingClientRect();"
                + " const t = l.getBoundingClientRect();"
                + " return {from: g.dataset.from, to: g.dataset.to, left: r.left, right: r.right, label: l.textContent,"
                + " labelFrom: l.dataset.from, labelRight: t.right, svgRight: svg.right,"
                + " labelLast: l === document.querySelector('svg.swimlane').lastElementChild}; })()");
        assertEquals("2026-09-19T16:29:47Z", band.get("from").asText(), "the deadline recomputed from the Pod export");
        assertEquals("2026-09-19T16:31:11.350Z", band.get("to").asText());
        assertTrue(band.get("right").asDouble() - band.get("left").asDouble() > 50, "the negative delay is a visible gap");
        assertEquals(removed.get("left").asDouble(), band.get("right").asDouble(), 2.0, "the gap ends at the removal");
        assertTrue(band.get("label").asText().contains("delay -1m24.257168224s"), band.get("label").asText());
        assertEquals("2026-09-19T16:29:47Z", band.get("labelFrom").asText(), "the label is the band's");
        assertTrue(band.get("labelLast").asBoolean(), "the label is drawn last, over the marker lines and dots of its lane");
        assertTrue(band.get("labelRight").asDouble() <= band.get("svgRight").asDouble(), "the label stays inside the picture");

        String text = page.evaluate("document.body.innerText").asText();
        assertTrue(text.contains("AF001"), text);
        assertTrue(text.contains("samples/issue-17024/logs/2-controller-workers0.log:12"), "evidence cites file:line");
        assertTrue(text.contains("Provenance"), text);

        save("html-report.png", page.screenshot(null, SCREENSHOT_HEIGHT));
        save("html-report-timeline.png", page.screenshot("section.finding figure", SCREENSHOT_HEIGHT));
    }

    @Test
    void inputTextStaysText(@TempDir Path dir) throws Exception {
        String script = "<script>window.pwned=1</script><img src=x onerror=window.pwned=2>";
        Path log = dir.resolve("controller.log");
        Files.writeString(log, V4.raceWithHostileText(script), StandardCharsets.UTF_8);
        Path html = dir.resolve("report.html");
        Cli run = Cli.run("analyze", log.toString(), "--format", "html", "--now", NOW, "--out", html.toString());
        assertEquals(1, run.exitCode(), run.err() + run.out());
        String source = Files.readString(html, StandardCharsets.UTF_8);
        assertFalse(source.contains("<script"), "no script element, from the inputs or otherwise");
        assertTrue(source.contains("&lt;script&gt;window.pwned=1&lt;/script&gt;"), "quoted, escaped");

        HeadlessChromium.Page page = chromium.open(html.toAbsolutePath(), 1200);
        assertEquals(List.of(), page.problems());
        assertEquals(List.of(html.toAbsolutePath().toUri().toString()), page.requests(), "the <img> in a log line fetched nothing");
        assertEquals("undefined", page.evaluate("typeof window.pwned").asText());
        assertEquals(0, page.evaluate("document.querySelectorAll('script, img').length").asInt());
        String text = page.evaluate("document.body.innerText").asText();
        assertTrue(text.contains(script), "the line is shown as the controller wrote it (in a timeline entry and as an unparsed line)");
    }

    /**
     * Confirmed, likely and possible findings in one page (the samples' evidence, the task result's
     * without its exports): the possible one is a line in its own section, linked from the findings
     * table, and its Pod's swimlane is drawn with the other timelines.
     */
    @Test
    void aPossibleFindingIsOneLineAfterTheOthers() throws Exception {
        Path html = OUT.resolve("possible.html");
        String[] args = {"analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "samples/task-result-never-synced/logs",
            "samples/grep-podgc-no-handler/logs", "samples/grep-podgc-no-handler/snapshots", "--now", NOW};
        JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Cli.run(concat(args, "--format", "json")).out());
        int full = 0;
        List<String> possible = new ArrayList<>();
        for (JsonNode f : json.get("findings")) {
            if (f.get("confidence").asText().equals("possible")) {
                JsonNode pod = f.get("pod");
                JsonNode wf = f.get("workflow");
                possible.add(f.get("rule").asText() + " " + f.get("severity").asText() + " " + pod.get("namespace").asText() + "/"
                        + pod.get("name").asText() + " (Workflow " + wf.get("namespace").asText() + "/" + wf.get("name").asText() + "): "
                        + f.get("confidenceReason").asText() + " · ");
            } else {
                full++;
            }
        }
        assertEquals(1, possible.size(), "the task result's finding without its exports is possible: " + json.get("findings"));
        Cli run = Cli.run(concat(args, "--format", "html", "--out", html.toString()));
        assertEquals(1, run.exitCode(), run.err());
        HeadlessChromium.Page page = chromium.open(html.toAbsolutePath(), 1200);
        assertEquals(List.of(), page.problems(), "console errors, exceptions or CSP violations");
        assertEquals(List.of(html.toAbsolutePath().toUri().toString()), page.requests(), "the page fetched nothing but itself");

        assertEquals(full, page.evaluate("document.querySelectorAll('section.finding').length").asInt(), "confirmed and likely in full");
        List<String> lines = strings(page.evaluate("[...document.querySelectorAll('#possible li')].map(e => e.innerText)"));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith(possible.get(0)) && lines.get(0).matches(".* · \\S+\\.log:\\d+"), lines.get(0));
        assertEquals("possible-1", page.evaluate("document.querySelector('tr.possible a').getAttribute('href').substring(1)").asText());
        assertEquals("LI", page.evaluate("document.getElementById('possible-1').tagName").asText(), "the table links to the line");
        assertTrue(page.evaluate("document.querySelector('#possible h2').innerText").asText().startsWith("Possible findings, in short"));
        assertEquals(1, page.evaluate("document.querySelectorAll('#timelines svg.swimlane').length").asInt(),
                "the Pod with only a possible finding is drawn with the other timelines");
        assertTrue(page.evaluate("[...document.querySelectorAll('section.finding')].pop().compareDocumentPosition("
                + "document.getElementById('possible')) & Node.DOCUMENT_POSITION_FOLLOWING").asInt() > 0, "after the findings in full");
    }

    /** The Markdown report through a real CommonMark + GFM renderer, as GitHub would show it. */
    @Test
    void theMarkdownReportRendersAsTablesAndCodeBlocks(@TempDir Path dir) throws Exception {
        Cli run = Cli.run("analyze", "samples/issue-17024/logs", "samples/issue-17024/snapshots", "--format", "markdown", "--now", NOW);
        String body = org.commonmark.renderer.html.HtmlRenderer.builder().extensions(List.of(TablesExtension.create())).build()
                .render(Parser.builder().extensions(List.of(TablesExtension.create())).build().parse(run.out()));
        Path html = dir.resolve("markdown.html");
        Files.writeString(html, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
                + "body{font:14px/1.5 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;max-width:980px;margin:24px auto;color:#1f2328}"
                + "table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d1d9e0;padding:4px 10px;vertical-align:top}"
                + "code{font:12px ui-monospace,monospace;background:#eff1f3;padding:1px 4px;border-radius:4px}"
                + "pre{background:#f6f8fa;padding:8px;white-space:pre-wrap}pre code{background:none}"
                + "h2,h3{border-bottom:1px solid #d1d9e0}</style></head><body>" + body + "</body></html>", StandardCharsets.UTF_8);
        HeadlessChromium.Page page = chromium.open(html.toAbsolutePath(), 1100);
        assertEquals(List.of(), page.problems());
        assertTrue(page.evaluate("document.querySelectorAll('table').length").asInt() >= 6);
        assertEquals(0, page.evaluate("[...document.querySelectorAll('p')].filter(p => p.textContent.includes('|---')).length").asInt(),
                "no table fell apart into a paragraph");
        save("markdown-report.png", page.screenshot(null, SCREENSHOT_HEIGHT));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static JsonNode marker(HeadlessChromium.Page page, String kind) throws IOException {
        return page.evaluate("(() => { const g = document.querySelector('[data-marker=" + kind + "]');"
                + " return {time: g.dataset.time, left: g.querySelector('line').getBoundingClientRect().left}; })()");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void save(String name, byte[] png) throws IOException {
        Files.write(OUT.resolve(name), png);
        if (Boolean.getBoolean("screenshots.update")) {
            Files.createDirectories(DOCS);
            Files.write(DOCS.resolve(name), png);
        }
    }
}
