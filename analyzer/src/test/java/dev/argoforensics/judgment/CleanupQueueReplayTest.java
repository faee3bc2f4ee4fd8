package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CleanupQueueReplay} on hand-written v4 lines: the copy a plain add leaves behind is named; what the real queue does
 * (a delayed add come due, a key re-queued after being added while processed, a failed try put back, a delayed add issued
 * while the key was already queued) is not; a key whose adds the file does not hold is not judged.
 */
class CleanupQueueReplayTest {
    private static final String POD = "nightly-load-n724w-reindex-3307756021";

    private static String line(String time, String level, String msg, String fields) {
        return "time=2026-10-08T" + time + "Z level=" + level + " msg=\"" + msg + "\" component=pod_controller " + fields;
    }

    private static String after(String time, String delay) {
        return line(time, "INFO", "queueing pod for cleanup after", "action=removeFinalizer namespace=etl podName=" + POD + " after=" + delay);
    }

    private static String add(String time) {
        return line(time, "INFO", "queueing pod for cleanup", "action=removeFinalizer namespace=etl podName=" + POD);
    }

    private static String take(String time) {
        return line(time, "INFO", "cleaning up pod", "key=etl/" + POD + "/removeFinalizer action=removeFinalizer namespace=etl podName=" + POD);
    }

    private static String failed(String time) {
        return line(time, "WARN", "failed to clean-up pod", "key=etl/" + POD + "/removeFinalizer action=removeFinalizer namespace=etl podName="
                + POD + " error=\"Operation cannot be fulfilled on pods \\\"" + POD + "\\\": the object has been modified\"");
    }

    private static String timedOut(String time) {
        return line(time, "WARN", "failed to clean-up pod", "key=etl/" + POD + "/removeFinalizer action=removeFinalizer namespace=etl podName="
                + POD + " error=\"the server was unable to return a response in the time allotted, but may still be processing the request"
                + " (patch pods " + POD + ")\"");
    }

    private static String starting(String version) {
        return line("07:40:00.000", "INFO", "Starting Workflow Controller", "version=" + version);
    }

    private static List<String> replay(String... lines) {
        return CleanupQueueReplay.impossibleTakes(String.join("\n", lines) + "\n");
    }

    @Test
    void theDeadlineCopyLeftBehindByAPlainAddIsNamed() {
        List<String> found = replay(after("07:47:51.170", "1m41.829683803s"), add("07:49:20.910"), take("07:49:20.911"),
                take("07:49:33.001"));
        assertEquals(1, found.size(), found.toString());
        assertEquals(4, Integer.parseInt(found.get(0).split(":")[0]));
    }

    @Test
    void aTakeWithNoAddAtAllIsNamed() {
        assertEquals(1, replay(add("07:49:20.910"), take("07:49:20.911"), take("07:52:00.000")).size());
    }

    @Test
    void theDelayedAddComeDueIsWhatTheQueueDoes() {
        assertEquals(List.of(), replay(add("07:47:00.000"), take("07:47:00.002"), after("07:47:51.170", "1m41.829683803s"),
                take("07:49:33.001")));
        // The JSON formatter's nanoseconds.
        assertEquals(List.of(), replay(add("07:47:00.000"), take("07:47:00.002"),
                "{\"time\":\"2026-10-08T07:47:51.170Z\",\"level\":\"INFO\",\"msg\":\"queueing pod for cleanup after\",\"after\":101829683803,"
                        + "\"action\":\"removeFinalizer\",\"namespace\":\"etl\",\"podName\":\"" + POD + "\"}", take("07:49:33.001")));
    }

    @Test
    void aTakeBeforeTheDueTimeIsNotExplainedByTheDelayedAdd() {
        assertEquals(1, replay(add("07:47:00.000"), take("07:47:00.002"), after("07:47:51.170", "1m41.829683803s"),
                take("07:48:00.000")).size());
    }

    @Test
    void anAddWhileProcessedRunsTheKeyAgain() {
        assertEquals(List.of(), replay(add("07:49:20.910"), take("07:49:20.911"), add("07:49:20.915"), take("07:49:20.930")));
    }

