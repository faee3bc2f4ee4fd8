package dev.argoforensics.read;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every controller run of the logs, in the order they were met: a rotated set is one stream per
 * replica a collector names (or the set's file name), split at {@code Starting Workflow Controller}.
 */
final class ControllerRuns {
    private final List<ControllerRun> streams = new ArrayList<>();

    List<ControllerProcess> processes() {
        return streams.stream().map(ControllerRun::process).toList();
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

        InSet(String name) {
            this.name = name;
        }

        String name() {
            return name;
        }

        /** The run a file's piece belongs to (see {@link FileRuns}): its replica's current one, or a new one. */
        ControllerRun runOf(FileRuns.Piece piece) {
            return streamFor(piece.key(), piece.part().from, piece.start() == FileRuns.Start.STARTS);
        }

        private ControllerRun streamFor(String key, ReplicaSource from, boolean controllerStart) {
            ControllerRun s = current.get(key);
            if (s == null || (controllerStart && s.count > 0)) {
                s = new ControllerRun(streams.size(), key, from, incarnations.merge(key, 1, Integer::sum));
                current.put(key, s);
                streams.add(s);
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
