package dev.argoforensics.analysis;

import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.rules.Rule;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** One whole run: inputs → events and observations → correlation → rules. */
public final class Analysis {
    private final MessageCatalog catalog;
    private final List<Rule> rules;

    public Analysis(MessageCatalog catalog, List<Rule> rules) {
        this.catalog = catalog;
        this.rules = List.copyOf(rules);
    }

    public static Analysis standard() {
        return new Analysis(MessageCatalog.standard(), RuleEngine.standardRules());
    }

    /**
     * @param paths files and folders as the user named them
     * @throws dev.argoforensics.source.InputException if a named path does not exist or cannot be listed
     */
    public AnalysisResult run(List<String> paths) {
        List<InputFile> files = new InputCollector().collect(paths);
        List<InputSummary> summaries = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        List<LogEvent> events = new ArrayList<>();
        List<PodSnapshot> pods = new ArrayList<>();
        List<WorkflowSnapshot> workflows = new ArrayList<>();
        LogFileReader logs = new LogFileReader(catalog);
        SnapshotFileReader snapshots = new SnapshotFileReader();
        int stream = 0;
        for (InputFile f : files) {
            try {
                switch (f.kind()) {
                    case LOG -> summaries.add(logs.read(f, stream++, events.size(), events::add));
                    case SNAPSHOT -> summaries.add(snapshots.read(f, pods::add, workflows::add));
                    case IGNORED -> summaries.add(new InputSummary(f, "", null, 0, 0, 0, 0, 0, List.of()));
                    default -> throw new IllegalStateException(f.kind().name());
                }
            } catch (IOException | UncheckedIOException e) {
                unreadable.add(f.displayPath() + ": " + e.getMessage());
                summaries.add(new InputSummary(f, "unreadable: " + e.getMessage(), null, 0, 0, 0, 0, 0, List.of()));
            }
        }
        Correlation correlation = new Correlator().correlate(events, pods, workflows);
        return new AnalysisResult(summaries, unreadable, correlation, new RuleEngine(rules).run(correlation));
    }
}
