package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Cli;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A terminal transcript that quotes log lines ({@code kubectl logs} sections) with the output of other commands between them
 * ({@code kubectl describe pod}, {@code argo get}): the log sections read as the log, each other command's output by the reader of
 * its own shape at the file's line numbers, and no time invented for what carries none. The transcript is the sample
 * {@code scrollback-runs-split-by-describe}'s (written for this repository), changed where a test says so.
 */
class LogTranscriptOutputTest {
    private static final Path SAMPLE = Path.of("samples/scrollback-runs-split-by-describe/logs/terminal-scrollback.txt");
    private static final String POD = "invoice-batch-k2w9d-render-invoices-901637263";
    private static final String WORKFLOW = "invoice-batch-k2w9d";
    /** The describe's prompt and the argo get's, 1-based, in the sample. */
    private static final int DESCRIBE_PROMPT = 19;
    private static final int ARGO_GET_PROMPT = 139;
    private static final int NEW_RUN_PROMPT = 154;

    @TempDir
    Path dir;

    private static List<String> sample() throws IOException {
        List<String> lines = Files.readAllLines(SAMPLE, StandardCharsets.UTF_8);
        assertTrue(lines.get(DESCRIBE_PROMPT - 1).startsWith("$ kubectl -n invoicing describe pod " + POD), lines.get(DESCRIBE_PROMPT - 1));
        assertTrue(lines.get(ARGO_GET_PROMPT - 1).startsWith("$ argo get"), lines.get(ARGO_GET_PROMPT - 1));
        assertTrue(lines.get(NEW_RUN_PROMPT - 1).startsWith("$ kubectl -n argo logs -f deploy/"), lines.get(NEW_RUN_PROMPT - 1));
        return lines;
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path folder = dir.resolve(name);
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("terminal-scrollback.txt"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return folder;
    }

    private static InputFile classified(Path folder) throws IOException {
        Path file = folder.resolve("terminal-scrollback.txt");
        return new InputClassifier().classify(file.toString(), file);
    }

    private static JsonNode run(Path folder) throws IOException {
        return new ObjectMapper().readTree(Cli.run("analyze", "--format", "json", "--timelines", "all", "--now", "2026-11-13T00:00:00Z",
                folder.toString()).out());
    }

    private static JsonNode finding(JsonNode report, String rule) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && !f.get("pod").isNull() && f.get("pod").get("name").asText().equals(POD)) {
                return f;
            }
        }
        return null;
    }

    /** The sample with main's end in the description made {@code exitCode} ({@code reason}). */
    private static List<String> withMainEnded(List<String> lines, String reason, int exitCode) {
        List<String> out = new ArrayList<>(lines);
        int main = out.indexOf("  main:");
        assertTrue(main > DESCRIBE_PROMPT && main < ARGO_GET_PROMPT, "main's block in the description");
        int changed = 0;
        for (int i = main; i < ARGO_GET_PROMPT - 1 && changed < 2; i++) {
            if (out.get(i).strip().startsWith("Reason:")) {
                out.set(i, "      Reason:       " + reason);
                changed++;
            } else if (out.get(i).strip().startsWith("Exit Code:")) {
                out.set(i, "      Exit Code:    " + exitCode);
                changed++;
            }
        }
        assertEquals(2, changed);
        return out;
    }

    @Test
    void theDescriptionAndArgoGetBetweenTwoLogSectionsAreReadAsThePodAndTheWorkflowTheyPrint() throws IOException {
        Path folder = write("as-pasted", sample());
        InputFile file = classified(folder);
        assertEquals(InputKind.LOG, file.kind(), "the transcript quotes log lines: it is read as the log it is");
        assertEquals(InputClassifier.TRANSCRIPT, file.reason());

        JsonNode report = run(folder);
        JsonNode input = report.get("inputs").get(0);
        assertEquals(55, input.get("events").asLong(), "every log record is still read");
        assertEquals(0, input.get("unparsed").asLong(), "the description's and argo get's lines are read, not unparsed");
        String notes = input.get("notes").toString();
        assertTrue(notes.contains("lines 20 to 138, the output of `kubectl -n invoicing describe pod " + POD + "` (line 19): kubectl describe "
                + "pod output, read as the export it prints (no time stated for it"), notes);
        assertTrue(notes.contains("lines 140 to 153, the output of `argo get -n invoicing " + WORKFLOW + "` (line 139): argo get output"), notes);

        // The description's exit codes reach the rules: every container exited 0, the node ended Error "pod deleted".
        JsonNode af002 = finding(report, "AF002");
        assertNotNull(af002, "AF002 from the description's exit codes");
        JsonNode af001 = finding(report, "AF001");
        assertNotNull(af001);
        for (JsonNode f : List.of(af001, af002)) {
            // Nothing dates the deletion between the old run's last line and the new run's release, and wait ended inside that window.
            assertNotEquals("confirmed", f.get("confidence").asText(), f.toString());
            assertFalse(f.get("confidenceReason").asText().contains("no export of the Pod shows how its containers ended"), f.toString());
            assertTrue(f.get("confidenceReason").asText().contains("the containers ended at 2026-11-12T14:03:42Z (wait exit 0, main exit 0)"),
                    f.toString());
        }
        // Each object cites its own line of the file: the Pod its Name: line, the Workflow's node its row in the tree.
        String timelines = report.get("timelines").toString();
        assertTrue(timelines.contains("\"line\":20,\"kind\":\"pod:exported\""), "the description at its Name: line");
        assertTrue(timelines.contains("\"line\":153,\"kind\":\"node:printed\""), "argo get's row of the node");
    }

    /**
     * The description first, then argo get and the new run's log: the first command's output tells the head's shape, but the file
     * goes on to quote log lines. Read as the transcript it is, not as a description whose reader would take the log lines for its own.
     */
    @Test
    void aTranscriptThatStartsWithTheDescriptionIsTheLogWithTheDescriptionBeside() throws IOException {
        List<String> lines = new ArrayList<>(sample().subList(DESCRIBE_PROMPT - 1, sample().size()));
        Path folder = write("describe-first", lines);
        InputFile file = classified(folder);
        assertEquals(InputKind.LOG, file.kind());
        assertEquals(InputClassifier.TRANSCRIPT, file.reason());
        JsonNode report = run(folder);
        JsonNode input = report.get("inputs").get(0);
        assertEquals(0, input.get("unparsed").asLong());
        assertTrue(input.get("events").asLong() > 0, input.toString());
        assertNotNull(finding(report, "AF002"), "the description's exit codes and the new run's \"pod deleted\"");
        assertNotEquals("confirmed", finding(report, "AF002").get("confidence").asText());
        // Short enough to sit in the head whole, the description followed by log lines is a transcript too.
        List<String> short_ = new ArrayList<>(lines.subList(0, 20));
        short_.addAll(lines.subList(NEW_RUN_PROMPT - DESCRIBE_PROMPT, lines.size()));
        assertEquals(InputClassifier.TRANSCRIPT, classified(write("short-describe-first", short_)).reason());
    }

    @Test
    void aMainThatEndedWithAnErrorInTheDescriptionIsNoSuccessfulPodReportedAsFailed() throws IOException {
        JsonNode report = run(write("main-failed", withMainEnded(sample(), "Error", 1)));
        assertNull(finding(report, "AF002"), "main exited 1: the Pod did not succeed");
        assertEquals(0, report.get("inputs").get(0).get("unparsed").asLong());
    }

    @Test
    void withoutTheDescriptionNothingShowsHowTheContainersEnded() throws IOException {
        List<String> lines = new ArrayList<>(sample());
        lines.subList(DESCRIBE_PROMPT - 1, ARGO_GET_PROMPT - 1).clear();
        Path folder = write("no-describe", lines);
        assertEquals(InputClassifier.TRANSCRIPT, classified(folder).reason(), "argo get's output is still read");
        JsonNode report = run(folder);
        assertNull(finding(report, "AF002"));
        JsonNode af001 = finding(report, "AF001");
        assertNotNull(af001);
        assertTrue(af001.get("confidenceReason").asText().contains("no export of the Pod shows how its containers ended"), af001.toString());
    }

    @Test
    void aTranscriptOfLogsAloneIsTheLogItAlwaysWas() throws IOException {
        List<String> lines = new ArrayList<>(sample());
        lines.subList(DESCRIBE_PROMPT - 1, NEW_RUN_PROMPT - 1).clear();
        Path folder = write("logs-only", lines);
        InputFile file = classified(folder);
        assertEquals(InputKind.LOG, file.kind());
        assertEquals("log lines", file.reason());
    }

    @Test
    void theOutputCarriesNoTimeButOneTheFileStates() throws IOException {
        PasteFileReader.Result unstated = readTranscript(write("unstated", sample()));
        PodSnapshot pod = only(unstated, PodSnapshot.class);
        assertEquals(POD, pod.name());
        assertEquals("invoicing", pod.namespace());
        assertEquals(List.of(0, 0), pod.containers().stream().filter(c -> !c.init()).map(c -> c.exitCode()).toList());
        // Its ages count from an unknown moment, and the scrollback's order is no bound: no observation time but the latest inside.
        assertTrue(pod.observed() == null || pod.observed().basis() == ObservationBasis.LATEST_INSIDE, String.valueOf(pod.observed()));
        WorkflowSnapshot wf = only(unstated, WorkflowSnapshot.class);
        assertEquals(WORKFLOW, wf.name());
        assertNull(unstated.takenAt());

        List<String> stated = new ArrayList<>(sample());
        stated.add(0, "# taken-at: 2026-11-12T14:05:40Z");
        PasteFileReader.Result r = readTranscript(write("stated", stated));
        assertEquals("2026-11-12T14:05:40Z", r.takenAt().time().format());
        PodSnapshot dated = only(r, PodSnapshot.class);
        assertEquals(ObservationBasis.TAKEN_AT_COMMENT, dated.observed().basis());
        assertEquals("terminal-scrollback.txt:21", dated.source().toString().substring(dated.source().toString().lastIndexOf('/') + 1),
                "the Name: line, one lower for the comment above");
    }

    private static PasteFileReader.Result readTranscript(Path folder) throws IOException {
        InputFile file = classified(folder);
        return new PasteFileReader().readTranscript(file, InputClassifier.transcriptHead(file), null, Message.NOTHING);
    }

    private static <T> T only(PasteFileReader.Result r, Class<T> type) {
        List<T> of = r.objects().stream().filter(type::isInstance).map(type::cast).toList();
        assertEquals(1, of.size(), r.objects().toString());
        return of.get(0);
    }

    @Test
    void theDescriptionAndArgoGetAloneAreTwoCommandsNotTwoPods() throws IOException {
        // Its first command's 120 lines fill the head that tells a file's shape: the argo get after them is told by its own lines.
        List<String> lines = new ArrayList<>(sample().subList(DESCRIBE_PROMPT - 1, NEW_RUN_PROMPT - 1));
        assertTrue(lines.size() > PasteShape.HEAD_LINES);
        Path folder = write("describe-and-get", lines);
        InputFile file = classified(folder);
        assertEquals(InputKind.SNAPSHOT, file.kind());
        assertEquals(PasteShape.SESSION.label(), file.reason());
        PasteFileReader.Result r = new PasteFileReader().read(file, PasteShape.SESSION, null, null, Message.NOTHING);
        PodSnapshot pod = only(r, PodSnapshot.class);
        assertEquals(POD, pod.name());
        assertEquals(WORKFLOW, only(r, WorkflowSnapshot.class).name());
        assertTrue(r.problems().isEmpty(), r.problems().toString());
    }

    @Test
    void twoDescriptionsOfTwoPodsStayOneShapeReadByItsReader() throws IOException {
        List<String> describe = sample().subList(DESCRIBE_PROMPT - 1, ARGO_GET_PROMPT - 1);
        List<String> lines = new ArrayList<>(describe);
        describe.stream().map(l -> l.replace(POD, "invoice-batch-k2w9d-publish-3377001122")).forEach(lines::add);
        Path folder = write("two-describes", lines);
        InputFile file = classified(folder);
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD.label(), file.reason(), "one shape twice is no session");
        PasteFileReader.Result r = new PasteFileReader().read(file, PasteShape.KUBECTL_DESCRIBE_POD, null, null, Message.NOTHING);
        assertEquals(List.of(POD, "invoice-batch-k2w9d-publish-3377001122"),
                r.objects().stream().filter(PodSnapshot.class::isInstance).map(o -> ((PodSnapshot) o).name()).toList());
    }

    /**
     * {@code kubectl describe pod … | head -60}: the filter cut the description after wait's block, main's never printed. What is
     * left is part of a Pod, not a Pod whose containers are init and wait: read as one, "every container exited 0" stood on wait's
     * exit alone (AF002, AF001 "wait exit 0"), though main may have failed. Session 48 (breaker22): before the fix AF002 was reported.
     */
    @Test
    void aDescriptionPipedToHeadIsPartOfAPodNotAPod() throws IOException {
        List<String> lines = new ArrayList<>(sample());
        int main = lines.indexOf("  main:");
        lines.subList(main, ARGO_GET_PROMPT - 1).clear();
        lines.set(DESCRIBE_PROMPT - 1, lines.get(DESCRIBE_PROMPT - 1) + " | head -" + (main - DESCRIBE_PROMPT + 1));
        Path folder = write("describe-head", lines);
        assertEquals(InputClassifier.TRANSCRIPT, classified(folder).reason(), "argo get's output is still read");
        List<PasteShape.Section> read = PasteShape.transcriptOutputs(lines);
        assertEquals(List.of(PasteShape.ARGO_GET), read.stream().map(PasteShape.Section::shape).toList(), "the piped description is not read");
        assertTrue(readTranscript(folder).objects().stream().noneMatch(PodSnapshot.class::isInstance));
        JsonNode report = run(folder);
        assertNull(finding(report, "AF002"), "main's end is not printed: no Pod shows every container exited 0");
        JsonNode af001 = finding(report, "AF001");
        assertNotNull(af001);
        assertFalse(af001.get("confidenceReason").asText().contains("wait exit 0"), af001.toString());
        // Control: the same description piped to a filter that the whole of it passed is still left out (nothing says it passed
        // all), and the whole description unpiped is read (the first test).
        List<String> grepped = new ArrayList<>(sample());
        grepped.set(DESCRIBE_PROMPT - 1, grepped.get(DESCRIBE_PROMPT - 1) + " | grep -v '^IPs:'");
        assertEquals(List.of(PasteShape.ARGO_GET), PasteShape.transcriptOutputs(grepped).stream().map(PasteShape.Section::shape).toList());
    }

    /**
     * Controls kept (session 48, breaker22; each was right before): a description of a sibling Pod of the same Workflow (a name
     * sharing the prefix, another node) or of the same name in another namespace gives this Pod no exit codes; the transcript saved
     * with Windows line ends reads as it does with Unix ones.
     */
    @Test
    void aSiblingOrAnotherNamespacesPodAndWindowsLineEndsAreReadForWhatTheyAre() throws IOException {
        String sibling = POD.substring(0, POD.length() - 1) + "4";
        List<String> other = new ArrayList<>();
        for (int i = 0; i < sample().size(); i++) {
            String l = sample().get(i);
            other.add(i >= DESCRIBE_PROMPT - 1 && i < ARGO_GET_PROMPT - 1
                    ? l.replace(POD, sibling).replace("invoice-batch-k2w9d-901637263", "invoice-batch-k2w9d-901637264").replace("[0].render", "[1].render")
                    : l);
        }
        List<String> namespace = new ArrayList<>();
        for (int i = 0; i < sample().size(); i++) {
            String l = sample().get(i);
            namespace.add(i >= DESCRIBE_PROMPT - 1 && i < ARGO_GET_PROMPT - 1
                    ? l.replace("-n invoicing describe", "-n invoicing-staging describe").replace("Namespace:        invoicing", "Namespace:        invoicing-staging")
                    : l);
        }
        for (List<String> lines : List.of(other, namespace)) {
            JsonNode report = run(write("not-this-pod-" + lines.hashCode(), lines));
            assertNull(finding(report, "AF002"), "another Pod's exit codes are not this one's");
            JsonNode af001 = finding(report, "AF001");
            assertNotNull(af001);
            assertTrue(af001.get("confidenceReason").asText().contains("no export of the Pod shows how its containers ended"), af001.toString());
        }
        Path crlf = dir.resolve("crlf");
        Files.createDirectories(crlf);
        Files.writeString(crlf.resolve("terminal-scrollback.txt"), String.join("\r\n", sample()) + "\r\n", StandardCharsets.UTF_8);
        JsonNode report = run(crlf);
        assertEquals(0, report.get("inputs").get(0).get("unparsed").asLong());
        JsonNode af002 = finding(report, "AF002");
        assertNotNull(af002);
        assertTrue(af002.get("confidenceReason").asText().contains("(wait exit 0, main exit 0)"), af002.toString());
    }

    /** The sample with each {@code $ } prompt written as {@code prompt} is. */
    private static List<String> withPrompt(List<String> lines, String prompt) {
        return lines.stream().map(l -> l.startsWith("$ ") ? prompt + l.substring(2) : l).toList();
    }

    /** The notes of the file's inputs row, as the report words them. */
    private static String notes(JsonNode report) {
        return report.get("inputs").get(0).get("notes").toString();
    }

    /**
     * Session 49: prompts as terminals print them other than {@code $ }: each starts its command as {@code $ } does, so the
     * description between the two logs is read as the Pod it prints (before, a time of day before a host's prompt and macOS zsh's
     * {@code user@host dir %} left the description unparsed, its exit codes lost).
     */
    @Test
    void promptsOfOtherShellsStartTheirCommandsAsDollarDoes() throws IOException {
        List<String> prompts = List.of("[07:41:03] sre@bastion:~$ ", "sre@bastion:~/incident$ ", "PS C:\\ops> ", "% ", "sre@mbp incident % ",
                "sre@bastion ~/incident> ", "[sre@bastion incident]$ ");
        for (String prompt : prompts) {
            Path folder = write("prompt-" + prompts.indexOf(prompt), withPrompt(sample(), prompt));
            assertEquals(InputClassifier.TRANSCRIPT, classified(folder).reason(), prompt);
            JsonNode report = run(folder);
            JsonNode input = report.get("inputs").get(0);
            assertEquals(0, input.get("unparsed").asLong(), prompt + ": " + input);
            assertEquals(55, input.get("events").asLong(), prompt);
            assertTrue(notes(report).contains("lines 20 to 138, the output of `kubectl -n invoicing describe pod " + POD + "` (line 19)"),
                    prompt + ": " + notes(report));
            assertNotNull(finding(report, "AF002"), prompt + ": the description's exit codes are read");
            assertEquals(2, report.get("controllers").size(), prompt + ": the prompt before the new run's log still splits the runs");
        }
    }

    /**
     * A prompt of no shape read here ({@code sre | prod | ~ » kubectl …}) starts nothing: its lines and the output after it are counted as
     * unparsed and shown, never dropped and never read as records or as a Pod.
     */
    @Test
    void anUnrecognisedPromptIsCountedAndShownNotReadAsARecordOrAPod() throws IOException {
        JsonNode report = run(write("odd-prompt", withPrompt(sample(), "sre | prod-eu | ~/incident \u00bb ")));
        JsonNode input = report.get("inputs").get(0);
        assertEquals(55, input.get("events").asLong(), "the log records are still read");
        assertTrue(input.get("unparsed").asLong() >= 4, input.toString());
        assertEquals(input.get("lines").asLong(), input.get("events").asLong() + input.get("continuation").asLong() + input.get("blank").asLong()
                + input.get("unparsed").asLong() + input.get("furniture").asLong(), "every line counted once");
        assertTrue(input.get("unparsedSamples").toString().contains("\"line\":1,"), input.get("unparsedSamples").toString());
        assertNull(finding(report, "AF002"), "no description was read");
        assertFalse(input.has("objectsFromOutput"));
    }

    /**
     * A command the shell read on after its second prompt ({@code > }, PS2): a backslash at the end of the line, or a loop's body.
     * The lines after {@code > } are the command's, not a new prompt's, and its output is read after them.
     */
    @Test
    void aCommandContinuedAtTheShellsSecondPromptIsOneCommand() throws IOException {
        List<String> backslash = new ArrayList<>(sample());
        backslash.set(DESCRIBE_PROMPT - 1, "$ kubectl -n invoicing describe pod \\");
        backslash.add(DESCRIBE_PROMPT, ">   " + POD);
        List<String> loop = new ArrayList<>(sample());
        loop.set(DESCRIBE_PROMPT - 1, "$ for p in " + POD + "; do");
        loop.add(DESCRIBE_PROMPT, "> kubectl -n invoicing describe pod $p");
        loop.add(DESCRIBE_PROMPT + 1, "> done");
        for (List<String> lines : List.of(backslash, loop)) {
            JsonNode report = run(write("ps2-" + lines.size(), lines));
            JsonNode input = report.get("inputs").get(0);
            assertEquals(0, input.get("unparsed").asLong(), input.toString());
            assertNotNull(finding(report, "AF002"), "the description after the command's last line is read");
            String command = lines == backslash ? "kubectl -n invoicing describe pod " + POD
                    : "for p in " + POD + "; do kubectl -n invoicing describe pod $p; done";
            assertTrue(notes(report).contains("the output of `" + command + "` (line 19)"), notes(report));
        }
        // A > line after output (no command asking for more) is a prompt of its own, as it always was.
        List<PasteShape.Section> sections = PasteShape.sections(List.of("$ kubectl -n invoicing get pods", "NAME   READY   STATUS   RESTARTS   AGE",
                "> kubectl -n invoicing describe pod " + POD, "Name:         " + POD, "Namespace:    invoicing", "Priority:     0"));
        assertEquals(2, sections.size(), sections.toString());
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, sections.get(1).shape());
        // A pipe asks for more: the filter on the next line is the same command's (part of an object is none).
        List<PasteShape.Section> piped = PasteShape.sections(List.of("$ kubectl -n invoicing describe pod " + POD + " |", "> head -20",
                "Name:         " + POD, "Namespace:    invoicing", "Priority:     0"));
        assertEquals(1, piped.size());
        assertEquals("kubectl -n invoicing describe pod " + POD + " | head -20", piped.get(0).command());
        assertEquals(2, piped.get(0).output());
    }

    /**
     * {@code date -u; kubectl describe pod X} (or {@code &&}): date's answer is when the description was printed, to the second, and
     * dates that command's output only: argo get's after it stays undated, and a date run before the first log dates nothing.
     */
    @Test
    void dateRunWithTheDescriptionDatesItAndNothingElse() throws IOException {
        for (String chain : List.of("; ", " && ")) {
            List<String> lines = new ArrayList<>(sample());
            lines.set(DESCRIBE_PROMPT - 1, "$ date -u" + chain + "kubectl -n invoicing describe pod " + POD);
            lines.add(DESCRIBE_PROMPT, "Thu Nov 12 14:05:35 UTC 2026");
            Path folder = write("date" + chain.strip(), lines);
            PasteFileReader.Result r = readTranscript(folder);
            PodSnapshot pod = only(r, PodSnapshot.class);
            assertEquals(ObservationBasis.DATE_COMMAND, pod.observed().basis());
            assertEquals("2026-11-12T14:05:35Z", pod.observed().time().format());
            WorkflowSnapshot wf = only(r, WorkflowSnapshot.class);
            assertTrue(wf.observed() == null || wf.observed().basis() != ObservationBasis.DATE_COMMAND, String.valueOf(wf.observed()));
            JsonNode input = run(folder).get("inputs").get(0);
            assertEquals(0, input.get("unparsed").asLong(), "date's answer is the terminal's, no log line: " + input);
        }
        // date's answer on its own prompt right above the describe dates it too; one above the first kubectl logs dates nothing of the
        // output further down (before session 49 the file's first date was taken for its first section's).
        List<String> above = new ArrayList<>(sample());
        above.addAll(DESCRIBE_PROMPT - 1, List.of("$ date -u", "Thu Nov 12 14:05:35 UTC 2026"));
        assertEquals(ObservationBasis.DATE_COMMAND, only(readTranscript(write("date-above", above)), PodSnapshot.class).observed().basis());
        assertEquals(0, run(write("date-above", above)).get("inputs").get(0).get("unparsed").asLong());
        List<String> first = new ArrayList<>(sample());
        first.addAll(0, List.of("$ date -u", "Thu Nov 12 14:04:01 UTC 2026"));
        PodSnapshot undated = only(readTranscript(write("date-first", first)), PodSnapshot.class);
        assertTrue(undated.observed() == null || undated.observed().basis() == ObservationBasis.LATEST_INSIDE, String.valueOf(undated.observed()));
        // A zone abbreviation other than UTC or GMT names no offset: it dates nothing.
        List<String> cet = new ArrayList<>(sample());
        cet.set(DESCRIBE_PROMPT - 1, "$ date; kubectl -n invoicing describe pod " + POD);
        cet.add(DESCRIBE_PROMPT, "Thu Nov 12 15:05:35 CET 2026");
        PodSnapshot local = only(readTranscript(write("date-cet", cet)), PodSnapshot.class);
        assertTrue(local.observed() == null || local.observed().basis() == ObservationBasis.LATEST_INSIDE, String.valueOf(local.observed()));
    }

    /** The Pods and Workflows read from a transcript's other output are objects read from that file, in its row and in the totals. */
    @Test
    void theObjectsReadFromTheTranscriptAreCountedAsObjects() throws IOException {
        JsonNode report = run(write("objects", sample()));
        assertEquals(2, report.get("inputs").get(0).get("objectsFromOutput").asLong(), "the description's Pod and argo get's Workflow");
        assertEquals(2, report.get("provenance").get("lines").get("objects").asLong());
        assertEquals(192, report.get("provenance").get("lines").get("logLines").asLong(), "their lines stay the log's furniture");
        List<String> lines = new ArrayList<>(sample());
        lines.subList(DESCRIBE_PROMPT - 1, NEW_RUN_PROMPT - 1).clear();
        JsonNode logsOnly = run(write("objects-none", lines));
        assertFalse(logsOnly.get("inputs").get(0).has("objectsFromOutput"));
        assertEquals(0, logsOnly.get("provenance").get("lines").get("objects").asLong());
    }

    /**
     * The controller's container restarted in its Pod: the user pasted the current container's tail, then {@code kubectl logs -p}, the
     * previous container's log from its start. Two processes, the previous one earlier, though its lines come later in the file
     * (before session 49 they were one run, its start taken for the tail's own log asked for again).
     */
    @Test
    void thePreviousContainersLogAfterTheCurrentTailIsAnotherEarlierRun() throws IOException {
        List<String> s = sample();
        String controller = "workflow-controller-7c9d8f6b4-mx2lp";
        List<String> lines = new ArrayList<>();
        lines.add("$ kubectl -n argo logs --tail=23 " + controller);
        lines.addAll(s.subList(169, 192)); // the current container's last 23 lines: the node marked "pod deleted"
        lines.add("$ kubectl -n argo logs -p " + controller);
        for (String l : s.subList(155, 160)) { // the previous container's start: its configuration, the Lease, the banner
            lines.add(l.replace("14:07:05", "13:51:12").replace("I1112 14:07", "I1112 13:51").replace("v3.7.12", "v3.7.9")
                    .replace("5f6b7d9c8-qz4tn", "7c9d8f6b4-mx2lp"));
        }
        lines.addAll(s.subList(1, 18)); // ... and its work on the Workflow until it stopped
        assertTrue(lines.get(25).startsWith("I1112 13:51:12"), lines.get(25));
        JsonNode report = run(write("previous", lines));
        JsonNode runs = report.get("controllers");
        assertEquals(2, runs.size(), runs.toString());
        assertEquals("2026-11-12T14:07:08.031Z", runs.get(0).get("first").asText(), "the current container's tail");
        assertEquals("2026-11-12T13:51:12.311482Z", runs.get(1).get("first").asText(), "the previous container, from its start");
        assertEquals("2026-11-12T14:03:10.541Z", runs.get(1).get("last").asText());
        assertFalse(notes(report).contains("earlier than the line before them"), "each run's lines are in order: " + notes(report));
        // Numbered by time, not by the file's order (session 50: the previous container's run was #2 though it ran first).
        assertEquals(2, runs.get(0).get("incarnation").asInt(), runs.toString());
        assertEquals(1, runs.get(1).get("incarnation").asInt(), runs.toString());

        // Control: the same log asked for again from its start (no -p) stays the one process it may be, as before.
        List<String> again = new ArrayList<>(lines);
        again.set(again.indexOf("$ kubectl -n argo logs -p " + controller), "$ kubectl -n argo logs " + controller);
        assertEquals(1, run(write("again", again)).get("controllers").size());
        // -p first, then the current container: two runs as well.
        List<String> reversedOrder = new ArrayList<>(lines.subList(24, lines.size()));
        reversedOrder.addAll(lines.subList(0, 24));
        assertEquals(2, run(write("previous-first", reversedOrder)).get("controllers").size());
    }

    /**
     * Other commands' output is looked for in a transcript's first MiB (as the file is classified): a description past it is not read
     * as the Pod it prints, and the report says so at its prompt's line, its lines counted (unparsed), not dropped. The sample's own
     * description, inside the head, draws no such note.
     */
    @Test
    void aDescriptionPastTheFirstMibIsSaidAtItsLineNotSilentlyLeft() throws IOException {
        List<String> s = sample();
        List<String> lines = new ArrayList<>();
        lines.add(s.get(0).replace("--tail=17 ", ""));
        lines.addAll(s.subList(1, 14));
        long bytes = 0;
        for (int n = 1; bytes < 1_100_000; n++) { // the old run's passes of other Workflows, 13:58:45 on, every 20 ms
            java.time.Instant at = java.time.Instant.parse("2026-11-12T13:58:45Z").plusMillis(20L * n);
            String l = "time=\"" + at + "\" level=info msg=\"Processing workflow\" Phase=Running ResourceVersion=" + (5000000 + n)
                    + " namespace=ledger workflow=gl-post-" + String.format("%05d", n % 400);
            lines.add(l);
            bytes += l.length() + 1;
        }
        lines.addAll(s.subList(14, s.size()));
        int describe = lines.indexOf(s.get(DESCRIBE_PROMPT - 1)) + 1;
        JsonNode report = run(write("past-head", lines));
        JsonNode input = report.get("inputs").get(0);
        assertTrue(notes(report).contains("the output of `kubectl -n invoicing describe pod " + POD + "` (line " + describe + ") and of 1 more such "
                + "command(s) after it was not read as the export it prints: it is past the file's first MiB"), notes(report));
        assertTrue(input.get("unparsed").asLong() > 0, "its lines are counted: " + input);
        assertNull(finding(report, "AF002"), "the description was not read");
        assertFalse(notes(run(write("in-head", s))).contains("past the file's first MiB"));
    }
}
