package dev.argoforensics.read;

/**
 * An open-addressing set of longs: no boxing on the per-line path, and one array to probe (a probe
 * is one cache line, not two; 0 marks a free slot and the value 0 itself is held apart).
 */
final class LongSet {
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
