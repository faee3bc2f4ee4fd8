package dev.argoforensics.envelope;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file name {@code grep -r} (or {@code grep -H}, or {@code grep} over several files) writes before each line it prints, where
 * the line is a container runtime's JSON ({@code <id>-json.log.1:{"log":"time=…","stream":"stderr","time":"…"}}: Docker's
 * json-file logs grepped on the node under {@code /var/lib/docker/containers/<id>/}, upstream #3791's shape, session 62). The name
 * is a path ending in {@code .log} (a rotated {@code .log.N} too), {@code grep -n}'s line number may follow it, and a context
 * line's separators are {@code -} where a match's are {@code :} ({@code name-117-} and {@code name:118:} with {@code -n}). Without this the JSON was found behind an unrecognised prefix and
 * read as the controller's own JSON record, which a runtime's envelope is not: nothing of such a paste was read.
 */
final class GrepFileName {
    /**
     * The name, then {@code grep -n}'s number between two separators ({@code name:118:} for a match, {@code name-117-} for a context
     * line: grep writes both of a context line's as {@code -}), or the separator alone.
     */
    private static final Pattern NAME = Pattern.compile("([^\\s\"'{}:]+\\.log(?:\\.\\d{1,3})?)(?:[:-](\\d{1,18})[:-]|[:-])(?=\\{\")");

    private GrepFileName() {
    }

    /** Where the JSON after a grep's file name begins ({@code {"}), or -1 if the line does not start with such a name. */
    static int jsonStart(String line) {
        if (line.isEmpty() || line.charAt(0) == '{') {
            return -1;
        }
        Matcher m = NAME.matcher(line);
        return m.lookingAt() ? m.end() : -1;
    }

    /** The file name itself (without the line number and separator) of a line {@link #jsonStart} found JSON in. */
    static String name(String line) {
        Matcher m = NAME.matcher(line);
        return m.lookingAt() ? m.group(1) : null;
    }

    /** {@code grep -n}'s line number in the file the name names, of a line {@link #jsonStart} found JSON in; -1 without {@code -n}. */
    static long number(String line) {
        Matcher m = NAME.matcher(line);
        return m.lookingAt() && m.group(2) != null ? Long.parseLong(m.group(2)) : -1;
    }
}
