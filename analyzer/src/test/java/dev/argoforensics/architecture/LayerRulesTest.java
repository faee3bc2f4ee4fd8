package dev.argoforensics.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import dev.argoforensics.cli.Main;
import dev.argoforensics.line.QuickScan;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layer rules of docs/architecture.md, checked on the product's classes (the analyzer's and the
 * grammar module's main classes, the latter a folder or, in a reactor {@code verify}, a jar): sources → envelopes → lines → events → catalog → snapshots →
 * read → correlate → rules / timeline → analysis → report → redact / index → cli, no package reaching up;
 * and the same rules shown failing on a fixture that breaks the order.
 */
class LayerRulesTest {
    private static JavaClasses product;

    /**
     * Exactly the two modules of the product, each where its classes are on this test's path: the
     * analyzer's main classes and the grammar module's (grammar, text, time, line). Not by package on
     * the class path: that would take the generator's and the test classes too, and leaving out jars
     * would lose the grammar module whenever Maven hands it over packaged.
     */
    @BeforeAll
    static void importProduct() throws IOException, URISyntaxException {
        product = new ClassFileImporter().importLocations(List.of(locationOf(Main.class), locationOf(QuickScan.class)));
    }

    private static Location locationOf(Class<?> c) throws IOException, URISyntaxException {
        Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(p)) {
            return Location.of(p);
        }
        try (JarFile jar = new JarFile(p.toFile())) {
            return Location.of(jar);
        }
    }

    @Test
    void theProductHasClassesInEveryTier() {
        Layers layers = new Layers("dev.argoforensics");
        for (List<String> tier : Layers.PIPELINE) {
            for (String pkg : tier) {
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
