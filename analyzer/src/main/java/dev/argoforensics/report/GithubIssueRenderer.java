package dev.argoforensics.report;

import dev.argoforensics.report.IssueDraft.Quoted;
import dev.argoforensics.report.IssueDraft.Version;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.UpstreamIssues;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A draft of Argo's "Reproducible bug report" issue form for one finding, its sections in the form's
 * order under the headings GitHub gives a submitted form (argoproj/argo-workflows
 * {@code .github/ISSUE_TEMPLATE/bug_report.yaml}, as of 2026-08): the pre-requisites checklist,
 * what happened and what was expected, the version(s), a minimal Workflow, the controller's logs
 * and the wait container's logs. Each section is filled from the evidence or says what is missing
 * and how to get it. It fits in one issue body ({@value MarkdownRenderer#GITHUB_LIMIT} characters):
 * long logs are folded into {@code <details>}, then cut, saying how many lines were left out.
 */
public final class GithubIssueRenderer {
    static final String PREREQUISITES = "Pre-requisites";
    static final String DESCRIPTION = "What happened? What did you expect to happen?";
    static final String VERSIONS = "Version(s)";
    static final String WORKFLOW = "Paste a minimal workflow that reproduces the issue. We must be able to run the workflow; "
            + "don't enter a workflow that uses private images.";
    static final String CONTROLLER_LOGS = "Logs from the workflow controller";
    static final String WAIT_LOGS = "Logs from in your workflow's wait container";
    /** The form's sections, in its order. */
    public static final List<String> SECTIONS = List.of(PREREQUISITES, DESCRIPTION, VERSIONS, WORKFLOW, CONTROLLER_LOGS, WAIT_LOGS);
    /** Lines shown open; more are folded. */
    static final int OPEN_LINES = 20;

    /** How much of the logs to quote; each level less than the one before. */
    private record Budget(int lines, int lineChars) {
        static final List<Budget> LEVELS = List.of(new Budget(Integer.MAX_VALUE, Integer.MAX_VALUE), new Budget(300, 2000),
                new Budget(100, 1000), new Budget(40, 500), new Budget(15, 300), new Budget(5, 200));
    }

    public String render(IssueDraft d) {
        String md = null;
        for (Budget budget : Budget.LEVELS) {
            md = render(d, budget);
            if (md.codePointCount(0, md.length()) <= MarkdownRenderer.GITHUB_LIMIT) {
                break;
            }
        }
        return md;
    }

    private static String render(IssueDraft d, Budget budget) {
        Finding f = d.finding();
        StringBuilder b = new StringBuilder();
        b.append("<!-- Drafted by ").append(Html.escape(d.report().tool().describe())).append(" from finding ").append(d.number())
                .append(" (").append(f.rule()).append("). Review every section before posting. -->\n\n");
        b.append("_Drafted by argo-forensics from finding ").append(d.number()).append(", ").append(f.rule()).append(" (")
                .append(f.severity().label()).append(", ").append(f.confidence().label()).append("): ").append(Markdown.text(f.title()))
                .append(". ").append(d.redacted() ? "Names are pseudonyms; the map to the real names stays with the author. "
                        : "Names are as in the evidence (`--no-redact`). ")
                .append("Evidence is cited as `file:line` of the inputs the author analysed._\n");
        prerequisites(b, d);
        description(b, d);
        versions(b, d);
        workflow(b, d);
        controllerLogs(b, d, budget);
        waitLogs(b, d, budget);
        return b.toString();
    }

    private static void heading(StringBuilder b, String title) {
        b.append("\n### ").append(title).append("\n\n");
    }

    private static void prerequisites(StringBuilder b, IssueDraft d) {
        heading(b, PREREQUISITES);
        String releases = d.versions().isEmpty() ? "no Argo release" : releases(d.versions());
        b.append("- [ ] I have double-checked my configuration: _logs cannot show this; check it before ticking_\n");
        b.append("- [ ] I have tested with the `:latest` image tag: _not shown by the evidence, which shows ")
                .append(Markdown.text(releases)).append("; test `:latest`, or say why not_\n");
        b.append("- [ ] I have searched existing issues and could not find a match for this bug: _")
                .append(d.matches().isEmpty() ? "no known issue matches this rule; search before ticking"
                        : "not ticked: it matches " + d.matches().stream().map(UpstreamIssues.Link::reference).collect(Collectors.joining(", "))
                                + " (below): comment there, or say here what differs")
                .append("_\n");
        b.append("- [ ] I'd like to contribute the fix myself: _yours to decide_\n");
        b.append("\n**Known upstream issues**: ").append(upstream(d)).append('\n');
    }

    /** The issues the finding matches, what is the same and what differs; then the related ones. */
    private static String upstream(IssueDraft d) {
        Finding f = d.finding();
        StringBuilder b = new StringBuilder();
        Set<String> seen = d.versions().stream().map(Version::release).collect(Collectors.toCollection(LinkedHashSet::new));
        if (d.matches().isEmpty()) {
            b.append("no upstream issue reports what ").append(f.rule()).append(" finds by itself. ");
        } else {
            b.append("this matches ").append(links(d.matches(), true)).append(". Same: ")
                    .append(Markdown.text(Character.toLowerCase(f.title().charAt(0)) + f.title().substring(1))).append(", the pattern ")
                    .append(f.rule()).append(" was written from");
            List<String> sameRelease = d.matches().stream().filter(l -> l.reportedOn() != null && seen.contains(l.reportedOn()))
                    .map(l -> l.reportedOn() + ", the release #" + l.number() + " was reported on").toList();
            b.append(sameRelease.isEmpty() ? "" : ", on " + String.join("; ", sameRelease)).append(". Differs: ");
            List<String> differs = new ArrayList<>();
            d.matches().stream().filter(l -> l.reportedOn() != null && !seen.contains(l.reportedOn())).forEach(l -> differs.add(
                    "#" + l.number() + " was reported on " + l.reportedOn() + ", this on " + Markdown.text(releases(d.versions()))));
            List<UpstreamIssues.Link> unknown = d.matches().stream().filter(l -> l.reportedOn() == null).toList();
            if (!unknown.isEmpty()) {
                String numbers = unknown.stream().map(l -> "#" + l.number()).collect(Collectors.joining(", "));
                differs.add(unknown.size() == 1 ? "the release " + numbers + " was reported on is not recorded here: compare it with the version(s) below"
                        : "the releases " + numbers + " were reported on are not recorded here: compare them with the version(s) below");
            }
            if (f.confidence() != Confidence.CONFIRMED) {
                differs.add("here the finding is " + f.confidence().label() + ", not confirmed (**How sure**, below, says what it lacked)");
            }
            b.append(differs.isEmpty() ? "only this cluster's evidence (the Workflow, timings and log lines below)" : String.join("; ", differs))
                    .append(". ");
        }
        if (!d.related().isEmpty()) {
            b.append("Related: ").append(links(d.related(), true)).append('.');
        }
        return b.toString().strip();
    }

    /** {@code argoproj/argo-workflows#1, #2 (note)}: the repository named once, notes with {@code withNotes}. */
    private static String links(List<UpstreamIssues.Link> links, boolean withNotes) {
        List<String> out = new ArrayList<>();
        for (UpstreamIssues.Link l : links) {
            out.add((out.isEmpty() ? UpstreamIssues.REPOSITORY : "") + "#" + l.number()
                    + (l.note() == null || !withNotes ? "" : " (" + Markdown.text(l.note()) + ")"));
        }
        return String.join(", ", out);
    }

    private static String releases(List<Version> versions) {
        return versions.stream().map(Version::release).distinct().collect(Collectors.joining(", "));
    }

    private static void description(StringBuilder b, IssueDraft d) {
        Finding f = d.finding();
        heading(b, DESCRIPTION);
        b.append("**What happened.** ").append(prose(f.summary())).append("\n\n").append(prose(f.explanation())).append("\n\n");
        b.append("**What I expected.** ").append(d.expected() == null ? "_not stated for this rule: say what you expected_"
                : prose(d.expected())).append("\n\n");
        // The lead's confidence as the report gives it, and why: a likely or possible finding says what it lacked (session 41).
        b.append("**How sure.** ").append(f.confidence() == Confidence.CONFIRMED ? "Confirmed" : f.confidence() == Confidence.LIKELY
                ? "Likely, not confirmed" : "Possible only").append(": ").append(prose(f.confidenceReason())).append(".\n\n");
        if (f.evidence().isEmpty()) {
            b.append("_No evidence line to quote._\n");
            return;
        }
        b.append("**Evidence**, quoted as written (").append(Describe.plural(f.evidence().size(), "line or object", "lines and objects"))
                .append("; the key facts follow them):\n");
        List<EvidenceLine> lines = f.evidence();
        for (int i = 0; i < lines.size(); i++) {
            if (i == MarkdownRenderer.EVIDENCE_OPEN) {
                b.append("\n<details>\n<summary>").append(Describe.plural(lines.size() - i, "more evidence line", "more evidence lines"))
                        .append("</summary>\n");
            }
            EvidenceLine e = lines.get(i);
            b.append('\n').append(Markdown.code(e.source().toString())).append(e.time() == null ? "" : " · " + e.time().format())
                    .append(" · ").append(prose(e.role())).append('\n').append(Markdown.fence("text", e.text()));
        }
        if (lines.size() > MarkdownRenderer.EVIDENCE_OPEN) {
            b.append("\n</details>\n");
        }
        b.append("\n<details>\n<summary>Key facts</summary>\n\n| Fact | Value |\n|---|---|\n");
        for (Fact fact : f.facts()) {
            b.append("| ").append(Markdown.noMentions(Markdown.cell(fact.label()))).append(" | ")
                    .append(fact.value() == null ? "unknown" : Markdown.codeCell(Describe.value(fact))).append(" |\n");
        }
        b.append("\n</details>\n");
    }

    private static void versions(StringBuilder b, IssueDraft d) {
        heading(b, VERSIONS);
        if (d.versions().isEmpty()) {
            b.append("_Not in the evidence: no controller start line, no release-specific line, no exported Pod with an executor image. "
                    + "`kubectl get deploy -n argo workflow-controller -o jsonpath='{..image}'` shows the controller's._\n");
            return;
        }
        b.append(Markdown.text(releases(d.versions()))).append("\n\n");
        for (Version v : d.versions()) {
            b.append("- ").append(Markdown.text(v.release())).append(": ").append(prose(v.how())).append('\n');
        }
    }

    private static void workflow(StringBuilder b, IssueDraft d) {
        heading(b, WORKFLOW);
        if (d.workflow() == null) {
            String why = prose(d.noWorkflow());
            b.append('_').append(Character.toUpperCase(why.charAt(0))).append(why.substring(1)).append("._\n");
            return;
        }
        b.append("_Reconstructed by argo-forensics from the exported Workflow ").append(Markdown.code(d.workflow().from().toString()))
                .append(", not the Workflow as written: only the templates on the affected node's path")
                .append(d.redacted() ? ", names and private images replaced by pseudonyms" : "")
                .append(". Template names, commands and arguments are as exported: check them, and that it runs, before posting._\n");
        for (Message note : d.workflow().notes()) {
            b.append("- ").append(prose(Words.english().render(note))).append('\n');
        }
        b.append('\n').append(Markdown.fence("yaml", d.workflow().yaml()));
    }

    private static void controllerLogs(StringBuilder b, IssueDraft d, Budget budget) {
        heading(b, CONTROLLER_LOGS);
        String grep = "kubectl logs -n argo deploy/workflow-controller | grep " + (d.workflowName() == null ? "${workflow}" : d.workflowName());
        b.append("The form's command (the controller's namespace is `argo` there; use yours):\n\n").append(Markdown.fence("sh", grep));
        if (d.controllerLines().isEmpty()) {
            b.append("\n_Not in the evidence: no controller line about this Workflow or its Pods was read; run the command above._\n");
            return;
        }
        b.append('\n').append(Describe.plural(d.controllerLines().size(), "line", "lines"))
                .append(" about the Workflow and its Pods from the analysed logs, up to ").append(IssueDraftBuilder.AROUND.toMinutes())
                .append(" minutes around the evidence, as written:\n");
        lines(b, d.controllerLines(), budget, "controller lines");
    }

    private static void waitLogs(StringBuilder b, IssueDraft d, Budget budget) {
        heading(b, WAIT_LOGS);
        if (!d.waitLines().isEmpty()) {
            b.append(Describe.plural(d.waitLines().size(), "line", "lines")).append(" of the wait container the finding cites:\n");
            lines(b, d.waitLines(), budget, "wait container lines");
            return;
        }
        Finding f = d.finding();
        String ns = f.pod() != null ? f.pod().namespace() : f.workflow() != null ? f.workflow().namespace() : "${namespace}";
        String command = f.pod() != null ? "kubectl logs -n " + ns + " " + f.pod().name() + " -c wait"
                : "kubectl logs -n " + ns + " -c wait -l workflows.argoproj.io/workflow=" + (d.workflowName() == null ? "${workflow}" : d.workflowName());
        b.append("_Not in the evidence: no wait container log was given. While the Pod exists:_\n\n").append(Markdown.fence("sh", command))
                .append("\n_A deleted Pod's logs are only in your log store._\n");
    }

    /** Log lines in one fence, folded when long, cut to the budget saying how many were left out. */
    private static void lines(StringBuilder b, List<Quoted> lines, Budget budget, String what) {
        int shown = Math.min(budget.lines(), lines.size());
        StringBuilder text = new StringBuilder();
        for (Quoted q : lines.subList(0, shown)) {
            text.append(cut(q.text(), budget.lineChars())).append('\n');
        }
        boolean fold = shown > OPEN_LINES;
        if (fold) {
            b.append("\n<details>\n<summary>").append(Describe.plural(shown, what.replace("lines", "line"), what)).append(", from ")
                    .append(Html.escape(lines.get(0).source().toString())).append("</summary>\n");
        }
        b.append('\n').append(Markdown.fence("text", text.toString()));
        if (fold) {
            b.append("\n</details>\n");
        }
        b.append("\nFrom ").append(lines.stream().map(q -> q.source().file()).distinct().map(Markdown::code).collect(Collectors.joining(", ")));
        if (shown < lines.size()) {
            b.append("; ").append(lines.size() - shown).append(" more left out to stay within GitHub's issue size");
        }
        b.append(".\n");
    }

    private static String cut(String text, int max) {
        return text.codePointCount(0, text.length()) <= max ? text
                : text.substring(0, text.offsetByCodePoints(0, max)) + " … (" + (text.codePointCount(0, text.length()) - max) + " more characters)";
    }

    /** Prose from the evidence: Markdown quoted, no {@code @name} that would notify anyone. */
    private static String prose(String s) {
        return Markdown.noMentions(Markdown.text(s));
    }
}
