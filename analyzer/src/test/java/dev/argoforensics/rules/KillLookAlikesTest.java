package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.testing.Evidence;
import dev.argoforensics.testing.Exports;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Session 45 breaker (s45-breaker7): look-alikes of AF007's node recorded Failed on main's kill by the deletion (KilledByDeletionTest):
 * a 137/143 that is main's own or another actor's, beside a deletion, where what shows "main running at the deletion" is not about
 * main, not about this Pod, or not at the deletion. Truth written first from docs/reference (lifecycle-and-failures.md): the kubelet
 * writes Killing "Stopping container X" only for a container it stops while it runs; a probe's kill says "failed liveness probe"; the
 * kubelet stops no container that has already exited.
 */
class KillLookAlikesTest {
    private static final String NS = "batch";
    private static final String WF = "fanout-report-2m9qk";
    private static final String POD = WF + "-shard-2939993331";
    private static final String NID = WF + "-2939993331";
    private static final String UID = "a91c3f0e-6d2b-4e8a-b7f4-3c0d9e1a5b26";
    private final PodDeletedDuringExecution rule = new PodDeletedDuringExecution();

    /** KilledByDeletionTest's excerpt (v3.5.15, the same shard): created at 11:00:00 and Running, read Failed "Error (exit code 137)" at 11:04:01. */
    private static String[] logs() {
        return KilledByDeletionTest.logs("Error (exit code 137)");
    }

    private static String event(String reason, String container, String message, String at, String uid, String component, int n) {
        return Exports.Event.of(reason, at).pod(NS, POD, uid).container(container).message(message)
                .named(POD + "." + reason.toLowerCase() + (container == null ? "" : container) + n)
                .from(component, "ip-10-1-3-44.eu-central-1.compute.internal").yaml();
    }

    private static String killing(String container, String message, String at, String uid) {
        return event("Killing", container, message, at, uid, "kubelet", 2);
    }

    private static String audit(String at, String user, boolean eviction) {
        return "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"4e0c7b19\","
                + "\"stage\":\"ResponseComplete\",\"requestURI\":\"/api/v1/namespaces/batch/pods/" + POD + (eviction ? "/eviction" : "")
                + "\",\"verb\":\"" + (eviction ? "create" : "delete") + "\","
                + "\"user\":{\"username\":\"" + user + "\",\"groups\":[\"system:authenticated\"]},\"userAgent\":\"kubectl/v1.31.2\","
                + "\"objectRef\":{\"resource\":\"pods\",\"namespace\":\"batch\",\"name\":\"" + POD + "\",\"apiVersion\":\"v1\""
                + (eviction ? ",\"subresource\":\"eviction\"" : "") + "},"
                + "\"responseStatus\":{\"metadata\":{},\"code\":" + (eviction ? 201 : 200) + "},\"requestReceivedTimestamp\":\"2026-12-04T" + at + "Z\","
                + "\"stageTimestamp\":\"2026-12-04T" + at + "Z\"}";
    }

    private List<Finding> findings(String auditLine, String... events) {
        Evidence e = new Evidence().log("workflow-controller.log", logs());
        if (auditLine != null) {
            e.object("audit.log", auditLine);
        }
        for (int i = 0; i < events.length; i++) {
            e.object("events-" + i + ".yaml", events[i]);
        }
        Correlation c = e.correlate();
        return rule.evaluate(c).findings();
    }

    private static String confidences(List<Finding> f) {
        return f.stream().map(x -> x.confidence() + ": " + x.confidenceReason()).toList().toString();
    }

    /** Control: the incident itself (Killing of main at the eviction) is reported. */
    @Test
    void theEvictionsKillOfMainIsReported() {
        List<Finding> f = findings(audit("11:04:00.071518", "alice@corp.example", true), killing("main", "Stopping container main", "2026-12-04T11:04:00Z", UID));
        assertEquals(1, f.size(), f::toString);
    }

    /** A sidecar's Killing at the eviction: the Pod unfinished, not main running; the 137 may be main's own (it is preferred in the message). */
    @Test
    void aSidecarsKillingIsNotMainRunning() {
        List<Finding> f = findings(audit("11:04:00.071518", "alice@corp.example", true), killing("istio-proxy", "Stopping container istio-proxy", "2026-12-04T11:04:00Z", UID));
        assertEquals("[]", confidences(f));
    }

    /** A liveness probe's kill of main two seconds before the eviction: main's own failure (the kubelet's probe), not the deletion's. */
    @Test
    void aLivenessKillIsNotTheDeletions() {
        List<Finding> f = findings(audit("11:04:00.071518", "alice@corp.example", true),
                killing("main", "Container main failed liveness probe, will be restarted", "2026-12-04T11:03:58Z", UID));
        assertEquals("[]", confidences(f));
    }

    /** The Killing of main of an earlier Pod of the same name (another UID, 40 minutes before this one was created). */
    @Test
    void anEarlierPodsKillingOfMainIsNotThisOnes() {
        List<Finding> f = findings(audit("11:04:00.071518", "alice@corp.example", true),
                killing("main", "Stopping container main", "2026-12-04T10:20:00Z", "0d0e1f2a-0000-4000-8000-00000000beef"));
        assertEquals("[]", confidences(f));
    }

    /** Main exited 137 on its own (11:04:01); a user deleted the Failed Pod two minutes later; the kubelet stopped only wait's leftovers. */
    @Test
    void aDeletionAfterMainsOwn137IsNotItsKill() {
        List<Finding> f = findings(audit("11:06:00.071518", "bob@corp.example", false), killing("wait", "Stopping container wait", "2026-12-04T11:06:00Z", UID));
        assertEquals("[]", confidences(f));
    }

    /** The same, with the Pod garbage collection's delete right after the failure and no Event: nothing shows main running. */
    @Test
    void aPodGcDeleteAfterTheFailureIsNotItsKill() {
        List<Finding> f = findings(audit("11:04:02.500000", "system:serviceaccount:argo:argo", false));
        assertEquals("[]", confidences(f));
    }

    /** Preemption: the scheduler deletes the running Pod (Preempted), the kubelet stops main: the deletion did kill main (truth AF007). */
    @Test
    void aPreemptionsKillIsTheDeletions() {
        List<Finding> f = findings(audit("11:04:00.071518", "system:kube-scheduler", false),
                event("Preempted", null, "Preempted by pod 5b1e0a2c-1111-4222-8333-444455556666 on node ip-10-1-3-44", "2026-12-04T11:04:00Z", UID, "default-scheduler", 1),
                killing("main", "Stopping container main", "2026-12-04T11:04:00Z", UID));
        assertEquals(1, f.size(), f::toString);
    }

    /** Control: a user's plain delete (not an eviction) while main ran, the kubelet stopping main: reported. */
    @Test
    void aUsersDeletesKillOfMainIsReported() {
        List<Finding> f = findings(audit("11:04:00.071518", "bob@corp.example", false), killing("main", "Stopping container main", "2026-12-04T11:04:00Z", UID));
        assertEquals(1, f.size(), f::toString);
    }

    /** The kubelet's node-pressure eviction: no delete by anyone (the Pod stays, Failed Evicted), Killing of main; no deletion to report. */
    @Test
    void aKubeletEvictionWithoutADeleteIsNotReported() {
        List<Finding> f = findings(null, event("Evicted", null, "The node was low on resource: memory.", "2026-12-04T11:04:00Z", UID, "kubelet", 1),
                killing("main", "Stopping container main", "2026-12-04T11:04:00Z", UID));
        assertEquals("[]", confidences(f));
    }
}
