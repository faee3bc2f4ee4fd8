package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.MessageCatalog;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each rule's interest is data: the catalog's trigger entries name the rules they are a signature
 * of. A rule without one would see only what other rules made of interest on a large input.
 */
class RuleSignaturesTest {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();

    @Test
    void everyRuleTheCatalogNamesExists() {
        Set<String> rules = RuleEngine.standardRules().stream().map(Rule::id).collect(Collectors.toSet());
        for (CatalogEntry e : CATALOG.entries()) {
            for (String r : e.rules()) {
                assertTrue(rules.contains(r), e.id() + " names " + r + ", which is no rule; the rules are " + new TreeSet<>(rules));
            }
        }
    }

    @Test
    void everyRuleHasASignatureInTheCatalog() {
        Set<String> named = CATALOG.entries().stream().flatMap(e -> e.rules().stream()).collect(Collectors.toSet());
        for (Rule r : RuleEngine.standardRules()) {
            assertTrue(named.contains(r.id()), r.id() + " has no trigger entry in the catalog naming it (rules: [" + r.id() + "])");
        }
        assertFalse(named.isEmpty());
    }
}
