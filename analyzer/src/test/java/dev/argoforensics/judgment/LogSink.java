package dev.argoforensics.judgment;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Where one controller container's lines end up, as people collect them: plain {@code kubectl logs},
 * {@code kubectl logs --timestamps}, the kubelet's CRI file on the node, or Docker's json-file;
 * rotated when it grows (logrotate {@code .log}, {@code .log.1}, {@code .log.2.gz}; the kubelet's
 * {@code 0.log.<date>[.gz]}; Docker's {@code -json.log.N}) and, for a few, gzip'd whole.
 */
final class LogSink {
    enum Envelope {
        RAW("raw"), KUBECTL_TIMESTAMPS("kubectl --timestamps"), CRI("CRI"), DOCKER_JSON("docker json-file");

        final String label;

        Envelope(String label) {
            this.label = label;
        }
    }

    private final Path live;
    private final Envelope envelope;
    private final LogFormat format;
    private final long rotateBytes;
    private final boolean gzipWhole;
    private final SplittableRandom random;
    private final List<Path> segments = new ArrayList<>();
    private final List<Long> segmentStarts = new ArrayList<>();
    private Writer out;
    private long bytes;
    private long lines;
    private long totalLines;
    private long lastCollectorTime;
    private boolean closed;

    /**
     * @param live        the live file's path (rotated pieces are named after it)
     * @param rotateBytes rotate when a piece exceeds this many bytes; 0 never
     * @param gzipWhole   gzip the (single) file as a whole and add {@code .gz}, as someone attaching logs to a ticket would
     */
    LogSink(Path live, Envelope envelope, LogFormat format, long rotateBytes, boolean gzipWhole, long seed) {
        this.live = live;
        this.envelope = envelope;
        this.format = format;
        this.rotateBytes = rotateBytes;
        this.gzipWhole = gzipWhole;
        this.random = new SplittableRandom(seed);
    }

    long lines() {
        return totalLines;
    }

    void write(Rec r) {
        if (closed) {
            throw new IllegalStateException("write after close: " + live);
        }
        String line = format.render(r, random);
        // The collector reads the line a little after the controller stamped it.
        long collected = Math.max(r.time + 20_000 + random.nextLong(2_000_000), lastCollectorTime + 1_000);
        lastCollectorTime = collected;
        String text = switch (envelope) {
            case RAW -> line;
            case KUBECTL_TIMESTAMPS -> Go.rfc3339Nano(collected) + " " + line;
            case CRI -> Go.rfc3339Nano(collected) + " stderr F " + line;
            case DOCKER_JSON -> "{\"log\":" + Go.json(line + "\n", true) + ",\"stream\":\"stderr\",\"time\":\"" + Go.rfc3339Nano(collected) + "\"}";
        };
        try {
            // Rotate between records, never inside a multi-line panic (whose lines are RAW).
            if (out == null || (rotateBytes > 0 && bytes > rotateBytes && r.kind != Rec.Kind.RAW)) {
                startSegment(r.time);
            }
            out.write(text);
            out.write('\n');
            bytes += text.length() + 1L;
            lines++;
            totalLines++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void startSegment(long time) throws IOException {
        if (out != null) {
            out.close();
        }
        Path p = live.resolveSibling(live.getFileName() + ".segment" + segments.size());
        Files.createDirectories(p.getParent());
        segments.add(p);
        segmentStarts.add(time);
        out = new BufferedWriter(Files.newBufferedWriter(p, StandardCharsets.UTF_8), 1 << 16);
        bytes = 0;
        lines = 0;
    }

    /** Closes the sink and gives the pieces their final names; returns the files written. */
    List<Path> close() {
        closed = true;
        List<Path> files = new ArrayList<>();
        try {
            if (out == null) {
                return files;
            }
            out.close();
            int n = segments.size();
            for (int i = 0; i < n; i++) {
                Path seg = segments.get(i);
                int age = n - 1 - i; // 0 = live
                Path target;
                boolean gz;
                if (age == 0) {
                    target = live;
                    gz = gzipWhole && n == 1;
                } else {
                    switch (envelope) {
                        case CRI -> {
                            // The kubelet names a rotated piece by the time it rotated it, and compresses all but the newest.
                            target = live.resolveSibling(live.getFileName() + "." + Go.compact(segmentStarts.get(i + 1)));
                            gz = age > 1;
                        }
                        case DOCKER_JSON -> {
                            target = live.resolveSibling(live.getFileName() + "." + age);
                            gz = false;
                        }
                        default -> {
                            target = live.resolveSibling(live.getFileName() + "." + age);
                            gz = age > 1;
                        }
                    }
                }
                if (gz) {
                    Path gzPath = target.resolveSibling(target.getFileName() + ".gz");
                    try (InputStream in = Files.newInputStream(seg); OutputStream o = new GZIPOutputStream(Files.newOutputStream(gzPath), 1 << 16)) {
                        in.transferTo(o);
                    }
                    Files.delete(seg);
                    files.add(gzPath);
                } else {
                    Files.move(seg, target);
                    files.add(target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
