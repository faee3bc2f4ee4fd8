package dev.argoforensics.read;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.line.NameWatch;
import dev.argoforensics.line.QuickScan;

/**
 * The Pods and Workflows whose lines an analysis keeps. Large inputs are mostly routine lines of
 * Pods nothing is wrong with; only lines that mention a name of interest are parsed in full and
 * kept, the others are counted. A line "mentions" a name when one of its tokens (runs of letters,
 * digits, '-', '.', '_') equals it, or, for a Workflow, starts with it followed by '-' (v2 Pod names
 * and node IDs begin with the Workflow's name). Hash collisions can only keep a line too many.
 *
 * <p>Filled from trigger lines and exported objects before the lines are kept; read-only after
 * {@link #freeze()}, and then safe to share between threads.
 *
 * <p>As a {@link NameWatch} it is told a logfmt line's tokens by the quick read of the line's head, which so walks the line
 * once for both ({@link QuickScan#head(String, int, NameWatch)}); {@link #mentions(String)} walks a text by itself. Both
 * decide each token with {@link #token}.
 */
public final class Interest implements NameWatch {
    private final LongSet exact = new LongSet();
    private final LongSet prefixes = new LongSet();
    /** Bit n set if some name in {@link #exact} (or {@link #prefixes}) has n characters (63: 63 or more). */
    private long exactLengths;
    private long prefixLengths;
    /**
     * Bit {@code c0 << 7 | c1} set if a name of interest starts with the characters c0 c1 (both token
     * characters, so ASCII): a token that starts otherwise is skipped without being hashed. Most of a
     * busy log's tokens are keys and words no name starts like.
     */
    private final long[] starts = new long[STARTS_WORDS];
    /** A name shorter than two characters, or names known by their hashes alone: every token is hashed. */
    private boolean startsUnknown;
    private static final int STARTS_WORDS = 128 * 128 / 64;
    private final boolean everything;
    private volatile boolean frozen;

    private Interest(boolean everything) {
        this.everything = everything;
    }

    /** Nothing is of interest yet. */
    public static Interest none() {
        return new Interest(false);
    }

    /** Every line is kept (for example when all timelines were asked for). */
    static Interest everything() {
        return new Interest(true);
    }

    boolean isEverything() {
        return everything;
    }

    /**
     * A Pod: its name, and every '-'-prefix of it as a possible Workflow name (a v2 Pod name is
     * {@code <workflow>-<template>-<hash>}), which keeps that Workflow's operator lines.
     */
    public synchronized void addPod(String name) {
        check();
        exact.add(hash(name, 0, name.length()));
        exactLengths |= lengthBit(name.length());
        start(name, name.length());
        for (int i = name.indexOf('-'); i > 0; i = name.indexOf('-', i + 1)) {
            exact.add(hash(name, 0, i));
            exactLengths |= lengthBit(i);
            start(name, i);
        }
    }

    /** A Workflow: its name, and names that start with it and a '-' (its Pods and nodes). */
    synchronized void addWorkflow(String name) {
        check();
        exact.add(hash(name, 0, name.length()));
        prefixes.add(hash(name, 0, name.length()));
        exactLengths |= lengthBit(name.length());
        prefixLengths |= lengthBit(name.length());
        start(name, name.length());
    }

    /** A node ID or name. */
    synchronized void addName(String name) {
        check();
        exact.add(hash(name, 0, name.length()));
        exactLengths |= lengthBit(name.length());
        start(name, name.length());
    }

    /** Notes how the name's first {@code length} characters start. */
    private void start(String name, int length) {
        if (length < 2 || name.charAt(0) >= 128 || name.charAt(1) >= 128) {
            startsUnknown = true;
        } else {
            int key = name.charAt(0) << 7 | name.charAt(1);
            starts[key >>> 6] |= 1L << key;
        }
    }

    private void addStarts(long[] other) {
        for (int i = 0; i < STARTS_WORDS; i++) {
            starts[i] |= other[i];
        }
    }

    synchronized void addAll(Interest other) {
        check();
        exact.addAll(other.exact);
        prefixes.addAll(other.prefixes);
        exactLengths |= other.exactLengths;
        prefixLengths |= other.prefixLengths;
        addStarts(other.starts);
        startsUnknown |= other.startsUnknown;
    }

    /** This interest as a file's scan (see {@link FileScan}). */
    synchronized FileScan toScan(boolean newestFirst) {
        return new FileScan(exact.values(), prefixes.values(), exactLengths, prefixLengths, newestFirst, startsUnknown ? null : starts);
    }

    /** Adds what a file's earlier scan made of interest. */
    synchronized void add(FileScan scan) {
        check();
        for (long v : scan.exact()) {
            exact.add(v);
        }
        for (long v : scan.prefixes()) {
            prefixes.add(v);
        }
        exactLengths |= scan.exactLengths();
        prefixLengths |= scan.prefixLengths();
        if (scan.starts() != null && scan.starts().length == STARTS_WORDS) {
            addStarts(scan.starts());
        } else if (scan.exact().length > 0 || scan.prefixes().length > 0) {
            startsUnknown = true; // recorded without them
        }
    }