    @Test
    void aFailedTryPutBackRunsAgain() {
        assertEquals(List.of(), replay(add("07:49:20.910"), take("07:49:20.911"), failed("07:49:20.940"), take("07:49:21.100"),
                failed("07:49:21.130"), take("07:49:21.400")));
    }

    @Test
    void aDelayedAddIssuedWhileTheKeyWasQueuedComesDueLater() {
        assertEquals(List.of(), replay(add("07:49:20.910"), after("07:49:20.912", "2m0s"), take("07:49:20.913"), take("07:51:20.913")));
        // The entry comes due once.
        assertEquals(1, replay(add("07:49:20.910"), after("07:49:20.912", "2m0s"), take("07:49:20.913"), take("07:51:20.913"),
                take("07:53:20.913")).size());
    }

    @Test
    void aKeyWhoseAddsAreNotInTheFileIsNotJudged() {
        assertEquals(List.of(), replay(take("07:49:20.911"), take("07:49:33.001"), add("07:50:00.000")));
        // A delayed add first: an entry from before the file (a rotated part) may still wait and come due earlier.
        assertEquals(List.of(), replay(after("07:47:51.170", "1m41.829683803s"), take("07:48:00.000")));
        // A new process starts with an empty queue: its first take of the key is not judged.
        assertEquals(List.of(), replay(add("07:49:20.910"), take("07:49:20.911"),
                line("07:50:00.000", "INFO", "Attempting to acquire leader lease...", "lock=argo/workflow-controller"), take("07:50:10.000")));
    }

    @Test
    void aFileWithNoQueueingLineIsNotReplayed() {
        assertEquals(List.of(), replay(take("07:49:20.911"), take("07:49:33.001")));
    }

    /** Session 55: a gateway timeout is transient from v4.0.0 only; v3 drops the item, so a later take needs an add of its own. */
    @Test
    void aTimedOutTryIsPutBackOnV4Only() {
        assertEquals(List.of(), replay(starting("v4.1.3"), add("07:49:20.910"), take("07:49:20.911"), timedOut("07:50:20.940"),
                take("07:50:20.950")));
        assertEquals(1, replay(line("07:40:00.000", "INFO", "Starting Workflow Controller", "version=v3.7.18"), add("07:49:20.910"),
                take("07:49:20.911"), timedOut("07:50:20.940"), take("07:50:20.950")).size());
        // A Conflict is put back on v3 too (v3.6.0+).
        assertEquals(List.of(), replay(starting("v3.6.19"), add("07:49:20.910"), take("07:49:20.911"), failed("07:49:20.940"),
                take("07:49:20.950")));
        // Without the process's start line, the replay stays lenient.
        assertEquals(List.of(), replay(add("07:49:20.910"), take("07:49:20.911"), timedOut("07:50:20.940"), take("07:50:20.950")));
    }

    private static List<String> slow(String... lines) {
        return CleanupQueueReplay.slowPutBacks(String.join("\n", lines) + "\n");
    }

    private static String takeOther(String time) {
        return line(time, "INFO", "cleaning up pod", "key=etl/other-pod/labelPodCompleted action=labelPodCompleted namespace=etl podName=other-pod");
    }

    private static String addOther(String time) {
        return line(time, "INFO", "queueing pod for cleanup", "action=labelPodCompleted namespace=etl podName=other-pod");
    }

