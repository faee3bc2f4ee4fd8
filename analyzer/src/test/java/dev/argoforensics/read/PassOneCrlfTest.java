package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Pass 1 on a file saved with Windows line ends: the same result as with '\n', by the same (quick) way. */
class PassOneCrlfTest {
    @TempDir
    Path dir;

    private record Scan(ScanResult result, long fullReads) {
    }

    private Scan scan(String name, String lineEnd, String format) throws IOException {
        boolean json = format.equals("json");
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            String time = String.format("2026-09-19T10:%02d:%02d.%03dZ", i / 60, i % 60, i);
            log.append(switch (format) {
                case "json" -> "{\"time\":\"" + time + "\",\"level\":\"INFO\",\"msg\":\"update pod event\",\"component\":\"pod_controller\","
                        + "\"pod\":\"routine-" + i % 9 + "\"}";
                case "klog" -> String.format("I0919 10:%02d:%02d.%06d       1 leaderelection.go:258] successfully renewed lease argo/workflow-controller",
                        i / 60, i % 60, i);
                default -> "time=" + time + " level=INFO msg=\"update pod event\" component=pod_controller pod=routine-" + i % 9;
            }).append(lineEnd);
            if (i % 200 == 100) {
                log.append(json ? "{\"time\":\"" + time + "\",\"level\":\"INFO\",\"msg\":\"Workflow pod is missing\",\"component\":\"workflow_worker\","
                        + "\"workflow\":\"hello-world-" + i + "\",\"namespace\":\"argo\",\"nodeName\":\"hello-world-" + i + "[0].whalesay\","
                        + "\"nodePhase\":\"Running\",\"recentlyStarted\":false}"
                        : "time=" + time + " level=INFO msg=\"Workflow pod is missing\" component=workflow_worker workflow=hello-world-" + i
                        + " namespace=argo nodeName=hello-world-" + i + "[0].whalesay nodePhase=Running recentlyStarted=false").append(lineEnd);
            }
        }
        Path p = dir.resolve(name);
        Files.writeString(p, log, StandardCharsets.UTF_8);
        LineFrontEnd frontEnd = new LineFrontEnd(MessageCatalog.standard());
        ScanResult r = frontEnd.scan(new LineChunk(new InputFile(name, p, InputKind.LOG, false, "t"), 0, 0, -1), null, Progress.NONE);
        return new Scan(r, frontEnd.fullReads);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "json", "klog"})
    void aCrlfFileTakesTheQuickPathAndFindsWhatTheLfFileFinds(String format) throws IOException {
        Scan lf = scan("lf.log", "\n", format);
        Scan crlf = scan("crlf.log", "\r\n", format);
        for (String workflow : new String[] {"hello-world-100", "hello-world-300", "hello-world-500"}) {
            assertTrue(lf.result().interest.mentions("workflow=" + workflow), workflow);
            assertTrue(crlf.result().interest.mentions("workflow=" + workflow), workflow);
        }
        assertEquals(lf.result().first, crlf.result().first);
        assertEquals(lf.result().last, crlf.result().last);
        assertEquals(lf.result().forwards, crlf.result().forwards);
        assertEquals(lf.result().backwards, crlf.result().backwards);
        assertEquals(3, lf.fullReads(), "only the trigger lines are read with the grammar");
        assertEquals(lf.fullReads(), crlf.fullReads(), "the '\\r' sends no line to the grammar");
    }
}
