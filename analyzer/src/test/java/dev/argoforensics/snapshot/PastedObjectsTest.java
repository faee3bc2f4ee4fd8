package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kubernetes objects as an issue comment holds them: a sentence, the prompt with {@code kubectl get pod … -o yaml}, a Markdown
 * fence, the object, more text, another object. Read as the objects they are, the text around counted apart.
 */
class PastedObjectsTest {
    private static final List<String> POD = List.of(
            "apiVersion: v1",
            "kind: Pod",
            "metadata:",
            "  deletionTimestamp: \"2026-11-02T03:41:35Z\"",
            "  finalizers:",
            "  - workflows.argoproj.io/status",
            "  name: align-batch-k2v9p-merge-2866344472",
            "  namespace: genomics",
            "  uid: 1f8b3c6d-2a47-4e90-b1c5-93d0e8a7f215",
            "status:",
            "  containerStatuses:",
            "  - name: main",
            "    state:",
            "      terminated:",
            "        exitCode: 0",
            "        finishedAt: \"2026-11-02T03:37:02Z\"",
            "  phase: Succeeded");

    @TempDir
    Path dir;

    private static List<String> lines(Object... parts) {
        List<String> out = new ArrayList<>();
        for (Object p : parts) {
            if (p instanceof List<?> l) {
                l.forEach(x -> out.add((String) x));
            } else {
                out.add((String) p);
            }
        }
        return out;
    }

    private ObjectFileReader.Result read(List<String> lines, List<ObjectDocument> docs) throws Exception {
        Path p = dir.resolve("pasted.txt");
        Files.write(p, lines, StandardCharsets.UTF_8);
        InputFile in = new InputFile("pasted.txt", p, InputKind.SNAPSHOT, false, PasteShape.PASTED_OBJECTS.label());
        return new ObjectFileReader().read(in, null, docs::add, true);
    }

