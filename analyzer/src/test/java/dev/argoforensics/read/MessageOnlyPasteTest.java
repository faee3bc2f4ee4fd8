package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.testing.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log console's copy of the messages alone (Datadog's "Copy message", with or without the console's {@code Dec 04 14:03:22.123}
 * time before each): no record's time, level or keys. Each such line is counted unparsed with a reason that says what it is and what
 * to give instead, never dropped without a word; a whole line behind the console's time is still read (session 35).
 */
class MessageOnlyPasteTest {
    @TempDir
    Path dir;

    @Test
    void aControllerMessageAloneSaysWhatItLacks() {
        LineFrontEnd front = new LineFrontEnd(MessageCatalog.standard());
        for (String line : List.of("Dec 04 14:03:22.123 delete pod event", "Dec  4 14:03:22.123 cleaning up pod", "cleaning up pod",
                "2026-12-04 14:03:22,123 Workflow pod is missing", "Dec 04 14:03:22.200 node etl-x-1 phase Running -> Error")) {
            String why = front.messageOnly(line);
            assertTrue(why != null && why.contains("copy of the message only"), line + ": " + why);
        }
        assertNull(front.messageOnly("Dec 04 14:03:22.123 the pod went away"), "no message the controller logs");
        assertNull(front.messageOnly("cleaning up pod key=etl/p/removeFinalizer"), "keys: not the message alone");
    }

    @Test
    void aPasteOfMessagesOnlyIsCountedUnparsedWithItsReasonBesideTheLinesRead() throws IOException {
        Path f = dir.resolve("datadog-copy.txt");
        Files.write(f, List.of(
                "Dec 04 14:03:22.123 time=\"2026-12-04T14:03:22.123Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=etl/etl-x-4kq8d-extract-2201948117/removeFinalizer",
                "Dec 04 14:03:22.125 delete pod event",
                "Dec 04 14:03:22.200 Workflow pod is missing"));
        Cli run = Cli.run("formats", f.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("3: 1 events (1 recognised), 0 continuation, 0 blank, 2 unparsed"), run.out());
        assertTrue(run.out().contains("datadog-copy.txt:2: the controller's message \"delete pod event\" alone"), run.out());
        assertTrue(run.out().contains("datadog-copy.txt:3: the controller's message \"Workflow pod is missing\" alone"), run.out());
    }
}
