package dev.argoforensics.read;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds where any of a few ASCII anchors occurs in a block of bytes, in one pass that skips ahead
 * several bytes at a time (Wu and Manber's multi-pattern shift table over byte pairs). It reads the
 * block once whatever the number of anchors, and does not depend on the JIT compiler's vectorised
 * {@code String.indexOf}, which a cold JVM runs slowly for the first hundreds of megabytes.
 */
final class AnchorSearch {
    private final byte[][] anchors;
    /** Bytes every anchor has at least; the window the shift table looks through. */
    private final int window;
    /** How far the window may move when its last two bytes are this pair. */
    private final byte[] shift = new byte[1 << 16];
    /** Anchors whose window ends with this pair (index into {@link #anchors}), or null. */
    private final int[][] endingWith = new int[1 << 16][];

    AnchorSearch(List<String> anchorTexts) {
        anchors = new byte[anchorTexts.size()][];
        int shortest = Integer.MAX_VALUE;
        for (int i = 0; i < anchors.length; i++) {
            anchors[i] = anchorTexts.get(i).getBytes(StandardCharsets.US_ASCII);
            shortest = Math.min(shortest, anchors[i].length);
        }
        if (anchors.length == 0 || shortest < 2) {
            throw new IllegalArgumentException("anchors must be at least 2 bytes: " + anchorTexts);
        }
        window = Math.min(shortest, 64);
        Arrays.fill(shift, (byte) (window - 1));
        List<List<Integer>> ending = new ArrayList<>();
        for (int p = 0; p < 1 << 16; p++) {
            ending.add(null);
        }
        for (int a = 0; a < anchors.length; a++) {
            byte[] b = anchors[a];
            for (int j = 1; j < window; j++) {
                int pair = pair(b[j - 1], b[j]);
                shift[pair] = (byte) Math.min(shift[pair], window - 1 - j);
            }
            int last = pair(b[window - 2], b[window - 1]);
            if (ending.get(last) == null) {
                ending.set(last, new ArrayList<>());
            }
            ending.get(last).add(a);
        }
        for (int p = 0; p < 1 << 16; p++) {
            if (ending.get(p) != null) {
                endingWith[p] = ending.get(p).stream().mapToInt(Integer::intValue).toArray();
            }
        }
    }

    private static int pair(byte a, byte b) {
        return (a & 0xff) << 8 | (b & 0xff);
    }

    /** Receives where an anchor starts, and which anchor it is (its index in the constructor's list). */
    interface Hit {
        void at(int offset, int anchor);
    }

    /** Calls {@code hit} for every place in {@code bytes[0, length)} where an anchor starts, in order. */
    void find(byte[] bytes, int length, Hit hit) {
        int pos = window - 1;
        while (pos < length) {
            int pair = (bytes[pos - 1] & 0xff) << 8 | (bytes[pos] & 0xff);
            int s = shift[pair];
            if (s > 0) {
                pos += s;
                continue;
            }
            int start = pos - window + 1;
            for (int a : endingWith[pair]) {
                if (matches(bytes, length, start, anchors[a])) {
                    hit.at(start, a);
                    break;
                }
            }
            pos++;
        }
    }

    private static boolean matches(byte[] bytes, int length, int start, byte[] anchor) {
        if (start + anchor.length > length) {
            return false;
        }
        for (int i = 0; i < anchor.length; i++) {
            if (bytes[start + i] != anchor[i]) {
                return false;
            }
        }
        return true;
    }
}
