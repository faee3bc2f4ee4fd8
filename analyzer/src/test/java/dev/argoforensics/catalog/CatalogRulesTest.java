package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A rule's signatures are data in the catalog: {@code rules:} on trigger entries, checked as it loads. */
class CatalogRulesTest {

    private static MessageCatalog load(String entry) throws IOException {
        String yaml = "messages:\n" + entry + "fingerprints: []\n";
        return MessageCatalog.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String SIGNAL_ENTRY = """
              - id: lock-released
                event: SIGNAL
                interest: %s
                %s
                level: INFO
                releases: all
                msg: Released all acquired locks
                keys: {key: key}
                split: {key: [namespace, workflow]}
                set: {signal: locks-released}
                samples:
                  - line: 'time="2026-09-19T10:00:00.000Z" level=info msg="Released all acquired locks" key=argo/wf-1'
                    expect: {key: argo/wf-1, namespace: argo, workflow: wf-1, signal: locks-released}
            """;

    @Test
    void aTriggerNamesTheRulesItIsASignatureOf() throws IOException {
        MessageCatalog c = load(SIGNAL_ENTRY.formatted("trigger", "rules: [AF014, AF009]"));
        assertEquals(List.of("AF014", "AF009"), c.entries().get(0).rules());
        assertEquals(CatalogEntry.Interest.TRIGGER, c.entries().get(0).interest());
    }

    @Test
    void anEntryWithoutRulesHasNone() throws IOException {
        assertEquals(List.of(), load(SIGNAL_ENTRY.formatted("follow", "")).entries().get(0).rules());
    }

    @Test
    void onlyATriggerCanBeARulesSignature() {
        CatalogException e = assertThrows(CatalogException.class, () -> load(SIGNAL_ENTRY.formatted("follow", "rules: [AF014]")));
        assertTrue(e.getMessage().contains("lock-released") && e.getMessage().contains("interest: trigger"), e.getMessage());
    }

    @Test
    void aRuleIdHasTheFormAFnnn() {
        CatalogException e = assertThrows(CatalogException.class, () -> load(SIGNAL_ENTRY.formatted("trigger", "rules: [locks]")));
        assertTrue(e.getMessage().contains("\"locks\" is not a rule id"), e.getMessage());
    }

    @Test
    void aSignalLineBecomesANamedEventAboutItsWorkflow() throws IOException {
        MessageCatalog c = load(SIGNAL_ENTRY.formatted("trigger", "rules: [AF014]"));
        var record = ((dev.argoforensics.line.LineParse.Parsed) new dev.argoforensics.line.RecordParser()
                .parse("time=\"2026-09-19T10:00:00.000Z\" level=info msg=\"Released all acquired locks\" key=argo/wf-1", 2026)).record();
        var event = c.match(record).orElseThrow().event();
        var signal = (dev.argoforensics.event.ControllerEvent.Signal) event;
        assertEquals("locks-released", signal.name());
        assertEquals("argo/wf-1", signal.workflow().orElseThrow().toString());
        assertEquals("argo/wf-1", signal.attribute("key"));
    }
}
