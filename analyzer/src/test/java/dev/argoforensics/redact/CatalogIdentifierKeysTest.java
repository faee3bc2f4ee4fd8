package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.testing.Cli;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log keys {@code --redact} treats as identifiers are the catalog's {@code identifiers} section and
 * nothing else: a key declared there, and named nowhere in the redaction's code, has its value replaced.
 */
class CatalogIdentifierKeysTest {
    private static final String NS = "zeta-ns";
    private static final String WF = "zeta-wf-q7k2m";
    private static final String POD = WF + "-2468013579";

    @TempDir
    Path dir;

    @Test
    void everyKeyTheCatalogDeclaresIsRedactedOnAnyLine() throws Exception {
        Map<String, String> declared = MessageCatalog.standard().identifierKeys();
        assertTrue(declared.keySet().containsAll(List.of("podName", "serviceAccountName", "hostNodeName", "image")), declared.toString());
        // One value per declared key the Created pod line does not already carry; each names nothing else in the evidence.
        Map<String, String> values = new LinkedHashMap<>();
        StringBuilder extra = new StringBuilder();
        for (String key : declared.keySet()) {
            if (!List.of("namespace", "workflow", "podName").contains(key)) {
                String value = "zeta-" + key.toLowerCase(java.util.Locale.ROOT) + "-value";
                if ("image".equals(declared.get(key))) {
                    value = "registry." + value + ".example/team/app:1.0"; // a public image's name is Argo's vocabulary, kept
                }
                values.put(key, value);
                extra.append(' ').append(key).append('=').append(value);
            }
        }
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("controller.log"), List.of(
                "time=2026-09-19T16:27:00.100Z level=INFO msg=\"Starting Workflow Controller\" version=v4.1.3",
                "time=2026-09-19T16:27:10.431Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=" + WF + " namespace=" + NS
                        + " podName=" + POD + extra),
                StandardCharsets.UTF_8);
        String plain = Cli.run("analyze", logs.toString(), "--now", "2026-09-20T00:00:00Z", "--timelines", "all").out();
        String redacted = Cli.run("analyze", logs.toString(), "--now", "2026-09-20T00:00:00Z", "--timelines", "all", "--redact-key", "k").out();
        for (Map.Entry<String, String> v : values.entrySet()) {
            assertTrue(plain.contains(v.getValue()), "the report shows the line with " + v.getKey() + " (else this test proves nothing)");
            assertFalse(redacted.contains(v.getValue()), "--redact leaves the value of " + v.getKey() + ":\n" + redacted);
        }
        for (String name : List.of(NS, WF, POD)) {
            assertFalse(redacted.contains(name), name);
        }
    }

    @Test
    void aKeyDeclaredInACatalogGetsTheKindItNames() throws Exception {
        MessageCatalog c = MessageCatalog.load(new ByteArrayInputStream("""
                identifiers:
                  ownerPod: pod
                  runnerAccount: service-account
                messages: []
                """.getBytes(StandardCharsets.UTF_8)));
        assertEquals(Map.of("ownerPod", IdentifierKind.POD, "runnerAccount", IdentifierKind.SERVICE_ACCOUNT),
                IdentifierCollector.logKeys(c.identifierKeys()));
    }
}
