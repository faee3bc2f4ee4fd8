package dev.argoforensics.index;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.LogLines;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Reads whole log files as the index does, and notes each file it was asked to read. */
final class CountingReader implements IndexedLogSource.FileReader {
    private final List<String> read = Collections.synchronizedList(new ArrayList<>());

    @Override
    public LogLines read(InputFile file) throws IOException {
        read.add(file.displayPath());
        return LogLines.read(file, MessageCatalog.standard(), AnalysisOptions.defaults().chunkBytes());
    }

    /** The files read, in the order they were asked for. */
    List<String> read() {
        return List.copyOf(read);
    }
}
