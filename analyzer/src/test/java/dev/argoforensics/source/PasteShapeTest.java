package dev.argoforensics.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pasted argo get and kubectl get pods output is told from log lines by its header, never by a word in a line. */
class PasteShapeTest {
    @TempDir
    Path dir;

    @Test
    void kubectlHeadersPlainWideAndAllNamespaces() {
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of("NAME        READY   STATUS      RESTARTS   AGE")));
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of("# taken-at: 2026-09-23T03:31:40Z", "$ kubectl get pods -o wide",
                "NAME   READY   STATUS    RESTARTS   AGE   IP          NODE     NOMINATED NODE   READINESS GATES")));
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of("", "NAMESPACE   NAME   READY   STATUS   RESTARTS   AGE")));
    }

    @Test
    void argoGetByItsHeaderBlockOrItsTreeHeader() {
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("$ argo get wf-1", "Name:                wf-1", "Namespace:           argo")));
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("STEP          TEMPLATE  PODNAME     DURATION  MESSAGE")));
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of(
                "\u001b[39mSTEP\u001b[0m   TEMPLATE  PODNAME  DURATION  ARTIFACTS  MESSAGE  RESOURCESDURATION  NODENAME")));
    }

    /**
     * #13152's paste: argo get in a {@code ```console} fence under a zsh {@code %} prompt. The fence before the prompt is furniture (it
     * was read as a log, every line unparsed); a fence before log lines, or before no prompt, decides nothing.
     */
    @Test
    void argoGetInAConsoleFence() {
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("```console", "% argo get wf-1 -n batch", "Name:                wf-1",
                "Namespace:           batch", "Status:              Running", "Conditions:          ", " PodRunning          False")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("```", "$ kubectl logs -n argo deploy/workflow-controller | grep wf-1",
                "time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\" namespace=batch workflow=wf-1")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("```", "time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\"")));
    }

    /** #12103's paste: a sentence, then a fence holding a piece of taskResultsCompletionStatus and a kubectl get pods | grep row. */
    @Test
    void aCompletionStatusPieceAfterASentence() {
        assertEquals(PasteShape.WORKFLOW_STATUS_FRAGMENT, PasteShape.detect(List.of("Same here after the upgrade:", "```",
                "  taskResultsCompletionStatus:", "    wf-1-123: false", "root@host:/home/ops# kubectl get pods -n ns | grep -i comple",
                "wf-1-step-123   0/2     Completed   0          9d", "```")));
        // A sentence before a fence of log lines stays a log.
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("Controller log:", "```",
                "time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\" namespace=batch workflow=wf-1", "```")));
    }

    @Test
    void kubectlDescribePodIsNotArgoGetThoughBothBeginWithNameAndNamespace() {
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(List.of("$ kubectl describe pod -n etl p-1", "Name:             p-1",
                "Namespace:        etl", "Priority:         0")));
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(List.of("Name:         p-1", "Namespace:    etl",
                "Service Account:  default")));
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(List.of("Name:                wf-1", "Namespace:           argo",
                "ServiceAccount:      unset (will run with the default ServiceAccount)")));
    }

    @Test
    void kubectlGetEventsByItsHeader() {
        assertEquals(PasteShape.KUBECTL_EVENTS, PasteShape.detect(List.of("# taken-at: 2026-10-27T09:30:00Z", "$ kubectl get events -n batch",
                "LAST SEEN   TYPE     REASON    OBJECT                       MESSAGE")));
        assertEquals(PasteShape.KUBECTL_EVENTS, PasteShape.detect(List.of("NAMESPACE   LAST SEEN   TYPE     REASON    OBJECT   MESSAGE")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("LAST SEEN TYPE REASON OBJECT MESSAGE")), "single spaces: prose");
    }

    /** kubectl's answer that the object does not exist is read with the tables, unless the paste goes on to quote log lines. */
    @Test
    void kubectlsNotFoundAnswerFirstIsAPasteUnlessLogLinesFollow() {
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of("# taken-at: 2026-10-14T10:12:00Z", "$ kubectl get pod -n feeds p-1",
                "Error from server (NotFound): pods \"p-1\" not found")));
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of("Error from server (NotFound): workflows.argoproj.io \"wf-1\" not found")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("$ kubectl get pod p-1", "Error from server (NotFound): pods \"p-1\" not found",
                "$ kubectl logs deploy/workflow-controller | grep wf-1",
                "time=\"2026-10-14T09:00:00.211Z\" level=info msg=\"Processing workflow\" namespace=feeds workflow=wf-1")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("Error from server (Forbidden): pods \"p-1\" is forbidden")), "not a NotFound");
    }

    private static final String RECORD = "time=\"2026-10-14T09:00:00.211Z\" level=info msg=\"Processing workflow\" namespace=feeds workflow=wf-1";

    /** A transcript that quotes log lines: the other commands' output of a shape read here, each section by its own first lines. */
    @Test
    void aTranscriptsOtherOutputIsToldSectionBySection() {
        List<String> lines = List.of("$ kubectl -n argo logs --tail=2 workflow-controller-6d9f-abcde", RECORD,
                "$ kubectl -n feeds describe pod wf-1-fetch-1234567890",
                "Name:             wf-1-fetch-1234567890", "Namespace:        feeds", "Priority:         0", "Status:           Succeeded",
                "$ argo get -n feeds wf-1", "Name:                wf-1", "Namespace:           feeds", "ServiceAccount:      runner",
                "Status:              Running", "", "STEP      TEMPLATE  PODNAME                DURATION  MESSAGE",
                " ● wf-1    main", " └───● fetch  fetch     wf-1-fetch-1234567890  3m",
                "$ kubectl -n argo logs deploy/workflow-controller", RECORD);
        assertEquals(PasteShape.NONE, PasteShape.detect(lines), "a transcript that quotes log lines is the log");
        List<PasteShape.Section> out = PasteShape.transcriptOutputs(lines);
        assertEquals(List.of(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.ARGO_GET), out.stream().map(PasteShape.Section::shape).toList());
        assertEquals(List.of(2, 7), out.stream().map(PasteShape.Section::prompt).toList());
        assertEquals(List.of(7, 16), out.stream().map(PasteShape.Section::end).toList());
    }

    /** What the log reader reads itself, or no command's output of a shape read here: no section read as an export. */
    @Test
    void aTranscriptOfLogCommandsGrepsAndAnswersHasNoOtherOutput() {
        assertEquals(List.of(), PasteShape.transcriptOutputs(List.of("$ kubectl logs -n argo deploy/workflow-controller | grep wf-1", RECORD,
                "$ argo logs -n feeds wf-1", "wf-1-fetch-1234567890: fetched 12 feeds",
                "$ kubectl get pod -n feeds wf-1-fetch-1234567890", "Error from server (NotFound): pods \"wf-1-fetch-1234567890\" not found",
                "$ kubectl get pods -n feeds", "No resources found in feeds namespace.")));
        // Output of a shape read here, but no log line anywhere: a paste, told and read as one (PasteShape.detect), not a transcript.
        assertEquals(List.of(), PasteShape.transcriptOutputs(List.of("$ argo get -n feeds wf-1", "Name:                wf-1",
                "Namespace:           feeds", "$ kubectl get pods -n feeds", "NAME    READY   STATUS    RESTARTS   AGE")));
        // A describe's output that quotes log lines (a container's Args holding a logrus line) is left to the log reader.
        assertEquals(List.of(), PasteShape.transcriptOutputs(List.of("$ kubectl logs deploy/workflow-controller", RECORD,
                "$ kubectl describe pod wf-1-fetch-1234567890", "Name:             wf-1-fetch-1234567890", "Namespace:        feeds",
                "Priority:         0", "    Args:", "      " + RECORD)));
    }

    @Test
    void logLinesThatHoldTheWordsAreNotTables() {
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of(
                "time=\"2026-09-23T03:00:00Z\" level=info msg=\"NAME  READY  STATUS  RESTARTS  AGE\" namespace=argo")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("I0923 03:00:00.000000       1 main.go:1] NAME READY STATUS RESTARTS AGE")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("NAME READY STATUS RESTARTS AGE")), "single spaces: prose, not kubectl");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("Name:  my-config", "data:  x")), "Name: without argo's Namespace: line");
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("NAME    AGE")), "another kind's table");
    }

    @Test
    void theClassifierSendsTablesToTheSnapshotReaderAndLooksAlikesToTheLogReader() throws IOException {
        Path table = dir.resolve("pods.log");
        Files.writeString(table, "NAME   READY   STATUS   RESTARTS   AGE\nwf-1   0/2     Error    0          3m\n");
        InputFile t = new InputClassifier().classify("pods.log", table);
        assertEquals(InputKind.SNAPSHOT, t.kind());
        assertEquals(PasteShape.KUBECTL_PODS, PasteShape.of(t.reason()));
        Path log = dir.resolve("controller.txt");
        Files.writeString(log, "time=\"2026-09-23T03:00:00Z\" level=info msg=\"listing\" header=\"NAME   READY   STATUS   RESTARTS   AGE\"\n"
                + "NAME   READY   STATUS   RESTARTS   AGE\n");
        InputFile l = new InputClassifier().classify("controller.txt", log);
        assertEquals(InputKind.LOG, l.kind());
    }

    /** Prompts as terminals print them before the command that printed the table: the table is read, its namespace from -n. */
    @Test
    void promptsWithAUserAFolderOrAThemeBeforeTheCommand() {
        String header = "NAME                                  READY   STATUS        RESTARTS   AGE";
        for (String prompt : new String[] {"\u279c  kubectl get pods -n geo", "\u279c  ~ kubectl get pods -n geo",
                "\u279c  infra git:(main) \u2717 kubectl get pods -n geo", "\u276f kubectl get pods -n geo", "ops@bastion:~$ kubectl get pods -n geo",
                "PS C:\\Users\\ops> kubectl get pods -n geo", "# kubectl get pods -n geo",
                // zsh's vi-mode indicator before an arrow prompt, as argoproj/argo-workflows#3006 pastes it (session 33: was read as a log)
                "(ins)-> kubectl get pods -n geo", "(cmd)-> kubectl get pods -n geo"}) {
            assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of(prompt, header)), prompt);
            java.util.regex.Matcher m = PasteShape.PROMPT.matcher(prompt);
            assertEquals(true, m.matches(), prompt);
            assertEquals("kubectl get pods -n geo", m.group(1), prompt);
        }
        // Not a prompt: words before the command that are no prompt, or a log line.
        assertEquals(false, PasteShape.PROMPT.matcher("then I ran kubectl get pods -n geo").matches());
        assertEquals(false, PasteShape.PROMPT.matcher("time=\"2026-11-20T09:00:00Z\" level=info msg=\"x\" kubectl get pods").matches());
    }

    /**
     * RHEL's default bash prompt ({@code [user@host dir]$}), a time of day in brackets (zsh's {@code %*}, bash's {@code \t}) and a
     * virtualenv's or kube context's {@code (name)} before it: the table after it is read (it was read as a log, every row unparsed,
     * a time-of-day prompt taken for an excerpt's line). An excerpt's line that opens with a time stays a log line.
     */
    @Test
    void bracketedAndTimedPromptsBeforeTheCommand() {
        String header = "NAME                                  READY   STATUS        RESTARTS   AGE";
        for (String prompt : new String[] {"[ops@bastion-01 ~]$ kubectl get pods -n geo", "[root@master-1 manifests]# kubectl get pods -n geo",
                "[15:04:05] $ kubectl get pods -n geo", "[9:04] % kubectl get pods -n geo", "(prod) ops@bastion:~$ kubectl get pods -n geo"}) {
            assertEquals(PasteShape.KUBECTL_PODS, PasteShape.detect(List.of(prompt, header)), prompt);
            java.util.regex.Matcher m = PasteShape.PROMPT.matcher(prompt);
            assertEquals(true, m.matches(), prompt);
            assertEquals("kubectl get pods -n geo", m.group(1), prompt);
            assertEquals(false, PasteShape.quotesLogLines(List.of(prompt, header)), prompt);
        }
        assertEquals("15:04:05", matched(PasteShape.PROMPT_TIME.matcher("[15:04:05] $ kubectl get pods -n geo")));
        assertEquals(false, PasteShape.PROMPT_TIME.matcher("[ops@bastion-01 ~]$ kubectl get pods -n geo").matches());
        assertEquals(true, PasteShape.quotesLogLines(List.of("[16:31:11] INFO cleaning up pod action=removeFinalizer")));
        assertEquals(false, PasteShape.PROMPT.matcher("[16:31:11] INFO kubectl get pods").matches());
    }

    private static String matched(java.util.regex.Matcher m) {
        return m.matches() ? m.group(1) : null;
    }

    private static final List<String> ARGO_GET_LINES = List.of("$ argo get -n reports nightly-report-q7m2x", "Name:                nightly-report-q7m2x",
            "Namespace:           reports", "Status:              Error", "", "STEP                     TEMPLATE    PODNAME                                     DURATION  MESSAGE",
            " \u26a0 nightly-report-q7m2x  main", " \u2514\u2500\u2500\u2500\u26a0 render            render-pdf  nightly-report-q7m2x-render-pdf-2666830120  16m       pod deleted");

    /**
     * Session 35 (upstream shapes): GitHub comments hold terminal output inside a Markdown container: a code block indented by four
     * spaces (or by a list item's three, around its fence), or a reply's {@code > } quote. The container is taken off for the shape,
     * as the log reader takes a quote's markers off; the output under it is what decides.
     */
    @Test
    void terminalOutputInAnIndentedBlockOrAQuote() {
        List<String> indented = ARGO_GET_LINES.stream().map(l -> l.isEmpty() ? l : "    " + l).toList();
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(indented));
        List<String> listItem = new java.util.ArrayList<>(List.of("   ```"));
        ARGO_GET_LINES.forEach(l -> listItem.add(l.isEmpty() ? l : "   " + l));
        listItem.add("   ```");
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(listItem));
        List<String> quoted = ARGO_GET_LINES.stream().map(l -> l.isEmpty() ? ">" : "> " + l).toList();
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(quoted));
        List<String> describe = List.of("> $ kubectl describe pod -n etl p-1", "> Name:             p-1", "> Namespace:        etl",
                "> Priority:         0");
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(describe));
        // A sentence, a blank line, then the indented block (an issue comment saved whole); without the blank line the indented
        // lines continue the sentence's paragraph in Markdown, and nothing is told.
        List<String> afterSentence = new java.util.ArrayList<>(List.of("The workflow:", ""));
        afterSentence.addAll(indented);
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(afterSentence));
        afterSentence.remove(1);
        assertEquals(PasteShape.NONE, PasteShape.detect(afterSentence));
        // The lines under the container decide: quoted or indented log lines stay a log.
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("    time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\"",
                "    time=\"2026-10-02T14:10:00.002Z\" level=info msg=\"Task-result reconciliation\"")));
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("> time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\"")));
        // An indented status: is a status fragment, read as it was (its reader takes the indentation off itself).
        assertEquals(PasteShape.WORKFLOW_STATUS_FRAGMENT, PasteShape.detect(List.of("  status:", "    nodes:", "      wf-1:", "        phase: Running")));
    }

    /**
     * Session 43 (argoproj/argo-workflows#13237's shape): output not fenced but kept from GitHub's Markdown by code spans, a line
     * each ({@code `Name:   p-1`}) or one span from the first line's start to the last line's end, after a sentence or not, in a
     * quote or not. The spans are taken off, the indentation inside them kept; the text inside decides, as under any container.
     */
    @Test
    void terminalOutputInCodeSpans() {
        List<String> perLine = ARGO_GET_LINES.stream().map(l -> l.isEmpty() ? l : "`" + l + "`").toList();
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(perLine));
        PasteShape.Container c = PasteShape.container(perLine);
        assertEquals(true, c.spans());
        assertEquals(" \u2514\u2500\u2500\u2500\u26a0 render            render-pdf  nightly-report-q7m2x-render-pdf-2666830120  16m       pod deleted",
                c.unwrap(perLine.get(7)), "the tree's own leading space is the output's, kept");
        List<String> describe = List.of("`$ kubectl describe pod -n etl p-1`", "`Name:             p-1`", "`Namespace:        etl`",
                "`Priority:         0`", "`    State:          Terminated`");
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(describe));
        assertEquals("    State:          Terminated", PasteShape.container(describe).unwrap(describe.get(4)));
        List<String> oneSpan = List.of("The pod, as described:", "``Name:             p-1", "Namespace:        etl", "Priority:         0``",
                "", "That is all.");
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(oneSpan), "a sentence, then one span over the output's lines");
        PasteShape.Container one = PasteShape.container(oneSpan);
        assertEquals("The pod, as described:", one.unwrap(oneSpan.get(0)), "the sentence is left as it is");
        assertEquals("Name:             p-1", one.unwrap(oneSpan.get(1)));
        assertEquals("Priority:         0", one.unwrap(oneSpan.get(3)));
        List<String> quoted = describe.stream().map(l -> "> " + l).toList();
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(quoted), "code spans in a reply's quote");
        // Log lines in code spans stay a log (the envelope reader takes the spans off); a fence is no span.
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("`time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\"`")));
        assertEquals(true, PasteShape.quotesLogLines(List.of("`16:31:11.257 queuing pod delay ... action=removeFinalizer`")));
        assertEquals(true, PasteShape.quotesLogLines(List.of("``INFO[2026-10-02T14:10:00.001Z] Processing workflow``")));
        assertEquals(false, PasteShape.quotesLogLines(List.of("we set `ARGO_POD_STATUS_CAPTURE_FINALIZER=true` on the controller")));
        assertEquals(false, PasteShape.container(List.of("```", "Name:             p-1", "Namespace:        etl", "Priority:         0")).spans(),
                "a fence opens no code span");
        // A sentence with a code span in it is no container: what follows is read as it is.
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("We ran `kubectl describe pod` and saw:", "the pod was gone")));
    }

    /**
     * Session 43: a block quote interrupts a paragraph (CommonMark), so a reply's sentence right above its quoted output, with no
     * blank line between, still leaves the output in a quote; an indented code block needs the blank line.
     */
    @Test
    void aQuoteRightAfterASentence() {
        List<String> reply = new java.util.ArrayList<>(List.of("As you asked, the pod:"));
        reply.addAll(List.of("> $ kubectl describe pod -n etl p-1", "> Name:             p-1", "> Namespace:        etl", "> Priority:         0"));
        assertEquals(PasteShape.KUBECTL_DESCRIBE_POD, PasteShape.detect(reply));
        List<String> indented = new java.util.ArrayList<>(List.of("As you asked, the workflow:"));
        ARGO_GET_LINES.forEach(l -> indented.add(l.isEmpty() ? l : "    " + l));
        assertEquals(PasteShape.NONE, PasteShape.detect(indented), "without the blank line the indented lines continue the paragraph");
    }

    /** An issue comment saved whole: a sentence or two, then the fenced output (the commonest shape of a reply). */
    @Test
    void terminalOutputInAFenceAfterASentence() {
        List<String> comment = new java.util.ArrayList<>(List.of("Here is the workflow after the failure:", "", "```"));
        comment.addAll(ARGO_GET_LINES);
        comment.add("```");
        assertEquals(PasteShape.ARGO_GET, PasteShape.detect(comment));
        // A sentence and a fence of log lines stay a log; so does a sentence that is itself a log line.
        assertEquals(PasteShape.NONE, PasteShape.detect(List.of("Controller log:", "```",
                "time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\" namespace=batch workflow=wf-1", "```")));
        List<String> logFirst = new java.util.ArrayList<>(List.of(
                "time=\"2026-10-02T14:10:00.001Z\" level=info msg=\"Processing workflow\" namespace=batch workflow=wf-1", "```"));
        logFirst.addAll(ARGO_GET_LINES);
        assertEquals(PasteShape.NONE, PasteShape.detect(logFirst));
    }
}
