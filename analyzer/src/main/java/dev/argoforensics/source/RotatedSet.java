package dev.argoforensics.source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Log files that are one file rotated: {@code controller.log} with {@code controller.log.1},
 * {@code controller.log.2.gz} (logrotate: a higher number is older), or a CRI {@code 0.log} with
 * {@code 0.log.20260919-163000[.gz]} (kubelet: the suffix is the rotation time), or {@code controller.log-20260919[.gz]}
 * (logrotate's {@code dateext}, whose default {@code dateformat} is {@code -%Y%m%d}, {@code -%Y%m%d%H} when rotated hourly). Oldest first, the
 * live file last: read in this order they are one stream.
 *
 * @param name the live file's display path (even when only rotated pieces were given)
 */
public record RotatedSet(String name, List<InputFile> oldestFirst) {
    private static final Pattern NUMBERED = Pattern.compile("(.*)\\.(\\d{1,3})");
    private static final Pattern DATED = Pattern.compile("(.*)\\.(\\d{8}(?:-\\d{6})?)");
    /** logrotate's {@code dateext}: a dash, then the date (and hour); the live file's own name has an extension ({@code controller.log}). */
    private static final Pattern DATEEXT = Pattern.compile("(.*/)?([^/]*\\.[^/]*)-(\\d{8}(?:\\d{2})?)");

    public RotatedSet {
        oldestFirst = List.copyOf(oldestFirst);
    }

    /** Groups log files into rotated sets; sets keep the order of their first file in the input. */
    public static List<RotatedSet> group(List<InputFile> logs) {
        Map<String, List<Rotation>> byBase = new LinkedHashMap<>();
        for (InputFile f : logs) {
            Rotation r = Rotation.of(f);
            byBase.computeIfAbsent(r.base, k -> new ArrayList<>()).add(r);
        }
        List<RotatedSet> sets = new ArrayList<>();
        byBase.forEach((base, rotations) -> {
            rotations.sort(Rotation.OLDEST_FIRST);
            sets.add(new RotatedSet(base, rotations.stream().map(r -> r.file).toList()));
        });
        return sets;
    }

    /**
     * The piece that followed the newest file given, when that file is a rotated piece and not the live one: {@code controller.log.1}
     * after {@code controller.log.2[.gz]}, {@code controller.log} after {@code controller.log.1}, the live {@code 0.log} after a dated
     * CRI piece (a later dated piece may have come first; the live file is the one that surely did). A rotated piece is a file its
     * writer went on past: logrotate, the kubelet and Docker rotate a file being written to, so its writer's later lines are in that
     * piece or after it. Null when the newest file given is the live one.
     */
    public String absentSuccessor() {
        Rotation newest = Rotation.of(oldestFirst.get(oldestFirst.size() - 1));
        return switch (newest.kind) {
            case 1 -> Integer.parseInt(newest.suffix) > 1 ? newest.base + "." + (Integer.parseInt(newest.suffix) - 1) : newest.base;
            case 0 -> newest.base;
            default -> null;
        };
    }

    /**
     * The pieces of the set whose successor the inputs lack though a later piece was given: logrotate numbers its pieces one by one
     * ({@code controller.log.2} is followed by {@code controller.log.1}, that by the live {@code controller.log}), so {@code .2} given
     * with the live file and no {@code .1} says the piece between was not given. Each such piece (oldest first) with the name of the
     * piece that followed it. Dated pieces name no successor (the next rotation's time is not known): none of them is listed. The
     * newest piece given is not listed either ({@link #absentSuccessor()}).
     */
    public Map<InputFile, String> missingBetween() {
        Map<InputFile, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < oldestFirst.size(); i++) {
            String missing = skipped(oldestFirst.get(i), oldestFirst.get(i + 1));
            if (missing != null) {
                out.put(oldestFirst.get(i), missing);
            }
        }
        return out;
    }

    /**
     * The piece that followed {@code older} when {@code newer}, the next piece given of its set, is not that piece: a numbered piece's
     * successor is the next lower number ({@code .0} under logrotate's {@code start 0}), {@code .1}'s or {@code .0}'s the live file. Null where {@code newer} follows {@code older}, where {@code older}
     * is not a numbered piece (a dated piece's successor is not known by name), or where the two are not of one set.
     */
    public static String skipped(InputFile older, InputFile newer) {
        Rotation a = Rotation.of(older);
        Rotation b = Rotation.of(newer);
        if (a.kind != 1 || !a.base.equals(b.base)) {
            return null;
        }
        int n = Integer.parseInt(a.suffix);
        if (b.kind == 1 && Integer.parseInt(b.suffix) == n) {
            return null; // the same piece given twice (plain and compressed): nothing says one between is missing
        }
        // logrotate's {@code start 0} numbers from .0: .1 is followed by .0, and .0 (like .1 by default) by the live file
        boolean follows = b.kind == 1 ? Integer.parseInt(b.suffix) == n - 1 : b.kind == 2 && n <= 1;
        return follows ? null : n > 1 ? a.base + "." + (n - 1) : a.base;
    }

    /** The newest file given of the set: the live file, or the latest rotated piece when the live file was not given. */
    public InputFile newest() {
        return oldestFirst.get(oldestFirst.size() - 1);
    }

    /** A file's place in its set. */
    private record Rotation(InputFile file, String base, int kind, String suffix) {
        /** Dated pieces (kind 0) by date, then numbered ones (kind 1) highest first, then the live file (kind 2). */
        static final Comparator<Rotation> OLDEST_FIRST = Comparator.comparingInt(Rotation::kind)
                .thenComparing((a, b) -> a.kind == 1 ? Integer.compare(Integer.parseInt(b.suffix), Integer.parseInt(a.suffix))
                        : a.suffix.compareTo(b.suffix));

        static Rotation of(InputFile f) {
            String name = f.displayPath();
            if (f.compressed() && name.endsWith(".gz")) {
                name = name.substring(0, name.length() - 3);
            }
            Matcher dated = DATED.matcher(name);
            if (dated.matches()) {
                return new Rotation(f, dated.group(1), 0, dated.group(2));
            }
            Matcher dateext = DATEEXT.matcher(name);
            if (dateext.matches()) {
                return new Rotation(f, (dateext.group(1) == null ? "" : dateext.group(1)) + dateext.group(2), 0, dateext.group(3));
            }
            Matcher numbered = NUMBERED.matcher(name);
            if (numbered.matches() && numbered.group(1).contains(".")) {
                return new Rotation(f, numbered.group(1), 1, numbered.group(2));
            }
            return new Rotation(f, name, 2, "");
        }
    }
}
