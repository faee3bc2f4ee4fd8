package dev.argoforensics.fleet;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.read.Interest;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Unreadable;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.UnreadableInput;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-object steps of the fleet scan (stages B and D), each in a task of its own on an executor:
 * copy the object to local disk, then the engine's first pass ({@link LogReader#scanFile}) or its second
 * pass and the file's own assembly ({@link LogReader#readFile}). Every decision about lines is the
 * engine's; this class moves bytes and turns failures into the engine's words.
 */
final class FileTasks implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Spool spool;
    private final int threads;
    private final long chunkBytes;
    /** Built once per executor (the catalog is read then). */
    private transient Analysis analysis;

    /**
     * @param threads    the engine's reading threads in one task
     * @param chunkBytes the engine's chunk size: a plain log larger than it is split, each chunk read in a task of its own
     */
    FileTasks(Spool spool, int threads, long chunkBytes) {
        this.spool = spool;
        this.threads = threads;
        this.chunkBytes = chunkBytes;
    }

    Spool spool() {
        return spool;
    }

    /** The engine's analysis as {@code analyze} runs it, with this scan's threads. */
    synchronized Analysis analysis() {
        if (analysis == null) {
            AnalysisOptions options = AnalysisOptions.defaults().withThreads(threads).withChunkBytes(chunkBytes)
                    .withStdin(InputStream.nullInputStream());
            analysis = new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options);
        }
        return analysis;
    }

    /**
     * Stage B: copies and classifies the object; for a log, pass 1, unless it is a plain log of several chunks: then
     * its chunks, header line and hash, and pass 1 is its chunks' ({@link #scanChunk}).
     */
    ScannedFile scan(String cluster, String display, FleetObject o) {
        InputFile file;
        try {
            file = new InputClassifier().classify(display, spool.copy(cluster, o));
        } catch (Exception e) {
            spool.delete(cluster, o);
            return new ScannedFile(cluster, display, o, null, false, null, null,
                    "expected an object to copy to the executor and read, found " + e + ": skipped", null);
        }
        try {
            String scan = null;
            String unreadable = null;
            ScannedFile.Split split = null;
            if (file.kind() == dev.argoforensics.source.InputKind.LOG) {
                try {
                    List<LineChunk> chunks = analysis().logReader().chunks(file);
                    if (chunks.size() > 1) {
                        long[] ends = chunks.stream().mapToLong(LineChunk::end).toArray();
                        split = new ScannedFile.Split(ends, LogReader.headerLine(file), LogReader.sha256(file),
                                chunks.stream().map(LineChunk::carried).toArray(String[]::new), analysis().logReader().measuredZone(file));
                    } else {
                        scan = analysis().logReader().scanFile(file).encode();
                    }
                } catch (Exception e) {
                    unreadable = unreadableReason(file, e);
                }
            }
            return new ScannedFile(cluster, display, o, file.kind().name(), file.compressed(), file.reason(), scan, null, unreadable, split);
        } finally {
            spool.delete(cluster, o);
        }
    }

    /**
     * Stage D: copies the log again and reads it with the cluster's interest; its reading as bytes, with its projection and
     * its reading keeping the lines kept whole (round 1) unless {@code recreated} is null (the stitch flow); with {@code sliced},
     * its skeleton and its reading keeping the year-decided lines instead (the slices' flow, {@link ReadFile#sliced}).
     *
     * @param recreated the cluster's Pod names exported with two UIDs or more ({@code LineProjection.recreated}), or null
     */
    ReadFile read(ScannedFile f, String interest, java.util.Set<String> recreated, boolean sliced) {
        InputFile file = f.file(spool);
        try {
            spool.copy(f.cluster(), f.object());
            LogReader reader = analysis().logReader();
            return reading(f, reader.readFile(file, Interest.decode(interest), FileScan.decode(f.scan())), recreated, sliced);
        } catch (Exception e) {
            return ReadFile.unreadable(f.cluster(), f.display(), unreadableReason(file, e));
        } finally {
            spool.delete(f.cluster(), f.object());
        }
    }

    /** Stage B2: copies one chunk of a split log (its bytes alone) and scans it: pass 1 of the chunk, as bytes. */
    ChunkBytes scanChunk(ScannedFile f, int index) {
        InputFile file = f.file(spool);
        try {
            LineChunk c = chunk(f, index);
            return new ChunkBytes(f.key(), index, analysis().logReader().scanChunk(c, f.split().header()), null);
        } catch (Exception e) {
            return new ChunkBytes(f.key(), index, null, unreadableReason(file, e));
        } finally {
            spool.deleteChunk(f.cluster(), f.object(), index);
        }
    }

    /**
     * A split log's scan from its chunks' (any order): {@code analyze}'s scan of the whole file, or why a chunk failed. The chunks
     * of a run without Workflow workers are read again here (pass 1b, {@code LogReader.fileScan}).
     */
    ScannedFile scanOf(ScannedFile f, Iterable<ChunkBytes> chunks) {
        List<ChunkBytes> inOrder = inOrder(f, chunks);
        for (ChunkBytes c : inOrder) {
            if (c.failure() != null) {
                return f.scanned(null, c.failure());
            }
        }
        // Pass 1b: the chunks of a run without Workflow workers are copied again (each alone) and walked here, in file order.
        java.util.Set<Integer> copied = new java.util.TreeSet<>();
        try {
            return f.scanned(analysis().logReader().fileScan(inOrder.stream().map(ChunkBytes::bytes).toList(), f.split().header(), i -> {
                copied.add(i);
                return chunk(f, i);
            }).encode(), null);
        } catch (Exception e) {
            return f.scanned(null, unreadableReason(f.file(spool), e));
        } finally {
            copied.forEach(i -> spool.deleteChunk(f.cluster(), f.object(), i));
        }
    }

    /** Stage D2: copies one chunk of a split log again and reads it with the cluster's interest: pass 2 of the chunk, as bytes. */
    ChunkBytes readChunk(ScannedFile f, int index, String interest) {
        InputFile file = f.file(spool);
        try {
            LineChunk c = chunk(f, index);
            byte[] read = analysis().logReader().readChunk(c, f.split().header(), f.split().zone(), Interest.decode(interest), FileScan.decode(f.scan()));
            return new ChunkBytes(f.key(), index, read, null);
        } catch (Exception e) {
            return new ChunkBytes(f.key(), index, null, unreadableReason(file, e));
        } finally {
            spool.deleteChunk(f.cluster(), f.object(), index);
        }
    }

    /**
     * Stage D3: a split log's chunks' readings put together in file order through its assembler, as {@link #read}'s
     * one task does for a file read whole; its reading as bytes. A chunk that could not be copied makes the file unreadable.
     */
    ReadFile assemble(ScannedFile f, Iterable<ChunkBytes> chunks, java.util.Set<String> recreated, boolean sliced) {
        InputFile file = f.file(spool);
        List<ChunkBytes> inOrder = inOrder(f, chunks);
        for (ChunkBytes c : inOrder) {
            if (c.failure() != null) {
                return ReadFile.unreadable(f.cluster(), f.display(), c.failure());
            }
        }
        try {
            return reading(f, analysis().logReader().assembleChunks(file, inOrder.stream().map(ChunkBytes::bytes).toList(),
                    FileScan.decode(f.scan()).newestFirst(), f.split().sha256()), recreated, sliced);
        } catch (Exception e) {
            return ReadFile.unreadable(f.cluster(), f.display(), unreadableReason(file, e));
        }
    }

    private static ReadFile reading(ScannedFile f, dev.argoforensics.read.FileReading reading, java.util.Set<String> recreated, boolean sliced) {
        return recreated == null ? ReadFile.of(f.cluster(), f.display(), reading)
                : sliced ? ReadFile.sliced(f.cluster(), f.display(), reading, recreated) : ReadFile.projected(f.cluster(), f.display(), reading, recreated);
    }

    /** The chunk, copied alone to this executor, as the engine's chunk of the file. */
    private LineChunk chunk(ScannedFile f, int index) throws java.io.IOException {
        long start = f.split().start(index);
        long end = f.split().ends()[index];
        java.nio.file.Path local = spool.copyRange(f.cluster(), f.object(), index, start, end);
        InputFile file = f.file(spool);
        return new LineChunk(new InputFile(file.displayPath(), local, file.kind(), file.compressed(), file.reason()), index, start, end,
                f.split().carried()[index]);
    }

    private static List<ChunkBytes> inOrder(ScannedFile f, Iterable<ChunkBytes> chunks) {
        List<ChunkBytes> list = new ArrayList<>();
        chunks.forEach(list::add);
        list.sort(java.util.Comparator.comparingInt(ChunkBytes::index));
        if (list.size() != f.split().chunks()) {
            throw new IllegalStateException(f.display() + ": " + list.size() + " chunk results for " + f.split().chunks() + " chunks");
        }
        return list;
    }

    /** What {@code analyze} says of a file it could not read, in its words. */
    static String unreadableReason(InputFile file, Exception e) {
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<UnreadableInput> unreadable = new ArrayList<>();
        Unreadable.record(file, e, summaries, unreadable);
        return unreadable.get(0).reason();
    }
}