    /**
     * Session 55: the worker's Forget after every try: a failure put back is in the queue 5 ms later, so a key queued more than
     * {@link CleanupQueueReplay#MAX_PUT_BACK} after it cannot be taken first (the queue hands keys out in order).
     */
    @Test
    void aFailurePutBackGoesBeforeKeysQueuedLater() {
        assertEquals(List.of(), slow(take("07:49:20.911"), timedOut("07:50:20.940"), take("07:50:20.950"), timedOut("07:51:20.990"),
                take("07:51:20.996"), add("07:53:00.000")));
        // All four workers busy with 60 s tries: the put-back waits its turn, after keys queued before it.
        assertEquals(List.of(), slow(addOther("07:50:20.000"), take("07:49:20.911"), timedOut("07:50:20.940"), takeOther("07:50:50.000"),
                take("07:51:20.000")));
        // The backoff the generator kept before: the key waits while a key queued a minute later is taken.
        List<String> found = slow(take("07:49:20.911"), failed("07:49:20.940"), take("07:49:20.950"), failed("07:49:20.990"),
                addOther("07:50:30.000"), takeOther("07:50:30.002"), take("07:52:40.000"));
        assertEquals(1, found.size(), found.toString());
        assertEquals(4, Integer.parseInt(found.get(0).split(":")[0]));
        // Not judged: a v3 timeout (dropped: level=warning, logrus), a failure whose process restarts.
        String v3 = "time=\"2026-10-08T07:50:20.940Z\" level=warning msg=\"failed to clean-up pod\" action=removeFinalizer error=\"the server was"
                + " unable to return a response in the time allotted, but may still be processing the request (patch pods " + POD + ")\" key=etl/"
                + POD + "/removeFinalizer namespace=etl podName=" + POD;
        assertEquals(List.of(), slow(take("07:49:20.911"), v3, addOther("07:53:00.000"), takeOther("07:53:00.001")));
        assertEquals(List.of(), slow(take("07:49:20.911"), failed("07:49:20.940"),
                line("07:49:22.000", "INFO", "Attempting to acquire leader lease...", "lock=argo/workflow-controller"), addOther("07:53:00.000"),
                takeOther("07:53:00.001")));
        // A v3 timeout taken again with no add of its own is one the real queue could not run.
        assertEquals(1, replay(add("07:49:20.910"), take("07:49:20.911"), v3, take("07:50:20.950")).size());
    }

    /**
     * Session 56: one walk feeds both checks, so the put-back check knows a v3 process from its start line as the take check
     * does: a timeout on v3 is dropped ({@code IsTransientErr} is false for it before v4.0.0: no {@code AddRateLimited}), so
     * no take is owed to it and none can be late, whatever form its line has. Logrus's terminal form ({@code WARN[...]}) has
     * no {@code level=warning} to tell v3 by.
     */
    @Test
    void aV3TimeoutIsADropForBothChecks() {
        String tty = "WARN[2026-10-08T07:50:20.940Z] failed to clean-up pod                         action=removeFinalizer error=\"the"
                + " server was unable to return a response in the time allotted, but may still be processing the request (patch pods " + POD
                + ")\" key=etl/" + POD + "/removeFinalizer namespace=etl podName=" + POD;
        String v3 = "time=\"2026-10-08T07:40:00.000Z\" level=info msg=\"Starting Workflow Controller\" version=v3.7.18";
        CleanupQueueReplay.Found found = CleanupQueueReplay.replay(String.join("\n", v3, add("07:49:20.910"), take("07:49:20.911"), tty,
                addOther("07:53:00.000"), takeOther("07:53:00.001"), take("07:53:10.000")) + "\n");
        // Dropped: the later take needs an add of its own (none here), and the key queued later went first as it may.
        assertEquals(List.of(), found.slowPutBacks());
        assertEquals(1, found.impossibleTakes().size(), found.toString());
        assertEquals(7, Integer.parseInt(found.impossibleTakes().get(0).split(":")[0]));
        // The same lines from a v4 process: the timeout is transient, put back, and waited past a key queued 2 min later.
        CleanupQueueReplay.Found v4 = CleanupQueueReplay.replay(String.join("\n", starting("v4.0.9"), add("07:49:20.910"),
                take("07:49:20.911"), tty, addOther("07:53:00.000"), takeOther("07:53:00.001"), take("07:53:10.000")) + "\n");
        assertEquals(1, v4.slowPutBacks().size(), v4.toString());
        assertEquals(4, Integer.parseInt(v4.slowPutBacks().get(0).split(":")[0]));
        assertEquals(List.of(), v4.impossibleTakes());
    }
}
