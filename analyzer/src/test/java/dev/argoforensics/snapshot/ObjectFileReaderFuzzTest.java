package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes the snapshot loader (YAML with SnakeYAML and JSON with Jackson, lists streamed item by
 * item, gzip) and the decoders of Pods, Workflows, task results, events and audit records with any
 * file: objects are handed out with the line they start on, and whatever stops the reading is a
 * problem at a line, never an exception. A decoder may refuse an object with its own
 * {@link RefusedObject}, which the analysis reports at the object's line; any other exception out of
 * a decoder fails the target (the loader lets it through: it is a fault of the analyzer, not of the
 * file). Small limits let the fuzzer reach them. {@code JAZZER_FUZZ=1 mvn -pl analyzer test -Dtest=ObjectFileReaderFuzzTest} fuzzes for 10 minutes.
 */
class ObjectFileReaderFuzzTest {
    private static final ObjectFileReader.Limits SMALL = new ObjectFileReader.Limits(16 * 1024, 2 * 1024, 24, 4 * 1024);
    private static final Path FILE = file();

    private static Path file() {
        try {
            Path p = Files.createTempFile("argo-forensics-fuzz", ".yaml");
            p.toFile().deleteOnExit();
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "10m")
    void read(byte[] data) throws IOException {
        Files.write(FILE, data);
        boolean gzip = data.length > 1 && (data[0] & 0xff) == 0x1f && (data[1] & 0xff) == 0x8b;
        InputFile f = new InputFile("fuzz.yaml", FILE, InputKind.SNAPSHOT, gzip, "fuzz");
        long[] objects = {0};
        ObjectFileReader.Result r = new ObjectFileReader(SMALL).read(f, null, doc -> {
            objects[0]++;
            assertNotNull(doc.source());
            assertTrue(doc.source().line() >= 1);
            ObjectKind.Classified c = ObjectKind.classify(doc, null);
            if (c.read()) {
                try {
                    assertNotNull(ObjectDecoder.decode(c.kind(), doc));
                } catch (RefusedObject e) {
                    // an object the decoder refuses: reported by the analysis, with its line
                }
            }
        });
        assertEquals(objects[0], r.objects());
        assertTrue(r.lines() >= 0);
        r.problems().forEach(p -> assertTrue(p.line() >= 1 && !p.reason().isBlank(), p.toString()));
        assertNotNull(r.sha256());
    }
}
