package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.argoforensics.correlate.RunScopes.Coverage;
import dev.argoforensics.testing.Evidence;
import org.junit.jupiter.api.Test;

/**
 * Session 49: a controller run's scope (its managed namespace and instance ID) from its own start-up lines, per release line and
 * format: v3's {@code Configuration:} dump (instanceID omitted when empty), updateConfig's empty-message line
 * ({@code managedNamespace}, every release), v4's banner ({@code instanceID}, printed even when empty), and the namespaces of the
 * Workflows the run took up.
 */
class RunScopesTest {
    private static final class Run {
        final RunScopes scopes;
        final int id;

        Run(String... lines) {
            Correlation c = new Evidence().log("workflow-controller.log", lines).correlate();
            scopes = RunScopes.of(c.events());
            assertEquals(1, c.processes().size(), () -> "runs: " + c.processes());
            id = c.processes().get(0).id();
        }
    }

    /** v3.6 logrus text, {@code --namespaced} in team-a with instance ID team-a: the dump, updateConfig's line, the banner. */
    @Test
    void v36TextStatesNamespaceAndInstanceId() {
        Run r = new Run(
                "time=\"2026-10-14T14:38:00.004Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\ninstanceID: team-a\\nmetricsConfig: {}\\nnodeEvents: {}\\npodSpecLogStrategy: {}\\ntelemetryConfig: {}\\nworkflowEvents: {}\\n\"",
                "time=\"2026-10-14T14:38:00.005Z\" level=info msg=\"Persistence configuration disabled\"",
                "time=\"2026-10-14T14:38:00.006Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.6.5\" executorImagePullPolicy= managedNamespace=team-a",
                "time=\"2026-10-14T14:38:00.029Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.5",
                "time=\"2026-10-14T14:38:00.101Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32");
        assertEquals("team-a", r.scopes.managedNamespace(r.id));
        assertEquals("team-a", r.scopes.instanceId(r.id));
        assertEquals(Coverage.COVERED, r.scopes.covers(r.id, "team-a", "team-a", false));
        assertEquals(Coverage.OUTSIDE, r.scopes.covers(r.id, "billing", "team-a", false));
        assertEquals(Coverage.OUTSIDE, r.scopes.covers(r.id, "team-a", "", false));
        assertEquals(Coverage.UNSHOWN, r.scopes.covers(r.id, "team-a", null, false));
    }

    /** v3.7 logrus JSON, cluster-wide, no instance ID: the dump without instanceID states none. */
    @Test
    void v37JsonWithoutInstanceIdStatesNone() {
        Run r = new Run(
                "{\"level\":\"info\",\"msg\":\"Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\nworkflowEvents: {}\\n\",\"time\":\"2026-10-14T14:38:00.004Z\"}",
                "{\"executorImage\":\"quay.io/argoproj/argoexec:v3.7.2\",\"executorImagePullPolicy\":\"\",\"level\":\"info\",\"managedNamespace\":\"\",\"msg\":\"\",\"time\":\"2026-10-14T14:38:00.006Z\"}",
                "{\"defaultRequeueTime\":10000000000,\"level\":\"info\",\"msg\":\"Starting Workflow Controller\",\"time\":\"2026-10-14T14:38:00.029Z\",\"version\":\"v3.7.2\"}");
        assertEquals("", r.scopes.managedNamespace(r.id));
        assertEquals("", r.scopes.instanceId(r.id));
        assertEquals(Coverage.COVERED, r.scopes.covers(r.id, "billing", "", false));
        assertEquals(Coverage.OUTSIDE, r.scopes.covers(r.id, "billing", "team-a", false));
    }

    /** v3 with neither line in the excerpt: nothing stated; a tie by the Lease does not show the namespace. */
    @Test
    void v3BannerAloneStatesNothing() {
        Run r = new Run("time=\"2026-10-14T14:38:00.029Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.5");
        assertNull(r.scopes.instanceId(r.id));
        assertNull(r.scopes.managedNamespace(r.id));
        assertEquals(Coverage.UNSHOWN, r.scopes.covers(r.id, "billing", "", true));
    }

    /** v4 slog text: the banner's instanceID, updateConfig's line (with initlessPod), a namespace given by a pass. */
    @Test
    void v4TextStatesInstanceIdInItsBanner() {
        Run r = new Run(
                "time=2026-10-14T14:38:00.006Z level=INFO msg=\"\" executorImage=quay.io/argoproj/argoexec:v4.0.6 executorImagePullPolicy=\"\" managedNamespace=billing initlessPod=false",
                "time=2026-10-14T14:38:00.029Z level=INFO msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=team-b defaultRequeueTime=10s",
                "time=2026-10-14T14:38:00.131Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=ledger-sync-p2m6w namespace=billing phase=Running resourceVersion=48119031");
        assertEquals("billing", r.scopes.managedNamespace(r.id));
        assertEquals("team-b", r.scopes.instanceId(r.id));
        assertEquals(Coverage.COVERED, r.scopes.covers(r.id, "billing", "team-b", false));
        assertEquals(Coverage.OUTSIDE, r.scopes.covers(r.id, "billing", "", true)); // a contradiction of the Lease: not covered
    }

