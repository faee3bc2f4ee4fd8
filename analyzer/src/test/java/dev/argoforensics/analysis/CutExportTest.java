package dev.argoforensics.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.read.SnapshotFileReader;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A YAML export cut short (a copy that stopped, a file truncated by a full disk) still parses where the cut fell inside a
 * mapping, as an object without what followed. kubectl and argo end every line, so a file that ends inside a line was cut:
 * that is named at its line, and the last object is read as trimmed there (what the cut may have held is unknown, not absent).
 */
class CutExportTest {
    private static final Path SAMPLE = Path.of("samples/issue-17024/snapshots");

    @TempDir
    Path dir;

    private record Read(InputSummary summary, List<ExportedObject> kept) {
    }

    private Read read(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        List<ExportedObject> kept = new ArrayList<>();
        InputSummary s = new SnapshotFileReader().read(new InputFile(name, p, InputKind.SNAPSHOT, false, "t"), null, kept::add);
        return new Read(s, kept);
    }

    private static byte[] sample(String name) throws Exception {
        return Files.readAllBytes(SAMPLE.resolve(name));
    }

    private static byte[] cut(byte[] whole, String before) {
        String text = new String(whole, StandardCharsets.UTF_8);
        // Cut inside the line that holds `before`, after it: a value cut short, which YAML still reads.
        return text.substring(0, text.indexOf(before) + before.length()).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aWorkflowCutInsideALineIsNamedAndReadAsTrimmed() throws Exception {
        byte[] whole = sample("workflow-while-stopped.yaml");
        Read r = read("wf.yaml", cut(whole, "hostNodeName: ip-10"));
        assertEquals(1, r.kept().size(), "what is there is read");
        WorkflowSnapshot w = (WorkflowSnapshot) r.kept().get(0);
        assertEquals(1, r.summary().samples().size(), r.summary().samples() + " / " + r.summary().problems() + " lines " + r.summary().lines());
        assertEquals(1, w.trimmed().cuts().size(), r.summary().samples() + " / " + w);
        assertEquals(38, w.trimmed().cuts().get(0).line());
        UnparsedLine u = r.summary().samples().get(0);
        assertEquals(38, u.source().line());
        assertTrue(u.reason().startsWith("expected a line break at the end of the file, found none"), u.reason());
        assertEquals(38, r.summary().lines());
    }

    @Test
    void onlyTheLastObjectOfACutFileIsTrimmed() throws Exception {
        byte[] pod = sample("pod-terminating.yaml");
        byte[] wf = cut(sample("workflow-while-stopped.yaml"), "hostNodeName: ip-10");
        byte[] both = new byte[pod.length + 4 + wf.length];
        System.arraycopy(pod, 0, both, 0, pod.length);
        System.arraycopy("---\n".getBytes(StandardCharsets.UTF_8), 0, both, pod.length, 4);
        System.arraycopy(wf, 0, both, pod.length + 4, wf.length);
        Read r = read("both.yaml", both);
        assertEquals(2, r.kept().size());
        assertTrue(((PodSnapshot) r.kept().get(0)).trimmed().cuts().isEmpty(), "the Pod ended before the cut");
        assertEquals(1, ((WorkflowSnapshot) r.kept().get(1)).trimmed().cuts().size());
    }

    @Test
    void negativeControls() throws Exception {
        Read whole = read("wf.yaml", sample("workflow-while-stopped.yaml"));
        assertEquals(0, whole.summary().unparsed());
        assertTrue(((WorkflowSnapshot) whole.kept().get(0)).trimmed().cuts().isEmpty());
        // JSON printed without a final line break (curl, many API clients) is whole when it parses: a cut is a syntax error.
        String json = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\",\"namespace\":\"n\",\"uid\":\"u\"},"
                + "\"status\":{\"phase\":\"Running\"}}";
        Read j = read("pod.json", json.getBytes(StandardCharsets.UTF_8));
        assertEquals(0, j.summary().unparsed(), j.summary().samples().toString());
        assertEquals(1, j.kept().size());
    }
}
