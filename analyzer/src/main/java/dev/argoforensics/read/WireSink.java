package dev.argoforensics.read;

import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * The bytes of one engine value while it is written ({@link WireOut}), in memory, deflated once at the
 * end ({@link #deflated}). Numbers go as variable-length integers (7 bits a byte; signed ones zigzagged,
 * so a small negative number is short too): a line number, a count, a length or a reference to a string
 * written before takes one to three bytes, not four or eight. Writing to a {@code DataOutputStream} over
 * a {@code DeflaterOutputStream} handed zlib every int and boolean a byte at a time (a native call each:
 * session 27's profile found the wire forms in over a third of the fleet's CPU); here zlib sees the whole
 * value in one call. The method names are {@code DataOutput}'s, the encodings not.
 */
final class WireSink {
    /** Deflaters are reused per thread: a value of a few bytes (a group's batch) pays zlib's set-up once per thread, not per value. */
    private static final ThreadLocal<Deflater> DEFLATERS = ThreadLocal.withInitial(() -> new Deflater(Deflater.BEST_SPEED));

    private byte[] buf = new byte[256];
    private int size;

    private void room(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    void writeByte(int b) {
        room(1);
        buf[size++] = (byte) b;
    }

    void writeBoolean(boolean b) {
        writeByte(b ? 1 : 0);
    }

    /** An int, zigzagged (-1 is one byte). */
    void writeInt(int v) {
        writeUnsigned((v << 1) ^ (v >> 31));
    }

    /** A long, zigzagged. */
    void writeLong(long v) {
        long z = (v << 1) ^ (v >> 63);
        room(10);
        while ((z & ~0x7FL) != 0) {
            buf[size++] = (byte) ((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        buf[size++] = (byte) z;
    }

    /** A count, a length or a reference: never negative, seven bits a byte. */
    void writeUnsigned(int v) {
        room(5);
        while ((v & ~0x7F) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    void writeDouble(double d) {
        long bits = Double.doubleToRawLongBits(d);
        room(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            buf[size++] = (byte) (bits >>> shift);
        }
    }

    /**
     * A string's characters: their count, then each as one byte if it is 1 to 127, else as modified UTF-8 (two or
     * three bytes, lone surrogates kept as they are, as {@code writeUTF} keeps them, without its 64 KiB limit).
     */
    void writeChars(String s) {
        int n = s.length();
        writeUnsigned(n);
        room(n * 3);
        byte[] b = buf;
        int at = size;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 1 && c <= 0x7F) {
                b[at++] = (byte) c;
            } else if (c <= 0x7FF) {
                b[at++] = (byte) (0xC0 | (c >> 6));
                b[at++] = (byte) (0x80 | (c & 0x3F));
            } else {
                b[at++] = (byte) (0xE0 | (c >> 12));
                b[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[at++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        size = at;
    }

    int size() {
        return size;
    }

    /**
     * The bytes written, deflated (at {@code BEST_SPEED}) after their length as four bytes, so that {@link WireSource#inflated}
     * makes its array once, at its size.
     */
    byte[] deflated() {
        Deflater deflater = DEFLATERS.get();
        deflater.reset();
        deflater.setInput(buf, 0, size);
        deflater.finish();
        byte[] out = new byte[Math.max(64, size / 3 + 16)];
        out[0] = (byte) (size >>> 24);
        out[1] = (byte) (size >>> 16);
        out[2] = (byte) (size >>> 8);
        out[3] = (byte) size;
        int n = 4;
        while (!deflater.finished()) {
            if (n == out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            n += deflater.deflate(out, n, out.length - n);
        }
        deflater.reset(); // lets go of this value's bytes
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
