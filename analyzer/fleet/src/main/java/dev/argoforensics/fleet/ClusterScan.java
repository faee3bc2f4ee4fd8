package dev.argoforensics.fleet;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.report.ReportBuilder;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleEngine;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.UnreadableInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Stage B-H of v1 for one cluster, in one task on an executor: copies the cluster's objects to local
 * disk as stored (gzip stays gzip), keeping their layout below {@code cluster=NAME/}, and runs the
 * engine's {@link Analysis} on them under the display paths {@code analyze cluster=NAME} prints when run
 * from the corpus root. Every decision about lines, runs, Pods and findings is the engine's; this
 * class only moves bytes and turns the result into rows.
 *
 * <p>Memory: the whole cluster's kept events are in this task (bounded per Workflow group is step 2,
 * docs/fleet.md); local disk: the cluster's objects as stored.
 */
public final class ClusterScan implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, String> hadoopConf;
    private final int threads;
    private final String spool;

    /**
     * @param hadoopConf the driver's Hadoop settings (S3A endpoint, credentials provider…), for opening the objects
     * @param threads    the engine's reading threads in this task
     * @param spool      the local folder to copy objects to, or null for the JVM's temporary folder
     */
    public ClusterScan(Map<String, String> hadoopConf, int threads, String spool) {
        this.hadoopConf = Map.copyOf(hadoopConf);
        this.threads = threads;
        this.spool = spool;
    }

    public ClusterResult scan(ClusterTask task) {
        Path root = null;
        try {
            root = spool == null ? Files.createTempDirectory("argo-fleet-") : Files.createTempDirectory(Files.createDirectories(Path.of(spool)), "argo-fleet-");
            return scan(task, root);
        } catch (IOException | RuntimeException e) {
            // The cluster is not silently dropped: the accounting says its analysis failed, and why.
            List<InputRow> rows = new ArrayList<>();
            for (FleetObject o : task.objects()) {
                rows.add(InputRow.unread(task.cluster(), task.display(o), "failed", "the cluster's analysis failed: " + e));
            }
            return new ClusterResult(task.cluster(), List.of(), rows);
        } finally {
            delete(root);
        }
    }

    private ClusterResult scan(ClusterTask task, Path root) throws IOException {
        Configuration conf = new Configuration(false);
        hadoopConf.forEach(conf::set);
        Path base = root.resolve(FleetListing.PREFIX + task.cluster());
        InputClassifier classifier = new InputClassifier();
        List<InputFile> files = new ArrayList<>();
        List<UnreadableInput> problems = new ArrayList<>();
        for (FleetObject o : task.objects()) {
            String display = task.display(o);
            Path local = o.relative().isEmpty() ? base : base.resolve(o.relative());
            try {
                Files.createDirectories(local.getParent());
                org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(o.uri());
                FileSystem fs = remote.getFileSystem(conf);
                try (InputStream in = fs.open(remote)) {
                    Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
                }
                files.add(classifier.classify(display, local));
            } catch (IOException | RuntimeException e) {
                problems.add(new UnreadableInput(display, "expected an object to copy to the executor and read, found " + e + ": skipped"));
            }
        }
        AnalysisOptions options = AnalysisOptions.defaults().withThreads(threads).withStdin(InputStream.nullInputStream());
        AnalysisResult result = new Analysis(MessageCatalog.standard(), RuleEngine.standardRules(), options).run(files, problems, SnapshotTimes.none());
        return rows(task.cluster(), result);
    }

    /** The findings in the report's order and the accounting of every input, the unreadable ones included. */
    static ClusterResult rows(String cluster, AnalysisResult result) {
        Map<String, ControllerProcess> processes = new LinkedHashMap<>();
        for (ControllerProcess p : result.correlation().processes()) {
            processes.putIfAbsent(p.label(), p);
        }
        List<Finding> all = new ArrayList<>();
        for (RuleOutcome o : result.outcomes()) {
            all.addAll(o.findings());
        }
        List<FindingRow> findings = new ArrayList<>();
        for (Finding f : ReportBuilder.grouped(all)) {
            findings.add(FindingRow.of(cluster, findings.size(), f, processes));
        }
        List<InputRow> inputs = new ArrayList<>();
        Set<String> summarised = new HashSet<>();
        for (InputSummary s : result.inputs()) {
            if (s != null) {
                inputs.add(InputRow.of(cluster, s));
                summarised.add(s.file().displayPath());
            }
        }
        for (UnreadableInput u : result.unreadable()) {
            if (!summarised.contains(u.path())) {
                inputs.add(InputRow.unread(cluster, u.path(), "unreadable", u.reason()));
            }
        }
        inputs.sort(Comparator.comparing(InputRow::path));
        return new ClusterResult(cluster, findings, inputs);
    }

    private static void delete(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a spool left behind is the executor's temporary folder's to clean; the result stands
        }
    }
}
