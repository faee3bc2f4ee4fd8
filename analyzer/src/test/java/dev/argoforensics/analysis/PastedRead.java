package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.event.ControllerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One pasted file read as a user's {@code analyze} reads it, every line kept, in chunks of a given size (a chunk boundary must not
 * change what a paste says): the analysis and the file's accounting. Shared by the tests of pasted terminal output (shell
 * continuation lines, stern and kubetail).
 */
record PastedRead(AnalysisResult result, InputSummary summary) {
    List<ControllerProcess> processes() {
        return result.correlation().processes();
    }

    static PastedRead read(Path dir, long chunkBytes, String name, List<String> lines) throws IOException {
        Path p = dir.resolve(chunkBytes + "-" + name);
        Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(2).keepingEverything(true).withChunkBytes(chunkBytes);
        AnalysisResult result = Analysis.standard(options).run(List.of(p.toString()));
        return new PastedRead(result, result.inputs().get(0));
    }

    /** Every line of the file is accounted for: an event, a continuation, blank, unparsed, the terminal's, or another container's. */
    static void assertAccounted(InputSummary s) {
        assertEquals(s.lines(), s.events() + s.continuation() + s.blank() + s.unparsed() + s.furniture().lines() + s.otherContainerLines(),
                s.toString());
    }
}
