package dev.argoforensics.read;

import dev.argoforensics.accounting.Furniture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.read.FurnitureLine.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What a pasted excerpt holds besides log lines, and the look-alikes that are not furniture. */
class FurnitureLineTest {

    @ParameterizedTest
    @ValueSource(strings = {"...", "…", "……", ". . .", "  ...  ", "[...]", "[…]", "(...)", "<snip>", "[snip]", "<snipped>", "[truncated]",
        "(output truncated)", "[... 120 lines omitted ...]", "... 40 more lines ...", "-- snip --", "----- 8< -----", "--8<--",
        // grep -C2 between two groups of context lines
        "--", "  --"})
    void omissionMarks(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.OMISSION, f.kind(), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"```", "```text", "``` console", "```shell", "~~~", "````log", "<details>", "</details>", "<details open>",
        "<summary>workflow-controller logs</summary>", "<pre>", "</pre>",
        // a comment's collapsible section written on one line, as most GitHub comments write it (session 32)
        "<details><summary>workflow-controller logs (click to expand)</summary>", "<details open><summary>Logs</summary>", "</pre></details>",
        "<details> <summary>kubectl get wf -o yaml</summary>",
        // an incident ticket or a postmortem in Jira or Confluence wiki markup
        "{code}", "{code:java}", "{code:title=workflow-controller.log|borderStyle=solid}", "{noformat}"})
    void markdownAroundAnExcerpt(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.MARKUP, f.kind(), line);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '\'', value = {
        "$ kubectl logs deploy/workflow-controller | grep my-wf | egrep \"(Created|pod deleted)\" => "
                + "kubectl logs deploy/workflow-controller | grep my-wf | egrep \"(Created|pod deleted)\"",
        "ops@bastion-2:~$ kubectl -n argo logs workflow-controller-6c9d7b8f4-k2lzq --timestamps => kubectl -n argo logs workflow-controller-6c9d7b8f4-k2lzq --timestamps",
        "[ops@bastion-2 incident]$ stern -n argo workflow-controller --since 2h => stern -n argo workflow-controller --since 2h",
        "root@node-3:/# crictl logs 3f2a9c1d | tail -n 50 => crictl logs 3f2a9c1d | tail -n 50",
        "# kubectl logs -n argo deploy/workflow-controller => kubectl logs -n argo deploy/workflow-controller",
        // a root shell running anything through sudo is a prompt, whatever sudo runs
        "# sudo systemctl restart kubelet => sudo systemctl restart kubelet",
        "% doas rc-service containerd restart => doas rc-service containerd restart",
        "PS> kubectl logs deploy/workflow-controller -n argo => kubectl logs deploy/workflow-controller -n argo",
        "PS C:\\Users\\ops> kubectl logs deploy/workflow-controller | Select-String wf-7q2lc => kubectl logs deploy/workflow-controller | Select-String wf-7q2lc",
        "(prod-eu) $ zcat controller.log.2.gz | grep wf-7q2lc => zcat controller.log.2.gz | grep wf-7q2lc",
        "% kubectl logs deploy/workflow-controller => kubectl logs deploy/workflow-controller",
        // macOS zsh's default prompt, oh-my-zsh's default theme (in a git checkout too), a lambda prompt
        "alice@MacBook-Pro ~ % kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc => kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc",
        "➜  ~ kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc => kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc",
        "➜  infra git:(main) ✗ stern -n argo workflow-controller => stern -n argo workflow-controller",
        "λ kubectl logs deploy/workflow-controller -n argo => kubectl logs deploy/workflow-controller -n argo",
        // zsh's vi-mode indicator before an arrow prompt (#3006's shape)
        "(ins)-> kubectl logs deploy/workflow-controller -n argo => kubectl logs deploy/workflow-controller -n argo",
        // Argo's bug report form words its log fields as bare commands, which people paste their lines under.
        "kubectl logs -n argo deploy/workflow-controller | grep ${workflow} => kubectl logs -n argo deploy/workflow-controller | grep ${workflow}",
        "kubectl logs -n argo -c wait -l workflows.argoproj.io/workflow=${workflow},workflow.argoproj.io/phase!=Succeeded => "
                + "kubectl logs -n argo -c wait -l workflows.argoproj.io/workflow=${workflow},workflow.argoproj.io/phase!=Succeeded",
        "k -n etl logs wc-1 --since=1h => k -n etl logs wc-1 --since=1h",
        // session 35: the same bare command run through sudo (on a node, or with a root-only kubeconfig)
        "sudo kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc => sudo kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc",
        "sudo -u ops k -n argo logs deploy/workflow-controller => sudo -u ops k -n argo logs deploy/workflow-controller",
        // session 37: a bare command behind the wrappers the live-cut reading understands (one reading: ShellCommand)
        "timeout 30 kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc => timeout 30 kubectl logs -n argo deploy/workflow-controller | grep etl-7q2lc",
        "env KUBECONFIG=/tmp/prod.yaml kubectl logs -n argo deploy/workflow-controller => env KUBECONFIG=/tmp/prod.yaml kubectl logs -n argo deploy/workflow-controller",
        "KUBECONFIG=~/.kube/prod nice -n 10 stern -n argo workflow-controller => KUBECONFIG=~/.kube/prod nice -n 10 stern -n argo workflow-controller",
        "\"kubectl\" logs -n argo deploy/workflow-controller => \"kubectl\" logs -n argo deploy/workflow-controller"})
    void promptsGiveTheirCommand(String line, String command) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.PROMPT, f.kind(), line);
        assertEquals(command, f.command());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // Comments are no prompt: only a command people fetch or filter logs with makes "# " one (a heading of level 2 to 6 is
        // Markdown since session 61: theIssueFormsHeadingsAreMarkdown).
        "# the controller restarted here", "# taken-at: 2026-09-19T16:40:00Z", "#",
        // A Go panic's lines belong to the panic.
        "...additional frames elided...", "goroutine 412 [running]:", "\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:627 +0x44",
        "main.main()",
        // Log lines and other text that only look like it.
        "I0919 16:31:12.000000       1 leaderelection.go:257] attempting to acquire leader lease argo/workflow-controller...",
        "time=2026-09-19T16:31:11.257Z level=INFO msg=\"...\"", "$GOPATH/bin/workflow-controller", "> quoted text", "<none>",
        "[2026-09-19 16:31:11] controller restarted", "... and then the pod was deleted", "see above...", "% done", "waiting...",
        "➜ see the logs below", "λ calculus", "➜  ~ make test",
        "``` trailing words after a fence",
        // a JSON object or a Go map is no wiki markup
        "{code: 1}", "{\"code\":\"x\"}", "{code}trailing",
        // tags with a sentence or a record after them on the line are no wrapping alone
        "<details><summary>logs</summary> the controller restarted here", "<details> see below",
        "</details>time=\"2026-09-19T16:31:11.257Z\" level=info msg=\"Processing workflow\"",
        // a dash line that is not grep's group separator
        "---", "-- the controller restarted here", "-",
        // a command that prints no logs, or a log command holding a record's head
        "kubectl get pods -n argo", "kubectl logs deploy/workflow-controller time=\"2026-09-19T16:31:11.257Z\" level=info"})
    void lookAlikesAreNotFurniture(String line) {
        assertNull(FurnitureLine.recognise(line), line);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "kubectl logs deploy/workflow-controller | grep my-wf => true",
        "grep wf-7q2lc controller.log => true",
        "sudo journalctl -u kubelet | tail -n 100 => true",
        "kubectl logs deploy/workflow-controller --since=1h => false",
        "stern -n argo workflow-controller => false"})
    void aCommandFiltersIfItSelectsLines(String command, boolean filters) {
        assertEquals(filters, FurnitureLine.filters(command), command);
    }

    /** The empty prompt a terminal shows after the output, copied with it: macOS zsh's, oh-my-zsh's, a bare sigil's. */
    @ParameterizedTest
    @ValueSource(strings = {"$", "$ ", "alice@MacBook-Pro ~ % ", "➜  ~ ", "➜  infra git:(main) ✗ ", "❯", "λ ", "ops@bastion:~$ "})
    void anEmptyPromptHasNoCommand(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.PROMPT, f.kind(), line);
        assertNull(f.command(), line);
    }

    @org.junit.jupiter.api.Test
    void aBarePromptHasNoCommand() {
        FurnitureLine.Line f = FurnitureLine.recognise("$");
        assertEquals(Kind.PROMPT, f.kind());
        assertNull(f.command());
        assertFalse(FurnitureLine.filters(null));
        assertTrue(Furniture.NONE.commands().isEmpty());
    }
    @ParameterizedTest
    @ValueSource(strings = {"# Logs from the workflow controller:", "  # Logs from the workflow controller:  ", "# logs from the WORKFLOW controller:",
        "# The workflow's pods that are problematic:", "# Logs from in your workflow's wait container, something like:",
        "# If the workflow's pods have not been created, you can skip the rest of the diagnostics.",
        "Paste the logs from the workflow controller:", "Paste a workflow that reproduces the bug, including status:"})
    void theOldBugReportTemplatesInstructions(String line) {
        // Session 58: the words Argo's template (2020-2022) wrote inside its fenced blocks, where people pasted their lines.
        assertTrue(FurnitureLine.issueTemplate(line), line);
        assertNull(FurnitureLine.recognise(line), "no prompt, no markup: the issue's text, " + line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"# Logs from the workflow controller on node-7:", "# Logs from the workflow controller", "Logs from the workflow controller:",
        "# the controller restarted here", "time=\"2026-05-04T11:20:01.441Z\" level=info msg=\"Paste the logs from the workflow controller:\"",
        "# kubectl logs -n argo deploy/workflow-controller"})
    void wordsThatAreNotTheTemplates(String line) {
        assertFalse(FurnitureLine.issueTemplate(line), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"`", "``", "  `  "})
    void backticksAloneAreMarkdown(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.MARKUP, f.kind(), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"`time=\"2026-05-04T11:20:01.441Z\" level=info`", "`pod deleted`", "'"})
    void aCodeSpanWithTextIsNoLoneBacktick(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertTrue(f == null || f.kind() != Kind.MARKUP, line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"### Logs from the workflow controller", "### Logs from in your workflow's wait container", "### Version(s)",
        "### What happened? What did you expect to happen?", "## Controller logs", "###### notes", "  ### Logs from the workflow controller  "})
    void theIssueFormsHeadingsAreMarkdown(String line) {
        // Session 61 (upstream #14371's shape): GitHub writes a submitted form's fields under "### <label>"; a paste copied across two
        // fields holds the heading between the blocks, after records.
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertNotNull(f, line);
        assertEquals(Kind.MARKUP, f.kind(), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"## time=\"2026-05-04T11:20:01.441Z\" level=info msg=\"Processing workflow\"", "### {\"level\":\"info\"}",
        "### INFO[2026-05-04T11:20:01.441Z] Processing workflow", "####### seven", "###", "#Logs", "# Logs from the workflow controller"})
    void aHeadingHoldingARecordOrNoHeadingIsNoMarkup(String line) {
        FurnitureLine.Line f = FurnitureLine.recognise(line);
        assertTrue(f == null || f.kind() != Kind.MARKUP, line);
    }

    @org.junit.jupiter.api.Test
    void aTripleChevronBeforeALogCommandIsAPrompt() {
        FurnitureLine.Line f = FurnitureLine.recognise(">>> kubectl logs -n team-ml -c wait -l workflows.argoproj.io/workflow=wft-user-h2x9p");
        assertNotNull(f);
        assertEquals(Kind.PROMPT, f.kind());
        assertEquals("kubectl logs -n team-ml -c wait -l workflows.argoproj.io/workflow=wft-user-h2x9p", f.command());
        // Python's own prompt before Python, and the chevrons alone: no prompt of a command that printed logs
        assertNull(FurnitureLine.recognise(">>> print(pod.status.phase)"));
        assertNull(FurnitureLine.recognise(">>>"));
    }
}
