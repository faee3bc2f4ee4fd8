package dev.argoforensics.read;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Every controller run of the logs, in the order they were met: a rotated set is one stream per
 * replica a collector names (or the set's file name), split at {@code Starting Workflow Controller}.
 *
 * <p>A set is one file and its rotated pieces, in one folder ({@link RotatedSet}): two sets are two sources, even
 * when their files have one name ({@code replica-a/controller.log} and {@code replica-b/controller.log}, two replicas'
 * or two incidents' logs saved side by side). Runs named by their file's name alone would then read as one replica's
 * (a restart rather than two controllers at once, one replica's work); those are named by as much of their set's path as
 * tells the sets apart.
 */
final class ControllerRuns {
    private final List<ControllerRun> streams = new ArrayList<>();
    /** The rotated set each run was read from ({@link RotatedSet#name()}). */
    private final Map<ControllerRun, String> setOf = new HashMap<>();

    List<ControllerProcess> processes() {
        List<ControllerProcess> out = new ArrayList<>(streams.stream().map(ControllerRun::process).toList());
        numberedByTime(out);
        // Runs named by their file, by name: the sets they come from.
        Map<String, SortedSet<String>> setsByName = new HashMap<>();
        for (ControllerProcess p : out) {
            if (namedByFile(p)) {
                setsByName.computeIfAbsent(p.replica(), k -> new TreeSet<>()).add(setOf.get(streams.get(p.id())));
            }
        }
        for (int i = 0; i < out.size(); i++) {
            ControllerProcess p = out.get(i);
            SortedSet<String> sets = namedByFile(p) ? setsByName.get(p.replica()) : null;
            if (sets != null && sets.size() > 1) {
                String set = setOf.get(streams.get(p.id()));
                String fileName = set.substring(set.lastIndexOf('/') + 1);
                String replica = distinguishing(sets, set) + p.replica().substring(Math.min(fileName.length(), p.replica().length()));
                out.set(i, new ControllerProcess(p.id(), replica, p.replicaFrom(), p.incarnation(), p.release(), p.leadership(), p.files(), p.first(),
                        p.last(), p.events(), p.work(), p.nameless(), p.continuesIn(), p.selectedBy()));
            }
        }
        return out;
    }

    /**
     * Numbers each replica's runs of one set ({@link ControllerProcess#incarnation()}) in the order their lines were written where their
     * times show it, not in the order the files hold them: {@code kubectl logs -p} (the previous container's log) pasted after the
     * current container's tail opens a run that is the earlier process (session 49 read it as a run of its own, numbered #2 though
     * it ran first; session 50). Only where every run of the replica has dated lines and their spans, sorted by their first lines,
     * follow one another without overlapping (touching at one instant allowed): otherwise (a time of day beside a dated one, a run whose lines interleave with
     * another's) the file order stands, as before.
     */
    private void numberedByTime(List<ControllerProcess> out) {
        Map<String, List<Integer>> byReplica = new LinkedHashMap<>();
        for (int i = 0; i < out.size(); i++) {
            ControllerRun s = streams.get(out.get(i).id());
            byReplica.computeIfAbsent(setOf.get(s) + "\n" + s.key, k -> new ArrayList<>()).add(i);
        }
        for (List<Integer> runs : byReplica.values()) {
            if (runs.size() < 2) {
                continue;
            }
            List<Integer> byTime = new ArrayList<>(runs);
            boolean dated = byTime.stream().map(out::get).allMatch(p -> p.first() != null && p.last() != null && !p.first().undated()
                    && !p.last().undated());
            if (!dated) {
                continue;
            }
            byTime.sort((a, b) -> out.get(a).first().compareInstant(out.get(b).first()));
            boolean apart = true;
            for (int k = 1; k < byTime.size() && apart; k++) {
                // One replica's processes follow one another: a run whose last line shares the next one's first instant (a restart
                // within the times' precision) still ends before it, where it began before it (s50 breaker: #2 for the -p run).
                ControllerProcess before = out.get(byTime.get(k - 1));
                ControllerProcess after = out.get(byTime.get(k));
                apart = !before.last().isAfter(after.first()) && before.first().isBefore(after.first());
            }
            if (!apart || byTime.equals(runs)) {
                continue;
            }
            List<Integer> numbers = runs.stream().map(i -> out.get(i).incarnation()).sorted().toList();
            for (int k = 0; k < byTime.size(); k++) {
                int i = byTime.get(k);
                out.set(i, out.get(i).numbered(numbers.get(k)));
            }
        }
    }

    /** A run its file's name names (the file's own lines, or a Markdown quote in it). */
    private static boolean namedByFile(ControllerProcess p) {
        return p.replicaFrom() == ReplicaSource.FILE || p.replicaFrom() == ReplicaSource.QUOTE;
    }

    /**
     * The last path segments of {@code set} that tell the {@code sets} apart, as few as do for all of them: {@code a/controller.log} and
     * {@code b/controller.log} of {@code /tmp/x/a/controller.log} and {@code /tmp/x/b/controller.log}, whatever folder they were given from.
     */
    static String distinguishing(SortedSet<String> sets, String set) {
        for (int depth = 2; ; depth++) {
            Set<String> seen = new HashSet<>();
            boolean whole = true;
            for (String s : sets) {
                String tail = ControllerProcess.pathTail(s, depth);
                seen.add(tail);
                whole &= tail.equals(s);
            }
            if (seen.size() == sets.size() || whole) {
                return ControllerProcess.pathTail(set, depth);
            }
        }
    }

    /** @param setName the rotated set's name ({@link RotatedSet#name()}) */
    InSet inSet(String setName) {
        return new InSet(setName);
    }

    /** The runs current within one rotated set. */
    final class InSet {
        private final String name;
        private final Map<String, ControllerRun> current = new LinkedHashMap<>();
        private final Map<String, Integer> incarnations = new HashMap<>();
        /**
         * By key, the run of a start beside the replica's current run that ended the file being stitched ({@link FileRuns.Aside#AT_END}),
         * and that of the file before: the next file's first lines may go on with that start (a rotation cut inside it).
         */
        private Map<String, ControllerRun> endedHere = new HashMap<>();
        private Map<String, ControllerRun> endedBefore = new HashMap<>();

        InSet(String name) {
            this.name = name;
        }

        String name() {
            return name;
        }

        /** The run a file's piece belongs to (see {@link FileRuns}): its replica's current one, or a new one. */
        ControllerRun runOf(FileRuns.Piece piece) {
            ControllerRun cut = piece.start() == FileRuns.Start.STARTS ? endedBefore.remove(piece.key()) : endedBefore.get(piece.key());
            if (cut != null && (piece.atBanner() || piece.seam() > cut.startStep) && cut.onlyALoad()) {
                // A start beside the replica's run ended the file before, only its first steps logged; this file's first lines of the
                // replica go on with it from a later step (or log its banner): the same process, the rotation's cut inside its start.
                current.put(piece.key(), cut);
                return cut;
            }
            ControllerRun s = current.get(piece.key());
            if (piece.seam() > (s == null ? Integer.MAX_VALUE : s.startStep) && s.onlyALoad()) {
                return s; // the same, the start's first steps being the replica's run (session 62)
            }
            if (piece.atBanner() && s != null && (Boolean.TRUE.equals(s.bannerDue) || s.onlyALoad())) {
                // The banner main.go logs right after the run's own acquisition, the rotation's cut between them: the same process.
                // So too after a run that is only a load of the ConfigMap so far (its start, before Run; session 60).
                return s;
            }
            return streamFor(piece.key(), piece.part().from, piece.start() == FileRuns.Start.STARTS);
        }

        /** A start beside its replica's current run ({@link FileRuns.Piece#aside}): a run of its own, the current one going on. */
        ControllerRun aside(FileRuns.Piece piece) {
            ControllerRun s = new ControllerRun(streams.size(), piece.key(), piece.part().from, incarnations.merge(piece.key(), 1, Integer::sum));
            streams.add(s);
            setOf.put(s, name);
            if (piece.aside() == FileRuns.Aside.AT_END) {
                endedHere.put(piece.key(), s);
            }
            return s;
        }

        /** The stitch goes on with the set's next file. */
        void nextFile() {
            endedBefore = endedHere;
            endedHere = new HashMap<>();
        }

        private ControllerRun streamFor(String key, ReplicaSource from, boolean controllerStart) {
            ControllerRun s = current.get(key);
            if (s == null || (controllerStart && s.count > 0)) {
                s = new ControllerRun(streams.size(), key, from, incarnations.merge(key, 1, Integer::sum));
                current.put(key, s);
                streams.add(s);
                setOf.put(s, name);
            }
            return s;
        }
    }

    /** Notes on runs that went back in time, by the file where it first happened. */
    Map<String, List<Message>> outOfOrderNotes() {
        Map<String, List<Message>> notes = new HashMap<>();
        for (ControllerRun s : streams) {
            if (s.backwards > 0) {
                String where = s.firstBackwards;
                String file = where == null ? s.files.iterator().next() : where.substring(0, where.lastIndexOf(':'));
                notes.computeIfAbsent(file, k -> new ArrayList<>()).add(where == null ? Message.of("note.read.backwardsNowhere", "count", s.backwards)
                        : Message.of("note.read.backwards", "count", s.backwards, "at", where));
            }
        }
        return notes;
    }
}
