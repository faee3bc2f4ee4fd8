package dev.argoforensics.cli;

import dev.argoforensics.report.ToolInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Build time only (the pom runs it; picocli-codegen is not in the jar): the man pages' AsciiDoc, as
 * picocli's generator writes it from the command model, with the sections a man page has that picocli
 * does not make (ENVIRONMENT, FILES, SEE ALSO; EXAMPLES and EXIT STATUS come from each command's
 * footer and exit code list), and a footer that fits: the version without the 40-digit commit, which
 * overflowed into the date.
 */
public final class ManPages {
    private static final String END = "// end::picocli-generated-full-manpage[]";

    private static final String ENVIRONMENT = """
            ARGO_FORENSICS_JAVA_OPTS::
              Options for the Java VM, added after the launcher's own (which they override), e.g. -Xmx4g for a larger heap.

            NO_COLOR::
              When set and not empty, the text report has no colours with --color=auto (https://no-color.org).

            TERM::
              dumb: no colours with --color=auto.

            JAVA_HOME::
              The distribution's launcher runs $JAVA_HOME/bin/java when the archive has no runtime of its own.

            PATH::
              Otherwise the launcher runs the java found on it (Java 17 or newer).
            """;

    /** Files a command reads or writes beyond its arguments, by command name ("" for the tool as a whole). */
    private static final Map<String, String> FILES = Map.of(
            "", """
                    lib/argo-forensics.jar::
                      The tool, in the unpacked distribution beside bin/argo-forensics (in a checkout:
                      analyzer/target/argo-forensics.jar, built on first use).

                    lib/argo-forensics.jsa::
                      The class-data archive the launcher writes beside the jar on first use, for a faster start.

                    completion/, man/man1/::
                      In the distribution: the bash (also zsh) and fish completion scripts, and these pages.

                    docs/rules/AFnnn.md::
                      Each rule's page: what it means, its signature, what to do.
                    """,
            "analyze", """
                    --out FILE::
                      The report; its extension gives the format when -o is not given (.md, .markdown, .json, .html, .htm, .txt).

                    NAME.redaction-map.tsv::
                      Beside a -o github-issue draft written to NAME.md: the pseudonym-to-name mapping (keep it private).

                    --index DIR::
                      The event index (docs/search.md), kept up to date.
                    """,
            "timeline", """
                    --out FILE::
                      The timeline; its extension gives the format when -o is not given.
                    """,
            "index", """
                    --index DIR::
                      The event index: Lucene segments and a manifest of the inputs it holds.
                    """,
            "search", """
                    --index DIR::
                      The event index searched (and brought up to date with the PATHs given).
                    """,
            "collect", """
                    --script FILE::
                      The script, written executable; without it, it goes to standard output.
                    """);

    private ManPages() {
    }

    /** {@code ManPages OUTDIR}: one {@code .adoc} per command that is not hidden. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "man-adoc");
        Files.createDirectories(dir);
        CommandSpec root = new CommandLine(new Main()).getCommandSpec();
        List<CommandSpec> all = new ArrayList<>();
        all.add(root);
        for (CommandLine sub : root.subcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                all.add(sub.getCommandSpec());
            }
        }
        for (CommandSpec spec : all) {
            Files.writeString(dir.resolve(spec.qualifiedName("-") + ".adoc"), page(spec, all), StandardCharsets.UTF_8);
        }
    }

    static String page(CommandSpec spec, List<CommandSpec> all) {
        StringWriter w = new StringWriter();
        try (PrintWriter pw = new PrintWriter(w)) {
            ManPageGenerator.writeSingleManPage(pw, spec);
        }
        ToolInfo tool = ToolInfo.current();
        String page = w.toString().replace("\r\n", "\n")
                .replaceAll("(?m)^:revnumber: .*$", ":revnumber: " + tool.version())
                .replaceAll("(?m)^:mansource: .*$", ":mansource: " + tool.name() + " " + tool.version())
                .replaceAll("(?m)^:manmanual: .*$", ":manmanual: " + tool.name() + " manual")
                .replaceAll("(?m)^== +Exit status:$", "== Exit status")
                .replaceAll("(?m)^== +Examples:$", "== Examples")
                .replace("[%hardbreaks]\n", "");
        String command = spec.parent() == null ? "" : spec.name();
        StringBuilder extra = new StringBuilder();
        extra.append("== Environment\n\n").append(ENVIRONMENT).append('\n');
        String files = FILES.getOrDefault(command, "");
        if (spec.parent() != null) {
            files = files + FILES.get("");
        }
        extra.append("== Files\n\n").append(files.isEmpty() ? FILES.get("") : files).append('\n');
        extra.append("== See also\n\n");
        List<String> others = new ArrayList<>();
        for (CommandSpec s : all) {
            if (s != spec) {
                others.add("*" + s.qualifiedName("-") + "*(1)");
            }
        }
        extra.append(String.join(", ", others)).append(", *kubectl*(1), *argo*(1)\n\n");
        extra.append("The guides in the docs/ folder of the source: reports.md (the reports), report-schema.md and report.schema.json "
                + "(the JSON report), formats.md (what it reads), snapshots.md (what to export), search.md (the index), "
                + "rules/ (each rule).\n\n");
        int end = page.lastIndexOf(END);
        return page.substring(0, end) + extra + page.substring(end);
    }
}
