package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 45 (a hand-written incident, samples/v35-dag-drain-killed): a v3.5 DAG shard evicted by alice's drain while main ran;
 * main died of the SIGTERM (137 by the emissary), the kubelet wrote the Pod Failed before its final delete, and the controller
 * recorded the node Failed "Error (exit code 137)": no "pod deleted", so AF007 said nothing at all, though the kubelet's Killing
 * Event for main and the eviction's audit record show the deletion ended the step. Now AF007 reports it where an object or a
 * record shows main running at the deletion and the recorded failure is a signal's exit.
 */
class KilledByDeletionTest {
    private static final String NS = "batch";
    private static final String WF = "fanout-report-2m9qk";
    private static final String POD = WF + "-shard-2939993331";
    private static final String NID = WF + "-2939993331";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    private static String line(String t, String msg, String keys) {
        return "time=\"2026-12-04T" + t + "Z\" level=info msg=\"" + msg + "\" " + keys;
    }

    private static String wf(String t, String msg, String keys) {
        return line(t, msg, (keys.isEmpty() ? "" : keys + " ") + "namespace=" + NS + " workflow=" + WF);
    }

    /** v3.5.15: the shard created and Running, then read Failed with {@code failure} at 11:04:01. */
    static String[] logs(String failure) {
        return new String[] {
            line("10:30:00.004", "Starting Workflow Controller", "defaultRequeueTime=10s version=v3.5.15"),
            wf("11:00:00.210", "Processing workflow", "Phase= ResourceVersion=3390121"),
            wf("11:00:00.224", "Pod node " + NID + " initialized Pending", ""),
            wf("11:00:00.267", "Created pod: " + WF + ".shard-2 (" + POD + ")", ""),
            wf("11:00:00.447", "Workflow update successful", "phase=Running resourceVersion=3390133"),
            wf("11:00:04.880", "Processing workflow", "Phase=Running ResourceVersion=3390133"),
            wf("11:00:04.888", "node changed", "new.message= new.phase=Running new.progress=0/1 nodeID=" + NID
                    + " old.message= old.phase=Pending old.progress=0/1"),
            wf("11:00:04.922", "Workflow update successful", "phase=Running resourceVersion=3390188"),
            wf("11:04:01.512", "Processing workflow", "Phase=Running ResourceVersion=3390941"),
            wf("11:04:01.519", "node changed", "new.message=\"" + failure + "\" new.phase=Failed new.progress=1/1 nodeID=" + NID
                    + " old.message= old.phase=Running old.progress=0/1"),
            wf("11:04:01.521", "Pod failed: " + failure, "displayName=shard-2 pod=" + POD + " templateName=shard"),
            wf("11:04:01.566", "Workflow update successful", "phase=Running resourceVersion=3390990")};
    }

    static String killing(String at) {
        return Exports.Event.of("Killing", at).pod(NS, POD, "a91c3f0e-6d2b-4e8a-b7f4-3c0d9e1a5b26").plainMessage("Stopping container main")
                .named(POD + ".187e0c81d5e3a702").from("kubelet", "ip-10-1-3-44.eu-central-1.compute.internal").yaml();
    }

    static final String EVICTION = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"4e0c7b19\","
            + "\"stage\":\"ResponseComplete\",\"requestURI\":\"/api/v1/namespaces/batch/pods/" + POD + "/eviction\",\"verb\":\"create\","
            + "\"user\":{\"username\":\"alice@corp.example\",\"groups\":[\"system:authenticated\"]},\"userAgent\":\"kubectl/v1.31.2\","
            + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"batch\",\"name\":\"" + POD + "\",\"apiVersion\":\"v1\",\"subresource\":\"eviction\"},"
            + "\"responseStatus\":{\"metadata\":{},\"code\":201},\"requestReceivedTimestamp\":\"2026-12-04T11:04:00.071518Z\","
            + "\"stageTimestamp\":\"2026-12-04T11:04:00.098332Z\"}";

    private List<Finding> findings(String failure, boolean killed) {
        return findings(failure, killed ? "2026-12-04T11:04:00Z" : null);
    }

