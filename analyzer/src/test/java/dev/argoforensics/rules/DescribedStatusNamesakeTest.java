package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.correlate.WorkflowHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Session 47 breaker, against s46-upstream's {@code kubectl describe workflow} read from its {@code Status:} line (no head, so no
 * namespace and no UID): can it attach to a namesake, a Workflow of the same name in another namespace? A CronWorkflow of one name
 * in two namespaces (staging and prod on one schedule) makes Workflows of the same name, with the same node IDs. The described status
 * is placed as a status pasted without metadata is ({@code WorkflowNamespaces}): in the only namespace the other evidence gives the
 * name, and in none where it gives several. Controls, passing before and after: with both namesakes in the controller's lines it
 * joins neither (its {@code pod deleted} node is no evidence about either); with one, it is that one's.
 */
class DescribedStatusNamesakeTest {
    private static final String W = "nightly-1733450400";
    private static final String NODE = W + "-2038104411";

    private static final String DESCRIBED = """
            Status:
              Finished At:  2026-12-06T02:21:40Z
              Nodes:
                Nightly - 1733450400:
                  Children:
                    %2$s
                  Display Name:   %1$s
                  Finished At:    2026-12-06T02:21:40Z
                  Id:             %1$s
                  Name:           %1$s
                  Phase:          Error
                  Started At:     2026-12-06T02:00:03Z
                  Template Name:  main
                  Type:           Steps
                Nightly - 1733450400 - 2038104411:
                  Boundary ID:    %1$s
                  Display Name:   export
                  Finished At:    2026-12-06T02:21:40Z
                  Id:             %2$s
                  Message:        pod deleted
                  Name:           %1$s[0].export
                  Phase:          Error
                  Started At:     2026-12-06T02:00:04Z
                  Template Name:  export
                  Type:           Pod
              Phase:              Error
              Started At:         2026-12-06T02:00:03Z
            Events:               <none>
            """.formatted(W, NODE);

    @TempDir
    Path dir;

    private static String processing(String t, String namespace) {
        return "time=2026-12-06T" + t + "Z level=INFO msg=\"Processing workflow\" component=workflow_worker workflow=" + W
                + " namespace=" + namespace + " phase=Running resourceVersion=88";
    }

    private AnalysisResult analyze(String... namespaces) throws IOException {
        Path run = Files.createTempDirectory(dir, "run");
        List<String> lines = new ArrayList<>();
        int s = 10;
        for (String ns : namespaces) {
            lines.add(processing("02:00:" + s, ns));
            s += 5;
        }
        Files.write(run.resolve("controller.log"), lines);
        Files.writeString(run.resolve("describe-wf.txt"), DESCRIBED);
        return Analysis.standard(AnalysisOptions.defaults()).run(List.of(run.toString()));
    }

    private static List<String> placedIn(AnalysisResult r) {
        return r.correlation().workflows().values().stream().filter(w -> !w.snapshots().isEmpty())
                .filter(w -> w.snapshots().stream().anyMatch(x -> x.source().toString().contains("describe-wf.txt")))
                .map(WorkflowHistory::ref).map(ref -> ref.namespace()).toList();
    }

    @Test
    void twoNamesakesInTheLinesPlaceItInNeither() throws IOException {
        AnalysisResult r = analyze("staging", "prod");
        List<String> placed = placedIn(r);
        assertTrue(placed.stream().noneMatch(ns -> ns.equals("staging") || ns.equals("prod")), placed.toString());
    }

    @Test
    void oneWorkflowOfTheNameInTheLinesPlacesItThere() throws IOException {
        assertEquals(List.of("prod"), placedIn(analyze("prod")));
    }
}
