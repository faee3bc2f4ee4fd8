package dev.argoforensics.read;

import dev.argoforensics.accounting.FileScan;

/**
 * The Pods and Workflows whose lines an analysis keeps. Large inputs are mostly routine lines of
 * Pods nothing is wrong with; only lines that mention a name of interest are parsed in full and
 * kept, the others are counted. A line "mentions" a name when one of its tokens (runs of letters,
 * digits, '-', '.', '_') equals it, or, for a Workflow, starts with it followed by '-' (v2 Pod names
 * and node IDs begin with the Workflow's name). Hash collisions can only keep a line too many.
 *
 * <p>Filled from trigger lines and exported objects before the lines are kept; read-only after
 * {@link #freeze()}, and then safe to share between threads.
 */
public final class Interest {
    private final LongSet exact = new LongSet();
    private final LongSet prefixes = new LongSet();
    /** Bit n set if some name in {@link #exact} (or {@link #prefixes}) has n characters (63: 63 or more). */
    private long exactLengths;
    private long prefixLengths;
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
        for (int i = name.indexOf('-'); i > 0; i = name.indexOf('-', i + 1)) {
            exact.add(hash(name, 0, i));
            exactLengths |= lengthBit(i);
        }
    }

    /** A Workflow: its name, and names that start with it and a '-' (its Pods and nodes). */
    synchronized void addWorkflow(String name) {
        check();
        exact.add(hash(name, 0, name.length()));
        prefixes.add(hash(name, 0, name.length()));
        exactLengths |= lengthBit(name.length());
        prefixLengths |= lengthBit(name.length());
    }

    /** A node ID or name. */
    synchronized void addName(String name) {
        check();
        exact.add(hash(name, 0, name.length()));
        exactLengths |= lengthBit(name.length());
    }

    synchronized void addAll(Interest other) {
        check();
        exact.addAll(other.exact);
        prefixes.addAll(other.prefixes);
        exactLengths |= other.exactLengths;
        prefixLengths |= other.prefixLengths;
    }

    /** This interest as a file's scan (see {@link FileScan}). */
    synchronized FileScan toScan(boolean newestFirst) {
        return new FileScan(exact.values(), prefixes.values(), exactLengths, prefixLengths, newestFirst);
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
     * that length.
     */
    public boolean mentions(String text) {
        return mentions(text, 0);
    }

    /** As {@link #mentions(String)} for the text from {@code from} on. */
    boolean mentions(String text, int from) {
        if (everything) {
            return true;
        }
        final long anyLength = exactLengths | prefixLengths;
        final long prefixLengths = this.prefixLengths;
        final int n = text.length();
        int i = from;
        while (i < n) {
            char c = text.charAt(i);
            if (!isTokenChar(c)) {
                i++;
                continue;
            }
            int start = i;
            long h = SEED;
            long beforeLast = SEED;
            while (true) {
                if (c == '-' && i > start && (prefixLengths & lengthBit(i - start)) != 0 && prefixes.contains(h)) {
                    return true;
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
            if ((anyLength & lengthBit(i - start)) != 0 && (exact.contains(h) || prefixes.contains(h))) {
                return true;
            }
            // A name that ends a sentence ("acquired by argo/wf-1. Lock availability: 0/1"): the period is no part of it.
            if (text.charAt(i - 1) == '.' && i - 1 > start && (anyLength & lengthBit(i - 1 - start)) != 0
                    && (exact.contains(beforeLast) || prefixes.contains(beforeLast))) {
                return true;
            }
        }
        return false;
    }

    private static long lengthBit(int length) {
        return 1L << Math.min(length, 63);
    }

    private static final boolean[] TOKEN_CHARS = new boolean[128];

    static {
        for (char c = 0; c < 128; c++) {
            TOKEN_CHARS[c] = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || c == '-' || c == '.' || c == '_';
        }
    }

    private static boolean isTokenChar(char c) {
        return c < 128 && TOKEN_CHARS[c];
    }

    private static final long SEED = 1125899906842597L;

    static long hash(String s, int from, int to) {
        long h = SEED;
        for (int i = from; i < to; i++) {
            h = 31 * h + s.charAt(i);
        }
        return h;
    }

    /**
     * An open-addressing set of longs: no boxing on the per-line path, and one array to probe (a probe
     * is one cache line, not two; 0 marks a free slot and the value 0 itself is held apart).
     */
    static final class LongSet {
        private long[] slots = new long[64];
        private boolean hasZero;
        private int size;

        void add(long v) {
            if (v == 0) {
                if (!hasZero) {
                    hasZero = true;
                    size++;
                }
                return;
            }
            if ((size + 1) * 2 > slots.length) {
                grow();
            }
            int mask = slots.length - 1;
            int i = index(v, mask);
            long s;
            while ((s = slots[i]) != 0) {
                if (s == v) {
                    return;
                }
                i = (i + 1) & mask;
            }
            slots[i] = v;
            size++;
        }

        boolean contains(long v) {
            if (v == 0) {
                return hasZero;
            }
            long[] t = slots;
            int mask = t.length - 1;
            int i = index(v, mask);
            long s;
            while ((s = t[i]) != 0) {
                if (s == v) {
                    return true;
                }
                i = (i + 1) & mask;
            }
            return false;
        }

        void addAll(LongSet other) {
            if (other.hasZero) {
                add(0);
            }
            for (long v : other.slots) {
                if (v != 0) {
                    add(v);
                }
            }
        }

        int size() {
            return size;
        }

        /** The values, in ascending order. */
        long[] values() {
            long[] out = new long[size];
            int n = 0;
            if (hasZero) {
                out[n++] = 0;
            }
            for (long v : slots) {
                if (v != 0) {
                    out[n++] = v;
                }
            }
            java.util.Arrays.sort(out);
            return out;
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            size = hasZero ? 1 : 0;
            for (long v : old) {
                if (v != 0) {
                    add(v);
                }
            }
        }

        private static int index(long v, int mask) {
            long x = v * 0x9E3779B97F4A7C15L;
            return (int) (x >>> 40) & mask;
        }
    }
}
