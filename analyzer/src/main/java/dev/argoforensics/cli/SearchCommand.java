package dev.argoforensics.cli;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.index.EventSearch;
import dev.argoforensics.index.IndexedAnalysis;
import dev.argoforensics.index.QueryError;
import dev.argoforensics.index.SearchFormat;
import dev.argoforensics.index.SearchMatch;
import dev.argoforensics.source.InputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code argo-forensics search QUERY [PATH...] [--index DIR]}. */
@Command(name = "search",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {
            "Finds events with the Lucene query syntax, in an index or in the PATHs.",
            "The index is the one in --index DIR; PATHs are indexed on the fly (with --index too, the index is updated first). "
                    + "Hits are printed in time order with file:line, controller run and text. Fields and examples: docs/search.md."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:at least one hit.", "1:no hit.", "2:bad usage, a query that cannot be read (said in one line, with the "
                + "column), a field the index does not have, an input that cannot be used, or nothing usable read.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics search 'pod:status-capture-repro AND action:removeFinalizer' \\",
            "      samples/issue-17024/logs",
            "  argo-forensics search 'level:error' --index 17024.index \\",
            "      --since 2026-09-19T16:32",
            "  argo-forensics search \\",
            "      'time:[2026-09-19T16:31 TO 2026-09-19T16:33] AND \"pod deleted\"' \\",
            "      --index 17024.index --context 2"})
final class SearchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "QUERY", description = "A Lucene query over the index's fields (docs/search.md).")
    String query;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "PATH", description = "Log files, snapshot files, or folders to search.")
    List<String> paths = List.of();

    @Option(names = "--index", paramLabel = "DIR", description = "The index to search (with PATHs: to bring up to date first).")
    Path index;

    @Option(names = "--log-tz", paramLabel = "ZONE", description = "As for analyze, when PATHs are indexed.")
    String logTz;

    @Option(names = "--since", paramLabel = "TIME", description = "Only events at or after TIME (UTC unless it names a zone): "
            + "2026-09-19T16:30 means from 16:30:00.")
    String since;

    @Option(names = "--until", paramLabel = "TIME", description = "Only events at or before TIME: 2026-09-19T16:32 means to the end "
            + "of that minute.")
    String until;

    @Option(names = {"-o", "--output", "--format"}, defaultValue = "text", paramLabel = "FORMAT", description = "text (default), json or markdown.")
    SearchFormat format;

    @Option(names = "--count", description = "Print only the number of hits.")
    boolean count;

    @Option(names = "--context", defaultValue = "0", paramLabel = "N",
            description = "Show N events of the same file before and after each hit.")
    int context;

    @Override
    public Integer call() throws IOException {
        if (context < 0) {
            throw new ParameterException(spec.commandLine(), "--context: expected a number of events, 0 or more; found " + context);
        }
        if (paths.isEmpty() && index == null) {
            throw new ParameterException(spec.commandLine(), "search needs --index DIR, PATHs to index on the fly, or both");
        }
        Query parsed;
        try {
            parsed = EventSearch.parse(query, since, until);
        } catch (QueryError e) {
            throw new CliFailure("query: " + e.getMessage(), e.hint());
        } catch (IllegalArgumentException e) {
            throw new CliFailure("query: " + e.getMessage(), "see docs/search.md for the fields and the query syntax");
        }
        PrintWriter err = spec.commandLine().getErr();
        EventSearch search;
        try {
            if (paths.isEmpty()) {
                search = EventSearch.open(index);
            } else {
                AnalysisOptions options = AnalysisOptions.defaults().withLogZone(LogZoneOption.parse(spec, logTz));
                Directory dir = index != null ? FSDirectory.open(Files.createDirectories(index)) : new ByteBuffersDirectory();
                try {
                    AnalysisResult read = IndexedAnalysis.run(dir, options, SnapshotTimes.none(), paths).result();
                    if (AnalysisInputs.nothingUsable(read, err)) {
                        dir.close();
                        return Main.EXIT_USAGE; // the error alone: no search in nothing
                    }
                    AnalysisInputs.reportUnreadable(read, err);
                } catch (IOException | RuntimeException e) {
                    dir.close();
                    throw e;
                }
                search = EventSearch.open(dir);
            }
        } catch (InputException e) {
            throw new CliFailure(e.getMessage(), "name log files, snapshot files or folders that hold them");
        } catch (IllegalArgumentException e) {
            throw new CliFailure(e.getMessage(), "build an index with argo-forensics index PATH... --index DIR, or name the PATHs to search");
        } catch (IOException e) {
            throw new CliFailure("index " + index + ": " + e.getMessage(), "name a folder for the index that you can write, "
                    + "and let one argo-forensics at a time write it", e);
        }
        long hits;
        try (EventSearch s = search) {
            try {
                s.checkFields(parsed);
            } catch (QueryError e) {
                throw new CliFailure("query: " + e.getMessage(), e.hint());
            }
            PrintWriter out = spec.commandLine().getOut();
            if (count) {
                hits = s.count(parsed);
                out.print(format.count(query, hits));
            } else {
                List<SearchMatch> matches = s.matches(parsed, context);
                hits = matches.size();
                out.print(format.render(query, matches, context));
            }
            out.flush();
        }
        return hits > 0 ? 0 : 1;
    }
}
