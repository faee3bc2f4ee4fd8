package dev.argoforensics.read;

import dev.argoforensics.accounting.ReadStats;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.source.InputFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What was wrong with one log file itself, over its chunks: damage that ended the reading, lines cut
 * for length, bytes that are not UTF-8, NUL runs, a last line without a line break, records read from
 * lines cut short, and where reading stopped on a failure. Chunks may come last first (a file read
 * newest first): each "first" is the smallest line, not the first met.
 */
final class FileDamage {
    /** What reading met besides lines, over the chunks so far, with file line numbers. */
    private String damage;
    private long damageLine;
    private long cutLines;
    private long firstCutLine;
    private String firstCutReason;
    private long invalidUtf8Lines;
    private long firstInvalidUtf8Line;
    private long nulLines;
    private long firstNulLine;
    private long nulBytes;
    private long unterminatedLine;
    /** What the first lines cut short lost is kept for this many; beyond, they are only counted. */
    private static final int CUT_SHORT_KEPT = 10_000;
    /** Records read from lines cut short, the first of them, and what the first of them lost (by file line). */
    private long readInPart;
    private long firstReadInPart;
    private String firstReadInPartLost;
    private final Map<Long, String> cutShort = new java.util.TreeMap<>();
    /** Where reading stopped on a failure, or null. */
    private UnparsedLine stoppedAt;

    /** Adds what reading one chunk met; {@code base}: the file's lines before the chunk. */
    void add(ReadStats st, long base) {
        if (st.damage() != null && damage == null) {
            damage = st.damage();
            damageLine = base + st.damageLine();
        }
        // A file read newest first hands its chunks over last chunk first: the first line is the smallest, not the first seen.
        if (st.cutLines() > 0 && (cutLines == 0 || base + st.firstCutLine() < firstCutLine)) {
            firstCutLine = base + st.firstCutLine();
            firstCutReason = st.firstCutReason();
        }
        cutLines += st.cutLines();
        if (st.invalidUtf8Lines() > 0 && (invalidUtf8Lines == 0 || base + st.firstInvalidUtf8Line() < firstInvalidUtf8Line)) {
            firstInvalidUtf8Line = base + st.firstInvalidUtf8Line();
        }
        invalidUtf8Lines += st.invalidUtf8Lines();
        if (st.nulLines() > 0 && (nulLines == 0 || base + st.firstNulLine() < firstNulLine)) {
            firstNulLine = base + st.firstNulLine();
        }
        nulLines += st.nulLines();
        nulBytes += st.nulBytes();
        if (st.unterminatedLine() > 0) {
            unterminatedLine = base + st.unterminatedLine();
        }
    }

    void stoppedAt(UnparsedLine where) {
        stoppedAt = where;
    }

    long readInPart() {
        return readInPart;
    }

    Map<Long, String> cutShort() {
        return cutShort;
    }

    /** A record read from a line cut short, at its first file line; {@code lost}: what it lost. */
    void readInPart(long line, String lost) {
        if (readInPart++ == 0 || line < firstReadInPart) {
            firstReadInPart = line;
            firstReadInPartLost = lost;
        }
        cutShort.put(line, lost);
        if (cutShort.size() > CUT_SHORT_KEPT) {
            ((java.util.TreeMap<Long, String>) cutShort).pollLastEntry(); // the first lines of the file, in whatever order they come
        }
    }

    /** What was wrong with the file itself, in the order a reader meets it: each at its first line. */
    List<UnparsedLine> problems(InputFile file, long lines) {
        List<UnparsedLine> found = new ArrayList<>();
        if (nulLines > 0) {
            found.add(UnparsedLine.of(file.at(firstNulLine), "expected the line to start with a record, found " + count(nulBytes, "NUL byte")
                    + " (what a log truncated in place, e.g. by copytruncate, holds): skipped, the rest of the line read"
                    + likeThis(nulLines), ""));
        }
        if (invalidUtf8Lines > 0) {
            found.add(UnparsedLine.of(file.at(firstInvalidUtf8Line), "expected UTF-8 text, found bytes that are not UTF-8: read as U+FFFD"
                    + likeThis(invalidUtf8Lines), ""));
        }
        if (cutLines > 0) {
            found.add(UnparsedLine.of(file.at(firstCutLine), firstCutReason + "; counted as unparsed" + likeThis(cutLines), ""));
        }
        if (readInPart > 0) {
            found.add(UnparsedLine.of(file.at(firstReadInPart), "expected a whole record, found a line cut short"
                    + (firstReadInPartLost == null ? "" : " (" + firstReadInPartLost + ")")
                    + ": read in part, every field before the cut kept" + likeThis(readInPart), ""));
        }
        if (unterminatedLine > 0) {
            found.add(UnparsedLine.of(file.at(unterminatedLine), "expected a line break at the end of the file, found none:"
                    + " the copy may have been cut in this line (read as it is)", ""));
        }
        if (damage != null) {
            long before = damageLine - 1;
            found.add(UnparsedLine.of(file.at(Math.max(1, damageLine)), damage + (lines == 0 ? ": no line could be read"
                    : before < 1 ? ": no whole line before it could be read" : ": the " + count(before, "line") + " before were read, nothing after"), ""));
        }
        if (stoppedAt != null) {
            found.add(stoppedAt);
        }
        found.sort(java.util.Comparator.comparing(UnparsedLine::source));
        return found;
    }

    /** "" for one line, else how many there are. */
    private static String likeThis(long lines) {
        return lines == 1 ? "" : "; " + lines + " lines like this, the first here";
    }

    private static String count(long n, String word) {
        return FileAssembler.count(n, word);
    }
}
