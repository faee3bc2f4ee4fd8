package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NodeNamingTest {

    @Test
    void fnv1aOfTheReferenceExample() {
        assertEquals("841307739", NodeNaming.hash("hello-world-x7k2p[0].whalesay"));
        assertEquals("2166136261", NodeNaming.hash(""), "FNV-1a offset basis for empty input");
    }

    @Test
    void nodeIdsAndPodNames() {
        assertEquals("hello-world-x7k2p-841307739", NodeNaming.nodeId("hello-world-x7k2p", "hello-world-x7k2p[0].whalesay"));
        assertEquals("hello-world-x7k2p", NodeNaming.nodeId("hello-world-x7k2p", "hello-world-x7k2p"));
        assertEquals("hello-world-x7k2p-whalesay-841307739", NodeNaming.podNameV2("hello-world-x7k2p", "hello-world-x7k2p[0].whalesay", "whalesay"));
        assertEquals("hello-world-x7k2p-841307739", NodeNaming.podNameV2("hello-world-x7k2p", "hello-world-x7k2p[0].whalesay", ""));
        assertEquals("hello-world-x7k2p-841307739", NodeNaming.podName("v1", "hello-world-x7k2p", "hello-world-x7k2p[0].whalesay", "whalesay"));
        assertEquals("status-capture-repro", NodeNaming.podNameV2("status-capture-repro", "status-capture-repro", "main"));
    }

    @Test
    void longPrefixesAreCutAt242Characters() {
        String wf = "w".repeat(200);
        String template = "t".repeat(100);
        String name = NodeNaming.podNameV2(wf, wf + "[0].x", template);
        String hash = NodeNaming.hash(wf + "[0].x");
        assertEquals(242 + 1 + hash.length(), name.length());
        assertEquals((wf + "-" + template).substring(0, 242) + "-" + hash, name);
    }
}