    private List<Finding> findings(String failure, String killedAt) {
        Evidence e = new Evidence().log("workflow-controller.log", logs(failure)).object("audit.log", EVICTION);
        if (killedAt != null) {
            e.object("events.yaml", killing(killedAt));
        }
        Correlation c = e.correlate();
        return rule.evaluate(c).findings();
    }

    @Test
    void aNodeFailedOnMainsKillByTheEvictionIsReportedNamingTheEvicter() {
        List<Finding> f = findings("Error (exit code 137)", true);
        assertEquals(1, f.size(), f::toString);
        assertEquals(Confidence.LIKELY, f.get(0).confidence(), f.get(0).confidenceReason());
        assertTrue(f.get(0).summary().contains("was deleted by alice@corp.example") && f.get(0).summary().contains("its node ended Failed \"Error (exit code 137)\""),
                f.get(0).summary());
        assertTrue(f.get(0).explanation().contains("it is not one (that would say OOMKilled)"), f.get(0).explanation());
        assertTrue(f.get(0).evidence().stream().anyMatch(x -> x.role().equals("the node recorded Failed on main's exit from the deletion's kill")),
                () -> f.get(0).evidence().toString());
        // v3.7 and later put the container's name first.
        assertEquals(1, findings("main: Error (exit code 143)", true).size());
    }

    /** Negative control: the kernel's OOM kill (137, OOMKilled) is main's own end, not the deletion's. */
    @Test
    void anOomKillIsNotTheDeletionsKill() {
        assertEquals(List.of(), findings("OOMKilled (exit code 137)", true));
    }

    /** Negative control: main failed with its own code (exit 1) around the eviction: the deletion did not end it by a signal. */
    @Test
    void aFailureWithItsOwnExitCodeIsNotReported() {
        assertEquals(List.of(), findings("Error (exit code 1)", true));
    }

    /** Negative control: without the kubelet's Killing Event nothing shows main running at the eviction: the 137 may be main's own. */
    @Test
    void withoutWhatShowsMainRunningNothingIsReported() {
        assertEquals(List.of(), findings("Error (exit code 137)", false));
    }

    /**
     * Negative control (session 45, unseen seed 2401's shape): the kubelet stops a deleted Pod's containers as soon as it sees the
     * deletion, so a Killing of main 100 s after the only delete record given is not that delete's kill (there, the record was
     * another cluster's Pod of the name, and the Pod was deleted later with its Workflow): the 137 is not read as the deletion's.
     * Within the minute the kill is the deletion's (the first test: 0 s; here 50 s).
     */
    @Test
    void aKillLongAfterTheRequestIsNotThatDeletionsKill() {
        assertEquals(List.of(), findings("Error (exit code 137)", "2026-12-04T11:05:40Z"));
        assertEquals(1, findings("Error (exit code 137)", "2026-12-04T11:04:50Z").size());
    }

    /**
     * s47, a late kubelet (busy, a slow pod lifecycle event generator; its node Ready all along, no NodeNotReady): the eviction at
     * 11:04:00, the kubelet's Killing of main only at 11:05:40, main's 137 reported at 11:05:42. The Pod's own export dates its
     * deletion's request at 11:04:00 (deletionTimestamp 11:04:30 less its grace of 30 s): the deletion is this Pod's, so the kill
     * a minute and a half after it is that deletion's, seen late, and the node recorded Failed on it is reported. Control: an export
     * dating the Pod's deletion at the Killing (11:05:40), not at the record, leaves the record another object's (the negative control
     * above): nothing.
     */
    @Test
    void aKubeletSeeingItsPodsOwnDeletionLateStillKilledMainByIt() {
        String[] late = java.util.Arrays.stream(logs("Error (exit code 137)")).map(l -> l.replace("T11:04:01.", "T11:05:42.")).toArray(String[]::new);
        java.util.function.Function<String, List<Finding>> with = deletionTimestamp -> rule.evaluate(new Evidence()
                .log("workflow-controller.log", late).object("audit.log", EVICTION).object("events.yaml", killing("2026-12-04T11:05:40Z"))
                .object("pod.yaml", deletedPod(deletionTimestamp)).correlate()).findings();
        List<Finding> own = with.apply("2026-12-04T11:04:30Z");
        assertEquals(1, own.size(), own::toString);
        assertTrue(own.get(0).summary().contains("its node ended Failed \"Error (exit code 137)\""), own.get(0).summary());
        assertEquals(List.of(), with.apply("2026-12-04T11:06:10Z"));
    }

