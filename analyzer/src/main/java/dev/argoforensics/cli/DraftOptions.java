package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.redact.Redaction;
import dev.argoforensics.report.GithubIssueRenderer;
import dev.argoforensics.report.IssueDraftBuilder;
import dev.argoforensics.report.Report;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The options of {@code analyze --format github-issue}: which finding to draft a bug report from, and whether to keep names. */
final class DraftOptions {
    @Option(names = "--finding", paramLabel = "N", description = "With github-issue: the finding to draft from, numbered as in the JSON report's "
            + "findings (default: the lead finding: of the confirmed and likely ones, a symptom's cause about the same Pod first, then the most "
            + "severe, the most sure).")
    Integer finding;

    @Option(names = "--no-redact", description = "With github-issue: keep the names (the draft is redacted by default).")
    boolean noRedact;

    /**
     * Checks the options against the format and the redaction options.
     *
     * @param pod the one Pod {@code --pod} scopes the report to (the draft is made from the lead among its findings), or null
     */
    void check(CommandSpec spec, boolean draft, boolean redactAsked, String pod) {
        if (!draft && (finding != null || noRedact)) {
            throw new ParameterException(spec.commandLine(), "--finding and --no-redact go with --format github-issue");
        }
        if (finding != null && pod != null) {
            throw new ParameterException(spec.commandLine(), "--finding and --pod: choose the finding one way");
        }
        if (noRedact && redactAsked) {
            throw new ParameterException(spec.commandLine(), "--no-redact contradicts --redact, --redact-key and --redact-map");
        }
    }

    /**
     * The draft's Markdown.
     *
     * @param redaction null when names are kept
     * @param pod       the one Pod {@code --pod} names, or null
     */
    String render(AnalysisResult result, Report original, Report shown, Redaction redaction, String pod) {
        if (original.findings().isEmpty() && original.provenance().outOfScope() > 0) {
            throw new CliFailure("no finding in scope (" + original.provenance().scope().describe() + ") to draft a bug report from; "
                    + original.provenance().outOfScope() + " out of it", "leave out the scoping options to see every finding");
        }
        int index;
        try {
            index = IssueDraftBuilder.choose(original, finding, pod);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), "the text report lists every finding; pick one with --finding N or --pod NAME");
        }
        UnaryOperator<String> text = redaction == null ? UnaryOperator.identity() : redaction::text;
        return new GithubIssueRenderer().render(new IssueDraftBuilder(result, text, redaction == null ? x -> false : redaction::mentionsAny)
                .build(original, shown, index, redaction != null));
    }

    /** Where the redaction map goes beside the draft written to {@code out}: {@code draft.md} → {@code draft.redaction-map.tsv}. */
    static Path mapBeside(Path out) {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return out.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".redaction-map.tsv");
    }
}
