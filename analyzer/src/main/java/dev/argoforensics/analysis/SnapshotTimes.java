package dev.argoforensics.analysis;

import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.source.InputException;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * When snapshot files were taken, as the user states it with {@code --snapshot-time FILE=TIME}. Files
 * are matched by their real location, whatever path spelled them.
 */
public record SnapshotTimes(Map<Path, Timestamp> byFile) {

    public SnapshotTimes {
        byFile = Map.copyOf(byFile);
    }

    public static SnapshotTimes none() {
        return new SnapshotTimes(Map.of());
    }

    /**
     * @param specs {@code FILE=TIME}, TIME in RFC 3339 with a zone
     * @throws IllegalArgumentException with the offending spec if one cannot be read
     */
    public static SnapshotTimes parse(List<String> specs) {
        Map<Path, Timestamp> out = new LinkedHashMap<>();
        for (String spec : specs) {
            int eq = spec.lastIndexOf('=');
            if (eq <= 0 || eq == spec.length() - 1) {
                throw new IllegalArgumentException("\"" + spec + "\" is not FILE=TIME");
            }
            String time = spec.substring(eq + 1);
            Timestamp t;
            try {
                t = Timestamp.parseRfc3339(time, null, false);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("\"" + time + "\" is not an RFC 3339 time", e);
            }
            if (t.zone() == ZoneBasis.ASSUMED_UTC) {
                throw new IllegalArgumentException("\"" + time + "\" has no zone; write it as RFC 3339 (…Z or …+01:00)");
            }
            out.put(key(Path.of(spec.substring(0, eq))), t);
        }
        return new SnapshotTimes(out);
    }

    /** The time stated for this file, or null. */
    ObservedAt forFile(InputFile file) {
        Timestamp t = byFile.get(key(file.path()));
        return t == null ? null : ObservedAt.stated(t, ObservationBasis.COMMAND_LINE);
    }

    /**
     * @throws InputException if a stated file is not among the snapshot files read: a time given for
     *                        nothing would be silently lost
     */
    void checkAllUsed(List<InputFile> files) {
        for (Path stated : byFile.keySet()) {
            InputFile match = files.stream().filter(f -> key(f.path()).equals(stated)).findFirst().orElse(null);
            if (match == null) {
                throw new InputException("--snapshot-time " + stated + ": not among the files read");
            }
            if (match.kind() != InputKind.SNAPSHOT) {
                throw new InputException("--snapshot-time " + match.displayPath() + ": not a snapshot file (read as " + match.kind().label() + ")");
            }
        }
    }

    private static Path key(Path p) {
        return p.toAbsolutePath().normalize();
    }
}
