package dev.argoforensics.source;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/** Tells a listener how many bytes were read through it (the stored bytes, before any decompression). */
final class CountingInputStream extends FilterInputStream {
    private final LongConsumer read;

    CountingInputStream(InputStream in, LongConsumer read) {
        super(in);
        this.read = read;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            read.accept(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            read.accept(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        read.accept(skipped);
        return skipped;
    }
}
