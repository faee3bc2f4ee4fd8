package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Names a user redacted before pasting are no names: the placeholder test itself, and what a
 * controller line naming a Pod, Workflow or namespace by one becomes (an event naming none).
 */
class RedactedNamesTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @ParameterizedTest
    @ValueSource(strings = {"<pod-name>", "<namespace>", "<workflow-name>", "‹pod›", "{{workflow.name}}", "***", "xxx", "xxxx-step-b",
            "xxx-step-b-123", "wf-xxx-841", "argo.xxx", "REDACTED", "redacted", "[REDACTED]", "<redacted>", "my pod", "Pod-A"})
    void placeholdersAreNoNames(String name) {
        assertTrue(RedactedNames.isPlaceholder(name), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"boxxxer-7", "hello-world-x7k2p-whalesay-841307739", "xx-step", "ci-xx", "xxxy-build", "nginx-xtract",
            "argo", "redacted-report-9", "team.xyz", "x", "wf-x1x2x-3"})
    void realNamesStayNames(String name) {
        assertFalse(RedactedNames.isPlaceholder(name), name);
    }

    @Test
    void aCleanupLineWithARedactedPodNamesNoPod() {
        CatalogMatch m = match("time=\"2026-10-07T08:12:44.301Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer "
                + "key=<namespace>/<pod-name>/removeFinalizer namespace=<namespace> podName=<pod-name>");
        assertTrue(m.event().pod().isEmpty());
        assertEquals("<pod-name>", m.attributes().redactedName());
    }

    @Test
    void aRedactedNamespaceLeavesTheNameButNotTheNamespace() {
        CatalogMatch m = match("time=\"2026-10-07T08:12:44.301Z\" level=info msg=\"queuing poddelay-31.4s\" action=removeFinalizer "
                + "namespace=*** podGC=\"{ <nil> }\" podName=etl-nightly-q8r2m-load-2210459876");
        assertEquals(new PodRef(null, "etl-nightly-q8r2m-load-2210459876"), m.event().pod().orElseThrow());
        assertEquals("***", m.attributes().redactedName());
    }

    @Test
    void aCreatedPodLineWithRedactedNamesNamesNeitherPodNorWorkflow() {
        CatalogMatch m = match("time=\"2026-10-07T08:10:02.130Z\" level=info msg=\"Created pod: xxx-nightly[0].load (xxx-nightly-load-2210459876)\" "
                + "namespace=data workflow=xxx-nightly");
        assertTrue(m.event().pod().isEmpty());
        assertTrue(m.event().workflow().isEmpty());
        assertEquals("xxx-nightly-load-2210459876", m.attributes().redactedName());
    }

    @Test
    void aRealNameWithXsInsideAPartIsJoinedAsBefore() {
        CatalogMatch m = match("time=\"2026-10-07T08:12:44.301Z\" level=info msg=\"cleaning up pod\" action=labelPodCompleted "
                + "key=data/boxxxer-7-load-2210459876/labelPodCompleted");
        assertEquals(new PodRef("data", "boxxxer-7-load-2210459876"), m.event().pod().orElseThrow());
        assertNull(m.attributes().redactedName());
    }

    private static CatalogMatch match(String line) {
        var r = ((LineParse.Parsed) new RecordParser().parse(line, 2026)).record();
        return CATALOG.match(r).orElseThrow();
    }
}
