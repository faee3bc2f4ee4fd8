package dev.argoforensics.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.argoforensics.correlate.Correlation;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Correlation in groups (GroupedAnalysis) holds only while the rules and the correlation read a Pod's or Workflow's
 * own histories, and from {@link Correlation#events()} only what every group holds: the context lines
 * ({@code correlate.GroupBindings}, {@code rules.RuleBindings}) and the lines a tag gathers in one group. These are
 * the classes that read every line; a new reader must say what it reads in RuleBindings and be listed here.
 * Reports, redaction and the index read the whole analysis, after the rules, and are not held to it.
 */
class EventsReadersTest {
    private static final Set<String> READERS = Set.of(
            "dev.argoforensics.correlate.ControllerLeadership",   // leader election and start lines: context (Grouping)
            "dev.argoforensics.correlate.HandOvers",              // leader election lines: context (Grouping)
            "dev.argoforensics.rules.Reconciliation",              // starts, worker numbers, every Processing workflow: context
            "dev.argoforensics.rules.TwoActiveControllers",        // starts and every Processing workflow: context
            "dev.argoforensics.rules.TaskResultWriteForbidden",    // the executor's refused writes: context
            "dev.argoforensics.rules.SyncLocks",                   // lock lines: tagged, one group; starts: context
            "dev.argoforensics.rules.LockHeldByFinishedWorkflow",  // runs' scope and config lines (RunScopes): context
            "dev.argoforensics.analysis.ClockCaveats",             // a zoned run's files: from the facts when in groups
            "dev.argoforensics.analysis.TimeOfDayCaveats",         // any dated line: from the facts when in groups
            "dev.argoforensics.timeline.TimelineBuilder");         // starts and worker numbers: context

    @Test
    void onlyTheKnownReadersReadEveryLineOfTheCorrelation() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.argoforensics.correlate", "dev.argoforensics.rules", "dev.argoforensics.analysis",
                        "dev.argoforensics.timeline");
        Set<String> readers = new TreeSet<>();
        for (JavaClass c : classes) {
            for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
                if (call.getTargetOwner().isEquivalentTo(Correlation.class) && call.getName().equals("events")) {
                    readers.add(c.getName().replaceAll("\\$.*", ""));
                }
            }
        }
        assertEquals(new TreeSet<>(READERS), readers);
    }
}