    /** The Pod exported after the kill: deleted with a grace of 30 s at {@code deletionTimestamp}, main ended 137 at 11:05:41. */
    static String deletedPod(String deletionTimestamp) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: %s
                  namespace: batch
                  uid: a91c3f0e-6d2b-4e8a-b7f4-3c0d9e1a5b26
                  creationTimestamp: "2026-12-04T11:00:00Z"
                  deletionTimestamp: "%s"
                  deletionGracePeriodSeconds: 30
                  labels: {workflows.argoproj.io/workflow: %s}
                  annotations: {workflows.argoproj.io/node-id: %s, workflows.argoproj.io/node-name: %s.shard-2}
                spec:
                  nodeName: ip-10-1-3-44.eu-central-1.compute.internal
                status:
                  phase: Failed
                  containerStatuses:
                  - name: main
                    state:
                      terminated: {exitCode: 137, reason: Error, startedAt: "2026-12-04T11:00:04Z", finishedAt: "2026-12-04T11:05:41Z"}
                  - name: wait
                    state:
                      terminated: {exitCode: 0, reason: Completed, startedAt: "2026-12-04T11:00:04Z", finishedAt: "2026-12-04T11:05:42Z"}
                """.formatted(POD, deletionTimestamp, WF, NID, WF);
    }

    /**
     * Negative control, the look-alike of a deleted Workflow (session 45, the unseen checks' shape): a user deletes the Workflow, its
     * Pod goes with it and main dies of the kill; the node is recorded Failed 137 as on a drain. The Workflow's deletion, known from
     * its audit record before the recorded failure, leaves the Pod to the Workflow's fate: no AF007 on this path.
     */
    @Test
    void aPodOfADeletedWorkflowIsNotReportedOnThisPath() {
        String wfDelete = "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"7d21aa90\","
                + "\"stage\":\"ResponseComplete\",\"requestURI\":\"/apis/argoproj.io/v1alpha1/namespaces/batch/workflows/" + WF + "\",\"verb\":\"delete\","
                + "\"user\":{\"username\":\"bob@corp.example\",\"groups\":[\"system:authenticated\"]},\"userAgent\":\"argo/v3.5.15\","
                + "\"objectRef\":{\"resource\":\"workflows\",\"namespace\":\"batch\",\"name\":\"" + WF + "\",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"},"
                + "\"responseStatus\":{\"metadata\":{},\"code\":200},\"requestReceivedTimestamp\":\"2026-12-04T11:03:59.802114Z\","
                + "\"stageTimestamp\":\"2026-12-04T11:03:59.830551Z\"}";
        // The Pod's deletion bound from a delete of its name 20 s before (another cluster's, which nothing sets apart): the Workflow's
        // deletion is after that bound by more than two clocks disagree, so only the kill path's own look at the fate names it.
        String otherDelete = EVICTION.replace("/eviction\",\"verb\":\"create\"", "\",\"verb\":\"delete\"")
                .replace(",\"subresource\":\"eviction\"", "").replace("11:04:00.071518Z", "11:03:39.913102Z")
                .replace("11:04:00.098332Z", "11:03:39.940021Z").replace("\"code\":201", "\"code\":200");
        Evidence e = new Evidence().log("workflow-controller.log", logs("Error (exit code 137)")).object("audit-other.log", otherDelete)
                .object("audit-workflows.log", wfDelete.replace("11:03:59.802114Z", "11:04:00.402114Z").replace("11:03:59.830551Z", "11:04:00.430551Z"))
                .object("events.yaml", killing("2026-12-04T11:04:00Z"));
        Evaluation ev = rule.evaluate(e.correlate());
        assertEquals(List.of(), ev.findings());
        assertTrue(ev.cleared().stream().anyMatch(c -> c.why().toString().contains("AF007.cleared.workflowDeleted")), ev.cleared().toString());
    }
}
