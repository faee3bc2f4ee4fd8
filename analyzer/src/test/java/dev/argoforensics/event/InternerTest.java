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
