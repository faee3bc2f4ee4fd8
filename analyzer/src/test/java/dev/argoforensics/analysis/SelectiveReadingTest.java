package dev.argoforensics.analysis;

import dev.argoforensics.testing.SampleFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading only what concerns Pods of interest, in chunks, on several threads, must reach the same
 * findings and account for the same lines as keeping every line on one thread.
 */
class SelectiveReadingTest {

    /**
     * Samples whose Pod the default selective reading does not pick up by design: their findings must still agree (none of
     * interest is lost); the clearances of a Pod only the full reading keeps cannot. None since session 50: zero-workers-workflow-deleted's
     * Pod (its {@code removeFinalizer} queued by the Workflow's delete handler, no trigger) is kept by pass 1b, its pod controller
     * having acted on it in a run without workers, and its clearance now agrees too.
     */
    private static final Set<String> FULL_READING_ONLY = Set.of();
    private static final AnalysisOptions EVERYTHING_ONE_THREAD = AnalysisOptions.defaults().withThreads(1).keepingEverything(true);
    private static final AnalysisOptions SELECTIVE_SMALL_CHUNKS = AnalysisOptions.defaults().withThreads(3).withChunkBytes(4096);

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everySampleReachesTheSameFindingsEitherWay() throws IOException {
        List<Path> cases = SampleFiles.all();
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            List<String> inputs = SampleFiles.inputs(c);
            assertSame(Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs), Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs),
                    !FULL_READING_ONLY.contains(c.getFileName().toString()));
        }));
    }

    /** Logs alone: nothing exported makes a Pod of interest, the catalog's signatures and the warnings must. */
    @TestFactory
    Stream<DynamicTest> everySamplesLogsAloneReachTheSameFindingsEitherWay() throws IOException {
        List<Path> cases;
        try (Stream<Path> dirs = Files.list(Path.of("samples"))) {
            cases = dirs.filter(d -> Files.isDirectory(d.resolve("logs"))).sorted().toList();
        }
        assertFalse(cases.isEmpty());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.getFileName().toString(), () -> {
            List<String> inputs = List.of(c.resolve("logs").toString());
            assertSame(Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs), Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs),
                    !FULL_READING_ONLY.contains(c.getFileName().toString()));
        }));
    }

    @Test
    void aGeneratedControllerLogGivesThePlantedRacesAndClearsThePlantedControls() throws IOException {
        Path log = dir.resolve("workflow-controller.log");
        LogGenerator.Manifest manifest;
        try (Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            manifest = new LogGenerator(17024, 1_500_000, LogGenerator.Mix.UPGRADE, 3).write(w);
        }
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(List.of(log.toString()));
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS.withChunkBytes(64 * 1024)).run(List.of(log.toString()));
        assertSame(everything, selective, true);

        assertEquals(3, manifest.racePods().size());
        assertEquals(3, manifest.controlPods().size(), "as many controls as races, over all three formats of the upgrade mix");
        RuleOutcome af001 = selective.outcomes().stream().filter(o -> o.rule().equals("AF001")).findFirst().orElseThrow();
        assertEquals(manifest.racePods(), af001.findings().stream().map(f -> f.pod().toString()).sorted().toList());
        List<String> cleared = af001.cleared().stream().map(c -> c.pod().toString()).sorted().toList();
        assertTrue(cleared.containsAll(manifest.controlPods()), cleared + " should hold " + manifest.controlPods());
        assertEquals(0, selective.inputs().get(0).unparsed(), selective.inputs().get(0).samples().toString());
        assertEquals(manifest.lines(), selective.inputs().get(0).lines());
        assertTrue(selective.correlation().events().size() * 10L < everything.correlation().events().size(),
                "selective reading keeps a small part: " + selective.correlation().events().size() + " of "
                        + everything.correlation().events().size());
    }

    /**
     * Session 50 (s49's pass 1b, built again): a run without Workflow workers lists a Pod nothing else makes of interest
     * ({@code ledger-sync-p2m6w}'s, its Workflow processed again only by the next run). AF003 reports it from the full reading; the
     * selective one dropped its lines. Pass 1 notes the run state each chunk leaves and pass 1b walks the run's chunks for the Pods
     * its pod controller acts on, even where the listing runs over several chunks (80 other Pods listed first, 4 KiB chunks). Logs
     * alone, so that no export makes the Pod of interest.
     */
    @Test
    void aPodListedByARunWithoutWorkersIsReadTheSameEitherWay() throws IOException {
        Path logs = idleRunSample("listing", false, 0);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertEquals(List.of("billing/invoice-rollup-h3k8d", "billing/ledger-sync-p2m6w"), af003Pods(selective));
    }

    /**
     * s49-breaker23, enabled: the same run without workers, its log rotated in the middle of its listing, so that its worker
     * numbers are in the older piece ({@code .log.1}) and the listing of {@code ledger-sync-p2m6w} in the live one. The full
     * reading continues the run across the pieces (one rotated set, one stream); pass 1b carries the run's state from piece to
     * piece, oldest first.
     */
    @Test
    void aRunWithoutWorkersRotatedMidListingIsReadTheSameEitherWay() throws IOException {
        Path logs = idleRunSample("rotated", true, 0);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        assertEquals(List.of("billing/invoice-rollup-h3k8d", "billing/ledger-sync-p2m6w"), af003Pods(everything));
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
    }

    /**
     * The control: the same listing by a run with two Workflow workers. Nothing stalls (AF003 finds neither listed Pod either way)
     * and pass 1b keeps nothing of the run: the 80 listed Pods' lines are counted, not kept.
     */
    @Test
    void aRunWithWorkersListingPodsKeepsNoneOfThem() throws IOException {
        Path logs = idleRunSample("workers", false, 2);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertFalse(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
        assertTrue(selective.correlation().events().stream().noneMatch(e -> e.event().pod().filter(p -> p.name().startsWith("nightly-report")).isPresent()),
                "a run with workers: its listing is not kept");
        assertTrue(everything.correlation().events().stream().anyMatch(e -> e.event().pod().filter(p -> p.name().startsWith("nightly-report")).isPresent()));
    }

    /**
     * s50 breaker: two replicas' logs merged in one stern file, the run without workers ({@code x7w2n}) and a standby that starts
     * with 32 Workflow workers between the idle run's worker numbers and its listing. The full reading splits the file into one
     * run per replica; pass 1b must not let the standby's worker numbers end the other replica's run without workers.
     */
    @Test
    void twoReplicasInOneFileTheStandbysWorkerNumbersDoNotEndTheIdleRun() throws IOException {
        Path logs = idleRunSample("stern", false, 0);
        mergeWithReplica(logs, "workflowWorkers=0 ", "workflow-controller-5d7c9b8f6-b9k2z", List.of(
                "msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s",
                "msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=32 podCleanup=4 workflowTtlWorkers=4",
                "msg=\"Attempting to acquire leader lease...\" lock=billing/workflow-controller"));
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
    }

    /**
     * s50 breaker: the run without workers processes another namespace's Workflow whose name is the listed Pod's Workflow's
     * ({@code other/ledger-sync}), or a Workflow whose name is a '-' prefix of it ({@code billing/ledger}). AF003 asks whether the
     * Pod's own Workflow was processed; pass 1b must not drop the Pod on a namesake's or a prefix's pass.
     */
    @Test
    void anotherNamespacesNamesakeProcessedDoesNotDropTheIdleRunsPod() throws IOException {
        for (String wf : List.of("namespace=other phase=Running resourceVersion=5 workflow=ledger-sync",
                "namespace=billing phase=Running resourceVersion=5 workflow=ledger")) {
            Path logs = idleRunSample("clash-" + wf.hashCode(), false, 0);
            afterWorkerNumbers(logs, "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Processing workflow\" " + wf + "\n");
            List<String> inputs = List.of(logs.toString());
            AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
            AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
            assertSame(everything, selective, true);
        }
    }

    /**
     * Session 51, the control of the two-replica test: the same stern file, the replica logging the listing now with two Workflow
     * workers. The whole reading finds no stall of {@code ledger-sync-p2m6w} from the listing; nor does the selective one, which
     * keeps none of the 80 listed Pods (the standby's lines change nothing of it either).
     */
    @Test
    void twoReplicasInOneFileNeitherWithoutWorkersKeepsNothingOfTheListing() throws IOException {
        Path logs = idleRunSample("stern-workers", false, 2);
        mergeWithStandby(logs, "workflowWorkers=2 ");
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertFalse(af003Pods(everything).contains("billing/ledger-sync-p2m6w"), af003Pods(everything).toString());
        assertTrue(selective.correlation().events().stream().noneMatch(e -> e.event().pod().filter(p -> p.name().startsWith("nightly-report")).isPresent()));
    }

    /**
     * Session 51, the bound: the idle replica's listing beside another replica's run with workers that names 1,500 Pods of its own
     * (the standby took the Lease elsewhere: two installations' logs merged). Pass 1b keeps the idle replica's Pods and none of the
     * other's, so the selective reading keeps a tenth or less of what the whole reading keeps.
     */
    @Test
    void aLargeListingByAReplicaWithWorkersBesideARunWithoutWorkersStaysBounded() throws IOException {
        Path logs = idleRunSample("stern-large", false, 0);
        List<String> other = new ArrayList<>();
        other.add("msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=32 podCleanup=4 workflowTtlWorkers=4");
        for (int i = 0; i < 1500; i++) {
            for (String action : List.of("add", "update", "update", "delete")) {
                other.add("msg=\"" + action + " pod event\" component=pod_controller pod=batch-etl-" + String.format("%05d", i));
            }
        }
        mergeWithReplica(logs, "workflowWorkers=0 ", "workflow-controller-9c8b7a6d5-z2k4n", other);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertTrue(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
        assertTrue(selective.correlation().events().stream().noneMatch(e -> e.event().pod().filter(p -> p.name().startsWith("batch-etl")).isPresent()),
                "the replica with workers: its listing is not kept");
        assertTrue(selective.correlation().events().size() * 10L < everything.correlation().events().size(),
                "selective reading keeps a small part: " + selective.correlation().events().size() + " of " + everything.correlation().events().size());
    }

    /**
     * Session 51, the controls of the namesake test: the run without workers processes the Pod's own Workflow
     * ({@code billing/ledger-sync-p2m6w}) after its worker numbers, with and without a {@code Created pod} line tying the Pod to it in
     * the run. The whole reading finds no stall of the Pod from the listing; the selective one agrees, whether it keeps the Pod
     * (no tie) or leaves it out (tied and processed).
     */
    @Test
    void theRunProcessingThePodsOwnWorkflowFindsNoStallEitherWay() throws IOException {
        String pass = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Processing workflow\" namespace=billing phase=Running resourceVersion=48119112 workflow=ledger-sync-p2m6w\n";
        String tie = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=ledger-sync-p2m6w namespace=billing "
                + "nodeName=ledger-sync-p2m6w nodeID=ledger-sync-p2m6w podName=ledger-sync-p2m6w\n";
        for (String inserted : List.of(pass, tie + pass)) {
            Path logs = idleRunSample("own-" + inserted.length(), false, 0);
            afterWorkerNumbers(logs, inserted);
            List<String> inputs = List.of(logs.toString());
            AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
            AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
            assertSame(everything, selective, true);
        }
    }

    /**
     * Session 51: the run without workers' file written newest first (a {@code logcli} query's default): pass 1b walks it from its
     * end, so the listing after the worker numbers in time (above them in the file) is kept as in the file written oldest first.
     */
    @Test
    void aRunWithoutWorkersWrittenNewestFirstIsReadTheSameEitherWay() throws IOException {
        Path logs = idleRunSample("newest-first", false, 0);
        Path x = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(x));
        java.util.Collections.reverse(lines);
        Files.write(x, lines);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
    }

    /**
     * Session 51: the rotated pieces named one by one, newest first ({@code .log} before {@code .log.1}) and among the other files:
     * the rotated set is walked oldest first whatever the order given, so the same Pods are kept and the same found.
     */
    @Test
    void aRotatedRunGivenNewestPieceFirstIsReadTheSame() throws IOException {
        Path logs = idleRunSample("rotated-order", true, 0);
        List<String> given = List.of(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log").toString(),
                logs.resolve("workflow-controller-7f4b2d9c1-q5r8v.log").toString(),
                logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log.1").toString(),
                logs.resolve("workflow-controller-5d7c9b8f6-m4q8t.log").toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(given);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(given);
        assertSame(everything, selective, true);
        assertEquals(af003Pods(Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(List.of(logs.toString()))), af003Pods(selective));
        assertTrue(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
    }

    /**
     * s51 breaker (the namespace-less drop): the run without workers' lines tie {@code other/ledger-sync-p2m6w}'s Pod to its
     * Workflow and process it (two installations' logs merged into one stream: the other namespace's Workflow of the same name
     * gives the same Pod name), then list {@code ledger-sync-p2m6w} in a line that names no namespace. Pass 1b leaves the line out
     * on the other namespace's tie (AF003.md's limit); the whole reading places a namespace-less line only where its Pod's name is
     * seen in one namespace, and here it is seen in two, so it reports no stall of {@code billing/ledger-sync-p2m6w} either: the
     * limit loses nothing the whole reading finds (held).
     */
    @Test
    void aNamespacelessListingIsNotDroppedOnANamesakeInAnotherNamespaceTiedAndProcessed() throws IOException {
        String lines = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Processing workflow\" namespace=other phase=Running resourceVersion=5 workflow=ledger-sync\n"
                + "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=ledger-sync namespace=other "
                + "nodeName=ledger-sync nodeID=ledger-sync-p2m6w podName=ledger-sync-p2m6w\n";
        Path logs = idleRunSample("namespaceless", false, 0);
        afterWorkerNumbers(logs, lines);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertFalse(af003Pods(everything).contains("billing/ledger-sync-p2m6w"), af003Pods(everything).toString());
    }

    /**
     * s51 breaker: the run without workers' file at its node's CRI path ({@code /var/log/pods/<ns>_<pod>_<uid>/<container>/0.log}),
     * its worker numbers carried by a collector that names the Pod on the line and the listing not: the whole reading and pass 1b
     * key the lines alike (the collector's name, else the path's Pod), so the listing is read the same either way.
     */
    @Test
    void aRunWithoutWorkersKeyedByCollectorAndByCriPathIsReadTheSame() throws IOException {
        Path logs = idleRunSample("cri-path", false, 0);
        Path x = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        Path cri = Files.createDirectories(logs.resolve("pods/argo_workflow-controller-5d7c9b8f6-x7w2n_0d4c2a8e-5b7f-4e1a-9c3d-2f6b8a0e4c1d/workflow-controller"));
        StringBuilder out = new StringBuilder();
        for (String line : Files.readAllLines(x)) {
            out.append(line.contains("Current Worker Numbers") ? stern("workflow-controller-5d7c9b8f6-x7w2n", line.substring(5, 29), line) : line + "\n");
        }
        Files.delete(x);
        Files.writeString(cri.resolve("0.log"), out.toString());
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertTrue(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
    }

    /**
     * s51 breaker: the run without workers rotated mid-listing and each piece written newest first (a log store's query of each
     * piece): pass 1b walks the set oldest piece first and each piece from its end, over several 4 KiB chunks.
     */
    @Test
    void aRotatedRunWithoutWorkersEachPieceNewestFirstIsReadTheSame() throws IOException {
        Path logs = idleRunSample("rotated-newest-first", true, 0);
        for (String piece : List.of("workflow-controller-5d7c9b8f6-x7w2n.log", "workflow-controller-5d7c9b8f6-x7w2n.log.1")) {
            List<String> lines = new java.util.ArrayList<>(Files.readAllLines(logs.resolve(piece)));
            java.util.Collections.reverse(lines);
            Files.write(logs.resolve(piece), lines);
        }
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertTrue(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
    }

    /**
     * s51 breaker: the stern file of the idle run and a standby (the standby's worker numbers between the idle run's and its
     * listing) written newest first: walked from its end, the standby's lines still end only its own run.
     */
    @Test
    void twoReplicasInOneFileWrittenNewestFirstAreReadTheSame() throws IOException {
        Path logs = idleRunSample("stern-newest-first", false, 0);
        mergeWithStandby(logs, "workflowWorkers=0 ");
        Path merged = logs.resolve("stern-workflow-controller.log");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(merged));
        java.util.Collections.reverse(lines);
        Files.write(merged, lines);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
        assertTrue(af003Pods(selective).contains("billing/ledger-sync-p2m6w"), af003Pods(selective).toString());
    }

    /**
     * s51 breaker: the run without workers pasted into a Markdown issue in two blockquotes, a standby's start (with workers) quoted
     * between them: pass 1b keys a quote's lines by their depth of quoting, the whole reading each blockquote apart; the listing in
     * the third quote is read the same either way.
     */
    @Test
    void aRunWithoutWorkersQuotedInTwoBlocksAroundAStandbysStartIsReadTheSame() throws IOException {
        Path logs = idleRunSample("quoted", false, 0);
        Path x = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        String text = Files.readString(x);
        int cut = text.indexOf("pod=nightly-report-" + String.format("%05d", 31000 + 40 * 7));
        cut = text.lastIndexOf('\n', cut) + 1;
        String b = "2026-10-14T14:38:00.101Z";
        String standby = "time=" + b + " level=INFO msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s\n"
                + "time=" + b + " level=INFO msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=32 podCleanup=4 workflowTtlWorkers=4\n";
        String md = "The controller with `--workflow-workers=0`:\n\n" + quote(text.substring(0, cut))
                + "\nThe other replica at the same time:\n\n" + quote(standby)
                + "\nAnd the first one afterwards:\n\n" + quote(text.substring(cut));
        Files.delete(x);
        Files.writeString(logs.resolve("issue.md"), md);
        List<String> inputs = List.of(logs.toString());
        AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
        AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
        assertSame(everything, selective, true);
    }

    /**
     * Session 52, a Lease hand-over mid-incident: the old leader ({@code m4q8t}, with workers) created {@code ledger-sync-p2m6w} for
     * {@code billing/ledger-sync-p2m6w} at 14:08:30 and the new leader ({@code x7w2n}, without workers) lists it at 14:38:00. The
     * whole reading ties the Pod name to its first creation, whichever run made it ({@code NodeLinker}); only the Lease's holder
     * creates Pods, so that is the old leader's, and the new leader's line is read against that Workflow. Each shape is read the same
     * either way: the two replicas' logs apart or merged into one stern file (one walk of pass 1b); the new leader processing the
     * Workflow after its worker numbers or not; and creating the name again itself for the same Workflow (the first Pod gone, the
     * node's Pod made again) before it lists it, so that both runs hold a candidate tie for the Pod.
     */
    @Test
    void aHandOverMidIncidentIsReadTheSameEitherWay() throws IOException {
        String pass = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Processing workflow\" namespace=billing phase=Running resourceVersion=48119112 workflow=ledger-sync-p2m6w\n";
        String again = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=ledger-sync-p2m6w namespace=billing "
                + "nodeName=ledger-sync-p2m6w nodeID=ledger-sync-p2m6w podName=ledger-sync-p2m6w\n";
        int shape = 0;
        for (String inserted : List.of("", pass, again, again + pass)) {
            for (boolean merged : List.of(false, true)) {
                Path logs = idleRunSample("hand-over-" + shape++, false, 0);
                afterWorkerNumbers(logs, inserted);
                if (merged) {
                    sternOf(logs, "workflow-controller-5d7c9b8f6-m4q8t.log", "workflow-controller-5d7c9b8f6-x7w2n.log");
                }
                List<String> inputs = List.of(logs.toString());
                AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
                AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
                assertSame(everything, selective, true);
                assertEquals(!inserted.contains("Processing workflow"), af003Pods(everything).contains("billing/ledger-sync-p2m6w"),
                        inserted + (merged ? " merged: " : ": ") + af003Pods(everything));
            }
        }
    }

    /**
     * Session 52, the tie-break inside one walk: the new leader's run (without workers, yet creating and processing, as the
     * benchmark's generated run does) creates {@code ledger-sync-p2m6w} for {@code billing/ledger-sync-p2m6w} and then, the name
     * made again, for {@code billing/ledger} (two Workflows giving one Pod name, which Argo's naming does not: the shape only
     * tells the tie-breaks apart), and processes {@code billing/ledger} only. The whole reading ties the name to its first
     * creation's Workflow, which the run did not process: AF003 reads the listing. Pass 1b took every tie, and takes the first
     * creation's now; either keeps the Pod. The control: the run processes the first creation's Workflow only, and both readings
     * leave the listing unreported (pass 1b leaves the Pod out on the first creation's tie; before, it kept it for the second).
     */
    @Test
    void twoCreationsOfOneNameInARunAreTiedByTheFirstAsTheWholeReadingTiesThem() throws IOException {
        String first = "time=2026-10-14T14:38:00.101Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=ledger-sync-p2m6w namespace=billing "
                + "nodeName=ledger-sync-p2m6w nodeID=ledger-sync-p2m6w podName=ledger-sync-p2m6w\n";
        String second = "time=2026-10-14T14:38:00.102Z level=INFO msg=\"Created pod\" component=workflow_worker workflow=ledger namespace=billing "
                + "nodeName=ledger nodeID=ledger-sync-p2m6w podName=ledger-sync-p2m6w\n";
        for (String processed : List.of("ledger", "ledger-sync-p2m6w")) {
            Path logs = idleRunSample("first-" + processed, false, 0);
            afterWorkerNumbers(logs, first + second + "time=2026-10-14T14:38:00.102Z level=INFO msg=\"Processing workflow\" namespace=billing phase=Running "
                    + "resourceVersion=5 workflow=" + processed + "\n");
            List<String> inputs = List.of(logs.toString());
            AnalysisResult everything = Analysis.standard(EVERYTHING_ONE_THREAD).run(inputs);
            AnalysisResult selective = Analysis.standard(SELECTIVE_SMALL_CHUNKS).run(inputs);
            assertSame(everything, selective, true);
            assertEquals(processed.equals("ledger"), af003Pods(everything).contains("billing/ledger-sync-p2m6w"), processed + ": " + af003Pods(everything));
        }
    }

    /** Inserts {@code lines} into the run without workers' file right after its worker numbers. */
    private static void afterWorkerNumbers(Path logs, String lines) throws IOException {
        Path x = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        String text = Files.readString(x);
        int at = text.indexOf('\n', text.indexOf("workflowWorkers=0 ")) + 1;
        Files.writeString(x, text.substring(0, at) + lines + text.substring(at));
    }

    private static final java.util.regex.Pattern TIME = java.util.regex.Pattern.compile("time=\"?([0-9T:.\\-]+Z)");

    /** The replicas' files merged by time into one stern file ({@code stern workflow-controller}), the files removed. */
    private static void sternOf(Path logs, String... files) throws IOException {
        List<String[]> lines = new ArrayList<>();
        for (String file : files) {
            String pod = file.substring(0, file.length() - ".log".length());
            for (String line : Files.readAllLines(logs.resolve(file))) {
                java.util.regex.Matcher m = TIME.matcher(line);
                assertTrue(m.find(), line);
                String at = m.group(1);
                int dot = at.indexOf('.');
                String nanos = at.substring(0, dot + 1) + (at.substring(dot + 1, at.length() - 1) + "000000000").substring(0, 9) + "Z";
                lines.add(new String[] {nanos, pod + " workflow-controller " + nanos + " " + line + "\n"});
            }
            Files.delete(logs.resolve(file));
        }
        lines.sort(java.util.Comparator.comparing(l -> l[0])); // stable: a file's lines at one time keep their order
        StringBuilder out = new StringBuilder();
        lines.forEach(l -> out.append(l[1]));
        Files.writeString(logs.resolve("stern-workflow-controller.log"), out.toString());
    }

    private static String quote(String lines) {
        StringBuilder out = new StringBuilder();
        for (String l : lines.split("\n")) {
            out.append("> ").append(l).append('\n');
        }
        return out.toString();
    }

    /** Merges the sample's zero-worker replica's file with a standby's start, as stern prints two replicas in one file. */
    private static void mergeWithStandby(Path logs, String after) throws IOException {
        mergeWithReplica(logs, after, "workflow-controller-5d7c9b8f6-b9k2z", List.of(
                "msg=\"Starting Workflow Controller\" version=v4.0.6 instanceID=\"\" defaultRequeueTime=10s",
                "msg=\"Current Worker Numbers\" cronWorkflowWorkers=8 workflowArchive=8 workflowWorkers=32 podCleanup=4 workflowTtlWorkers=4"));
    }

    /**
     * The idle-run sample's replica {@code x7w2n} and another replica's lines ({@code messages}, logged at 14:38:00.101 after the
     * first line containing {@code after}) merged into one stern file, as {@code stern} prints two Pods of a Deployment.
     */
    private static void mergeWithReplica(Path logs, String after, String pod, List<String> messages) throws IOException {
        Path x = logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log");
        StringBuilder merged = new StringBuilder();
        for (String line : Files.readAllLines(x)) {
            String at = line.substring(5, 29);
            merged.append(stern("workflow-controller-5d7c9b8f6-x7w2n", at, line));
            if (line.contains(after)) {
                String b = "2026-10-14T14:38:00.101Z";
                for (String message : messages) {
                    merged.append(stern(pod, b, "time=" + b + " level=INFO " + message));
                }
            }
        }
        Files.delete(x);
        Files.writeString(logs.resolve("stern-workflow-controller.log"), merged.toString());
    }

    private static String stern(String pod, String at, String line) {
        return pod + " workflow-controller " + at.replace("Z", "000000Z") + " " + line + "\n";
    }

    /**
     * samples/workflow-deleted-while-controller-down's logs with the zero-worker run's listing put back: 80 other Pods, then
     * {@code ledger-sync-p2m6w}, before the sample's own {@code add pod event}; {@code rotated}: the piece with the run's worker
     * numbers and the 80 ends before ledger-sync's line ({@code .log.1}); {@code workers}: the run's count of Workflow workers.
     */
    private Path idleRunSample(String name, boolean rotated, int workers) throws IOException {
        Path sample = Path.of("samples/workflow-deleted-while-controller-down/logs");
        Path logs = Files.createDirectories(dir.resolve(name));
        for (String file : List.of("workflow-controller-5d7c9b8f6-m4q8t.log", "workflow-controller-7f4b2d9c1-q5r8v.log")) {
            Files.copy(sample.resolve(file), logs.resolve(file));
        }
        StringBuilder listing = new StringBuilder();
        for (int i = 0; i < 80; i++) {
            listing.append(String.format("time=2026-10-14T14:38:00.%03dZ level=INFO msg=\"add pod event\" component=pod_controller pod=nightly-report-%05d%n",
                    102 + i / 6, 31000 + i * 7));
        }
        String ledger = "time=2026-10-14T14:38:00.116Z level=INFO msg=\"add pod event\" component=pod_controller pod=ledger-sync-p2m6w\n";
        String zero = Files.readString(sample.resolve("workflow-controller-5d7c9b8f6-x7w2n.log"));
        assertTrue(zero.contains("workflowWorkers=0 "));
        zero = zero.replace("workflowWorkers=0 ", "workflowWorkers=" + workers + " ");
        int at = zero.indexOf("time=2026-10-14T14:38:00.118Z level=INFO msg=\"add pod event\"");
        assertTrue(at > 0);
        if (rotated) {
            Files.writeString(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log.1"), zero.substring(0, at) + listing);
            Files.writeString(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log"), ledger + zero.substring(at));
        } else {
            Files.writeString(logs.resolve("workflow-controller-5d7c9b8f6-x7w2n.log"), zero.substring(0, at) + listing + ledger + zero.substring(at));
            assertTrue(zero.indexOf("workflowWorkers=") < 4096 && at + listing.length() > 2 * 4096, "the listing runs over chunks");
        }
        return logs;
    }

    private static List<String> af003Pods(AnalysisResult result) {
        RuleOutcome af003 = result.outcomes().stream().filter(o -> o.rule().equals("AF003")).findFirst().orElseThrow();
        return af003.findings().stream().map(f -> f.pod().toString()).sorted().toList();
    }

    private static void assertSame(AnalysisResult expected, AnalysisResult actual, boolean clearances) {
        assertEquals(expected.unreadable(), actual.unreadable());
        assertEquals(expected.inputs(), actual.inputs(), "per-input accounting");
        assertEquals(expected.correlation().processes(), actual.correlation().processes(), "controller processes");
        assertEquals(expected.outcomes().size(), actual.outcomes().size());
        for (int i = 0; i < expected.outcomes().size(); i++) {
            RuleOutcome e = expected.outcomes().get(i);
            RuleOutcome a = actual.outcomes().get(i);
            assertEquals(e.rule(), a.rule());
            assertEquals(e.findings().stream().map(Finding::toString).toList(), a.findings().stream().map(Finding::toString).toList(), e.rule());
            if (clearances) {
                assertEquals(e.cleared().stream().map(Clearance::toString).toList(), a.cleared().stream().map(Clearance::toString).toList(), e.rule());
            }
            assertEquals(e.missing(), a.missing(), e.rule());
        }
    }
}
