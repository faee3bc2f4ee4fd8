package dev.argoforensics.index;

import dev.argoforensics.accounting.FileScan;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.read.LogReader;
import dev.argoforensics.read.Progress;
import dev.argoforensics.read.ReadSettings;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.UnreadableInput;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * The reading that feeds the event documents: every log file of the analysis read again keeping every
 * line, each event handed to the {@link LogDocumentWriter} as it is assembled and not kept (nothing
 * is correlated: the runs and the Pods come from the analysis). Every file is read, not only those
 * whose documents are written, so that the controller runs are the analysis's own.
 */
final class DocumentReading {
    private DocumentReading() {
    }

    /**
     * Bytes per chunk of this reading: every line of a chunk is kept (with its parse) until the writer
     * takes it, and the workers read a few chunks ahead of the slower writer, so the chunks are small
     * (16 MB chunks held over 500 MB of items live, and the collector copied them again and again; 2 MB
     * chunks still some 100 MB, more than the young generation's survivor space, so that lines in
     * flight were promoted and died in the old generation, and a full collection came every few
     * seconds). The reading's outcome does not depend on its chunks.
     */
    static final long CHUNK_BYTES = 256L * 1024;

    /**
     * @param inputs   the analysis's inputs, in its order
     * @param analysed the analysis's controller runs: the reading must find the same
     * @throws IllegalStateException if it does not (a fault of the analyzer)
     */
    static void run(MessageCatalog catalog, AnalysisOptions options, List<InputSummary> inputs, List<ControllerProcess> analysed,
                    IndexedLogSource logs, LogDocumentWriter documents) {
        List<InputFile> logFiles = new ArrayList<>();
        Map<String, String> hashes = new HashMap<>();
        for (InputSummary s : inputs) {
            if (s.file().kind() == InputKind.LOG) {
                logFiles.add(s.file());
                if (s.sha256() != null) {
                    hashes.put(InputStat.key(s.file()), s.sha256());
                }
            }
        }
        LogSource known = new LogSource() {
            @Override
            public Optional<dev.argoforensics.accounting.LogLines> earlierRead(InputFile file) {
                return Optional.empty();
            }

            @Override
            public Optional<String> knownSha256(InputFile file) {
                return Optional.ofNullable(hashes.get(InputStat.key(file)));
            }

            @Override
            public Optional<FileScan> knownScan(InputFile file) {
                // Whether the file runs newest first, from the analysis's first pass: no need to scan it again.
                return Optional.ofNullable(logs.scan(InputStat.key(file))).map(FileScan::decode);
            }
        };
        ReadSettings everything = new ReadSettings(options.logZone(), options.threads(), true, Math.min(options.chunkBytes(), CHUNK_BYTES),
                List.of(), Progress.NONE, options.maxLineBytes());
        ExecutorService pool = LogReader.readers(options.threads());
        LogReader.LogReading reading;
        try {
            reading = new LogReader(catalog, everything, known, documents).read(logFiles, ExportedObjects.of(List.of()), pool,
                    new HashMap<>(), new ArrayList<UnreadableInput>());
        } finally {
            pool.shutdownNow();
        }
        List<String> found = reading.processes().stream().map(p -> p.label() + '|' + p.release()).toList();
        List<String> expected = analysed.stream().map(p -> p.label() + '|' + p.release()).toList();
        if (!found.equals(expected)) {
            throw new IllegalStateException("reading the logs again for the index found other controller runs (" + found.size()
                    + ") than the analysis (" + expected.size() + ")");
        }
    }
}
