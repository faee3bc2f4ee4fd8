package dev.argoforensics.read;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.LineChunk;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the lines before a chunk leave in effect for it ({@link ChunkPlanner.Carry}): the prompt whose {@code kubectl logs … -c
 * wait} printed the lines that go on in the chunk, and a fenced block the chunk starts in (its {@code >>>} lines are no quotes). A file read whole gives those lines to the container the command named; a
 * chunk read on its own started without the prompt and took them for the controller's (a wait container's {@code Alloc=…} line
 * read as a controller run). The lines before the chunk go through the decoder a chunk's reading uses, so the prompt carried
 * is the one the file read whole has in effect there.
 */
final class CarriedPrompt {
    private CarriedPrompt() {
    }

    /** The carry of a reading that cuts lines longer than {@code maxLineBytes}. */
    static ChunkPlanner.Carry of(int maxLineBytes) {
        return before -> over(before, maxLineBytes);
    }

    /**
     * What is in effect where {@code before} ends ({@link EnvelopeDecoder#carry()}: the prompt line, and whether a fenced block is
     * open), or null where its lines hold no {@code logs} command and no fence (nothing there can set either: the chunk is read as
     * it was, which is most of a controller log's chunks, read no further).
     */
    static String over(LineChunk before, int maxLineBytes) throws IOException {
        List<String> lines = new ArrayList<>();
        boolean logs = false;
        try (ChunkLineReader reader = new ChunkLineReader(before, n -> { }, maxLineBytes)) {
            String line;
            while ((line = reader.next()) != null) {
                // A line cut for its length goes to no decoder (LineFrontEnd.walk): it sets no prompt.
                if (reader.cut() == null) {
                    lines.add(line);
                    logs |= line.contains("logs") || line.contains("```") || line.contains("~~~");
                }
            }
        }
        if (!logs) {
            return null;
        }
        EnvelopeDecoder d = before.start() == 0 ? new EnvelopeDecoder(maxLineBytes)
                : EnvelopeDecoder.continuing(PlannedFile.firstContentLine(before.file()), maxLineBytes);
        long n = 0;
        for (String line : lines) {
            d.decode(line, ++n);
            d.released();
        }
        // Whether a fenced block is open is known only from the file's first line on; from further in, only the prompt is carried.
        return before.start() == 0 ? d.carry() : d.promptInEffect();
    }
}
