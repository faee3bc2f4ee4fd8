package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.envelope.OtherContainers;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Session 57: what names Argo's workflow controller among the containers a wrapper or an export names. The install manifests'
 * container {@code workflow-controller}; a console's service named after its Deployment ({@code argo-workflows-workflow-controller});
 * the argo-helm chart's container {@code controller} where its Pod is unnamed or a workflow controller's. Every other controller
 * (kube-controller-manager, cert-manager-controller, ingress-nginx's {@code controller} in its own Pod, argo-rollouts,
 * argocd-application-controller, a user's my-controller) is another program: its lines are counted apart with a note saying why,
 * never read as the controller's, even where its words are client-go's that the catalog knows (leader election). Before, any
 * container or service whose name held "controller" was read as Argo's.
 */
class ControllerLookAlikesTest {
    private static final String WC_POD = "argo-workflows-workflow-controller-6b7c9d8f5-k2x7p";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(nullValues = "-", value = {
        "workflow-controller, -, true",
        "workflow-controller, kube-controller-manager-ip-10-0-1-23, true",
        "argo-workflows-workflow-controller, -, true",
        "argo-workflow-controller, -, true",
        "controller, -, true",
        "controller, " + WC_POD + ", true",
        "controller, workflow-controller-7d9f8b6c5d-x2k4q, true",
        "controller, argo/" + WC_POD + ", true",
        "controller, ingress-nginx-controller-5d8f7c9b6-x2k4q, false",
        "controller, my-controller-0, false",
        "kube-controller-manager, -, false",
        "kube-controller-manager, kube-controller-manager-ip-10-0-1-23, false",
        "cert-manager-controller, -, false",
        "ingress-nginx-controller, -, false",
        "argo-rollouts, -, false",
        "argocd-application-controller, -, false",
        "my-controller, -, false",
        "workflow-controllers, -, false",
        "myworkflow-controller, -, false",
        "snapshot-controller, " + WC_POD + ", false",
    })
    void whatNamesTheWorkflowController(String container, String pod, boolean argo) {
        assertEquals(argo, OtherContainers.workflowController(container, pod), container + " in " + pod);
    }

    private record Read(List<LogEvent> events, InputSummary summary) {
    }

    private Read read(String name, String... lines) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        return new Read(result.correlation().events(), result.inputs().get(0));
    }

    private static void assertAccounted(InputSummary s) {
        assertEquals(s.lines(), s.events() + s.continuation() + s.blank() + s.unparsed() + s.furniture().lines() + s.otherContainerLines(),
                s.toString());
    }

    private static boolean elections(Read r) {
        return r.events().stream().anyMatch(e -> e.event() instanceof ControllerEvent.LeaderElection);
    }

    private static String notes(InputSummary s) {
        return s.notes().stream().map(Message::code).toList() + " " + s.notes();
    }

    /**
     * stern over a control-plane node and the argo namespace: kube-controller-manager's and ingress-nginx's klog leader election
     * (client-go's words, which the catalog reads as an election when the controller logs them) beside the controller's own lines,
     * in the chart's container {@code controller} of its Pod. Before: both elections became controller runs (the lines' Pods split
     * the replicas), kube-controller-manager's a leader. The update line shows no phase (as a console's facet columns may give it):
     * read without one (it threw in TaskResultLines before session 57).
     */
    @Test
    void anotherControllersElectionInAMergedLogIsKeptApart() throws IOException {
        Read r = read("stern.log",
                WC_POD + " controller time=\"2026-11-07T01:57:58.000Z\" level=info msg=\"Processing workflow\" namespace=etl workflow=etl-nightly-4kq8d",
                "kube-controller-manager-ip-10-0-1-23 kube-controller-manager I1107 01:57:59.000000       1 leaderelection.go:257]"
                        + " attempting to acquire leader lease kube-system/kube-controller-manager...",
                "kube-controller-manager-ip-10-0-1-23 kube-controller-manager I1107 01:58:01.000000       1 leaderelection.go:271]"
                        + " successfully acquired lease kube-system/kube-controller-manager",
                "ingress-nginx-controller-5d8f7c9b6-x2k4q controller I1107 01:58:02.000000       7 leaderelection.go:271]"
                        + " successfully acquired lease ingress-nginx/ingress-nginx-leader",
                "cert-manager-7f9c6d8b5-q2w4e cert-manager-controller I1107 01:58:03.000000       1 leaderelection.go:257]"
                        + " attempting to acquire leader lease kube-system/cert-manager-controller...",
                WC_POD + " controller time=\"2026-11-07T01:58:09.590Z\" level=info msg=\"Workflow update successful\" namespace=etl workflow=etl-nightly-4kq8d");
        InputSummary s = r.summary();
        assertEquals(Map.of("kube-controller-manager", 2L, "ingress-nginx-controller-5d8f7c9b6-x2k4q/controller", 1L,
                "cert-manager-controller", 1L), s.otherContainers());
        assertEquals(2, s.events(), "the workflow controller's two lines");
        assertEquals(0, s.unparsed());
        assertAccounted(s);
        assertFalse(elections(r), "no other program's election is a run of the controller's");
        assertTrue(s.notes().stream().anyMatch(m -> m.code().equals("note.read.otherControllers")
                && m.toString().contains("cert-manager-controller, ingress-nginx-controller-5d8f7c9b6-x2k4q/controller, kube-controller-manager")),
                notes(s));
    }

    /** Control: the manifests' container, and the chart's in an unnamed Pod, are the controller's; their election is read. */
    @Test
    void theControllersOwnElectionIsRead() throws IOException {
        Read r = read("controller.log",
                "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] I1107 01:57:59.000000       1 leaderelection.go:257]"
                        + " attempting to acquire leader lease argo/workflow-controller...",
                "[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] I1107 01:58:01.000000       1 leaderelection.go:271]"
                        + " successfully acquired lease argo/workflow-controller");
        assertEquals(Map.of(), r.summary().otherContainers());
        assertEquals(2, r.summary().events());
        assertTrue(elections(r));
        assertTrue(r.summary().notes().stream().noneMatch(m -> m.code().equals("note.read.otherControllers")), notes(r.summary()));
    }

    /**
     * A Loki/Grafana CSV with Pod and container columns: the chart's container {@code controller} is the controller's in its own Pod
     * and ingress-nginx's in ingress-nginx's; argocd-application-controller's and argo-rollouts' rows stay apart too.
     */
    @Test
    void csvColumnsNameThePodThatTellsTheChartsContainer() throws IOException {
        Read r = read("explore.csv", "\"Time\",\"pod\",\"container\",\"Line\"",
                "\"2026-11-07T01:57:58.000Z\",\"" + WC_POD + "\",\"controller\",\"time=\"\"2026-11-07T01:57:58.000Z\"\" level=info msg=\"\"Processing workflow\"\" namespace=etl workflow=etl-nightly-4kq8d\"",
                "\"2026-11-07T01:58:01.000Z\",\"ingress-nginx-controller-5d8f7c9b6-x2k4q\",\"controller\",\"I1107 01:58:01.000000       7 leaderelection.go:271] successfully acquired lease ingress-nginx/ingress-nginx-leader\"",
                "\"2026-11-07T01:58:02.000Z\",\"argocd-application-controller-0\",\"argocd-application-controller\",\"time=\"\"2026-11-07T01:58:02Z\"\" level=info msg=\"\"Processing workflow\"\" namespace=etl\"",
                "\"2026-11-07T01:58:03.000Z\",\"argo-rollouts-6c9d8f7b5-h6wtn\",\"argo-rollouts\",\"time=\"\"2026-11-07T01:58:03Z\"\" level=info msg=\"\"Started syncing rollout\"\"\"");
        InputSummary s = r.summary();
        assertEquals(Map.of("ingress-nginx-controller-5d8f7c9b6-x2k4q/controller", 1L, "argocd-application-controller", 1L, "argo-rollouts", 1L),
                s.otherContainers());
        assertEquals(1, s.events());
        assertFalse(elections(r));
        assertAccounted(s);
    }

    /**
     * #13581's console shape (a Datadog CSV: Date, Host, Service, Content; no level): a service names whose program logged the row.
     * Other controllers' rows whose texts the catalog knows (client-go's election, words any controller may log) stay apart under
     * their service; the controller's rows, under {@code workflow-controller} (Datadog's service from the image's short name) and
     * under the chart's Deployment name, are read.
     */
    @Test
    void aConsolesServiceNamesWhoseRowItIs() throws IOException {
        Read r = read("datadog.csv", "\"Date\",\"Host\",\"Service\",\"Content\"",
                row("2026-11-07T01:58:09.590Z", "workflow-controller", "Workflow update successful"),
                row("2026-11-07T01:58:06.000Z", "my-controller", "cleaning up pod"),
                row("2026-11-07T01:58:05.000Z", "argocd-application-controller", "new leader"),
                row("2026-11-07T01:58:03.000Z", "cert-manager-controller", "successfully acquired lease kube-system/cert-manager-controller"),
                row("2026-11-07T01:58:01.000Z", "ingress-nginx-controller", "Successfully acquired lease"),
                row("2026-11-07T01:57:58.000Z", "argo-workflows-workflow-controller", "Processing workflow"));
        InputSummary s = r.summary();
        assertEquals(Map.of("my-controller", 1L, "argocd-application-controller", 1L, "cert-manager-controller", 1L,
                "ingress-nginx-controller", 1L), s.otherContainers());
        assertEquals(2, s.events());
        assertEquals(0, s.unparsed());
        assertFalse(elections(r));
        assertAccounted(s);
    }

    private static String row(String time, String service, String message) {
        return "\"" + time + "\",\"\"\"ip-10-42-9-11.ec2.internal\"\"\",\"\"\"" + service + "\"\"\",\"" + message + "\"";
    }

    /** A {@code kubectl logs} prompt naming another controller's container: the lines under it are that container's. */
    @Test
    void aPromptNamingAnotherControllersContainerKeepsItsLinesApart() throws IOException {
        Read r = read("paste.txt",
                "$ kubectl logs -n kube-system kube-controller-manager-ip-10-0-1-23 -c kube-controller-manager",
                "I1107 01:58:01.000000       1 leaderelection.go:271] successfully acquired lease kube-system/kube-controller-manager");
        assertEquals(Map.of("kube-controller-manager", 1L), r.summary().otherContainers());
        assertFalse(elections(r));
    }
}
