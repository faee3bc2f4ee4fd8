package dev.argoforensics.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layer rules of docs/architecture.md, checked on the product's classes (the analyzer's and the
 * grammar module's main classes): sources → envelopes → lines → events → catalog → snapshots →
 * read → correlate → rules / timeline → analysis → report → redact / index → cli, no package reaching up;
 * and the same rules shown failing on a fixture that breaks the order.
 */
class LayerRulesTest {
    private static JavaClasses product;

    @BeforeAll
    static void importProduct() {
        product = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.argoforensics");
    }

    @Test
    void theProductHasClassesInEveryTier() {
        Layers layers = new Layers("dev.argoforensics");
        for (List<String> tier : Layers.PIPELINE) {
            for (String pkg : tier) {
                if (pkg.equals("grammar")) {
                    continue; // the grammar module's classes come from its jar (the reactor puts its target/classes on the path)
                }
                assertTrue(product.containPackage("dev.argoforensics." + pkg), "no classes found in package " + pkg);
            }
        }
        assertEquals(List.of(), layers.unplaced(product), "packages not placed in the pipeline's order (add them to Layers.PIPELINE): " + layers.unplaced(product));
    }

    @Test
    void noPackageReachesUp() {
        List<String> violations = new Layers("dev.argoforensics").violations(product);
        assertEquals(List.of(), violations);
    }

    @Test
    void thePackagesHaveNoCycles() {
        SlicesRuleDefinition.slices().matching("dev.argoforensics.(*)..").should().beFreeOfCycles()
                .allowEmptyShould(true).check(product);
    }

    @Test
    void aFixtureThatBreaksTheOrderFails() {
        JavaClasses fixture = new ClassFileImporter().importPackages("dev.argoforensics.archfixture");
        Layers layers = new Layers("dev.argoforensics.archfixture");
        List<String> violations = layers.violations(fixture);
        // source using report (reaching up nine tiers), rules using timeline (a peer); correlate using source is fine.
        assertEquals(2, violations.stream().filter(v -> v.contains("FixtureReader") || v.contains("FixtureRule")).map(v -> v.contains("FixtureReader") ? "r" : "u").distinct().count(),
                "expected the two broken dependencies, got: " + violations);
        assertTrue(violations.stream().anyMatch(v -> v.contains("archfixture.source.FixtureReader") && v.contains("archfixture.report.FixtureReport")), violations.toString());
        assertTrue(violations.stream().anyMatch(v -> v.contains("archfixture.rules.FixtureRule") && v.contains("archfixture.timeline.FixtureTimeline")), violations.toString());
        assertTrue(violations.stream().noneMatch(v -> v.contains("FixtureCorrelation")), "correlate may use source: " + violations);
    }
}
