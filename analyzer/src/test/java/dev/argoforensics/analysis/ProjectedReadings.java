package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.correlate.ClusterFacts;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.correlate.GroupContext;
import dev.argoforensics.correlate.GroupShare;
import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.correlate.NamespaceProjection;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.Interest;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Placement;
import dev.argoforensics.read.ReadingStitch;
import dev.argoforensics.rules.RuleBindings;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.RotatedSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The first half of the projection proofs ({@code ProjectionFactsTest}, {@code SlicedFactsTest}): the inputs read whole and
 * file by file as the fleet's tasks read them, the readings stitched whole and keeping only their specials, each file's
 * projection as read and placed, every step asserted against the whole reading. What each proof goes on to derive from it
 * is its own.
 */
public record ProjectedReadings(Analysis.Inputs inputs, List<FileReading> readings, ReadingStitch stitch, LogReader.LogReading stitched,
                         LogReader.LogReading whole, ClusterFacts facts, List<NamespaceProjection> projections, long kept,
                         Correlator.Namespaces projected, Set<String> recreated, List<LineProjection> asRead, List<int[]> keeps,
                         List<Placement> placements, List<LineProjection> lines, long specials, int offset, List<RotatedSet> sets) {
    private static final RuleBindings BINDINGS = new RuleBindings();

    /**
     * @param remembered a file's pass 1 as an earlier run remembered it (an index's), instead of scanning it: then the facts of
     *                   all lines are those of the files' readings stitched whole (StitchTest holds that to the sequential read)
     */
    public static ProjectedReadings of(List<String> paths, Function<InputFile, Optional<FileScan>> remembered, AnalysisOptions options)
            throws IOException {
        Analysis analysis = Analysis.standard(options);
        InputCollector collector = new InputCollector();
        Analysis.Inputs inputs = Analysis.readExports(collector.collect(paths), collector.problems(), SnapshotTimes.none());
        LogReader reader = analysis.logReader();
        Map<InputFile, FileScan> scans = new LinkedHashMap<>();
        for (InputFile f : inputs.logFiles()) {
            try {
                scans.put(f, remembered.apply(f).isPresent() ? remembered.apply(f).get() : reader.scanFile(f));
            } catch (IOException | RuntimeException e) {
                // unreadable: nothing of it is kept, in either reading
            }
        }
        Interest interest = Interest.decode(reader.interest(scans.values(), inputs.exported()).encode());
        // Each file read alone and its reading through its bytes, as the fleet's file tasks give it; in rotated-set order.
        List<FileReading> readings = new ArrayList<>();
        List<RotatedSet> sets = RotatedSet.group(List.copyOf(scans.keySet()));
        for (RotatedSet set : sets) {
            for (InputFile f : set.oldestFirst()) {
                try {
                    readings.add(FileReading.decode(reader.readFile(f, interest, scans.get(f).newestFirst()).encode()));
                } catch (IOException | RuntimeException e) {
                    // unreadable, as in the whole reading
                }
            }
        }

        ReadingStitch stitch = new ReadingStitch(null);
        readings.forEach(stitch::add);
        // Ended as LogReader.read and the fleet's stitch end theirs: the runs that go on in an absent rotated piece marked, and
        // those whose files say their lines were selected (the files' summaries, with their furniture).
        LogReader.LogReading stitched = LogReader.continuing(stitch.finish(), sets, new java.util.HashMap<>(stitch.summaries()));
        LogReader.LogReading whole = stitched;
        if (scans.keySet().stream().allMatch(f -> remembered.apply(f).isEmpty())) {
            ExecutorService pool = LogReader.readers(1);
            try {
                whole = analysis.logReader().read(inputs.logFiles(), inputs.exported(), pool, inputs.summaries(), new ArrayList<>());
            } finally {
                pool.shutdownNow();
            }
        }
        ClusterFacts facts = Correlator.facts(whole.events(), inputs.exported(), whole.processes(), whole.coverage());

        // The namespaces: each file's projection as read, before any stitch (their union does not depend on places).
        List<NamespaceProjection> projections = new ArrayList<>();
        long kept = 0;
        for (FileReading r : readings) {
            kept += r.events().size();
            projections.add(NamespaceProjection.ofFile(r.events()));
        }
        Correlator.Namespaces projected = Correlator.namespaces(NamespaceProjection.union(projections), inputs.exported());
        assertEquals(facts.namespacesByPod(), projected.byPod(), "every namespace each Pod name is seen in");
        assertEquals(facts.objects(), projected.objects(), "the exports, each Workflow exported without a namespace placed");
        List<NamespaceProjection> reversed = new ArrayList<>(projections);
        Collections.reverse(reversed);
        assertEquals(NamespaceProjection.union(projections), NamespaceProjection.union(reversed), "the union takes the files in any order");

        // Every fact: each file's lines projected as read (its klog lines no record dates and its earliest dated line kept
        // whole); the files' readings keeping only those lines stitched (runs, places, years; not the other lines), which
        // places them and says where every other line goes; the projections put together in input order; the facts derived.
        java.util.Set<String> recreated = LineProjection.recreated(inputs.exported());
        List<LineProjection> asRead = new ArrayList<>();
        List<int[]> keeps = new ArrayList<>();
        ReadingStitch thinStitch = new ReadingStitch(null);
        List<Placement> placements = new ArrayList<>();
        for (FileReading r : readings) {
            java.util.TreeSet<Integer> keep = new java.util.TreeSet<>();
            for (int u : r.undated()) {
                keep.add(u);
            }
            if (r.earliestDated() >= 0) {
                keep.add(r.earliestDated());
            }
            keeps.add(keep.stream().mapToInt(Integer::intValue).toArray());
            LineProjection p = LineProjection.of(r.events(), recreated, keeps.get(keeps.size() - 1), true, BINDINGS);
            asRead.add(p);
            placements.add(thinStitch.add(r.keeping(p.specials().stream().mapToInt(x -> (int) x.place()).toArray())));
        }
        LogReader.LogReading thin = LogReader.continuing(thinStitch.finish(), sets, new java.util.HashMap<>(thinStitch.summaries()));
        assertEquals(stitched.processes(), thin.processes(), "the runs, from the readings keeping their specials only");
        assertEquals(stitched.coverage(), thin.coverage(), "the coverage and counted scheduling lines");
        assertEquals(stitch.summaries(), thinStitch.summaries(), "the files' summaries and late notes");
        List<LineProjection> lines = new ArrayList<>();
        int offset = 0;
        int thinAt = 0;
        long specials = 0;
        for (int f = 0; f < readings.size(); f++) {
            FileReading r = readings.get(f);
            LineProjection p = asRead.get(f);
            List<LogEvent> placed = stitched.events().subList(offset, offset + r.events().size());
            Map<Integer, LogEvent> special = new java.util.HashMap<>();
            for (LineProjection.Special x : p.specials()) {
                special.put((int) x.place(), thin.events().get(thinAt++));
            }
            for (int i = 0; i < r.events().size(); i++) {
                assertEquals(placed.get(i), special.containsKey(i) ? special.get(i) : placements.get(f).place(r.events().get(i)),
                        "line " + i + " of " + r.file().displayPath() + " placed without the other files' lines");
            }
            FileReading read = r;
            Placement placement = placements.get(f);
            // specials from the thin stitch; the other lines (a node's first line) placed by the file's own placement
            LineProjection placedProjection = p.placed(i -> special.containsKey(i) ? special.get(i) : placement.place(read.events().get(i)));
            assertEquals(LineProjection.of(placed, recreated, keeps.get(f), true, BINDINGS), placedProjection,
                    "a file's projection as read, placed, is its placed lines' projection");
            specials += placedProjection.specials().size();
            lines.add(placedProjection);
            offset += r.events().size();
        }
        assertEquals(thin.events().size(), thinAt, "the readings keeping their specials give those and nothing else");
        assertEquals(stitched.events().size(), offset, "the stitch puts the files' lines one after the other");
        return new ProjectedReadings(inputs, readings, stitch, stitched, whole, facts, projections, kept, projected, recreated, asRead,
                keeps, placements, lines, specials, offset, sets);
    }

    static void assertSameShare(GroupShare expected, GroupShare actual) {
        assertEquals(expected.events(), actual.events(), "the group's lines");
        assertArrayEquals(expected.places(), actual.places(), "their places");
        assertEquals(expected.podOfLine(), actual.podOfLine(), "their Pods");
        assertArrayEquals(expected.handlerOfLine(), actual.handlerOfLine(), "their handler lines");
        assertEquals(expected.podNames(), actual.podNames());
        assertEquals(expected.pods(), actual.pods(), "the group's Pods' facts");
        assertEquals(expected.workflowNames(), actual.workflowNames());
        assertEquals(expected.workflowSnapshots(), actual.workflowSnapshots());
        assertEquals(expected.workflowAudit(), actual.workflowAudit());
        assertEquals(expected.cut(), actual.cut());
    }

    static void assertSameContext(GroupContext expected, GroupContext actual) {
        assertEquals(expected.events(), actual.events(), "the context lines");
        assertArrayEquals(expected.places(), actual.places());
        assertEquals(expected.podOfLine(), actual.podOfLine());
        assertArrayEquals(expected.handlerOfLine(), actual.handlerOfLine());
        assertEquals(expected.podTables(), actual.podTables());
        assertEquals(expected.available(), actual.available());
        assertEquals(expected.processes(), actual.processes());
        assertEquals(expected.clocks(), actual.clocks());
    }

    /**
     * A rotated set of four controller files (the proofs' case no sample or corpus holds): klog lines whose year comes from a
     * controller start months before, a scheduling line paired with its handler line across files, and a handler line whose
     * scheduling line opens a file remembered as naming nothing. Pods of interest: alpha-step-1, as StitchTest reads it.
     *
     * @return {@code logs}, written
     */
    static Path rotatedSet(Path logs) throws IOException {
        Files.createDirectories(logs);
        write(logs.resolve("workflow-controller.log.3"),
                "time=\"2025-06-01T00:00:00.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18",
                "I1231 23:58:30.000000       1 request.go:697] Waited for 1.2s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1",
                "time=\"2025-12-31T23:59:00.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=alpha");
        write(logs.resolve("workflow-controller.log.2"),
                "time=\"2025-12-31T23:59:10.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=alpha",
                "time=\"2025-12-31T23:59:20.000Z\" level=info msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]");
        write(logs.resolve("workflow-controller.log.1"),
                "time=\"2025-12-31T23:59:20.001Z\" level=info msg=\"queuing poddelay0s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=unrelated-pod",
                "time=\"2025-12-31T23:59:30.000Z\" level=info msg=\"Removing finalizers during a delete\" component=pod_controller pod.Finalizers=[workflows.argoproj.io/status]",
                "time=\"2025-12-31T23:59:30.001Z\" level=info msg=\"queuing poddelay-5s\" action=removeFinalizer namespace=ns podGC=\"{ <nil> }\" podName=alpha-step-1");
        write(logs.resolve("workflow-controller.log"),
                "I0101 00:00:02.000000       1 request.go:697] Waited for 1.5s due to client-side throttling, not priority and fairness, request: PATCH:https://10.96.0.1:443/api/v1/namespaces/ns/pods/alpha-step-1",
                "time=\"2026-01-01T00:00:04.000Z\" level=info msg=\"Processing workflow\" namespace=ns workflow=alpha",
                "time=\"2026-01-01T00:00:05.000Z\" level=info msg=\"Starting Workflow Controller\" defaultRequeueTime=10s version=v3.7.18");
        return logs;
    }

    private static void write(Path file, String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n");
    }
}
