package dev.argoforensics.fleet;

import dev.argoforensics.correlate.LineProjection;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.read.FileReading;
import dev.argoforensics.read.WireForm;
import dev.argoforensics.rules.RuleBindings;
import java.io.Serializable;
import java.util.Set;
import java.util.TreeSet;

/**
 * A log object after its second task: the engine's reading of it as bytes ({@link FileReading#encode()}), or why nothing of
 * it could be read. Round 1 of the fleet's flow (docs/fleet.md, "The three rounds") adds what its cluster's task takes
 * instead of the reading: the file's {@link LineProjection} with what the caveats read of its lines ({@link FileProjection})
 * and the reading keeping only the lines the projection keeps whole ({@link FileReading#keeping}); the whole reading stays
 * on the executor for round 3.
 *
 * @param kept       the lines the reading keeps (its events), for the accounting; 0 if unreadable
 * @param thin       the reading keeping its specials (lines kept whole), as bytes; null in the stitch flow or if unreadable
 * @param projection the file's {@link FileProjection} as bytes; null likewise
 * @param held       what round 2 holds of this file, in entries: the thin reading's lines (each decoded, placed and then in the
 *                   cluster's table), the Pods the other lines name (a span each) and the distinct name lists they join (an edge
 *                   each), weighed against {@code --cluster-held}
 *                   before any of it is decoded; in the stitch flow, the kept lines, weighed against {@code --cluster-lines}
 */
