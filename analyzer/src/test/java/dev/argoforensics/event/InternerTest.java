package dev.argoforensics.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import org.junit.jupiter.api.Test;

class InternerTest {

    /** A new String each time, as the line parser makes one per value read. */
    private static String copy(String s) {
        return new String(s.toCharArray());
    }

    @Test
    void oneInstancePerDistinctValue() {
        Interner names = new Interner();
        String a = names.name(copy("wf-7d2x9"));
        assertSame(a, names.name(copy("wf-7d2x9")));
        assertEquals("wf-7d2x9", a);
        assertNotSame(a, names.name(copy("wf-7d2x8")));
        assertNull(names.name(null));
        assertEquals(2, names.size());
    }

    @Test
    void longValuesAreKeptAsTheyAreAndNotTabled() {
        Interner names = new Interner();
        String longMessage = "x".repeat(Interner.MAX_CHARS + 1);
        String first = copy(longMessage);
        assertSame(first, names.name(first));
        assertNotSame(first, names.name(copy(longMessage)));
        assertEquals(0, names.size());
    }

    @Test
    void referencesAreCanonicalAndEqualToFreshOnes() {
        Interner names = new Interner();
        WorkflowRef wf = names.workflow(copy("argo"), copy("wf-1"));
        assertSame(wf, names.workflow(copy("argo"), copy("wf-1")));
        assertEquals(new WorkflowRef("argo", "wf-1"), wf);
        assertNotSame(wf, names.workflow(null, copy("wf-1")), "an unknown namespace is another reference");
        PodRef pod = names.pod(null, copy("wf-1-main-123"));
        assertSame(pod, names.pod(null, copy("wf-1-main-123")));
        assertEquals(new PodRef(null, "wf-1-main-123"), pod);
        assertSame(wf.namespace(), names.pod(copy("argo"), copy("p")).namespace(), "the names inside are canonical too");
    }

    @Test
    void equalEventsAreOneInstance() {
        Interner names = new Interner();
        WorkflowRef wf = names.workflow("argo", "wf-1");
        ControllerEvent.TaskResultReconciliation first = names.event(new ControllerEvent.TaskResultReconciliation(wf, 3));
        assertSame(first, names.event(new ControllerEvent.TaskResultReconciliation(new WorkflowRef("argo", "wf-1"), 3)));
        assertNotSame(first, names.event(new ControllerEvent.TaskResultReconciliation(wf, 4)), "another count");
        ControllerEvent.WorkflowProcessing processing = names.event(new ControllerEvent.WorkflowProcessing(wf, "Running", "1041"));
        assertSame(processing, names.event(new ControllerEvent.WorkflowProcessing(wf, "Running", copy("1041"))));
        assertNotSame(processing, names.event(new ControllerEvent.WorkflowProcessing(wf, "Running", "1042")), "another version");
        assertNull(names.event(null));
        ControllerEvent.TaskResultReconciliation fresh = new ControllerEvent.TaskResultReconciliation(wf, 3);
        assertSame(fresh, Interner.NONE.event(fresh), "NONE hands back what it was given");
    }

    @Test
    void theCatalogMakesRepeatedEventsOnce() {
        // Two lines saying the same (a Workflow's task-result reconciliation, as the controller logs it on every pass): one event.
        Interner names = new Interner();
        MessageCatalog catalog = MessageCatalog.standard();
        RecordParser parser = new RecordParser();
        String line = "time=\"2026-10-08T07:22:01.000Z\" level=info msg=\"Task-result reconciliation\" namespace=argo numObjs=2 workflow=wf-1";
        ControllerEvent a = match(catalog, parser, names, line);
        ControllerEvent b = match(catalog, parser, names, line.replace("07:22:01", "07:22:09"));
        assertEquals(new ControllerEvent.TaskResultReconciliation(new WorkflowRef("argo", "wf-1"), 2), a);
        assertSame(a, b);
        assertNotSame(a, match(catalog, parser, names, line.replace("numObjs=2", "numObjs=3")), "another count, another event");
        ControllerEvent plain = catalog.match(((LineParse.Parsed) parser.parse(line, 2000, false)).record()).orElseThrow().event();
        assertEquals(a, plain, "sharing changes no value");
        assertNotSame(a, plain);
    }

    @Test
    void noneInternsNothing() {
        String s = copy("argo");
        assertSame(s, Interner.NONE.name(s));
        assertNotSame(Interner.NONE.workflow("argo", "wf"), Interner.NONE.workflow("argo", "wf"));
        assertEquals(0, Interner.NONE.size());
    }

    @Test
    void catalogMatchesShareTheNamesOfEarlierLines() {
        MessageCatalog catalog = MessageCatalog.standard();
        Interner names = new Interner();
        RecordParser parser = new RecordParser();
        String line = "time=\"2026-09-19T16:31:11.257Z\" level=info msg=\"Processing workflow\" Phase=Running namespace=argo workflow=wf-1";
        ControllerEvent first = match(catalog, parser, names, line);
        ControllerEvent second = match(catalog, parser, names, line.replace("16:31:11", "16:31:12"));
        assertEquals(first, second);
        assertSame(first.workflow().orElseThrow(), second.workflow().orElseThrow());
        ControllerEvent plain = catalog.match(((LineParse.Parsed) parser.parse(line, 2000, false)).record()).orElseThrow().event();
        assertEquals(first, plain, "interning changes no value");
        assertNotSame(first.workflow().orElseThrow(), plain.workflow().orElseThrow());
    }

    private static ControllerEvent match(MessageCatalog catalog, RecordParser parser, Interner names, String line) {
        return catalog.match(((LineParse.Parsed) parser.parse(line, 2000, false)).record(), names).orElseThrow().event();
    }
}
