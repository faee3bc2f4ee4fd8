package dev.argoforensics.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline's packages in order, from the bottom up: a package may use the packages of the tiers
 * below its own and nothing else of the project (not a package of a tier above, nor a peer in its own
 * tier). One list, read by the test of the product and by the test that shows a fixture breaking it.
 */
final class Layers {
    /** Each inner list is one tier; peers in a tier do not use each other. */
    static final List<List<String>> PIPELINE = List.of(
            List.of("time", "grammar", "text", "wording"), // times with their precision; the generated lexer and parser; input text shown safely, cut JSON strings; the report's words
            List.of("source"),                   // paths → files, chunks, lines, raw blocks
            List.of("envelope"),                 // collector and export wrappers peeled off
            List.of("line"),                     // one record: time, level, message, fields
            List.of("event", "accounting"),      // the typed meaning of a record, with provenance; what reading a file gave
            List.of("catalog"),                  // controller-messages.yaml: message → event, release
            List.of("snapshot"),                 // exported objects
            List.of("read"),                     // the reading engine: two passes, classification, controller runs, per-file accounting
            List.of("correlate"),                // one lifecycle per Pod, one fate per Workflow
            List.of("rules", "timeline"),        // findings; per-Pod timelines and cross-checks
            List.of("analysis"),                 // drives the stages in order
            List.of("report"),                   // one report model, the renderers
            List.of("redact", "index"),          // pseudonyms over a report; the Lucene event index
            List.of("cli"));                     // the command line

    private final String root;

    Layers(String root) {
        this.root = root;
    }

    /** One rule per package: its classes depend on no package of its own tier or above. */
    List<ArchRule> rules() {
        List<ArchRule> rules = new ArrayList<>();
        for (int tier = 0; tier < PIPELINE.size(); tier++) {
            List<String> notBelow = new ArrayList<>();
            for (int above = tier; above < PIPELINE.size(); above++) {
                for (String p : PIPELINE.get(above)) {
                    notBelow.add(p);
                }
            }
            for (String pkg : PIPELINE.get(tier)) {
                String[] forbidden = notBelow.stream().filter(p -> !p.equals(pkg)).map(p -> root + "." + p + "..").toArray(String[]::new);
                rules.add(noClasses().that().resideInAPackage(root + "." + pkg + "..")
                        .should().dependOnClassesThat().resideInAnyPackage(forbidden)
                        .because(pkg + " comes before " + String.join(", ", notBelow.subList(0, notBelow.size()).stream().filter(p -> !p.equals(pkg)).toList())
                                + " in the pipeline (docs/architecture.md)")
                        .allowEmptyShould(true));
            }
        }
        return rules;
    }

    /** Every violation of every rule, one line each (empty when the order holds). */
    List<String> violations(JavaClasses classes) {
        List<String> out = new ArrayList<>();
        for (ArchRule rule : rules()) {
            EvaluationResult result = rule.evaluate(classes);
            out.addAll(result.getFailureReport().getDetails());
        }
        return out;
    }

    /** The project's packages that no tier names (a new package must be placed in the order). */
    List<String> unplaced(JavaClasses classes) {
        List<String> known = PIPELINE.stream().flatMap(List::stream).toList();
        return classes.stream()
                .map(c -> c.getPackageName())
                .filter(p -> p.startsWith(root + "."))
                .map(p -> p.substring(root.length() + 1).split("\\.")[0])
                .filter(p -> !known.contains(p))
                .distinct().sorted().toList();
    }
}
