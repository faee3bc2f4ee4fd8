package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.correlate.FinalizerRemoval;
import dev.argoforensics.correlate.FinalizerRemoval.RemovalCause;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerEvent.FinalizersOnDelete;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The handler's pod-less line belongs to the scheduling line right after it, not to the next Pod's
 * line, whether every line is kept or only what concerns Pods of interest (a scheduling line is a
 * trigger: pass 1 makes its Pod of interest, so both are kept; where one is only counted the reader
 * says where it stood, see {@code CleanupPairingTest} and {@code CountedSchedulesTest}).
 */
class SelectivePairingTest {
    @TempDir
    Path dir;

    private static final String LOG = String.join("\n",
            "time=2026-09-19T16:31:10.000Z level=INFO msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]",
            "time=2026-09-19T16:31:10.001Z level=INFO msg=\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=argo podName=etl-nightly-4hq2w-load-2231907455 podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=2m0s",
            "time=2026-09-19T16:31:11.256Z level=INFO msg=\"update pod event\" component=pod_controller pod=hello-world-x7k2p-whalesay-841307739",
            "time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" component=pod_controller action=removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739 podGC=\"{Strategy: LabelSelector:<nil> DeleteDelayDuration:}\" delay=-1m24.257168224s",
            "time=2026-09-19T16:31:11.350Z level=INFO msg=\"cleaning up pod\" component=pod_controller key=argo/hello-world-x7k2p-whalesay-841307739/removeFinalizer action=removeFinalizer namespace=argo podName=hello-world-x7k2p-whalesay-841307739",
            "");

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aHandlerLineIsItsOwnSchedulingLinesNotTheNextPodsEitherWay(boolean everything) throws IOException {
        Path p = dir.resolve("controller.log");
        Files.writeString(p, LOG, StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(3).withChunkBytes(everything ? 1 << 24 : 40).keepingEverything(everything);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        assertTrue(result.correlation().pods().get(new PodKey("argo", "etl-nightly-4hq2w-load-2231907455")).events().stream()
                .anyMatch(e -> e.event() instanceof FinalizersOnDelete), "the handler line is the other Pod's");
        FinalizerRemoval r = result.correlation().pods().get(new PodKey("argo", "hello-world-x7k2p-whalesay-841307739")).removals().get(0);
        assertNull(r.onDelete(), "the handler line is q's");
        assertEquals(RemovalCause.POD_DELETED, r.cause(), "its delay says the deleting branch wrote it");
        assertEquals(3, r.trigger().source().line());
        assertEquals(-84_257_168_224L, r.schedule().orElseThrow().delayNanos());
        assertEquals(5, result.inputs().get(0).events(), "every record is accounted for either way");
    }
}
