package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The catalog's {@code nameless} section: the controller's records that name no Pod, no Workflow and no
 * namespace, which any grep for names drops. A message that may name one (the controller Pod's name in a
 * leader line, a URL in a throttling line, an instance ID) is not among them.
 */
class NamelessMessagesTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    private static boolean namesNothing(String line) {
        LogRecord r = ((LineParse.Parsed) new RecordParser().parse(line, 2026)).record();
        return CATALOG.nameless().namesNothing(CATALOG.match(r).map(CatalogMatch::entry).orElse(null), r.message());
    }

    @Test
    void theControllersOwnLinesNameNothing() {
        assertTrue(namesNothing("time=\"2026-11-18T10:00:00.019Z\" level=info msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 podCleanup=4 workflowArchive=8 workflowTtlWorkers=4 workflowWorkers=32"));
        assertTrue(namesNothing("time=2026-11-18T10:01:30.001Z level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]"));
        assertTrue(namesNothing("time=\"2026-11-18T10:05:00.000Z\" level=info msg=\"Alloc=7134 TotalAlloc=29880 Sys=36114 NumGC=17 Goroutines=131\""));
        assertTrue(namesNothing("time=\"2026-11-18T10:00:00.073Z\" level=info msg=\"Performing periodic GC\" periodicity=5m0s"));
        assertTrue(namesNothing("time=\"2026-11-18T10:00:00.072Z\" level=info msg=\"Starting workflow garbage collector controller (retentionWorkers 4)\""));
        assertTrue(namesNothing("time=\"2026-11-18T10:27:20.000Z\" level=info msg=\"healthz: current pod is not the leader\""));
    }

    @Test
    void linesThatMayNameWhatAGrepAsksForAreNoEvidence() {
        assertFalse(namesNothing("time=2026-11-18T10:00:00.012Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3 instanceID=genomics defaultRequeueTime=10s"),
                "an instance ID may be a namespace's name");
        assertFalse(namesNothing("time=\"2026-11-18T10:00:00.059Z\" level=info msg=\"starting leading\" id=argo-workflows-workflow-controller-6c8f7d9b5-tq4zr"),
                "the controller Pod's name: grep -w argo keeps it");
        assertFalse(namesNothing("time=2026-11-18T10:03:11.402Z level=INFO msg=\"Waited for K8S request\" latency=1.2s verb=GET "
                + "url=https://10.96.0.1:443/apis/argoproj.io/v1alpha1/namespaces/genomics/workflowtemplates/variant-call"), "its URL names a namespace");
        assertFalse(namesNothing("time=\"2026-11-18T10:00:21.404Z\" level=info msg=\"Processing workflow\" Phase= ResourceVersion=130112 namespace=genomics workflow=qc-summary-5tq7h"));
        assertFalse(namesNothing("time=\"2026-11-18T10:00:21.404Z\" level=info msg=\"TaskSet Reconciliation\" namespace=genomics workflow=qc-summary-5tq7h"),
                "a message the catalog does not know and does not list");
    }

    @Test
    void anEntryTheCatalogDoesNotHaveIsRefused() {
        String yaml = "messages: []\nnameless:\n  entries: [no-such-entry]\n";
        CatalogException e = assertThrows(CatalogException.class,
                () -> MessageCatalog.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))));
        assertEquals("nameless: entries: no catalog entry no-such-entry", e.getMessage());
    }
}
