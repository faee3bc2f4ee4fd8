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
    /** Built once per executor (the catalog is read then). */
    private transient Analysis analysis;

    /** @param threads the engine's reading threads in one task */
    FileTasks(Spool spool, int threads) {
        this.spool = spool;
        this.threads = threads;
    }

    Spool spool() {
        return spool;
    }

    /** The engine's analysis as {@code analyze} runs it, with this scan's threads. */
    synchronized Analysis analysis() {
        if (analysis == null) {
            AnalysisOptions options = AnalysisOptions.defaults().withThreads(threads).withStdin(InputStream.nullInputStream());
            analysis = new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options);
        }
        return analysis;
    }

    /** Stage B: copies and classifies the object; for a log, pass 1. */
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
            if (file.kind() == dev.argoforensics.source.InputKind.LOG) {
                try {
                    scan = analysis().logReader().scanFile(file).encode();
                } catch (Exception e) {
                    unreadable = unreadableReason(file, e);
                }
            }
            return new ScannedFile(cluster, display, o, file.kind().name(), file.compressed(), file.reason(), scan, null, unreadable);
        } finally {
            spool.delete(cluster, o);
        }
    }

    /** Stage D: copies the log again and reads it with the cluster's interest; its reading as bytes. */
    ReadFile read(ScannedFile f, String interest) {
        InputFile file = f.file(spool);
        try {
            spool.copy(f.cluster(), f.object());
            LogReader reader = analysis().logReader();
            byte[] reading = reader.readFile(file, Interest.decode(interest), FileScan.decode(f.scan()).newestFirst()).encode();
            return new ReadFile(f.cluster(), f.display(), reading, null);
        } catch (Exception e) {
            return new ReadFile(f.cluster(), f.display(), null, unreadableReason(file, e));
        } finally {
            spool.delete(f.cluster(), f.object());
        }
    }

    /** What {@code analyze} says of a file it could not read, in its words. */
    static String unreadableReason(InputFile file, Exception e) {
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        List<UnreadableInput> unreadable = new ArrayList<>();
        Unreadable.record(file, e, summaries, unreadable);
        return unreadable.get(0).reason();
    }
}
