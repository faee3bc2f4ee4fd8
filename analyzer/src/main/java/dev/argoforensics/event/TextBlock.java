package dev.argoforensics.event;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The record texts of a run of consecutive kept events of one file, deflated together once the block
 * is full. On an incident corpus the reading keeps three lines in four, and their texts were half of
 * what it kept (2 million Strings, 440 MB); neighbouring controller lines share most of their bytes
 * (keys, messages, names, the date), so a block of about {@value #TARGET_CHARS} characters deflates
 * to about a fifth. A text is inflated again when it is asked for: a report quotes a few thousand
 * lines; a pass over the events in reading order inflates each block once (the blocks inflated last
 * are kept per thread).
 *
 * <p>Only texts of Latin-1 characters are packed (a byte per character, as a Latin-1 String holds
 * them, so every text comes back equal to what was read); a block holding any other character keeps
 * its Strings. A block is filled by one thread (the reading's assembler) and may be read by any
 * thread, also while it is still being filled (the index's sink reads an event as soon as it is made).
 *
 * <p>A packer given a {@link TextSpill} writes the block's deflated texts there once the spill's share of the heap is used
 * up, with the texts' lengths before them: the block then holds only where they stand in the spill, and reads them back when
 * a text is asked for (docs/performance.md, session 29).
 */
public final class TextBlock {
    /** Characters per block before it is packed: about 20 controller lines. */
    public static final int TARGET_CHARS = 4096;

    /** The texts while the block is filled (and for good, if one is not Latin-1); null once packed. */
    private String[] open;
    private int count;
    private int chars;
    private boolean latin1 = true;
    /** Once packed: the deflated texts, one after another, and where each ends. */
    private byte[] packed;
    private int[] ends;
    /** Once packed into a spill instead: the spill, and where the block's record (lengths, then deflated texts) stands in it. */
    private TextSpill spill;
    private long spillAt;
    private int spillLength;

    private static final java.util.concurrent.atomic.AtomicInteger SERIALS = new java.util.concurrent.atomic.AtomicInteger();
    /** Which slot of a thread's inflated blocks it takes. */
    private final int serial = SERIALS.getAndIncrement();

    private TextBlock(int capacity) {
        open = new String[capacity];
    }

    /** A block of one text, never packed (events made one by one: tests, a retimed line). */
    public static TextBlock of(String text) {
        TextBlock b = new TextBlock(1);
        b.open[0] = java.util.Objects.requireNonNull(text, "text");
        b.count = 1;
        return b;
    }

    /** The text at {@code index}, equal to the String that was added there. */
    public String text(int index) {
        byte[] raw;
        int from;
        int to;
        synchronized (this) {
            if (open != null) {
                return open[index];
            }
            if (index < 0 || index >= count) {
                throw new IndexOutOfBoundsException("text " + index + " of " + count);
            }
            Inflated last = Inflated.LAST.get();
            int slot = last.load(this);
            raw = last.bytes[slot];
            int[] e = last.ends[slot];
            from = index == 0 ? 0 : e[index - 1];
            to = e[index];
        }
        return new String(raw, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** How many texts the block holds. */
    public synchronized int size() {
        return count;
    }

    /** True once the block's texts are held deflated. */
    public synchronized boolean isPacked() {
        return packed != null || spill != null;
    }

    /** True once the block's texts are held deflated in a {@link TextSpill}, not in the heap. */
    public synchronized boolean isSpilled() {
        return spill != null;
    }

    private synchronized int add(String text) {
        if (count == open.length) {
            open = Arrays.copyOf(open, open.length * 2);
        }
        open[count] = text;
        chars += text.length();
        if (latin1) {
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) > 0xFF) {
                    latin1 = false;
                    break;
                }
            }
        }
        return count++;
    }

    /**
     * Deflates the texts into {@code packer}'s buffers (reused from block to block: a block's bytes and its
     * deflated form are made once per block, not once per text and again while growing).
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): the Latin-1 copy wanted, without a byte[] per text
    private synchronized void pack(Packer packer) {
        if (!latin1 || count == 0) {
            if (open.length > count) {
                open = Arrays.copyOf(open, count);
            }
            return;
        }
        byte[] raw = packer.raw(chars);
        int[] e = new int[count];
        int at = 0;
        // The record a spill holds: each text's length (a varint), then the deflated texts; in the heap only the latter.
        byte[] out = packer.out(5 * count + TARGET_CHARS);
        int h = 0;
        for (int i = 0; i < count; i++) {
            String t = open[i];
            t.getBytes(0, t.length(), raw, at); // every char is Latin-1 (checked as added): one byte each
            at += t.length();
            e[i] = at;
            for (int v = t.length(); ; v >>>= 7) {
                if ((v & ~0x7f) == 0) {
                    out[h++] = (byte) v;
                    break;
                }
                out[h++] = (byte) (v & 0x7f | 0x80);
            }
        }
        Deflater deflater = packer.deflater;
        deflater.reset();
        deflater.setInput(raw, 0, at);
        deflater.finish();
        int n = h;
        while (!deflater.finished()) {
            if (n == out.length) {
                out = packer.out = Arrays.copyOf(out, out.length * 2);
            }
            n += deflater.deflate(out, n, out.length - n);
        }
        long where = packer.spill == null ? -1 : packer.spill.put(out, n);
        if (where >= 0) {
            spill = packer.spill;
            spillAt = where;
            spillLength = n;
        } else {
            packed = Arrays.copyOfRange(out, h, n);
            ends = e;
        }
        open = null;
    }

    /**
     * The blocks a thread inflated last, {@value #SLOTS} of them by the block's serial number: a pass in
     * reading order inflates each block once, and a Pod's timeline, whose lines are near each other in
     * their files, finds most of its blocks already inflated.
     */
    private static final class Inflated {
        private static final int SLOTS = 64;
        private static final ThreadLocal<Inflated> LAST = ThreadLocal.withInitial(Inflated::new);
        private final Inflater inflater = new Inflater();
        private final TextBlock[] blocks = new TextBlock[SLOTS];
        private final byte[][] bytes = new byte[SLOTS][];
        /** Where each text of the slot's block ends: the block's own array, or for a spilled block one read from the spill. */
        private final int[][] ends = new int[SLOTS][];
        /** The ends read from the spill, per slot (reused: never a heap block's own array, which is not to be written). */
        private final int[][] ownEnds = new int[SLOTS][];
        /** A spilled block's record, read back (reused). */
        private byte[] record = new byte[TARGET_CHARS];

        /** The slot holding {@code b}'s texts inflated, with their ends (called holding the block's lock: it is packed). */
        int load(TextBlock b) {
            int slot = b.serial & (SLOTS - 1);
            if (blocks[slot] != b) {
                blocks[slot] = null;
                if (b.spill != null) {
                    loadSpilled(b, slot);
                } else {
                    bytes[slot] = inflate(b, b.packed, 0, b.packed.length, bytes[slot]);
                    ends[slot] = b.ends;
                }
                blocks[slot] = b;
            }
            return slot;
        }

        private void loadSpilled(TextBlock b, int slot) {
            if (record.length < b.spillLength) {
                record = new byte[Math.max(b.spillLength, record.length * 2)];
            }
            b.spill.read(b.spillAt, record, b.spillLength);
            int[] e = ownEnds[slot] != null && ownEnds[slot].length >= b.count ? ownEnds[slot] : new int[Math.max(b.count, 32)];
            ownEnds[slot] = e;
            int h = 0;
            int at = 0;
            for (int i = 0; i < b.count; i++) {
                int v = 0;
                for (int shift = 0; ; shift += 7) {
                    byte x = record[h++];
                    v |= (x & 0x7f) << shift;
                    if (x >= 0) {
                        break;
                    }
                }
                at += v;
                e[i] = at;
            }
            ends[slot] = e;
            bytes[slot] = inflate(b, record, h, b.spillLength - h, bytes[slot]);
        }

        /**
         * The block's bytes, inflated into {@code reuse} (the bytes of the block the slot held before, which this
         * thread no longer reads: {@link TextBlock#text} makes its String before it asks for another block) if they
         * fit, else into a new array: a pass that reads a few lines of every block (the cut schedules' check, the
         * timelines) inflated a new array of a block's size for each, as much as all the texts kept.
         */
        private byte[] inflate(TextBlock b, byte[] input, int from, int length, byte[] reuse) {
            int rawLength = b.chars;
            byte[] raw = reuse != null && reuse.length >= rawLength ? reuse : new byte[Math.max(rawLength, TARGET_CHARS * 2)];
            inflater.reset();
            inflater.setInput(input, from, length);
            try {
                int at = 0;
                while (at < rawLength) {
                    int n = inflater.inflate(raw, at, rawLength - at);
                    if (n == 0 && (inflater.finished() || inflater.needsInput())) {
                        break;
                    }
                    at += n;
                }
                if (at != rawLength) {
                    throw new IllegalStateException("a text block inflated to " + at + " bytes, not " + rawLength);
                }
            } catch (DataFormatException e) {
                throw new IllegalStateException("a text block does not inflate", e);
            }
            return raw;
        }
    }

    /**
     * Fills blocks with the texts of one file in order and packs each once full. Not thread-safe: one
     * per file being assembled.
     */
    public static final class Packer {
        private final boolean pack;
        private Deflater deflater;
        /** A block's texts as bytes, and its deflated form: reused for every block of the file. */
        private byte[] raw = new byte[0];
        private byte[] out;
        private TextBlock current;
        private int index;
        /** Where full blocks go once deflated, or null to keep them in the heap. */
        private final TextSpill spill;

        /** @param pack deflate full blocks; false where the events are dropped as soon as they are made (the index) */
        public Packer(boolean pack) {
            this(pack, null);
        }

        /**
         * @param pack  as {@link #Packer(boolean)}
         * @param spill where the deflated blocks go beyond its share of the heap, or null to keep them all in the heap
         */
        public Packer(boolean pack, TextSpill spill) {
            this.pack = pack;
            this.spill = spill;
        }

        /** Adds a text; {@link #block()} and {@link #index()} then say where it stands. */
        public void add(String text) {
            if (current == null || current.chars >= TARGET_CHARS) {
                seal();
                current = new TextBlock(24);
            }
            index = current.add(text);
        }

        /** The block of the text added last. */
        public TextBlock block() {
            return current;
        }

        /** Its index in that block. */
        public int index() {
            return index;
        }

        /** Packs the block being filled, if any; the next text starts a new one. Call at the end of the file. */
        public void seal() {
            if (current == null) {
                return;
            }
            if (pack) {
                if (deflater == null) {
                    deflater = new Deflater(Deflater.BEST_SPEED);
                    out = new byte[TARGET_CHARS];
                }
                current.pack(this);
            }
            current = null;
        }

        /** The buffer for a block's record, of at least {@code length} bytes. */
        private byte[] out(int length) {
            if (out.length < length) {
                out = new byte[Math.max(length, out.length * 2)];
            }
            return out;
        }

        private byte[] raw(int length) {
            if (raw.length < length) {
                raw = new byte[Math.max(length, TARGET_CHARS * 2)];
            }
            return raw;
        }

        /** Seals the last block and frees the deflater. */
        public void finish() {
            seal();
            if (deflater != null) {
                deflater.end();
                deflater = null;
            }
        }
    }
}
