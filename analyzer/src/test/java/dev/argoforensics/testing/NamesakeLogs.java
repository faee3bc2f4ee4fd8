package dev.argoforensics.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Session 36: a controller log (v4.1.3 slog text) of two CronWorkflows named alike in namespaces {@code team-a} and {@code team-b},
 * whose runs of one schedule are both {@code nightly-1795140000}: their Pods have the same names. The log starts after a restart,
 * so only team-a's Pod {@link #POD} is named with its namespace (its completion labelled, line 15-16); the informer's
 * {@code add/update/delete pod event} lines name a Pod without a namespace (lines 8, 17, 20, 23), and the last two come while
 * only team-b's Workflow is processed: team-b's Pod, deleted at 02:18:20. Lines 6, 7, 21 and 22 are team-b's Workflow's.
 */
public final class NamesakeLogs {
    public static final String WORKFLOW = "nightly-1795140000";
    public static final String POD = WORKFLOW + "-export-4051110516";
    public static final String UPLOAD = WORKFLOW + "-upload-2996588732";
    /** The lines of team-b's Workflow. */
    public static final List<Integer> TEAM_B = List.of(6, 7, 21, 22);
    public static final List<String> LINES = List.of(
            "time=2026-11-20T02:10:00.109Z level=INFO msg=\"Leader election is turned off. Running in single-instance mode\"",
            "time=2026-11-20T02:10:00.110Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=\"\" defaultRequeueTime=10s gitCommit=5fdad0fe6f6d740c55d8289f26c912ab711ca407 gitTag=v4.1.3 gitTreeState=clean buildDate=2026-09-02T11:20:31Z goVersion=go1.24.7",
            "time=2026-11-20T02:10:00.190Z level=INFO msg=\"Current Worker Numbers\" podCleanup=4 workflowWorkers=32 workflowTtlWorkers=4 cronWorkflowWorkers=8 workflowArchive=8",
            "time=2026-11-20T02:10:05.402Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a phase=Running resourceVersion=88120411",
            "time=2026-11-20T02:10:05.405Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a numObjs=0",
            "time=2026-11-20T02:10:05.411Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-b phase=Running resourceVersion=88120437",
            "time=2026-11-20T02:10:05.414Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-b numObjs=0",
            "time=2026-11-20T02:11:32.870Z level=INFO msg=\"update pod event\" component=pod_controller pod=" + POD,
            "time=2026-11-20T02:11:32.981Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a phase=Running resourceVersion=88120502",
            "time=2026-11-20T02:11:32.984Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a numObjs=1",
            "time=2026-11-20T02:11:32.990Z level=INFO msg=\"node phase changed\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a node=" + WORKFLOW + "-4051110516 fromPhase=Running toPhase=Succeeded",
            "time=2026-11-20T02:11:32.990Z level=INFO msg=\"node finished\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a finishedAt=2026-11-20T02:11:31.000000000Z node=" + WORKFLOW + "-4051110516",
            "time=2026-11-20T02:11:33.004Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a nodeName=" + WORKFLOW + "[1].upload nodeID=" + WORKFLOW + "-2996588732 podName=" + UPLOAD,
            "time=2026-11-20T02:11:33.019Z level=INFO msg=\"Workflow update successful\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-a resourceVersion=88120511 phase=Running",
            "time=2026-11-20T02:11:33.022Z level=INFO msg=\"queueing pod for cleanup\" component=pod_controller action=labelPodCompleted namespace=team-a podName=" + POD,
            "time=2026-11-20T02:11:33.025Z level=INFO msg=\"cleaning up pod\" component=pod_controller key=team-a/" + POD + "/labelPodCompleted podName=" + POD + " action=labelPodCompleted namespace=team-a",
            "time=2026-11-20T02:11:33.031Z level=INFO msg=\"update pod event\" component=pod_controller pod=" + POD,
            "time=2026-11-20T02:11:33.040Z level=INFO msg=\"add pod event\" component=pod_controller pod=" + UPLOAD,
            "time=2026-11-20T02:15:00.190Z level=INFO msg=\"Alloc=10112 TotalAlloc=48320 Sys=40563 NumGC=18 Goroutines=133\"",
            "time=2026-11-20T02:17:48.212Z level=INFO msg=\"update pod event\" component=pod_controller pod=" + POD,
            "time=2026-11-20T02:17:48.330Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-b phase=Running resourceVersion=88121377",
            "time=2026-11-20T02:17:48.333Z level=INFO msg=\"Task-result reconciliation\" component=workflow_worker workflow=" + WORKFLOW + " namespace=team-b numObjs=1",
            "time=2026-11-20T02:18:20.554Z level=INFO msg=\"delete pod event\" component=pod_controller pod=" + POD);

    private NamesakeLogs() {
    }

    /** The log, with team-b's Workflow's lines ({@code withTeamB}) or without them, as {@code logs/workflow-controller.log} under {@code dir}. */
    public static Path write(Path dir, boolean withTeamB) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < LINES.size(); i++) {
            if (withTeamB || !TEAM_B.contains(i + 1)) {
                lines.add(LINES.get(i));
            }
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("workflow-controller.log"), lines);
        return logs;
    }
}