record ReadFile(String cluster, String display, byte[] reading, long kept, String unreadable, byte[] thin, byte[] projection, long held)
        implements Serializable {
    private static final RuleBindings BINDINGS = new RuleBindings();

    /** The stitch flow: the whole reading goes to the cluster's task. */
    static ReadFile of(String cluster, String display, FileReading reading) {
        return new ReadFile(cluster, display, reading.encode(), reading.events().size(), null, null, null, reading.events().size());
    }

    /**
     * Round 1: the reading, its projection ({@code recreated}: the cluster's Pod names exported with two UIDs or more) and
     * the reading keeping the lines the projection keeps whole (every klog line no record of the file dated and the file's
     * earliest dated line among them, as {@code ProjectionFactsTest} makes them), the first line naming each Workflow node and
     * the leader-election lines (session 58: which runs could lead at once, {@code ConcurrentRuns}).
     * The projection goes without those lines (places only): round 2 puts the thin stitch's lines in their places.
     */
    static ReadFile projected(String cluster, String display, FileReading reading, Set<String> recreated) {
        LineProjection p = projection(reading, recreated);
        // The thin reading keeps the lines kept whole, the first line naming each Workflow node and the election lines: the stitch places them all
        // (the projection's own copies of those lines are left out of its bytes, round 2 takes them from the thin stitch).
        TreeSet<Integer> whole = new TreeSet<>();
        p.specials().forEach(x -> whole.add((int) x.place()));
        p.nodeNames().forEach(x -> whole.add((int) x.place()));
        p.elections().forEach(x -> whole.add((int) x.place()));
        // each run's first record (session 61): which run the file's record keys are of, once the stitch has placed it (RunCopies)
        p.records().forEach(x -> whole.add((int) x.first().place()));
        int[] thin = whole.stream().mapToInt(Integer::intValue).toArray();
        Lines lines = Lines.of(reading, p);
        LineProjection withoutLines = new LineProjection(p.lines(), withoutLines(p.specials()), p.others(), p.spans(), withoutLines(p.nodeNames()),
                p.informer(), p.edges(), withoutLines(p.elections()),
                p.records().stream().map(x -> new LineProjection.Records(new LineProjection.Special(x.first().place(), null), x.keys())).toList());
        FileProjection fp = new FileProjection(withoutLines, reading.events().isEmpty() ? display : reading.events().get(0).file(), lines.perPiece(), lines.dated());
        return new ReadFile(cluster, display, reading.encode(), reading.events().size(), null, reading.keeping(thin).encode(), WireForm.encode(fp),
                thin.length + (long) p.spans().size() + p.edges().size());
    }

    /**
     * What the caveats read of a file's lines: how many each piece holds, and whether a line other than the projection's
     * specials has a date given.
     */
    private record Lines(int[] perPiece, boolean dated) {
        static Lines of(FileReading reading, LineProjection p) {
            java.util.Set<Integer> specials = new java.util.HashSet<>();
            p.specials().forEach(x -> specials.add((int) x.place()));
            int[] perPiece = new int[reading.pieces().size()];
            boolean dated = false;
            for (int i = 0; i < reading.events().size(); i++) {
                LogEvent e = reading.events().get(i);
                perPiece[e.stream()]++;
                if (!specials.contains(i)) {
                    dated |= !e.time().undated();
                }
            }
            return new Lines(perPiece, dated);
        }
    }

    /** The lines whose year the stitch decides: every klog line no record of the file dated, and the file's earliest dated line. */
    static int[] yearDecided(FileReading reading) {
        TreeSet<Integer> keep = new TreeSet<>();
        for (int u : reading.undated()) {
            keep.add(u);
        }
        if (reading.earliestDated() >= 0) {
            keep.add(reading.earliestDated());
        }
        return keep.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The file's projection as read (not placed), the year-decided lines kept whole, as {@code ProjectionFactsTest} makes it. */
    static LineProjection projection(FileReading reading, Set<String> recreated) {
        return LineProjection.of(reading.events(), recreated, yearDecided(reading), true, BINDINGS);
    }

    /**
     * Round 1 of the slices' flow (docs/fleet.md, step 2j): the reading, and for its cluster's task the reading keeping only
     * its year-decided lines ({@link #yearDecided}: the least stitch places the files from them) and the file's
     * {@link FileSkeleton} (its projection's skeleton and what the caveats read). The projection itself is made again where
     * the reading stays, once the cluster's slices are known ({@code SlicedSteps.parts}), and its edges go with its parts.
     * {@code held}: the lines kept whole whose facts the cluster's task keeps ({@code PodSlices.held}: handler lines, lines
     * naming no Pod, scheduling lines a cut may have shortened, excerpts' lines); the other skeletons pass through it.
     */
    static ReadFile sliced(String cluster, String display, FileReading reading, Set<String> recreated) {
        int[] keep = yearDecided(reading);
        LineProjection p = LineProjection.of(reading.events(), recreated, keep, true, null);
        Lines lines = Lines.of(reading, p);
        FileSkeleton fs = new FileSkeleton(p.skeleton(), reading.events().isEmpty() ? display : reading.events().get(0).file(), lines.perPiece(), lines.dated(),
                keep);
        return new ReadFile(cluster, display, reading.encode(), reading.events().size(), null, reading.keeping(keep).encode(), WireForm.encode(fs),
                dev.argoforensics.correlate.PodSlices.held(p));
    }

    private static java.util.List<LineProjection.Special> withoutLines(java.util.List<LineProjection.Special> in) {
        return in.stream().map(x -> new LineProjection.Special(x.place(), null)).toList();
    }

    static ReadFile unreadable(String cluster, String display, String why) {
        return new ReadFile(cluster, display, null, 0, why, null, null, 0);
    }

    /**
     * What its cluster's task takes when the driver found the cluster past its bound (the files' {@code held}, or in the stitch
     * flow their kept lines, summed): the counts it reports the cluster by, none of the file's bytes.
     */
    ReadFile countsOnly() {
        return new ReadFile(cluster, display, null, kept, unreadable, null, null, held);
    }

    /** What its cluster's task takes in round 2: all but the whole reading, which stays on this executor. */
    ReadFile thinOnly() {
        return new ReadFile(cluster, display, null, kept, unreadable, thin, projection, held);
    }
}
