package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session 52 breaker (s52-b-readers) of the paste readings: controller Deployments named unusually beside the Argo Server's, the
 * server's lines with no prefix, quoted output under an open pipe, and a grep pattern that reads on past its time. Lines written for
 * this test, shaped as the controller (v3 logrus, v4 slog, JSON) and the Argo Server print them.
 */
class PasteReadingsBreakerTest {
    private static final String SERVER = "argo-workflows-server-6d8f9c7b5-zq4wt";

    @TempDir
    Path dir;

    private PastedRead read(long chunkBytes, String name, List<String> lines) throws IOException {
        return PastedRead.read(dir, chunkBytes, name, lines);
    }

    private static List<String> controller(String format) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String t = String.format("2026-10-14T09:12:%02d.%03dZ", 1 + i, 104 + i);
            out.add(switch (format) {
                case "logrus" -> "time=\"" + t + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + (88120 + i)
                        + " namespace=ledger workflow=ledger-close-q8t2v";
                case "slog" -> "time=" + t + " level=INFO msg=\"Processing workflow\" component=workflow_worker namespace=ledger"
                        + " workflow=ledger-close-q8t2v phase=Running resourceVersion=" + (88120 + i);
                default -> "{\"time\":\"" + t + "\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"component\":\"workflow_worker\","
                        + "\"namespace\":\"ledger\",\"workflow\":\"ledger-close-q8t2v\",\"phase\":\"Running\"}";
            });
        }
        return out;
    }

    private static String serverLine(String format) {
        return switch (format) {
            case "logrus" -> "time=\"2026-10-14T09:12:02.500Z\" level=info msg=\"finished unary call with code OK\" grpc.code=OK"
                    + " grpc.method=ListWorkflows grpc.service=workflow.WorkflowService grpc.time_ms=12.4 span.kind=server system=grpc";
            case "slog" -> "time=2026-10-14T09:12:02.500Z level=INFO msg=\"Starting Argo Server\" instanceID=\"\" version=v4.0.1";
            default -> "{\"time\":\"2026-10-14T09:12:02.500Z\",\"level\":\"INFO\",\"msg\":\"Starting Argo Server\",\"version\":\"v4.0.1\"}";
        };
    }

    /**
     * Controller Deployments named as the Helm chart, a singular fork, and forks whose names hold "server", each beside the chart's Argo
     * Server, kubetail's [pod] and a Pod's name alone: the controller's lines are its one replica's, the server's counted apart.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void unusualControllerNamesBesideTheServerKeepTheirLines(long chunkBytes) throws IOException {
        for (String format : List.of("logrus", "slog", "json")) {
            for (String pod : List.of("argo-workflows-workflow-controller-7c9d8f6b4-mx2lp", "argo-workflow-controller-7c9d8f6b4-mx2lp",
                    "argo-server-controller-7c9d8f6b4-mx2lp", "workflow-server-7c9d8f6b4-mx2lp", "wf-controller-server-7c9d8f6b4-mx2lp")) {
                for (boolean brackets : List.of(true, false)) {
                    List<String> lines = new ArrayList<>();
                    List<String> c = controller(format);
                    for (int i = 0; i < c.size(); i++) {
                        lines.add((brackets ? "[" + pod + "] " : pod + " ") + c.get(i));
                        if (i == 1) {
                            lines.add((brackets ? "[" + SERVER + "] " : SERVER + " ") + serverLine(format));
                            lines.add((brackets ? "[argo-server-5b8c9d7f6-p4q2r] " : "argo-server-5b8c9d7f6-p4q2r ") + serverLine(format));
                        }
                    }
                    String what = format + " " + pod + " " + brackets;
                    PastedRead r = read(chunkBytes, format + "-" + pod + "-" + brackets + ".log", lines);
                    InputSummary s = r.summary();
                    PastedRead.assertAccounted(s);
                    assertEquals(0, s.unparsed(), what + ": " + s);
                    assertEquals(2, s.otherContainerLines(), what + ": " + s);
                    assertEquals(List.of(pod), r.processes().stream().map(ControllerProcess::replica).toList(), what + ": " + r.processes());
                }
            }
        }
    }

    /** The server's own lines pasted among the controller's with no prefix (v3 logrus gRPC, v4 slog and JSON start): counted apart. */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void theServersLinesWithNoPrefixAreCountedApart(long chunkBytes) throws IOException {
        for (String format : List.of("logrus", "slog", "json")) {
            List<String> lines = new ArrayList<>(controller(format));
            lines.add(2, serverLine(format));
            PastedRead r = read(chunkBytes, format + "-bare.log", lines);
            InputSummary s = r.summary();
            PastedRead.assertAccounted(s);
            assertEquals(0, s.unparsed(), format + ": " + s);
            assertEquals(4, s.events(), format + ": " + s);
            assertEquals(1, s.otherContainerLines(), format + ": " + s);
            assertEquals(1, r.processes().size(), format + ": " + r.processes());
        }
    }

    /**
     * A reply quoting a command left open at a pipe and the output it printed with --timestamps ({@code > 2026-…Z time=…}): the
     * quoted lines are records, not the next command's words.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void timestampedOutputQuotedUnderAnOpenPipeIsStillRecords(long chunkBytes) throws IOException {
        for (String format : List.of("logrus", "slog", "json")) {
            List<String> lines = new ArrayList<>(List.of("$ kubectl -n argo logs --timestamps deploy/workflow-controller |"));
            List<String> c = controller(format);
            for (int i = 0; i < c.size(); i++) {
                lines.add(String.format("> 2026-10-14T09:12:%02d.%09dZ ", 1 + i, 104_000_123 + i) + c.get(i));
            }
            PastedRead r = read(chunkBytes, format + "-quoted-ts.log", lines);
            InputSummary s = r.summary();
            PastedRead.assertAccounted(s);
            assertEquals(4, s.events(), format + ": " + s);
            assertEquals(0, s.unparsed(), format + ": " + s);
        }
    }

    /**
     * A grep pattern that reads on past its time ({@code grep "time=2026-10-14T09:12.* level=error"}): the prompt's, a filter; no
     * record behind the prompt. Control: the same prompt with a record pasted on it reads the record.
     */
    @ParameterizedTest
    @ValueSource(longs = {1 << 24, 90})
    void aGrepPatternThatReadsOnPastItsTimeIsTheCommands(long chunkBytes) throws IOException {
        for (String prompt : List.of("$ kubectl -n argo logs deploy/workflow-controller | grep \"time=2026-10-14T09:12.* level=info\"",
                "$ kubectl -n argo logs deploy/workflow-controller | grep -E 'time=2026-10-14T09:12:0[1-4].* msg=\"Processing'")) {
            List<String> lines = new ArrayList<>(List.of(prompt));
            lines.addAll(controller("logrus"));
            PastedRead r = read(chunkBytes, "grep-on.log", lines);
            InputSummary s = r.summary();
            PastedRead.assertAccounted(s);
            assertEquals(4, s.events(), prompt + ": " + s);
            assertEquals(0, s.unparsed(), prompt + ": " + s);
            assertEquals(1, s.furniture().filteringPrompts(), prompt + ": " + s.furniture());
        }
    }
}
