package dev.argoforensics.analysis;

import dev.argoforensics.snapshot.ObjectDecoder;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.snapshot.ObjectFileReader;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Reads one snapshot file into Pod and Workflow observations; objects of other kinds are counted
 * and named in the summary, never dropped silently.
 */
public final class SnapshotFileReader {
    private final ObjectFileReader objects = new ObjectFileReader();

    public InputSummary read(InputFile file, Consumer<PodSnapshot> pods, Consumer<WorkflowSnapshot> workflows) throws IOException {
        Map<String, Integer> kinds = new TreeMap<>();
        List<UnparsedLine> problems = new ArrayList<>();
        long[] recognised = {0};
        ObjectFileReader.Result result = objects.read(file, (ObjectDocument doc) -> {
            String kind = doc.kind().isEmpty() ? "(no kind)" : doc.kind();
            kinds.merge(kind, 1, Integer::sum);
            try {
                if (kind.equals("Pod")) {
                    pods.accept(ObjectDecoder.pod(doc));
                    recognised[0]++;
                } else if (kind.equals("Workflow")) {
                    workflows.accept(ObjectDecoder.workflow(doc));
                    recognised[0]++;
                }
            } catch (IllegalArgumentException e) {
                problems.add(UnparsedLine.of(doc.source(), kind + ": " + e.getMessage(), ""));
            }
        });
        if (result.error() != null) {
            problems.add(UnparsedLine.of(file.at(Math.max(1, result.errorLine())), "not valid " + result.format() + ": " + result.error(), ""));
        }
        String contents = kinds.entrySet().stream()
                .map(e -> e.getKey() + (e.getValue() > 1 ? " ×" + e.getValue() : "")
                        + (e.getKey().equals("Pod") || e.getKey().equals("Workflow") ? "" : " (ignored)"))
                .collect(Collectors.joining(", "));
        String format = result.format() + (contents.isEmpty() ? "" : ": " + contents);
        return new InputSummary(file, format, result.sha256(), result.lines(), result.objects(), recognised[0], 0, 0, 0, problems.size(),
                problems, null, List.of());
    }
}
