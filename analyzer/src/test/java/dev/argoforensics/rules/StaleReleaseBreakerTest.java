package dev.argoforensics.rules;

import static dev.argoforensics.testing.V4.cleaningUp;
import static dev.argoforensics.testing.V4.cleanupFailed;
import static dev.argoforensics.testing.V4.createdPod;
import static dev.argoforensics.testing.V4.markingError;
import static dev.argoforensics.testing.V4.podEvent;
import static dev.argoforensics.testing.V4.podMissing;
import static dev.argoforensics.testing.V4.processing;
import static dev.argoforensics.testing.V4.queueing;
import static dev.argoforensics.testing.V4.queueingAfter;
import static dev.argoforensics.testing.V4.queuingPodDelay;
import static dev.argoforensics.testing.V4.removingFinalizers;
import static dev.argoforensics.testing.V4.workers;
import static dev.argoforensics.testing.V4.workflowUpdated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.PodKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 53 breaker of AF001's new clearance (a later lifetime's lone {@code cleaning up pod action=removeFinalizer} read as the
 * earlier Pod's queued item, #8022). The pod cleanup queue of every release (v3.4 to v4.1) queues with {@code AddRateLimited} or
 * {@code AddAfter(d > 0)} (the default controller rate limiter never gives 0: 5 ms at least), so every add of a key goes through
 * client-go's delaying queue, which keeps ONE waiting entry per key (a later add moves it earlier, never copies it), and the worker
 * {@code Forget}s and {@code Done}s the key after each run. An item of the earlier Pod can outlive it only where its last add (a
 * queueing or scheduling line, or a failure's requeue) was not taken by a worker line before the later Pod was created.
 */
class StaleReleaseBreakerTest {
    @TempDir
    Path dir;

    private static final String T = "2026-09-19T16:";

    /**
     * The earlier Pod released the ordinary way when its Workflow was deleted: the handler, its delay, its queueing line and the
     * worker's line, which took the only item of the key (no failure after it), then the Pod gone. Nothing of the key waits.
     */
    private static List<String> earlierReleasedAndTaken() {
        List<String> out = earlierStart();
        out.addAll(List.of(podEvent(T + "26:00.000Z", "update"), removingFinalizers(T + "26:00.001Z"),
                queuingPodDelay(T + "26:00.002Z", "removeFinalizer", "-2m19.6s"), queueing(T + "26:00.003Z", "removeFinalizer"),
                cleaningUp(T + "26:00.010Z", "removeFinalizer"), podEvent(T + "26:00.050Z", "delete")));
        return out;
    }

    /**
     * The earlier Pod deleted by a user soon after it finished: the handler schedules its release for the deadline (last transition
     * + podGC delay), due at 32:10; before that its {@code deletePod} item (pod GC) strips the finalizer in its patch and deletes it,
     * so the Pod is gone with the release item still waiting (no worker line of the key before the later Pod's creation).
     */
    private static List<String> earlierReleaseStillWaiting() {
        return earlierReleaseStillWaiting("10m9.998s");
    }

    /** As above, the release due {@code delay} after 16:22:00.002. */
    private static List<String> earlierReleaseStillWaiting(String delay) {
        List<String> out = earlierStart();
        out.addAll(List.of(podEvent(T + "22:00.000Z", "update"), removingFinalizers(T + "22:00.001Z"),
                queuingPodDelay(T + "22:00.002Z", "removeFinalizer", delay), queueingAfter(T + "22:00.002Z", "removeFinalizer", delay), queueing(T + "26:00.003Z", "deletePod"),
                cleaningUp(T + "26:00.010Z", "deletePod"), podEvent(T + "26:00.050Z", "delete")));
        return out;
    }

    /** The later Pod's own #17024 race: deleted long after its last transition, the handler's release due at once. */
    private static List<String> ownRace() {
        return List.of(podEvent(T + "32:09.000Z", "update"), removingFinalizers(T + "32:09.001Z"),
                queuingPodDelay(T + "32:09.002Z", "removeFinalizer", "-1m0.2s"), queueing(T + "32:09.003Z", "removeFinalizer"));
    }

    private AnalysisResult analyze(List<String> lines) throws IOException {
        return StaleReleaseLifetimeTest.analyze(dir, lines);
    }

    private static RuleOutcome af001(AnalysisResult r) {
        return StaleReleaseLifetimeTest.af001(r);
    }

    private static Predicate<PodKey> later() {
        return StaleReleaseLifetimeTest.later();
    }

    private static List<String> earlierStart() {
        return StaleReleaseLifetimeTest.earlierStart();
    }

    private static List<String> laterLife(List<String> early, List<String> lateRelease) {
        return StaleReleaseLifetimeTest.laterLife(early, lateRelease);
    }

    private static boolean saysStale(Clearance c) {
        return c.reason().contains("cleanup item queued for the earlier Pod");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static String laterReading(RuleOutcome o) {
        return o.findings().stream().filter(f -> later().test(f.pod())).map(f -> f.confidence() + ":" + f.confidenceReason()).toList()
                + " " + o.cleared().stream().filter(c -> later().test(c.pod())).map(Clearance::reason).toList();
    }

    /**
     * Attack 1 (broke before the fix): the earlier Pod's release item was queued and taken by a worker line, with no failure, before
     * the later Pod was created: client-go keeps no copy of a key it ran (one waiting entry per key, forgotten after the run), so
     * nothing of the earlier Pod was left in the queue. The later Pod's lone worker line must not be told as the earlier Pod's item.
     */
    @Test
    void anItemTheWorkerTookBeforeTheLaterCreationIsNotReadAsStale() throws IOException {
        AnalysisResult r = analyze(concat(earlierReleasedAndTaken(), laterLife(List.of(), List.of())));
        assertTrue(r.correlation().pods().keySet().stream().anyMatch(k -> k.lifetime() == 1), () -> "not split: " + r.correlation().pods().keySet());
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().noneMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }

    /**
     * Attack 1, three Pods of the name: the first Pod's release failed (its retry waiting), the second Pod's own release then queued
     * the same key (merged with the waiting one, run at once: taken), the third Pod's lone worker line is nobody's item.
     */
    @Test
    void aNameUsedThreeTimesTheMiddlePodsReleaseTookTheKey() throws IOException {
        List<String> first = new ArrayList<>(List.of(workers(T + "10:00.000Z", 2), processing(T + "10:00.100Z", "\"\""), createdPod(T + "10:00.200Z"),
                workflowUpdated(T + "10:00.300Z", "Running"), podEvent(T + "10:00.400Z", "add"), podEvent(T + "11:40.000Z", "update"),
                podEvent(T + "12:00.000Z", "update"), removingFinalizers(T + "12:00.001Z"),
                queuingPodDelay(T + "12:00.002Z", "removeFinalizer", "-20s"), queueing(T + "12:00.003Z", "removeFinalizer"),
                cleaningUp(T + "12:00.010Z", "removeFinalizer"), cleanupFailed(T + "12:00.020Z", "removeFinalizer"),
                queueing(T + "12:00.100Z", "deletePod"), cleaningUp(T + "12:00.110Z", "deletePod"), podEvent(T + "12:00.150Z", "delete"),
                processing(T + "12:05.000Z", "Running"), podMissing(T + "12:05.001Z"), markingError(T + "12:05.002Z"),
                workflowUpdated(T + "12:05.100Z", "Error"), workers(T + "14:00.000Z", 2)));
        List<String> lines = concat(first, earlierReleasedAndTaken().subList(1, earlierReleasedAndTaken().size()));
        AnalysisResult r = analyze(concat(lines, laterLife(List.of(), List.of())));
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().noneMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }

    /**
     * Control of the fix: the earlier Pod's release scheduled for its deadline and the Pod gone by another key's patch before it came
     * due; the item still waits when the later Pod is created, and comes due on it: read as the earlier Pod's item (the stream whole).
     */
    @Test
    void anItemStillWaitingAtTheLaterCreationIsReadAsStale() throws IOException {
        AnalysisResult r = analyze(concat(earlierReleaseStillWaiting(), laterLife(List.of(), List.of())));
        assertTrue(r.correlation().pods().keySet().stream().anyMatch(k -> k.lifetime() == 1), () -> "not split: " + r.correlation().pods().keySet());
        RuleOutcome o = af001(r);
        assertTrue(o.findings().stream().noneMatch(f -> later().test(f.pod())), () -> laterReading(o));
        assertTrue(o.cleared().stream().filter(c -> later().test(c.pod())).anyMatch(c -> saysStale(c) && !c.reason().startsWith("not decided")),
                () -> laterReading(o));
    }

    /** Control of the fix: the earlier Pod's last try failed (a Conflict: requeued), the Pod then gone by pod GC's patch: still waiting. */
    @Test
    void anItemWhoseLastTryFailedIsStillWaiting() throws IOException {
        List<String> earlier = earlierStart();
        earlier.addAll(List.of(queueing(T + "21:40.500Z", "removeFinalizer"), cleaningUp(T + "21:40.510Z", "removeFinalizer"),
                cleanupFailed(T + "21:40.520Z", "removeFinalizer"), queueing(T + "26:00.003Z", "deletePod"),
                cleaningUp(T + "26:00.010Z", "deletePod"), podEvent(T + "26:00.050Z", "delete")));
        AnalysisResult r = analyze(concat(earlier, laterLife(List.of(), List.of())));
        RuleOutcome o = af001(r);
        assertTrue(o.cleared().stream().filter(c -> later().test(c.pod())).anyMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }

    /**
     * Attack 2: a true #17024 race on the later Pod while the earlier Pod's item still waited and came due on the later Pod right
     * after its creation, before its informer held it (a worker line before the later Pod's add event: the patch found no Pod in the
     * cache and did nothing). The later Pod keeps its finalizer; its own release is the race. It must be read as without the early
     * line, never cleared as the earlier Pod's item.
     */
    @Test
    void aTrueRaceAfterTheStaleItemRanOnNothingIsStillTheRace() throws IOException {
        RuleOutcome control = af001(analyze(concat(earlierReleaseStillWaiting(), laterLife(List.of(), ownRace()))));
        RuleOutcome o = af001(analyze(concat(earlierReleaseStillWaiting("6m10.148s"),
                laterLife(List.of(cleaningUp(T + "28:10.150Z", "removeFinalizer")), ownRace()))));
        assertTrue(o.cleared().stream().filter(c -> later().test(c.pod())).noneMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
        assertEquals(control.findings().stream().filter(f -> later().test(f.pod())).map(f -> String.valueOf(f.confidence())).toList(),
                o.findings().stream().filter(f -> later().test(f.pod())).map(f -> String.valueOf(f.confidence())).toList(),
                () -> laterReading(control) + " vs " + laterReading(o));
    }

    /**
     * Attack 3: the controller restarted between the earlier Pod's queued item and the later Pod's creation (its start banner in the
     * same file): the queue died with the process, so the later Pod's lone worker line in the new run is no item of the earlier Pod.
     */
    @Test
    void aRestartBetweenKillsTheQueue() throws IOException {
        List<String> lines = new ArrayList<>(earlierReleaseStillWaiting());
        lines.add("time=2026-09-19T16:27:00.000Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3");
        lines.addAll(laterLife(List.of(), List.of()));
        RuleOutcome o = af001(analyze(lines));
        assertTrue(o.cleared().stream().noneMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }

    /**
     * Attack 4: the waiting item is of a Pod p in ANOTHER namespace (ns2/p, its key ns2/p/removeFinalizer); the Pod ns/p's lone worker
     * line is of another key: never the other namespace's item.
     */
    @Test
    void anotherNamespacesWaitingItemIsNotThisPods() throws IOException {
        List<String> ns2 = earlierReleaseStillWaiting().stream()
                .map(l -> l.replace("namespace=ns ", "namespace=ns2 ").replace("key=ns/p/", "key=ns2/p/")).toList();
        RuleOutcome o = af001(analyze(concat(ns2, laterLife(List.of(), List.of()))));
        assertTrue(o.cleared().stream().noneMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }

    /**
     * Control of the fix above: the handler's {@code Removing finalizers during a delete} a moment after the lone worker line (the
     * Pod deleted just before the stale patch, its deletion delivered to the handler on the copy before the patch) does not show the
     * worker line removed nothing: the stale item's release is still the one read.
     */
    @Test
    void aHandlerLineMomentsAfterTheStaleWorkerLineDoesNotUndoIt() throws IOException {
        List<String> later = new ArrayList<>(laterLife(List.of(), List.of()));
        int at = later.indexOf(cleaningUp(T + "32:10.000Z", "removeFinalizer"));
        later.addAll(at + 1, List.of(podEvent(T + "32:10.020Z", "update"), removingFinalizers(T + "32:10.021Z"),
                queuingPodDelay(T + "32:10.022Z", "removeFinalizer", "-1m0.2s"), queueing(T + "32:10.023Z", "removeFinalizer"),
                cleaningUp(T + "32:10.030Z", "removeFinalizer")));
        RuleOutcome o = af001(analyze(concat(earlierReleaseStillWaiting(), later)));
        assertTrue(o.cleared().stream().filter(c -> later().test(c.pod())).anyMatch(StaleReleaseBreakerTest::saysStale), () -> laterReading(o));
    }
}
