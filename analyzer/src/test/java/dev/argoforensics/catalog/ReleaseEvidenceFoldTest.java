package dev.argoforensics.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The release evidence of a line, remembered per entry and applying fingerprints, is what folding that
 * line's entry and fingerprints gives, for every record line of every sample, read as its format says and
 * as a record rebuilt from columns.
 */
class ReleaseEvidenceFoldTest {

    @Test
    void rememberedEvidenceIsTheLinesOwnFold() throws IOException {
        MessageCatalog catalog = MessageCatalog.standard();
        RecordParser parser = new RecordParser();
        List<Path> logs;
        try (Stream<Path> files = Files.walk(Path.of("samples"))) {
            logs = files.filter(Files::isRegularFile).filter(f -> f.toString().contains("/logs/")).sorted().collect(Collectors.toList());
        }
        int lines = 0;
        Set<String> described = new HashSet<>();
        for (Path f : logs) {
            for (String line : new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).split("\n")) {
                if (!(parser.parse(line, 2026) instanceof LineParse.Parsed parsed)) {
                    continue;
                }
                LogRecord r = parsed.record();
                CatalogMatch m = catalog.match(r).orElse(null);
                for (boolean formatKnown : new boolean[] {true, false}) {
                    ReleaseEvidence folded = catalog.releasesFolded(r, m, formatKnown);
                    assertEquals(folded, catalog.releases(r, m, formatKnown), f + ": " + line);
                    assertEquals(folded, catalog.releases(r, m, formatKnown), "asked again: " + f + ": " + line);
                    if (folded.describe() != null) {
                        described.add(folded.describe());
                    }
                }
                lines++;
            }
        }
        assertTrue(lines > 1_000, "record lines read: " + lines);
        // Lines of several releases, fingerprints among them: the comparison is not between empty evidence only.
        assertTrue(described.size() > 5, described.toString());
    }
}
