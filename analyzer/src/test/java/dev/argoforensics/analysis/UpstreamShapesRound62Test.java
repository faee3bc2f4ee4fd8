package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.testing.AnalyzedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 62's round of upstream shapes (re-typed with own names, times and values; only the shape of each thread kept), read as
 * {@code analyze} reads a pasted file.
 */
class UpstreamShapesRound62Test {
    @TempDir
    Path dir;

    private AnalysisResult run(String file, String text) throws IOException {
        return AnalyzedFiles.pasted(dir, file, text);
    }

    private static void noRaceClaimed(AnalysisResult r) {
        assertTrue(r.outcomes().stream().flatMap(o -> o.findings().stream())
                .noneMatch(f -> f.confidence() == Confidence.CONFIRMED || f.confidence() == Confidence.LIKELY), "nothing shows a race");
    }

    private static final String CID = "7c1e0b3d5a2f4e6c8b9d0a1f3e5c7b9d2a4f6e8c0b1d3f5a7c9e2b4d6f8a0c1e";

    /**
     * #3791's shape: {@code grep -r} over a node's Docker container logs, each json-file line behind the file it came from
     * ({@code <id>-json.log.1:} for the rotated file, {@code <id>-json.log:} for the live one). Before: nothing usable (4 unparsed:
     * the runtime's JSON was found behind an unrecognised prefix and taken for the controller's own JSON record). After: the four
     * records read out of their envelopes, with the envelope's time.
     */
    @Test
    void grepsFileNameBeforeDockerJsonLinesIsTakenOff() throws IOException {
        String pod = "hourly-rollup-9kd2w-1190442615";
        AnalysisResult r = run("grep.txt", ""
                + CID + "-json.log.1:{\"log\":\"time=\\\"2020-08-19T07:12:40Z\\\" level=info msg=\\\"insignificant pod change\\\" key=metrics/" + pod + "\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:12:40.118233401Z\"}\n"
                + CID + "-json.log.1:{\"log\":\"time=\\\"2020-08-19T07:31:02Z\\\" level=info msg=\\\"insignificant pod change\\\" key=metrics/" + pod + "\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:31:02.904471122Z\"}\n"
                + CID + "-json.log:{\"log\":\"time=\\\"2020-08-19T07:40:15Z\\\" level=info msg=\\\"Processing workflow\\\" namespace=metrics workflow=hourly-rollup-9kd2w\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:15.002118736Z\"}\n"
                + CID + "-json.log:{\"log\":\"time=\\\"2020-08-19T07:40:15Z\\\" level=info msg=\\\"Failed to create pod hourly-rollup-9kd2w.agg (" + pod + "): pods \\\\\\\"" + pod + "\\\\\\\" already exists\\\" namespace=metrics workflow=hourly-rollup-9kd2w\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:15.031906512Z\"}\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(4, in.events());
        assertTrue(in.format().contains("docker json-file"), in.format());
        noRaceClaimed(r);
    }

    /**
     * The same over {@code /var/log/containers} (a dockershim node's links to the json-file logs), {@code grep -rn} with one line of
     * context: the links' names say whose line each is, so the wait container's lines are kept apart from the controller's; a
     * context line's {@code -} separator is taken off as a match's {@code :} is.
     */
    @Test
    void aContainerLogLinksNameSaysWhoseLineItIs() throws IOException {
        String ctl = "/var/log/containers/workflow-controller-5f7d8c9b6-q2w4e_argo_workflow-controller-" + CID + ".log";
        String wait = "/var/log/containers/hourly-rollup-9kd2w-1190442615_metrics_wait-" + CID.replace('7', '6') + ".log";
        AnalysisResult r = run("grep.txt", ""
                + ctl + ":118-{\"log\":\"time=\\\"2020-08-19T07:40:15Z\\\" level=info msg=\\\"Processing workflow\\\" namespace=metrics workflow=hourly-rollup-9kd2w\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:15.002118736Z\"}\n"
                + ctl + ":119:{\"log\":\"time=\\\"2020-08-19T07:40:15Z\\\" level=info msg=\\\"Workflow update successful\\\" namespace=metrics workflow=hourly-rollup-9kd2w\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:15.061200417Z\"}\n"
                + wait + ":40:{\"log\":\"time=\\\"2020-08-19T07:40:11.902Z\\\" level=info msg=\\\"No output parameters\\\"\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:11.902551807Z\"}\n"
                + wait + ":41:{\"log\":\"time=\\\"2020-08-19T07:40:11.903Z\\\" level=info msg=\\\"No output artifacts\\\"\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:11.903018225Z\"}\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(Map.of("wait", 2L), in.otherContainers());
        assertEquals(2, in.events(), "the controller's two records, none of the wait container's among them");
        noRaceClaimed(r);
    }

    /** A file name that is no log's ({@code notes.txt:}) before a JSON line is not taken off: the line stays as it was read before. */
    @Test
    void aNameNotEndingInLogIsNoGrepPrefix() throws IOException {
        AnalysisResult r = run("grep.txt", ""
                + "notes.txt:{\"log\":\"time=\\\"2020-08-19T07:40:15Z\\\" level=info msg=\\\"Processing workflow\\\" namespace=metrics workflow=hourly-rollup-9kd2w\\n\",\"stream\":\"stderr\",\"time\":\"2020-08-19T07:40:15.002118736Z\"}\n"
                + "time=\"2020-08-19T07:40:16Z\" level=info msg=\"Processing workflow\" namespace=metrics workflow=hourly-rollup-9kd2w\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(1, in.events(), "the plain record only");
    }

    /**
     * #4048's shape: commands typed without their prompts, each filtered by grep so that no header is left: a Workflow's row
     * ({@code Running}) under {@code kubectl get workflows | grep W}, then each of its Pods' rows ({@code Completed}) under
     * {@code kubectl get pod | grep P}. Before: nothing usable (6 unparsed: the Workflow's row was no table's). After: a terminal
     * session of both tables, the Workflow and its two Pods read, nothing unparsed, and no finding (a table gives no time).
     */
    @Test
    void commandsTypedWithoutPromptsEachFilteredToItsRow() throws IOException {
        AnalysisResult r = run("grep.txt", ""
                + "kubectl get workflows | grep data-ingest-x7p2m\n"
                + "data-ingest-x7p2m                         Running   9h\n"
                + "\n"
                + "kubectl get pod | grep data-ingest-x7p2m-291637606\n"
                + "data-ingest-x7p2m-291637606                          0/2     Completed   0          9h\n"
                + "\n"
                + "kubectl get pod | grep data-ingest-x7p2m-274859987\n"
                + "data-ingest-x7p2m-274859987                          0/2     Completed   0          9h\n");
        InputSummary in = r.inputs().get(0);
        assertEquals(0, in.unparsed(), in.samples().toString());
        assertEquals(3, in.events(), "one Workflow and two Pods");
        assertTrue(in.format().contains("kubectl get workflows table") && in.format().contains("kubectl get pods table"), in.format());
        noRaceClaimed(r);
    }
}
