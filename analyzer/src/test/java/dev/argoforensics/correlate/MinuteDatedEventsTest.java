package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Event a {@code kubectl get events} table dates only to the minute (LAST SEEN 10 minutes to 8 hours) goes to the Pod's timeline
 * with its minute and to no rule: a kubelet's {@code Killing} 15 minutes old is a minute wide, wider than the margins an order
 * between the containers' end and the deletion allows. The one 45 seconds old, to the second, is read as before.
 */
class MinuteDatedEventsTest {
    private static final String POD = "crunch-5tq2w-run-99120";

    @TempDir
    Path dir;

    private PodHistory pod(String age) throws IOException {
        Files.writeString(dir.resolve("controller.log"), String.join("\n",
                "time=\"2026-10-27T09:10:00.101Z\" level=info msg=\"Processing workflow\" Phase=Running namespace=batch workflow=crunch-5tq2w",
                "time=\"2026-10-27T09:10:00.201Z\" level=info msg=\"Created pod: crunch-5tq2w[0].run (" + POD + ")\" namespace=batch workflow=crunch-5tq2w",
                "time=\"2026-10-27T09:30:00.301Z\" level=info msg=\"update pod event\" pod=" + POD) + "\n");
        Files.writeString(dir.resolve("events.txt"), "# taken-at: 2026-10-27T09:40:31Z\n$ kubectl get events -n batch\n"
                + "LAST SEEN   TYPE     REASON    OBJECT                       MESSAGE\n"
                + String.format("%-11s Normal   Killing   pod/%s   Stopping container main%n", age, POD));
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true))
                .run(List.of(dir.toString()));
        List<PodHistory> named = r.correlation().podsNamed("batch", POD);
        assertEquals(1, named.size(), r.correlation().pods().keySet().toString());
        return named.get(0);
    }

    @Test
    void anEventDatedToTheMinuteIsForTheTimelineOnly() throws IOException {
        PodHistory p = pod("15m");
        assertTrue(p.clusterEvents().isEmpty(), p.clusterEvents().toString());
        assertEquals(1, p.minuteEvents().size(), p.toString());
        assertEquals("Killing", p.minuteEvents().get(0).reason());
    }

    /**
     * The same Event in a {@code kubectl describe pod}'s Events table (session 46: its reader dropped every age to the minute,
     * counted, while the table's reader kept them for the timeline).
     */
    @Test
    void aDescribedEventDatedToTheMinuteIsForTheTimelineOnly() throws IOException {
        Files.writeString(dir.resolve("controller.log"), String.join("\n",
                "time=\"2026-10-27T09:10:00.101Z\" level=info msg=\"Processing workflow\" Phase=Running namespace=batch workflow=crunch-5tq2w",
                "time=\"2026-10-27T09:10:00.201Z\" level=info msg=\"Created pod: crunch-5tq2w[0].run (" + POD + ")\" namespace=batch workflow=crunch-5tq2w",
                "time=\"2026-10-27T09:30:00.301Z\" level=info msg=\"update pod event\" pod=" + POD) + "\n");
        Files.writeString(dir.resolve("describe.txt"), "# taken-at: 2026-10-27T09:40:31Z\n$ kubectl describe pod -n batch " + POD + "\n"
                + "Name:         " + POD + "\nNamespace:    batch\nNode:         node-a/10.0.0.4\n"
                + "Labels:       workflows.argoproj.io/workflow=crunch-5tq2w\nStatus:       Running\n"
                + "Events:\n  Type    Reason   Age   From     Message\n  ----    ------   ----  ----     -------\n"
                + "  Normal  Killing  15m   kubelet  Stopping container main\n"
                + "  Normal  Pulled   45s   kubelet  Container image already present on machine\n");
        AnalysisResult r = Analysis.standard(AnalysisOptions.defaults().withThreads(1).keepingEverything(true)).run(List.of(dir.toString()));
        PodHistory p = r.correlation().podsNamed("batch", POD).get(0);
        assertEquals(List.of("Killing"), p.minuteEvents().stream().map(e -> e.reason()).toList(), p.toString());
        assertEquals(List.of("Pulled"), p.clusterEvents().stream().map(e -> e.reason()).toList(), p.toString());
    }

    /** Control: an age to the second is the rules' as before. */
    @Test
    void anEventDatedToTheSecondIsRead() throws IOException {
        PodHistory p = pod("45s");
        assertEquals(1, p.clusterEvents().size(), p.toString());
        assertTrue(p.minuteEvents().isEmpty());
    }
}
