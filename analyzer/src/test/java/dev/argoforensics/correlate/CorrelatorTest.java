package dev.argoforensics.correlate;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.cleanupFailed;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.V4;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorrelatorTest {
    private static final PodKey P = new PodKey("ns", "p");
    /** The Pod of {@link V4#podYaml}, its UID from the export. */
    private static final PodKey U = new PodKey("ns", "p", "u-1");

    @Test
    void podEventLinesGetTheNamespaceOtherLinesGive() {
        Correlation c = new Evidence().log("a.log",
                podEvent("2026-09-19T16:31:11.256Z", "add"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s")).correlate();
        assertEquals(1, c.pods().size());
        assertEquals(2, c.pods().get(P).events().size());
    }

    @Test
    void anAmbiguousPodNameKeepsAnUnknownNamespace() {
        Correlation c = new Evidence().log("a.log",
                podEvent("2026-09-19T16:31:11.256Z", "add"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m0s"),
                queuingPodDelay("2026-09-19T16:31:11.258Z", "removeFinalizer", "-1m0s").replace("namespace=ns", "namespace=other")).correlate();
        assertTrue(c.pods().containsKey(new PodKey(null, "p")));
        assertTrue(c.pods().containsKey(new PodKey("other", "p")));
    }

    @Test
    void removingFinalizersPairsWithTheNextQueuingLineOfTheSameStream() {
        // Stream b logs a queuing line for another Pod between a's two lines: it must not take the pairing.
        Evidence e = new Evidence()
                .log("a.log", removingFinalizers("2026-09-19T16:31:11.257Z"))
                .log("b.log", queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "0s").replace("podName=p", "podName=q"))
                .log("a2.log", cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"));
        Correlation c = e.correlate();
        FinalizerRemoval q = c.pods().get(new PodKey("ns", "q")).removals().get(0);
        assertNull(q.onDelete(), "the line of another stream must not be paired");
        assertEquals(RemovalCause.ORPHANED, q.cause());

        Correlation same = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        FinalizerRemoval r = same.pods().get(P).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, r.cause());
        assertEquals(1, r.onDelete().source().line());
        assertEquals(2, r.scheduled().source().line());
        assertEquals(3, r.queued().source().line());
        assertEquals(4, r.started().source().line());
        assertEquals("2026-09-19T16:31:11.350Z", r.time().format());
    }

    /**
     * The handler's own line names no Pod, so an excerpt grepped for the Pod lacks it. The delay still
     * tells the branch apart: the orphan branch's minimum delay is 0, so without a positive podGC delay
     * it logs exactly 0s; any other delay is the deleting branch's (minimum 2m). With a podGC delay,
     * or without the podGC field, the delay decides nothing.
     */
    @Test
    void aNonzeroDelayWithoutAPodGcDelayIsTheDeletingBranchEvenWithoutItsHandlerLine() {
        Correlation grepped = new Evidence().log("a.log",
                "time=2026-09-19T16:31:11.256Z level=INFO msg=\"update pod event\" component=pod_controller pod=p",
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        FinalizerRemoval r = grepped.pods().get(P).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, r.cause());
        assertNull(r.onDelete());
        assertEquals(1, r.trigger().source().line(), "the informer event that delivered the deletion");

        Correlation zero = new Evidence().log("a.log", queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "0s"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        assertEquals(RemovalCause.ORPHANED, zero.pods().get(P).removals().get(0).cause());

        Correlation podGcDelay = new Evidence().log("a.log", queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-20s")
                        .replace("DeleteDelayDuration:}", "DeleteDelayDuration:30s}").replace("Strategy:", "Strategy:OnPodSuccess"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        assertEquals(RemovalCause.EITHER_BRANCH, podGcDelay.pods().get(P).removals().get(0).cause(),
                "with a 30s podGC delay the orphan branch can log a negative delay too, and this excerpt would not show the handler line");
    }

    /**
     * A grep for the Pod drops the handler's line, and a 30s podGC delay lets the orphan branch log a
     * negative delay too: the line alone cannot tell the branches apart. An export of the Pod can: the
     * delay plus the time since its latest condition transition (16:27:47) is the effective delay the
     * handler used, 2m on the deleting branch (max(30s, 2m)), 30s on the orphan branch.
     */
    @Test
    void anExportOfThePodTellsTheBranchOfAScheduleWithoutItsHandlerLine() {
        String pod = V4.podYaml(true).replace("workflows.argoproj.io/node-name: p}",
                "workflows.argoproj.io/node-name: p, workflows.argoproj.io/pod-gc-strategy: OnPodSuccess/30s}");
        java.util.function.Function<String, String> withPodGc = line -> line
                .replace("DeleteDelayDuration:}", "DeleteDelayDuration:30s}").replace("Strategy:", "Strategy:OnPodSuccess");
        // 16:27:47 + 2m - 16:31:11.257168224 = -1m24.257168224s: the deleting branch's delay
        Correlation deleting = new Evidence().log("a.log",
                podEvent("2026-09-19T16:31:11.256Z", "update"),
                withPodGc.apply(queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s")),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).pod("pod.yaml", pod).correlate();
        FinalizerRemoval r = deleting.pods().get(U).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, r.cause(), "an effective delay of 2m is the deleting branch's");
        assertNull(r.onDelete());
        assertEquals(1, r.trigger().source().line());

        // 16:27:47 + 30s - 16:31:11.257168224 = -2m54.257168224s: the orphan branch's delay
        Correlation orphan = new Evidence().log("a.log",
                withPodGc.apply(queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-2m54.257168224s")),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).pod("pod.yaml", pod).correlate();
        assertEquals(RemovalCause.ORPHANED, orphan.pods().get(U).removals().get(0).cause(), "an effective delay of 30s is the orphan branch's");

        // A podGC delay of 2m or more is the effective delay of both branches: the export cannot tell them apart.
        Correlation long_ = new Evidence().log("a.log",
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m24.257168224s")
                        .replace("DeleteDelayDuration:}", "DeleteDelayDuration:2m0s}").replace("Strategy:", "Strategy:OnPodSuccess"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                .pod("pod.yaml", pod.replace("OnPodSuccess/30s", "OnPodSuccess/2m")).correlate();
        assertEquals(RemovalCause.EITHER_BRANCH, long_.pods().get(U).removals().get(0).cause(), "an excerpt: the branch is unknown");

        // A controller clock that disagrees with the API server's (logrus local time with a literal Z) fits neither branch.
        Correlation skewed = new Evidence().log("a.log",
                withPodGc.apply(queuingPodDelay("2026-09-19T18:31:11.257Z", "removeFinalizer", "-1m24.257168224s")),
                cleaningUp("2026-09-19T18:31:11.350Z", "removeFinalizer")).pod("pod.yaml", pod).correlate();
        assertEquals(RemovalCause.EITHER_BRANCH, skewed.pods().get(U).removals().get(0).cause(), "undecided, in an excerpt");
    }

    /**
     * Review case c11: a v4 slog JSON log grepped for one Workflow (every line names it or its Pod), a 30s podGC
     * delay, a negative delay and no handler line. The grep dropped "Removing finalizers during a delete" (it names
     * nothing), and with a podGC delay under 2m the orphan branch logs a negative delay too: the branch is unknown.
     * A grep for several names ({@code grep -E 'orders-export|billing-sync'}, {@code grep etl} for the namespace)
     * keeps another Workflow's lines and drops the handler lines just the same: those lines are no sign of a whole
     * stream (before session 18 they were, and the release was cleared as the orphan path). Only records that name
     * no Pod, Workflow or namespace are, and only on both sides of the release: start-up lines alone are what a head
     * of the log pasted before a grep holds. A delay of 0 is the orphan branch's own.
     */
    @Test
    void aMissingHandlerLineIsEvidenceOfTheOrphanPathOnlyWhereTheStreamWouldHaveShownIt() {
        String[] grep = {
            "{\"time\":\"2026-10-12T20:00:00.2Z\",\"level\":\"INFO\",\"msg\":\"Created pod\",\"component\":\"workflow_worker\",\"workflow\":\"orders-export-3nb8s\",\"namespace\":\"etl\",\"nodeName\":\"orders-export-3nb8s[0].dump\",\"nodeID\":\"orders-export-3nb8s-4210161794\",\"podName\":\"orders-export-3nb8s-dump-4210161794\"}",
            "{\"time\":\"2026-10-12T20:09:30.807Z\",\"level\":\"INFO\",\"msg\":\"update pod event\",\"component\":\"pod_controller\",\"pod\":\"orders-export-3nb8s-dump-4210161794\"}",
            "{\"time\":\"2026-10-12T20:09:30.808Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"component\":\"pod_controller\",\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"orders-export-3nb8s-dump-4210161794\",\"podGC\":{\"strategy\":\"OnPodSuccess\",\"deleteDelayDuration\":\"30s\"},\"delay\":-253808441902}",
            "{\"time\":\"2026-10-12T20:09:30.85Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\",\"component\":\"pod_controller\",\"key\":\"etl/orders-export-3nb8s-dump-4210161794/removeFinalizer\",\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"orders-export-3nb8s-dump-4210161794\"}",
            "{\"time\":\"2026-10-12T20:09:41.31Z\",\"level\":\"INFO\",\"msg\":\"Workflow pod is missing\",\"component\":\"workflow_worker\",\"workflow\":\"orders-export-3nb8s\",\"namespace\":\"etl\",\"nodeName\":\"orders-export-3nb8s[0].dump\",\"nodePhase\":\"Running\",\"recentlyStarted\":false}"};
        PodKey pod = new PodKey("etl", "orders-export-3nb8s-dump-4210161794");
        String other = "{\"time\":\"2026-10-12T20:09:29.1Z\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"component\":\"workflow_worker\",\"workflow\":\"billing-sync-7kq2d\",\"namespace\":\"etl\",\"phase\":\"Running\",\"resourceVersion\":\"88120\"}";
        String workers = "{\"time\":\"2026-10-12T19:58:02.2Z\",\"level\":\"INFO\",\"msg\":\"Current Worker Numbers\",\"workflowWorkers\":32,\"workflowTtlWorkers\":4,\"podCleanup\":4,\"cronWorkflowWorkers\":8,\"workflowArchive\":8}";
        // Another Pod's deletion after the release: the handler's line names nothing, its scheduling line the other Pod.
        String[] otherDeleted = {
            "{\"time\":\"2026-10-12T20:11:05.41Z\",\"level\":\"INFO\",\"msg\":\"Removing finalizers during a delete\",\"component\":\"pod_controller\",\"pod.Finalizers\":[\"workflows.argoproj.io/status\"]}",
            "{\"time\":\"2026-10-12T20:11:05.41Z\",\"level\":\"INFO\",\"msg\":\"queuing pod delay\",\"component\":\"pod_controller\",\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"billing-sync-7kq2d-load-1180455210\",\"podGC\":{\"strategy\":\"OnPodSuccess\",\"deleteDelayDuration\":\"30s\"},\"delay\":-3120448113}"};
        java.util.function.Function<java.util.List<String>, RemovalCause> cause = lines -> new Evidence()
                .log("controller.json", lines.toArray(String[]::new)).correlate().pods().get(pod).removals().get(0).cause();
        java.util.List<String> grepped = java.util.List.of(grep);

        assertEquals(RemovalCause.EITHER_BRANCH, cause.apply(grepped));
        assertEquals(RemovalCause.EITHER_BRANCH, cause.apply(with(grepped, 2, other)),
                "another Workflow's line: a grep for both Workflows (or their namespace) keeps it and drops the handler line");
        assertEquals(RemovalCause.EITHER_BRANCH, cause.apply(with(grepped, 0, workers)),
                "a start-up line before the release only: the head of the log pasted above a grep");
        assertEquals(RemovalCause.EITHER_BRANCH, cause.apply(with(grepped, grep.length, otherDeleted)),
                "another Pod's handler line after the release only: a grep with the tail of the log");
        // The stats ticker's nameless lines every 5 minutes between them: without them 13 minutes hold 2 such records, a head, a grep
        // and a tail pasted together (StreamExtents), not a whole stream.
        String tick1 = "{\"level\":\"info\",\"msg\":\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\",\"time\":\"2026-10-12T20:03:02.200Z\"}";
        String tick2 = "{\"level\":\"info\",\"msg\":\"Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123\",\"time\":\"2026-10-12T20:08:02.200Z\"}";
        assertEquals(RemovalCause.EITHER_BRANCH, cause.apply(with(with(grepped, grep.length, otherDeleted), 0, workers)),
                "nameless records on both sides but fewer than the ticker writes between them: pieces pasted together");
        assertEquals(RemovalCause.ORPHANED, cause.apply(with(with(with(with(grepped, grep.length, otherDeleted), 1, tick2), 1, tick1), 0, workers)),
                "records that name nothing before and after the release: the stream was read whole there, the handler line is missing");
        assertEquals(RemovalCause.EITHER_BRANCH, new Evidence().log("read.json", grep).counted(4_000).correlate().pods().get(pod)
                .removals().get(0).cause(), "records the selective reading only counted may be other Pods' lines, which a grep for several keeps");
        assertEquals(RemovalCause.EITHER_BRANCH, new Evidence().log("grep.json", grep).log("other-replica.json", with(with(java.util.List.of(),
                0, otherDeleted), 0, workers).toArray(String[]::new)).correlate().pods().get(pod).removals().get(0).cause(),
                "another stream's lines say nothing of this one's");
        String[] zero = grep.clone();
        zero[2] = zero[2].replace("-253808441902", "0");
        assertEquals(RemovalCause.ORPHANED, new Evidence().log("grep.json", zero).correlate().pods().get(pod).removals().get(0).cause(),
                "a delay of 0 is the orphan branch's");
    }

    private static java.util.List<String> with(java.util.List<String> lines, int at, String... added) {
        java.util.List<String> out = new java.util.ArrayList<>(lines);
        out.addAll(at, java.util.List.of(added));
        return out;
    }

    /**
     * The look-alike of a handler whose scheduling line is missing: a Workflow worker queues another
     * Pod's release (after persisting its node) between the handler's first line and its scheduling
     * line. That queueing line is not the handler's.
     */
    @Test
    void anotherPodsQueueingLineBetweenTheHandlersLinesIsNotTheHandlers() {
        Correlation c = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queueing("2026-09-19T16:31:11.257Z", "removeFinalizer").replace("podName=p", "podName=q"),
                queuingPodDelay("2026-09-19T16:31:11.258Z", "removeFinalizer", "-1m24.257168224s"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer").replace("podName=p", "podName=q").replace("/p/", "/q/"),
                cleaningUp("2026-09-19T16:31:11.351Z", "removeFinalizer")).correlate();
        FinalizerRemoval q = c.pods().get(new PodKey("ns", "q")).removals().get(0);
        assertNull(q.onDelete(), "the handler's line is not q's");
        assertEquals(RemovalCause.AFTER_PERSIST, q.cause());
        FinalizerRemoval p = c.pods().get(P).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, p.cause());
        assertEquals(1, p.onDelete().source().line());

        Correlation cut = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        FinalizerRemoval r = cut.pods().get(P).removals().get(0);
        assertEquals(RemovalCause.POD_DELETED, r.cause(), "the handler's item, its scheduling line missing");
        assertEquals(1, r.onDelete().source().line());
    }

    /**
     * Two replicas both working (leader election off) each persist the node and queue the release: the Pod's first removal is
     * the earlier one by time, and its lines come in time order, whichever replica's file is read first.
     */
    @Test
    void aPodsRemovalsAndLinesAreInTimeOrderWhateverTheFilesOrder() {
        for (String[] files : List.of(new String[] {"a.log", "b.log"}, new String[] {"b.log", "a.log"})) {
            // b's release is 4 ms earlier; the files are read in name order, so the first order puts a's lines first.
            Correlation c = new Evidence()
                    .log(files[0], queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"))
                    .log(files[1], queueing("2026-09-19T16:31:11.254Z", "removeFinalizer"), cleaningUp("2026-09-19T16:31:11.346Z", "removeFinalizer"))
                    .correlate();
            List<FinalizerRemoval> removals = c.pods().get(P).removals();
            assertEquals(2, removals.size());
            assertEquals(files[1], removals.get(0).decisive().file(), "the earliest release first, reading " + List.of(files));
            assertEquals(List.of("2026-09-19T16:31:11.254Z", "2026-09-19T16:31:11.258Z", "2026-09-19T16:31:11.346Z", "2026-09-19T16:31:11.350Z"),
                    c.pods().get(P).events().stream().map(e -> e.time().instant().toString()).toList());
        }
    }

    /**
     * Each update of a Pod being deleted queues its item again with a delay shorter by the time gone by: the same due time,
     * which the queue keeps. With times to the millisecond the due times these lines give differ by up to a millisecond
     * either way (here the second one's comes out 0.33 ms earlier): the first line scheduled the removal, and its delay is
     * the one to quote. A due time surely earlier (a shorter podGC delay) does replace it (negative control).
     */
    @Test
    void linesForTheSameDueTimeKeepTheFirstOnesDelay() {
        Correlation same = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "4m59.1323991s"),
                removingFinalizers("2026-09-19T16:31:11.465Z"),
                queuingPodDelay("2026-09-19T16:31:11.465Z", "removeFinalizer", "4m58.924070969s"),
                removingFinalizers("2026-09-19T16:31:11.807Z"),
                queuingPodDelay("2026-09-19T16:31:11.807Z", "removeFinalizer", "4m58.582404036s"),
                cleaningUp("2026-09-19T16:36:10.390Z", "removeFinalizer")).correlate();
        assertEquals(1, same.pods().get(P).removals().size());
        assertEquals(2, same.pods().get(P).removals().get(0).scheduled().source().line(), "the first scheduling line");
        Correlation earlier = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "4m59.1323991s"),
                removingFinalizers("2026-09-19T16:31:11.465Z"),
                queuingPodDelay("2026-09-19T16:31:11.465Z", "removeFinalizer", "1m58.924070969s"),
                cleaningUp("2026-09-19T16:33:10.390Z", "removeFinalizer")).correlate();
        assertEquals(4, earlier.pods().get(P).removals().get(0).scheduled().source().line(), "due 3 min earlier: the item runs then");
    }

    /**
     * Two controller runs in one grep for the Pod (which drops "Starting Workflow Controller"): the first run queued the removal
     * for its deadline and ended before it; the second run's informer added the Pod again (an informer adds a Pod it holds only
     * once: a second add is a new run) and queued the item for the same deadline, and its worker released it. Its line scheduled
     * the removal, not the dead run's (the first line was quoted, session 29 review). Negative control: an update in between is
     * the same run's, and the first line keeps the item.
     */
    @Test
    void aSecondAddOfThePodIsANewRunWhoseLineSchedulesTheRemoval() {
        Correlation restarted = twoQueuingLinesAround("add");
        assertEquals(1, restarted.pods().get(P).removals().size());
        assertEquals(5, restarted.pods().get(P).removals().get(0).scheduled().source().line(), "the second run's line");
        Correlation oneRun = twoQueuingLinesAround("update");
        assertEquals(1, oneRun.pods().get(P).removals().size());
        assertEquals(3, oneRun.pods().get(P).removals().get(0).scheduled().source().line(), "the same run: the first line");
    }

    /** A grep for the Pod: a queuing line for the deadline 16:29:47, an informer event {@code between}, another for the same deadline. */
    private static Correlation twoQueuingLinesAround(String between) {
        return new Evidence().log("grep.txt",
                podEvent("2026-09-19T16:28:31.256Z", "add"),
                podEvent("2026-09-19T16:29:00.412Z", "update"),
                queuingPodDelay("2026-09-19T16:29:00.413Z", "removeFinalizer", "46.586931462s"),
                podEvent("2026-09-19T16:29:21.256Z", between),
                queuingPodDelay("2026-09-19T16:29:21.257Z", "removeFinalizer", "25.742875112s"),
                cleaningUp("2026-09-19T16:29:47.002Z", "removeFinalizer")).correlate();
    }

    @Test
    void aFailedCleanupIsNotTheRemovalItsRetryIs() {
        Correlation c = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m0s"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                cleanupFailed("2026-09-19T16:31:11.360Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.400Z", "removeFinalizer")).correlate();
        assertEquals(1, c.pods().get(P).removals().size());
        assertEquals(5, c.pods().get(P).removals().get(0).started().source().line());
    }

    @Test
    void aRemovalDueAtOnceWhoseOnlyAttemptFailedIsNoRemoval() {
        Correlation c = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m0s"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer"),
                V4.cleanupForbidden("2026-09-19T16:31:11.360Z", "removeFinalizer")).correlate();
        assertTrue(c.pods().get(P).removals().isEmpty(), () -> c.pods().get(P).removals().toString());
    }

    @Test
    void aRemovalDueAtOnceWithoutAnyWorkerLineStillCountsTheLinesMayBeCutOff() {
        Correlation c = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:31:11.257Z"),
                queuingPodDelay("2026-09-19T16:31:11.257Z", "removeFinalizer", "-1m0s")).correlate();
        assertEquals(1, c.pods().get(P).removals().size());
    }

    @Test
    void aRemovalScheduledForLaterIsNoRemovalUntilAWorkerTakesIt() {
        Correlation c = new Evidence().log("a.log",
                removingFinalizers("2026-09-19T16:28:00.000Z"),
                queuingPodDelay("2026-09-19T16:28:00.001Z", "removeFinalizer", "1m47s")).correlate();
        assertTrue(c.pods().get(P).removals().isEmpty());
    }

    @Test
    void aQueuedRemovalWithoutSchedulingLineCameFromQueuePodsForCleanup() {
        Correlation c = new Evidence().log("a.log",
                queueing("2026-09-19T16:31:11.258Z", "removeFinalizer"),
                cleaningUp("2026-09-19T16:31:11.350Z", "removeFinalizer")).correlate();
        assertEquals(RemovalCause.AFTER_PERSIST, c.pods().get(P).removals().get(0).cause());
    }

    @Test
    void nodeLinkFromTheCreatedPodLineWhenNoPodWasExported() {
        NodeLink link = new Evidence().log("a.log", createdPod("2026-09-19T16:27:10.431Z")).correlate().pods().get(P).link();
        assertEquals(LinkBasis.CREATED_POD_LINE, link.basis());
        assertEquals("p", link.nodeId());
        assertEquals("a.log:1", link.source().toString());
    }

    /**
     * A retried Workflow's Pod created again by the next leader: two runs log {@code Created pod} for it. The link is the
     * earliest creation line, whichever file is named first (the input order put the later file's line first).
     */
    @Test
    void nodeLinkFromTheEarliestCreatedPodLineWhicheverFileIsNamedFirst() {
        String[] old = {createdPod("2026-09-19T16:27:10.431Z")};
        String[] next = {createdPod("2026-09-19T17:02:44.118Z")};
        for (Correlation c : List.of(new Evidence().log("wc-old.log", old).log("wc-new.log", next).correlate(),
                new Evidence().log("wc-new.log", next).log("wc-old.log", old).correlate())) {
            assertEquals("wc-old.log:1", c.pods().get(P).link().source().toString(), c.pods().keySet().toString());
        }
    }

    /** Two runs' creation lines at the same instant: the run that started first, whichever file is named first. */
    @Test
    void nodeLinkAtTheSameInstantFromTheRunThatStartedFirst() {
        String[] early = {podEvent("2026-09-19T16:20:00.000Z", "update"), createdPod("2026-09-19T16:27:10.431Z")};
        String[] late = {createdPod("2026-09-19T16:27:10.431Z")};
        for (Correlation c : List.of(new Evidence().log("wc-b.log", early).log("wc-a.log", late).correlate(),
                new Evidence().log("wc-a.log", late).log("wc-b.log", early).correlate())) {
            assertEquals("wc-b.log:2", c.pods().get(P).link().source().toString());
        }
    }

    /** Same instant, runs started together: by the file's name, not by the folder it is in nor by the reading order. */
    @Test
    void nodeLinkAtTheSameInstantFromRunsStartedTogetherGoesByTheFilesName() {
        String[] a = {createdPod("2026-09-19T16:27:10.431Z")};
        for (Correlation c : List.of(new Evidence().log("z/wc-b.log", a).log("a/wc-a.log", a).correlate(),
                new Evidence().log("a/wc-a.log", a).log("z/wc-b.log", a).correlate())) {
            assertEquals("a/wc-a.log:1", c.pods().get(P).link().source().toString());
        }
    }

    /** The pod-name suffix of a node two runs name: the earliest line naming it, whichever file is named first. */
    @Test
    void nodeLinkByThePodNameSuffixFromTheEarliestLineWhicheverFileIsNamedFirst() {
        String cleanup = "time=\"2026-09-19T10:01:30.004Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=argo/hello-world-x7k2p-whalesay-841307739/removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739";
        String missing = "time=\"%s\" level=info msg=\"Workflow pod is missing\" namespace=argo nodeName=\"hello-world-x7k2p[0].whalesay\" nodePhase=Running recentlyStarted=false workflow=hello-world-x7k2p";
        String[] old = {cleanup, missing.formatted("2026-09-19T10:01:30.200Z")};
        String[] next = {missing.formatted("2026-09-19T10:05:00.000Z")};
        PodKey k = new PodKey("argo", "hello-world-x7k2p-whalesay-841307739");
        for (Correlation c : List.of(new Evidence().log("wc-old.log", old).log("wc-new.log", next).correlate(),
                new Evidence().log("wc-new.log", next).log("wc-old.log", old).correlate())) {
            assertEquals(LinkBasis.POD_NAME_SUFFIX, c.pods().get(k).link().basis());
            assertEquals("wc-old.log:2", c.pods().get(k).link().source().toString());
        }
    }

    @Test
    void nodeLinkFromThePodAnnotationWins() {
        NodeLink link = new Evidence().log("a.log", createdPod("2026-09-19T16:27:10.431Z")).pod("pod.yaml", V4.podYaml(true))
                .correlate().pods().get(P.withUid("u-1")).link();
        assertEquals(LinkBasis.POD_ANNOTATION, link.basis());
    }

    @Test
    void nodeLinkFromTheWorkflowsNodesByThePodNameRule() {
        String wf = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: hello-world-x7k2p, namespace: argo}\n"
                + "status:\n  nodes:\n    hello-world-x7k2p-841307739:\n      id: hello-world-x7k2p-841307739\n"
                + "      name: hello-world-x7k2p[0].whalesay\n      type: Pod\n      templateName: whalesay\n      phase: Running\n";
        Correlation c = new Evidence()
                .log("a.log", "time=2026-09-19T10:00:01.040Z level=INFO msg=\"delete pod event\" component=pod_controller pod=hello-world-x7k2p-whalesay-841307739",
                        "time=2026-09-19T10:00:01.041Z level=INFO msg=\"cleaning up pod\" component=pod_controller key=argo/hello-world-x7k2p-whalesay-841307739/labelPodCompleted action=labelPodCompleted namespace=argo podName=hello-world-x7k2p-whalesay-841307739")
                .workflow("wf.yaml", wf).correlate();
        NodeLink link = c.pods().get(new PodKey("argo", "hello-world-x7k2p-whalesay-841307739")).link();
        assertEquals(LinkBasis.WORKFLOW_NODE_NAME_RULE, link.basis());
        assertEquals("hello-world-x7k2p-841307739", link.nodeId());
    }

    @Test
    void nodeLinkFromThePodNameSuffixOfANodeNameSeenInTheLogs() {
        Correlation c = new Evidence().log("a.log",
                "time=\"2026-09-19T10:01:30.004Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=argo/hello-world-x7k2p-whalesay-841307739/removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739",
                "time=\"2026-09-19T10:01:30.200Z\" level=info msg=\"Workflow pod is missing\" namespace=argo nodeName=\"hello-world-x7k2p[0].whalesay\" nodePhase=Running recentlyStarted=false workflow=hello-world-x7k2p")
                .correlate();
        NodeLink link = c.pods().get(new PodKey("argo", "hello-world-x7k2p-whalesay-841307739")).link();
        assertEquals(LinkBasis.POD_NAME_SUFFIX, link.basis());
        assertEquals("hello-world-x7k2p-841307739", link.nodeId());
        assertEquals("hello-world-x7k2p[0].whalesay", link.nodeName());
    }

    /**
     * Review (issue 13): a Pod export with a UID but no creationTimestamp (hand-trimmed, or written by a
     * tool that drops it) ends the analysis with an internal error: PodInstances takes
     * {@code Stream.min} over creation times that may be null, and Stream.min cannot return null.
     */
    @Test
    void aPodExportWithoutCreationTimestampDoesNotCrash() {
        String pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  uid: u-1\n"
                + "  labels: {workflows.argoproj.io/workflow: p}\nstatus: {phase: Running}\n";
        Correlation c = assertDoesNotThrow(() -> new Evidence().pod("pod.yaml", pod).correlate());
        assertEquals(1, c.pods().size());
    }
}
