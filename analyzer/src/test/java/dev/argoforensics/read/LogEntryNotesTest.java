package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.LogSource;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.UnreadableInput;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A document of log entries (gcloud logging read, a console's JSON download) says in the inputs what the reading made of it. */
class LogEntryNotesTest {
    @TempDir
    Path dir;

    private static final String LINE_1 = "time=\\\"2026-10-14T09:19:07.331Z\\\" level=info msg=\\\"Processing workflow\\\" namespace=argo workflow=w";
    private static final String LINE_2 = "time=\\\"2026-10-14T09:19:07.345Z\\\" level=info msg=\\\"Workflow update successful\\\" namespace=argo"
            + " phase=Running resourceVersion=4712 workflow=w";

    /** One entry as {@code gcloud logging read --format json} prints it. */
    private static String jsonEntry(String line, String at) {
        return "  {\n    \"insertId\": \"k7d2f1e9c3a4\",\n    \"resource\": {\n      \"labels\": {\n        \"container_name\": \"workflow-controller\",\n"
                + "        \"pod_name\": \"workflow-controller-7b5d9c6f48-n2w8j\"\n      },\n      \"type\": \"k8s_container\"\n    },\n"
                + "    \"severity\": \"ERROR\",\n    \"textPayload\": \"" + line + "\",\n    \"timestamp\": \"" + at + "\"\n  }";
    }

    /** The same entry as gcloud's default YAML. */
    private static String yamlEntry(String line, String at) {
        return "insertId: k7d2f1e9c3a4\nresource:\n  labels:\n    container_name: workflow-controller\n"
                + "    pod_name: workflow-controller-7b5d9c6f48-n2w8j\n  type: k8s_container\nseverity: ERROR\ntextPayload: \""
                + line + "\"\ntimestamp: '" + at + "'\n";
    }

    private List<Message> notes(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        List<InputFile> logs = new InputCollector().collect(List.of(p.toString()));
        Map<InputFile, InputSummary> summaries = new HashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(1);
        try {
            new LogReader(MessageCatalog.standard(), new ReadSettings(null, 1, true, 1 << 20, List.of(), Progress.NONE, 1 << 20), LogSource.files())
                    .read(logs, ExportedObjects.of(List.of()), pool, summaries, new ArrayList<UnreadableInput>());
        } finally {
            pool.shutdownNow();
        }
        return summaries.values().iterator().next().notes();
    }

    @Test
    void aYamlDocumentSaysHowManyEntriesItWasReadAs() throws IOException {
        List<Message> notes = notes("controller-logs.yaml", yamlEntry(LINE_2, "2026-10-14T09:19:07.345Z") + "---\n"
                + yamlEntry(LINE_1, "2026-10-14T09:19:07.331Z"));
        Message.Keyed note = (Message.Keyed) notes.stream().filter(n -> n.code().equals("note.read.logEntriesYaml")).findFirst().orElseThrow(() -> new AssertionError(notes));
        assertEquals(2L, ((Number) note.args().get("entries")).longValue());
        assertEquals(Message.NOTHING, note.args().get("unread"));
        assertTrue(dev.argoforensics.testing.Notes.words(notes).stream().anyMatch(w -> w.startsWith("read as 2 log entries of a YAML document")),
                notes.toString());
    }

    @Test
    void aJsonDocumentSaysSoAndNamesWhatDidNotReadAsAnEntry() throws IOException {
        // A console's JSON download with its last entry cut off by the copy: given back line by line, and said.
        String cut = "[\n" + jsonEntry(LINE_1, "2026-10-14T09:19:07.331Z") + ",\n" + jsonEntry(LINE_2, "2026-10-14T09:19:07.345Z")
                + ",\n  {\n    \"textPayload\": \"time=\\\"2026-10\n";
        List<Message> notes = notes("downloaded-logs.json", cut);
        Message.Keyed note = (Message.Keyed) notes.stream().filter(n -> n.code().equals("note.read.logEntriesJson")).findFirst().orElseThrow(() -> new AssertionError(notes));
        assertEquals(2L, ((Number) note.args().get("entries")).longValue());
        Message.Keyed unread = (Message.Keyed) note.args().get("unread");
        assertEquals(1L, ((Number) unread.args().get("count")).longValue());
        assertEquals(28L, ((Number) unread.args().get("first")).longValue(), "the cut entry starts at line 28");
    }

    @Test
    void aLogOfLinesSaysNothingOfEntries() throws IOException {
        String lines = LINE_1.replace("\\\"", "\"") + "\n" + LINE_2.replace("\\\"", "\"") + "\n";
        List<Message> notes = notes("controller.log", lines);
        assertTrue(notes.stream().noneMatch(n -> n.code().startsWith("note.read.logEntries")), notes.toString());
    }
}