    /** As text, to be sent to where files are read ({@link #decode}): its names as a {@link FileScan}'s, or {@code *} for everything. */
    public synchronized String encode() {
        return everything ? "*" : toScan(false).encode();
    }

    /** What {@link #encode()} gave, frozen. @throws IllegalArgumentException if the text is not that */
    public static Interest decode(String text) {
        Interest interest = text.equals("*") ? everything() : none();
        if (!interest.everything) {
            interest.add(FileScan.decode(text));
        }
        interest.freeze();
        return interest;
    }

    public void freeze() {
        frozen = true;
    }

    private void check() {
        if (frozen) {
            throw new IllegalStateException("interest is read-only once lines are being kept");
        }
    }

    /**
     * True if the text mentions a name of interest. One pass over the characters, with one rolling
     * hash per token: at each '-' it is the hash of the token so far (a possible Workflow prefix), at
     * the token's end the hash of the whole token. A set is probed only where a name of interest has
     * that length, and a token is hashed only if a name of interest starts with its first two
     * characters (every candidate, a whole token, a '-'-prefix or a token less its final '.', of two
     * characters or more starts with them; a shorter one can be a name only if {@link #startsUnknown}).
     */
    public boolean mentions(String text) {
        return mentions(text, 0);
    }

    /** As {@link #mentions(String)} for the text from {@code from} on. */
    boolean mentions(String text, int from) {
        if (everything) {
            return true;
        }
        final int n = text.length();
        int i = from;
        while (i < n) {
            char c = text.charAt(i);
            if (!isTokenChar(c)) {
                if (c == '\\' && i + 1 < n) {
                    char e = text.charAt(i + 1);
                    if (e == '\\') {
                        i += 2; // an escaped backslash: no escape letter follows it
                        continue;
                    }
                    // After a control character's escape (\n, \t, ...) the decoded text's token starts after the letter
                    // ("\nwf-a-1"); the raw token from the letter on is read next as before
                    if (isEscapeLetter(e) && i + 2 < n && isTokenChar(text.charAt(i + 2)) && token(text, i + 2, n) < 0) {
                        return true;
                    }
                }
                i++;
                continue;
            }
            i = token(text, i, n);
            if (i < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * One token of {@link #mentions}'s walk, starting at {@code from} (a token character after none): the index after it, or
     * that index's complement if it mentions a name of interest (see {@link NameWatch#token}).
     */
    @Override
    public int token(String text, int from, int n) {
        int i = from;
        char c = text.charAt(i);
        if (everything) {
            while (++i < n && isTokenChar(text.charAt(i))) {
                // every token is of interest
            }
            return ~i;
        }
        final long[] starts = startsUnknown ? null : this.starts;
        if (starts != null) {
            char c1;
            if (i + 1 == n || !isTokenChar(c1 = text.charAt(i + 1))) {
                return i + 1; // one character: no name of interest is that short
            }
            int key = c << 7 | c1;
            if ((starts[key >>> 6] & (1L << key)) == 0) {
                i += 2;
                while (i < n && isTokenChar(text.charAt(i))) {
                    i++;
                }
                return i;
            }
        }
        final long prefixLengths = this.prefixLengths;
        int start = i;
        long h = SEED;
        long beforeLast = SEED;
        while (true) {
            if (c == '-' && i > start && (prefixLengths & lengthBit(i - start)) != 0 && prefixes.contains(h)) {
                // the rest of the token is read to give its end
                while (++i < n && isTokenChar(text.charAt(i))) {
                    // skipped
                }
                return ~i;
            }
            beforeLast = h;
            h = 31 * h + c;
            if (++i == n) {
                break;
            }
            c = text.charAt(i);
            if (!isTokenChar(c)) {
                break;
            }
        }
        final long anyLength = exactLengths | prefixLengths;
        if ((anyLength & lengthBit(i - start)) != 0 && (exact.contains(h) || prefixes.contains(h))) {
            return ~i;
        }
        // A name that ends a sentence ("acquired by argo/wf-1. Lock availability: 0/1"): the period is no part of it.
        if (text.charAt(i - 1) == '.' && i - 1 > start && (anyLength & lengthBit(i - 1 - start)) != 0
                && (exact.contains(beforeLast) || prefixes.contains(beforeLast))) {
            return ~i;
        }
        return i;
    }

    /** A letter Go's and JSON's quoting write after a backslash for a control character (\\n, \\t, \\r, \\a, \\b, \\f, \\v). */
    private static boolean isEscapeLetter(char c) {
        return c == 'n' || c == 't' || c == 'r' || c == 'a' || c == 'b' || c == 'f' || c == 'v';
    }

    private static long lengthBit(int length) {
        return 1L << Math.min(length, 63);
    }

    private static boolean isTokenChar(char c) {
        return QuickScan.isNameChar(c);
    }

    private static final long SEED = 1125899906842597L;

    static long hash(String s, int from, int to) {
        long h = SEED;
        for (int i = from; i < to; i++) {
            h = 31 * h + s.charAt(i);
        }
        return h;
    }
}
