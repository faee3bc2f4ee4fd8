package dev.argoforensics.read;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** Reads what a {@link WireSink} wrote, from its bytes inflated at once. */
final class WireSource {
    private static final ThreadLocal<Inflater> INFLATERS = ThreadLocal.withInitial(Inflater::new);

    private final byte[] buf;
    private int at;

    private WireSource(byte[] buf) {
        this.buf = buf;
    }

    /** @throws IOException if the bytes are not what {@link WireSink#deflated} gave */
    static WireSource inflated(byte[] bytes) throws IOException {
        if (bytes.length < 4) {
            throw new IOException("not a wire value: " + bytes.length + " byte(s)");
        }
        int size = ((bytes[0] & 0xFF) << 24) | ((bytes[1] & 0xFF) << 16) | ((bytes[2] & 0xFF) << 8) | (bytes[3] & 0xFF);
        if (size < 0) {
            throw new IOException("not a wire value: a length of " + size);
        }
        byte[] raw = new byte[size];
        Inflater inflater = INFLATERS.get();
        inflater.reset();
        inflater.setInput(bytes, 4, bytes.length - 4);
        try {
            int n = 0;
            while (n < size) {
                int got = inflater.inflate(raw, n, size - n);
                if (got == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n == size && !inflater.finished() && inflater.inflate(new byte[1]) != 0) {
                throw new IOException("not a wire value: more bytes than the " + size + " announced");
            }
            if (n != size || !inflater.finished()) { // the stream's end (and its checksum) read too: not a value cut short
                throw new IOException("not a wire value: " + n + " byte(s) inflated of " + size + " announced" + (n == size ? ", the stream cut short" : ""));
            }
        } catch (DataFormatException e) {
            throw new IOException("not a wire value: " + e.getMessage(), e);
        } finally {
            inflater.reset();
        }
        return new WireSource(raw);
    }

    /** Throws unless {@code n} more bytes are left: what a count of elements of a byte each at least must fit. */
    void mayHold(int n) throws EOFException {
        need(n);
    }

    private void need(int n) throws EOFException {
        if (n < 0 || at + n > buf.length) {
            throw new EOFException("a wire value ends " + (at + n - buf.length) + " byte(s) early");
        }
    }

    byte readByte() throws IOException {
        need(1);
        return buf[at++];
    }

    boolean readBoolean() throws IOException {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw new IOException("not a boolean: " + b);
        }
        return b == 1;
    }

    int readInt() throws IOException {
        int z = readUnsigned();
        return (z >>> 1) ^ -(z & 1);
    }

    long readLong() throws IOException {
        long z = varint(10);
        return (z >>> 1) ^ -(z & 1);
    }

    int readUnsigned() throws IOException {
        return (int) varint(5); // 32 bits as WireSink.writeUnsigned wrote them, a negative int's too
    }

    /** Seven bits a byte, the lowest first, at most {@code most} bytes. */
    private long varint(int most) throws IOException {
        long v = 0;
        for (int i = 0; i < most; i++) {
            byte b = readByte();
            v |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                return v;
            }
        }
        throw new IOException("a number of more than " + most + " bytes");
    }

    double readDouble() throws IOException {
        need(8);
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits = (bits << 8) | (buf[at++] & 0xFF);
        }
        return Double.longBitsToDouble(bits);
    }

    /** What {@link WireSink#writeChars} wrote. */
    String readChars() throws IOException {
        int n = readUnsigned();
        need(n); // at least a byte a character
        int end = at + n;
        int i = at;
        while (i < end && buf[i] > 0) {
            i++;
        }
        if (i == end) { // all ASCII: a byte each, the String made from them at once
            String s = new String(buf, at, n, StandardCharsets.ISO_8859_1);
            at = end;
            return s;
        }
        char[] chars = new char[n];
        for (int c = 0; c < n; c++) {
            int b = readByte() & 0xFF;
            if (b >= 1 && b <= 0x7F) {
                chars[c] = (char) b;
            } else if ((b & 0xE0) == 0xC0) {
                chars[c] = (char) (((b & 0x1F) << 6) | continuation());
            } else if ((b & 0xF0) == 0xE0) {
                chars[c] = (char) (((b & 0x0F) << 12) | (continuation() << 6) | continuation());
            } else {
                throw new IOException("not a character's first byte: " + b);
            }
        }
        return new String(chars);
    }

    private int continuation() throws IOException {
        int b = readByte() & 0xFF;
        if ((b & 0xC0) != 0x80) {
            throw new IOException("not a character's next byte: " + b);
        }
        return b & 0x3F;
    }

    /** True once every byte was read: a value is read to its end, or it was not the value written. */
    boolean atEnd() {
        return at == buf.length;
    }
}