    /** v4 slog JSON, no updateConfig line: a pass of a Workflow of billing shows the run held billing (its one namespace or all). */
    @Test
    void v4JsonPassShowsTheNamespaceHeld() {
        Run r = new Run(
                "{\"time\":\"2026-10-14T14:38:00.029Z\",\"level\":\"INFO\",\"msg\":\"Starting Workflow Controller\",\"version\":\"v4.1.2\",\"instanceID\":\"\",\"defaultRequeueTime\":10000000000}",
                "{\"time\":\"2026-10-14T14:38:00.131Z\",\"level\":\"INFO\",\"msg\":\"Processing workflow\",\"component\":\"workflow_worker\",\"workflow\":\"ledger-sync-p2m6w\",\"namespace\":\"billing\",\"phase\":\"Running\",\"resourceVersion\":\"48119031\"}");
        assertNull(r.scopes.managedNamespace(r.id));
        assertEquals("", r.scopes.instanceId(r.id));
        assertEquals(Coverage.COVERED, r.scopes.covers(r.id, "billing", "", false));
        assertEquals(Coverage.UNSHOWN, r.scopes.covers(r.id, "ops", "", false));
    }

    /**
     * Breaker (session 49): updateConfig runs again at every change of the ConfigMap and logs its dump and its line again. The
     * informers keep the namespace they were built with (the first statement counts), and the Lease its start name, but the Workflow
     * informer's list and watch read the live instance ID (v3.6 {@code tweakListRequestListOptions}): after a reload that set one,
     * its later watches skip a Workflow without the label. Before: covered (by the first dump, and by the Lease). After: not shown.
     */
    @Test
    void aLaterReloadOfTheConfigMapDoesNotRestateTheScope() {
        Run r = new Run(
                "time=\"2026-10-14T14:38:00.004Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\nmetricsConfig: {}\\nnodeEvents: {}\\nworkflowEvents: {}\\n\"",
                "time=\"2026-10-14T14:38:00.006Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.6.5\" executorImagePullPolicy= managedNamespace=",
                "time=\"2026-10-14T14:38:00.029Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.6.5",
                "time=\"2026-10-14T15:02:11.310Z\" level=info msg=\"Configuration:\\nartifactRepository: {}\\ninstanceID: team-a\\nmetricsConfig: {}\\nnamespace: team-a\\nnodeEvents: {}\\nworkflowEvents: {}\\n\"",
                "time=\"2026-10-14T15:02:11.312Z\" level=info msg= executorImage=\"quay.io/argoproj/argoexec:v3.6.5\" executorImagePullPolicy= managedNamespace=team-a");
        assertEquals("", r.scopes.managedNamespace(r.id));
        assertEquals("", r.scopes.instanceId(r.id));
        assertEquals(Coverage.UNSHOWN, r.scopes.covers(r.id, "billing", "", false));
        assertEquals(Coverage.UNSHOWN, r.scopes.covers(r.id, "billing", "", true));
        assertEquals(Coverage.OUTSIDE, r.scopes.covers(r.id, "billing", "team-a", true));
    }

    /**
     * Session 59 (#9147's and #15035's shapes): the task-result informer's watch, logged in {@code Run} after the banner, states the
     * run's instance ID in its label selector (v3.7 logs no dump; v3's banner prints none): {@code =<id>} an ID, {@code !…} none.
     */
    @Test
    void theTaskResultWatchStatesTheInstanceId() {
        Run withId = new Run(
                "time=\"2026-10-21T08:14:02.301Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.4",
                "time=\"2026-10-21T08:14:02.310Z\" level=info msg=\"Watching task results\" labelSelector=\"workflows.argoproj.io/controller-instanceid=ledger,workflows.argoproj.io/workflow\"");
        assertEquals("ledger", withId.scopes.instanceId(withId.id));
        assertEquals(Coverage.OUTSIDE, withId.scopes.covers(withId.id, "billing", "", false));
        Run none = new Run(
                "time=2026-10-21T08:14:02.301Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.2 defaultRequeueTime=10s",
                "time=2026-10-21T08:14:02.310Z level=INFO msg=\"Watching task results\" labelSelector=!workflows.argoproj.io/controller-instanceid,workflows.argoproj.io/workflow");
        assertEquals("", none.scopes.instanceId(none.id));
        assertEquals(Coverage.OUTSIDE, none.scopes.covers(none.id, "billing", "ledger", false));
    }

    /** The selector's forms: one requirement of the label gives the ID (or none); a selector without it, cut or absent states nothing. */
    @Test
    void aSelectorWithoutTheInstanceRequirementStatesNothing() {
        assertEquals("ledger", RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid==ledger,workflows.argoproj.io/workflow"));
        assertEquals("", RunScopes.watchedInstanceId("!workflows.argoproj.io/controller-instanceid,workflows.argoproj.io/workflow"));
        assertNull(RunScopes.watchedInstanceId("workflows.argoproj.io/workflow"));
        assertNull(RunScopes.watchedInstanceId("workflows.argoproj.io/controller-instanceid="));
        assertNull(RunScopes.watchedInstanceId(null));
        Run cut = new Run(
                "time=\"2026-10-21T08:14:02.301Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.4",
                "time=\"2026-10-21T08:14:02.310Z\" level=info msg=\"Watching task results\"");
        assertNull(cut.scopes.instanceId(cut.id));
    }
}
