package dev.argoforensics.source;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;

/**
 * The content of an input file as a stream: decompressed if it is gzip, with the SHA-256 of the
 * stored bytes and the number of content lines computed on the way, so that each file is read once.
 */
public final class SourceStream extends FilterInputStream {
    private final DigestInputStream stored;
    private final boolean countLines;
    private long newlines;
    private boolean endsWithNewline = true;
    private boolean any;
    private String sha256;

    private SourceStream(DigestInputStream stored, InputStream content, boolean countLines) {
        super(content);
        this.stored = stored;
        this.countLines = countLines;
    }

    /**
     * @param countLines whether to count content lines (readers that split lines themselves don't need it)
     * @throws NoGzipHeader if the file opens but is not gzip after all, or is cut inside its header
     */
    public static SourceStream open(InputFile file, boolean countLines) throws IOException {
        return open(file, countLines, file.compressed());
    }

    /** The stored bytes as they are (no decompression): for the SHA-256 of a file whose gzip stream is damaged. */
    public static SourceStream stored(InputFile file) throws IOException {
        return open(file, false, false);
    }

    private static SourceStream open(InputFile file, boolean countLines, boolean decompress) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        DigestInputStream stored = new DigestInputStream(Files.newInputStream(file.path()), sha256);
        InputStream content;
        try {
            String utf16 = decompress ? Utf16Text.of(file.path()) : null;
            content = !decompress ? stored : utf16 != null ? new Utf16Text(stored, utf16) : new EndsAtDamage(new GZIPInputStream(stored, 64 * 1024));
        } catch (IOException e) {
            stored.close();
            throw e instanceof java.io.EOFException || e instanceof java.util.zip.ZipException ? new NoGzipHeader(e) : e;
        }
        return new SourceStream(stored, content, countLines);
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0 && countLines) {
            count(b);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        for (int i = 0; countLines && i < n; i++) {
            count(buffer[offset + i]);
        }
        return n;
    }

    private void count(int b) {
        any = true;
        endsWithNewline = b == '\n';
        if (endsWithNewline) {
            newlines++;
        }
    }

    /**
     * What ended a damaged gzip stream early, or null: the stream then simply ends after the last
     * byte that could be decompressed, so that readers above it keep everything before the damage.
     */
    public String damage() {
        return in instanceof EndsAtDamage e ? e.damage : null;
    }

    /** The file opened, but holds no whole gzip header: the message says what was found instead. */
    public static final class NoGzipHeader extends IOException {
        private static final long serialVersionUID = 1L;

        NoGzipHeader(IOException cause) {
            super("expected a gzip header, found " + (cause instanceof java.io.EOFException ? "the end of the file (a truncated copy)"
                    : "other bytes (" + cause.getMessage() + ")"), cause);
        }
    }

    /** A gzip stream that ends, instead of failing, where its data is truncated or corrupt. */
    private static final class EndsAtDamage extends FilterInputStream {
        private String damage;

        EndsAtDamage(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (damage != null) {
                return -1;
            }
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                damage = Gzip.describe(e);
                return -1;
            }
        }

        @Override
        public int available() throws IOException {
            return damage != null ? 0 : super.available();
        }
    }

    /** Lines of content read so far (a last line without a newline counts). */
    public long lines() {
        return newlines + (any && !endsWithNewline ? 1 : 0);
    }

    /** Whether the content read so far ends inside a line: some content, and no line break after its last byte. */
    public boolean endsMidLine() {
        return any && !endsWithNewline;
    }

    /** The line where the content read so far ends (after a final line break, the next one), 1-based. */
    public long endLine() {
        return newlines + 1;
    }

    /** SHA-256 of the stored file; reads whatever is left of it so the digest covers every byte. */
    public String sha256() throws IOException {
        if (sha256 == null) {
            byte[] buffer = new byte[64 * 1024];
            while (stored.read(buffer) >= 0) {
                // drain the rest of the stored bytes
            }
            sha256 = HexFormat.of().formatHex(stored.getMessageDigest().digest());
        }
        return sha256;
    }
}