    @Test
    void anObjectAfterAFenceOrItsCommandIsAPastedObject() {
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(lines("I grabbed the pod while it was Terminating:", "", "```yaml", POD, "```")));
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(lines("$ kubectl get pod -n genomics align-batch-k2v9p-merge-2866344472 -o yaml", POD)));
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(lines("root@jump-2:~# kubectl -n genomics get po x -oyaml", POD)), "a root prompt, -oyaml");
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(lines("kubectl get pod artifact-gc-qzcrv -o yaml:", "```", POD, "```")),
                "the command as prose, then a fence without a language");
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(lines("$ kubectl get pod x -o json", "{", "    \"apiVersion\": \"v1\",",
                "    \"kind\": \"Pod\"", "}")));
        // Negative controls: a file starting at its object is an object document (the classifier reads it before asking); a
        // log that quotes lines before an object stays a log; an object after prose alone, with neither fence nor command, is
        // not taken on a guess; a Workflow status fragment keeps its own shape.
        assertEquals(PasteShape.NONE, PasteShape.detect(POD));
        assertEquals(PasteShape.NONE, PasteShape.detect(lines("time=\"2026-11-02T03:41:07.514Z\" level=info msg=\"delete pod event\" pod=x",
                "```yaml", POD, "```")));
        assertEquals(PasteShape.NONE, PasteShape.detect(lines("Here it is:", POD)));
        assertEquals(PasteShape.NONE, PasteShape.detect(lines("$ kubectl logs -n argo deploy/workflow-controller", POD)),
                "a command that prints logs, not objects");
        assertEquals(PasteShape.WORKFLOW_STATUS_FRAGMENT, PasteShape.detect(lines("```yaml", "status:", "  nodes:", "```")));
    }

    @Test
    void anIssueSavedWholeWithItsLogLinesStaysALog() throws Exception {
        // The manifest in a fence, then the controller's lines (as samples/issue-report-excerpt holds them): the log is the evidence.
        List<String> issue = lines("Workflow (trimmed)", "", "```yaml", "apiVersion: argoproj.io/v1alpha1", "kind: Workflow",
                "metadata:", "  generateName: ledger-close-", "```", "", "Controller log around the deletion:", "", "```",
                "09:47:03.118 INFO queuing pod delay ... delay=-3m42.118204551s action=removeFinalizer", "```");
        assertEquals(PasteShape.PASTED_OBJECTS, PasteShape.detect(issue), "its head alone looks like a pasted object");
        assertTrue(PasteShape.quotesLogLines(issue));
        Path p = dir.resolve("issue.txt");
        Files.write(p, issue, StandardCharsets.UTF_8);
        assertEquals(InputKind.LOG, new dev.argoforensics.source.InputClassifier().classify("issue.txt", p).kind());
        for (String quoted : List.of("time=\"2026-11-02T03:41:07.514Z\" level=info msg=\"delete pod event\" pod=x",
                "time=2026-11-02T03:41:07.514Z level=INFO msg=\"delete pod event\"", "{\"level\":\"info\",\"msg\":\"delete pod event\"}",
                "INFO[2026-11-02T03:41:07.514Z] delete pod event", "[03:41:07] INFO cleaning up pod ... action=removeFinalizer")) {
            assertTrue(PasteShape.quotesLogLines(List.of(quoted)), quoted);
        }
        // The object's own lines and the text around it quote no log line.
        assertEquals(false, PasteShape.quotesLogLines(lines("I grabbed the pod at 03:41, while it was Terminating:", "```yaml", POD, "```")));
        Path pod = dir.resolve("pod-comment.txt");
        Files.write(pod, lines("I grabbed the pod at 03:41, while it was Terminating:", "```yaml", POD, "```"), StandardCharsets.UTF_8);
        assertEquals(InputKind.SNAPSHOT, new dev.argoforensics.source.InputClassifier().classify("pod-comment.txt", pod).kind());
    }

    @Test
    void onlyTheObjectsLinesAreReadAndTheTextAroundIsKept() throws Exception {
        List<String> paste = lines(
                "I grabbed the pod right before the cleanup ran:",
                "",
                "```console",
                "$ kubectl get pod -n genomics align-batch-k2v9p-merge-2866344472 -o yaml",
                POD,
                "```",
                "",
                "and the Workflow a minute later:",
                "```yaml",
                "apiVersion: argoproj.io/v1alpha1",
                "kind: Workflow",
                "metadata:",
                "  name: align-batch-k2v9p",
                "  namespace: genomics",
                "status:",
                "  phase: Running",
                "```",
                "Note: this is all I kept.");
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = read(paste, docs);
        assertEquals(List.of(), r.problems());
        assertEquals(List.of("Pod", "Workflow"), docs.stream().map(ObjectDocument::kind).toList());
        assertEquals("YAML", r.format());
        assertEquals("pasted.txt:5", docs.get(0).source().toString(), "cited at its own first line, the file's numbering kept");
        assertEquals("pasted.txt:26", docs.get(1).source().toString());
        assertEquals("2026-11-02T03:41:35Z", docs.get(0).node().path("metadata").path("deletionTimestamp").asText());
        assertEquals(0, docs.get(0).node().path("status").path("containerStatuses").path(0).path("state").path("terminated").path("exitCode").asInt(-1));
        assertEquals(paste.size(), r.lines());
        // The sentence, the fences, the prompt, the next sentence, the last line: each kept for the file's accounting.
        assertEquals(8, r.around().lines());
        assertEquals(List.of(1L, 3L, 4L, 22L, 24L, 25L, 33L, 34L), r.around().first().stream().map(ObjectFileReader.TextLine::line).toList());
        assertEquals("$ kubectl get pod -n genomics align-batch-k2v9p-merge-2866344472 -o yaml", r.around().first().get(2).text());
    }

    @Test
    void aPrettyJsonObjectEndsWhereItsBracesClose() throws Exception {
        List<String> paste = lines("$ kubectl get pod x -n genomics -o json", "{", "    \"apiVersion\": \"v1\",", "    \"kind\": \"Pod\",",
                "    \"metadata\": {\"name\": \"x\", \"namespace\": \"genomics\", \"annotations\": {\"a\": \"{not a brace}\"}},",
                "    \"status\": {\"phase\": \"Succeeded\"}", "}", "$ echo done");
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = read(paste, docs);
        assertEquals(List.of(), r.problems());
        assertEquals(1, docs.size());
        assertEquals("Succeeded", docs.get(0).node().path("status").path("phase").asText());
        assertEquals(List.of(1L, 8L), r.around().first().stream().map(ObjectFileReader.TextLine::line).toList());
        assertEquals("JSON", r.format(), "as it was written, though YAML's parser read it");
    }

    @Test
    void aTrimmedPastedObjectKeepsItsCutMarks() throws Exception {
        List<String> paste = lines("```yaml", POD.subList(0, 9), "...", POD.subList(9, POD.size()), "```");
        List<ObjectDocument> docs = new ArrayList<>();
        ObjectFileReader.Result r = read(paste, docs);
        assertEquals(List.of(), r.problems());
        assertEquals(1, docs.size());
        assertEquals(1, r.cuts().size(), "the user's ... inside the object is a cut, as in a whole export");
        assertTrue(docs.get(0).node().path("status").has("containerStatuses"));
    }
}
