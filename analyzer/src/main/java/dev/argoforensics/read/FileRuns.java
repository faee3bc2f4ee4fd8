package dev.argoforensics.read;

import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The controller-run pieces of one file, in the order they open: what {@link ControllerRuns.InSet}
 * does over a rotated set, done within one file without knowing the files before it. A piece is a
 * local run (a {@link ControllerRun} numbered within the file) that either continues whatever run its
 * replica had at the file's start, or starts at a {@code Starting Workflow Controller} line (then it
 * is a new run if the replica's run so far has a line, as {@code streamFor} decides). The stitch
 * ({@link ReadingStitch}) gives each piece its run: pieces of one replica never overlap, so a piece is
 * whole when the next of its replica opens.
 */
final class FileRuns {
    /** Whether a piece continues its replica's run or opens at a controller start. */
    enum Start { CONTINUES, STARTS }

    /** One piece: {@code part.id} is its local number, its index in {@link #pieces()}. */
    record Piece(Start start, ControllerRun part) {
        String key() {
            return part.key;
        }
    }

    /** Told as each piece opens (the live stitch resolves it then); may be null. */
    interface Opened {
        void opened(Piece piece);
    }

    private final String setFileName;
    private final Opened opened;
    private final Map<String, Piece> current = new HashMap<>();
    private final List<Piece> pieces = new ArrayList<>();

    /** @param setName the display path of the file's rotated set ({@link dev.argoforensics.source.RotatedSet#name()}) */
    FileRuns(String setName, Opened opened) {
        this.setFileName = setName.substring(setName.lastIndexOf('/') + 1);
        this.opened = opened;
    }

    /** The piece a line of {@code origin} belongs to; a controller start opens a new one. */
    ControllerRun streamFor(String origin, ReplicaSource from, boolean controllerStart) {
        String key = origin != null ? origin : setFileName;
        Piece p = current.get(key);
        if (p == null || controllerStart) {
            p = new Piece(controllerStart ? Start.STARTS : Start.CONTINUES, new ControllerRun(pieces.size(), key, from, 0));
            current.put(key, p);
            pieces.add(p);
            if (opened != null) {
                opened.opened(p);
            }
        }
        return p.part();
    }

    List<Piece> pieces() {
        return pieces;
    }
}
