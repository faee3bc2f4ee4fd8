package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.PodSelector.Op;
import dev.argoforensics.correlate.PodSelector.Requirement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Session 52: a deletecollection's selectors as the API server reads them (k8s.io/apimachinery {@code labels.Parse},
 * {@code fields.ParseSelector}), and what each requirement says of a Pod's labels.
 */
class PodSelectorTest {
    private static List<Requirement> parse(String s) throws PodSelector.Unreadable {
        return PodSelector.parse(s).requirements();
    }

    /** Whether every requirement of the label selector {@code selector} holds for {@code labels} ("k=v" pairs). */
    private static boolean matches(String selector, String... labels) throws PodSelector.Unreadable {
        Map<String, String> m = new HashMap<>();
        for (String l : labels) {
            int eq = l.indexOf('=');
            m.put(l.substring(0, eq), l.substring(eq + 1));
        }
        for (Requirement r : PodSelector.labels(selector)) {
            if (!r.holds(m.get(r.key()))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void everyOperatorOfTheLabelGrammarIsRead() throws Exception {
        List<Requirement> r = parse("labelSelector=app=etl,tier==web,env!=prod,zone in (a, b),team notin (x),batch,!debug,rank>3,size<10");
        assertEquals(List.of(Op.EQUALS, Op.EQUALS, Op.NOT_EQUALS, Op.IN, Op.NOT_IN, Op.EXISTS, Op.NOT_EXISTS, Op.GREATER, Op.LESS),
                r.stream().map(Requirement::op).toList());
        assertEquals(List.of("app", "tier", "env", "zone", "team", "batch", "debug", "rank", "size"), r.stream().map(Requirement::key).toList());
        assertEquals(List.of("a", "b"), r.get(3).values());
        assertEquals("zone in (a,b)", r.get(3).text());
        assertEquals("!debug", r.get(6).text());
    }

    @Test
    void theyMatchAsTheApiServerMatches() throws Exception {
        assertTrue(matches("app=etl", "app=etl"));
        assertFalse(matches("app=etl", "app=web"));
        assertFalse(matches("app=etl"));
        // != and notin hold where the label is absent.
        assertTrue(matches("app!=etl"));
        assertTrue(matches("app notin (etl,web)"));
        assertFalse(matches("app notin (etl,web)", "app=web"));
        assertTrue(matches("app in (etl,web)", "app=web"));
        assertFalse(matches("app in (etl,web)"));
        assertTrue(matches("app", "app="));
        assertFalse(matches("!app", "app="));
        assertTrue(matches("!app", "other=1"));
        // > and < compare integers; a value that is none holds neither.
        assertTrue(matches("rank>3", "rank=4"));
        assertFalse(matches("rank>3", "rank=3"));
        assertFalse(matches("rank>3", "rank=x"));
        assertFalse(matches("rank>3"));
        // An empty value: app= selects Pods whose app label is empty.
        assertTrue(matches("app=", "app="));
        assertFalse(matches("app="));
        // Whitespace around operators and commas, as kubectl passes it through.
        assertTrue(matches(" app = etl , tier in ( a , b ) ", "app=etl", "tier=b"));
        assertTrue(matches("a.example.com/role=x", "a.example.com/role=x"));
        // A set with an empty member.
        assertTrue(matches("app in (,etl)", "app="));
    }

    @Test
    void noSelectorSelectsEverything() throws Exception {
        assertEquals(List.of(), parse(""));
        assertEquals(List.of(), parse("labelSelector="));
    }

    @Test
    void whatTheGrammarRefusesIsUnreadable() {
        for (String bad : List.of("app in etl", "app in ()", "app in (a", "app=etl,", "=etl", "app rank 3", "rank>x", "app in (a b)", "app==,")) {
            assertThrows(PodSelector.Unreadable.class, () -> PodSelector.labels(bad), bad);
        }
        assertThrows(PodSelector.Unreadable.class, () -> PodSelector.parse("watch=true"));
    }

    @Test
    void fieldSelectorsWithEscapes() throws Exception {
        List<Requirement> r = parse("fieldSelector=metadata.name=p,spec.nodeName!=n-1,status.phase==Running");
        assertEquals(List.of("metadata.name", "spec.nodeName", "status.phase"), r.stream().map(Requirement::key).toList());
        assertEquals(List.of(Op.EQUALS, Op.NOT_EQUALS, Op.EQUALS), r.stream().map(Requirement::op).toList());
        assertTrue(r.stream().allMatch(Requirement::field));
        // A backslash escapes a comma, an equals sign or itself in a value.
        List<Requirement> e = parse("fieldSelector=metadata.name=a\\,b,spec.nodeName=x\\=y");
        assertEquals(List.of("a,b", "x=y"), e.stream().map(x -> x.values().get(0)).toList());
        assertThrows(PodSelector.Unreadable.class, () -> PodSelector.fields("metadata.name"));
        assertThrows(PodSelector.Unreadable.class, () -> PodSelector.fields("metadata.name=a=b"));
        // Both kinds in one request: every requirement counts.
        assertEquals(2, parse("labelSelector=app=etl; fieldSelector=status.phase=Succeeded").size());
    }
}
