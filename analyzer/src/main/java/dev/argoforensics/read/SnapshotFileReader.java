package dev.argoforensics.read;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ExportLineReader;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ObjectDecoder;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.snapshot.ObjectFileReader;
import dev.argoforensics.snapshot.ObjectKind;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.EventDecoder;
import dev.argoforensics.snapshot.PasteFileReader;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.RefusedObject;
import dev.argoforensics.snapshot.UnreadExport;
import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.ManagedExportSniffer;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Reads one snapshot file into observations: Pods, Workflows, WorkflowTaskResults, cluster events and
 * audit records. Objects of other kinds, and audit records of read-only requests, are counted and
 * named in the summary, never dropped silently.
 */
public final class SnapshotFileReader {
    private final ObjectFileReader objects = new ObjectFileReader();
    private final ExportLineReader exportLines = new ExportLineReader();
    private final PasteFileReader pastes = new PasteFileReader();
    private final ReferenceDate reference;

    public SnapshotFileReader() {
        this(ReferenceDate.NONE);
    }

    /** @param reference a date from the log files, to date {@code argo get}'s year-less times by */
    SnapshotFileReader(ReferenceDate reference) {
        this.reference = reference;
    }

    /** A reader for the exports among {@code files}: {@code argo get} pastes, if any, are dated by the log files. */
    public static SnapshotFileReader forInputs(List<InputFile> files) {
        return new SnapshotFileReader(readsLogHeads(files) ? ReferenceDate.of(files) : ReferenceDate.NONE);
    }

    /** Whether {@link #forInputs} opens the log files among {@code files} (to date {@code argo get} pastes by their first lines). */
    public static boolean readsLogHeads(List<InputFile> files) {
        return files.stream().anyMatch(f -> PasteShape.of(f.reason()) == PasteShape.ARGO_GET || PasteShape.of(f.reason()) == PasteShape.SESSION
                || InputClassifier.isTranscript(f));
    }

    /**
     * @param commandLine the time {@code --snapshot-time} states for this file, or null
     */
    public InputSummary read(InputFile file, ObservedAt commandLine, Consumer<ExportedObject> sink) throws IOException {
        PasteShape shape = PasteShape.of(file.reason());
        if (shape != PasteShape.NONE && shape != PasteShape.PASTED_OBJECTS) {
            return pasted(file, shape, commandLine, sink);
        }
        Map<String, Integer> kinds = new TreeMap<>();
        List<UnparsedLine> problems = new ArrayList<>();
        long[] recognised = {0};
        long[] readOnly = {0};
        ObjectKind fromPath = ObjectKind.fromPath(file.displayPath());
        Consumer<ObjectDocument> documents = (ObjectDocument doc) -> {
            ObjectKind.Classified c = ObjectKind.classify(doc, fromPath);
            kinds.merge(c.label(), 1, Integer::sum);
            if (!c.read()) {
                return;
            }
            try {
                ExportedObject o = ObjectDecoder.decode(c.kind(), doc);
                recognised[0]++;
                if (o instanceof AuditRecord a && !a.mutating()) {
                    readOnly[0]++;
                } else {
                    sink.accept(o);
                    if (o instanceof AuditRecord a && c.kind() == ObjectKind.AUDIT_EVENT) {
                        PodSnapshot returned = EventDecoder.responsePod(doc, a);
                        if (returned != null) {
                            sink.accept(returned);
                        }
                    }
                }
            } catch (RefusedObject e) {
                problems.add(UnparsedLine.of(doc.source(), c.label() + ": " + e.getMessage(), ""));
            } catch (RuntimeException e) {
                // A fault of the analyzer, said as one (never as a fault of the file): the objects around it are still read.
                problems.add(UnparsedLine.of(doc.source(), c.label() + ": the analyzer failed on this object (" + e
                        + "); please report this with the file", ""));
            }
        };
        ManagedExportSniffer.LineExport lineExport = ManagedExportSniffer.lineExport(InputClassifier.headLines(file.path(), file.compressed(), 64 * 1024));
        ObjectFileReader.Result result;
        if (lineExport == null) {
            result = objects.read(file, commandLine, documents, shape == PasteShape.PASTED_OBJECTS);
        } else {
            List<ObjectFileReader.Problem> lineProblems = new ArrayList<>();
            result = exportLines.read(file, lineExport, commandLine, new ExportLineReader.Sinks(documents, e -> {
                recognised[0]++;
                sink.accept(e);
            }, kinds, lineProblems));
            lineProblems.forEach(p -> problems.add(UnparsedLine.of(file.at(p.line()), p.reason(), "")));
        }
        for (ObjectFileReader.Problem p : result.problems()) {
            problems.add(UnparsedLine.of(file.at(p.line()), p.reason(), ""));
        }
        unread(file, result).forEach(sink);
        String contents = kinds.entrySet().stream()
                .map(e -> e.getKey() + (e.getValue() > 1 ? " ×" + e.getValue() : ""))
                .collect(Collectors.joining(", "));
        String format = (shape == PasteShape.PASTED_OBJECTS ? shape.label() + ", " : "") + result.format()
                + (contents.isEmpty() ? "" : ": " + contents);
        List<Message> notes = new ArrayList<>();
        if (result.takenAt() != null) {
            notes.add(takenAt(result.takenAt()));
        }
        if (lineExport == null && shape != PasteShape.PASTED_OBJECTS) {
            noObjects(file, result, problems, kinds, notes);
        }
        if (readOnly[0] > 0) {
            notes.add(Message.of("note.snapshot.readOnlyAudit", "count", readOnly[0]));
        }
        if (!result.cuts().isEmpty()) {
            notes.add(Message.of("note.snapshot.trimmed", "lines", result.cuts().size() == 1 ? "line " + result.cuts().get(0).line() + " marks"
                    : "lines " + result.cuts().stream().map(c -> String.valueOf(c.line())).collect(Collectors.joining(", ")) + " mark",
                    "marks", result.cuts().stream().map(dev.argoforensics.snapshot.Trimmed.Cut::mark).distinct()
                            .map(m -> "\"" + m + "\"").collect(Collectors.joining(", "))));
        }
        return new InputSummary(file, format, result.sha256(), result.lines(), result.objects(), recognised[0], 0, 0, 0, problems.size(),
                problems, null, notes, java.util.Map.of(), List.of(), around(result.around()));
    }

    /**
     * The objects of the file that could not be read and what names them: each object a syntax error broke after its name was
     * read, and, where nothing of the file could be read, the object its file is named after ({@code pod-wf-1-123.yaml}).
     */
    static List<UnreadExport> unread(InputFile file, ObjectFileReader.Result result) {
        List<UnreadExport> out = new ArrayList<>();
        for (ObjectFileReader.Unread u : result.unread()) {
            if (!u.name().isEmpty()) {
                out.add(new UnreadExport(file.at(u.line()), u.kind(), u.namespace(), u.name(), why(result, u.errorLine())));
            }
        }
        String named = UnreadExport.nameFromPath(file.displayPath());
        if (result.objects() == 0 && out.isEmpty() && !named.isEmpty() && !result.problems().isEmpty()) {
            ObjectFileReader.Problem first = result.problems().get(0);
            String kind = UnreadExport.kindFromPath(file.displayPath());
            for (ObjectFileReader.Unread u : result.unread()) {
                kind = kind.isEmpty() ? u.kind() : kind;
            }
            out.add(new UnreadExport(file.at(first.line()), kind, "", named, why(result, first.line())));
        }
        return out;
    }

    /** What the reading met at {@code line}: the parser's own words, without what the problem goes on to say was not read. */
    private static String why(ObjectFileReader.Result result, long line) {
        for (ObjectFileReader.Problem p : result.problems()) {
            if (p.line() == line) {
                int cut = p.reason().indexOf("; ");
                return "line " + line + ": " + (cut < 0 ? p.reason() : p.reason().substring(0, cut));
            }
        }
        return "line " + line;
    }

    /** What kubectl's and argo's exports never are: a file with no object at all, and objects with no kind (not Kubernetes objects). */
    private static final String NO_KIND = "(no kind) (ignored)";

    /**
     * Names an export that gave nothing to read: empty (no bytes, or only blank lines and comments), or YAML or JSON whose
     * documents name no kind (a Helm values file, a config given among the exports). Notes, not problems: nothing in the file
     * was misread, so no finding's confidence drops for it; the report lists them as evidence gaps.
     */
    private static void noObjects(InputFile file, ObjectFileReader.Result result, List<UnparsedLine> problems, Map<String, Integer> kinds,
                                  List<Message> notes) {
        if (result.objects() == 0 && problems.isEmpty()) {
            String what;
            long size = -1;
            try {
                size = java.nio.file.Files.size(file.path());
            } catch (IOException e) {
                // Said below as holding no object.
            }
            if (size == 0) {
                what = "0 bytes";
            } else if (!file.compressed() && onlyBlankOrComments(file)) {
                what = "only blank lines and comments";
            } else {
                what = "no object, " + (result.lines() == 1 ? "1 line" : result.lines() + " lines") + " without one";
            }
            notes.add(Message.of("note.snapshot.empty", "what", what));
            return;
        }
        int kindless = kinds.getOrDefault(NO_KIND, 0);
        if (kindless > 0) {
            notes.add(Message.of("note.snapshot.notKubernetes", "count", kindless, "of", result.objects()));
        }
    }

    private static boolean onlyBlankOrComments(InputFile file) {
        try (Stream<String> lines = java.nio.file.Files.lines(file.path(), java.nio.charset.StandardCharsets.UTF_8)) {
            return lines.map(l -> l.replace("\uFEFF", "").strip()).allMatch(l -> l.isEmpty() || l.startsWith("#") || l.equals("---"));
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /**
     * The text around pasted objects as excerpt furniture: prompts (with the commands that printed the objects), fences and
     * omission marks as in a log excerpt, every other line (a sentence, a second command's output) as text around.
     */
    private static Furniture around(ObjectFileReader.Around around) {
        if (around.lines() == 0) {
            return Furniture.NONE;
        }
        ExcerptFurniture furniture = new ExcerptFurniture();
        for (ObjectFileReader.TextLine line : around.first()) {
            FurnitureLine.Line f = FurnitureLine.recognise(line.text());
            if (f != null) {
                furniture.add(f, line.line());
            } else {
                furniture.proseCandidate(line.line(), "", line.text());
            }
        }
        // Lines past the first held are text too: counted, not classified one by one.
        for (long i = around.first().size(); i < around.lines(); i++) {
            furniture.proseCandidate(Long.MAX_VALUE, "", "");
        }
        furniture.settleProse(true, (l, r, t) -> { });
        return furniture.summary();
    }

    /** A pasted argo get or kubectl get pods text: its objects, rows, notes and the lines that could not be read. */
    private InputSummary pasted(InputFile file, PasteShape shape, ObservedAt commandLine, Consumer<ExportedObject> sink) throws IOException {
        PasteFileReader.Result r = pastes.read(file, shape, commandLine, reference.date(), reference.from());
        r.objects().forEach(sink);
        List<UnparsedLine> problems = problems(file, r);
        List<Message> notes = notes(r);
        long workflows = r.objects().stream().filter(o -> o instanceof dev.argoforensics.snapshot.WorkflowSnapshot).count();
        String format = shape == PasteShape.ARGO_GET || shape == PasteShape.WORKFLOW_STATUS_FRAGMENT || shape == PasteShape.KUBECTL_DESCRIBE_WORKFLOW
                ? r.format() + ": " + (workflows == 1 ? "Workflow" : "Workflow ×" + workflows) + ", " + r.rows() + " node(s)"
                : shape == PasteShape.KUBECTL_EVENTS ? r.format() + ": " + r.rows() + " row(s), " + r.objects().size() + " placed in time"
                : shape == PasteShape.KUBECTL_DESCRIBE_POD ? r.format() + ": " + (r.rows() == 1 ? "Pod" : "Pod ×" + r.rows())
                : shape == PasteShape.SESSION ? r.format()
                : r.format() + ": " + r.rows() + " row(s)";
        return new InputSummary(file, format, r.sha256(), r.lines(), r.objects().size(), r.objects().size(), 0, 0, 0, problems.size(), problems,
                null, notes, java.util.Map.of(), List.of(), around(r.around()));
    }

    /**
     * The other commands' output in a log transcript ({@link InputClassifier#isTranscript}): its objects, and a summary of what was read
     * (notes and problems only) that the log reader's summary of the same file takes in ({@link InputSummary#withTranscript}).
     */
    public InputSummary transcript(InputFile file, Consumer<ExportedObject> sink) throws IOException {
        PasteFileReader.Result r = pastes.readTranscript(file, InputClassifier.transcriptHead(file), reference.date(), reference.from());
        r.objects().forEach(sink);
        List<UnparsedLine> problems = problems(file, r);
        List<Message> notes = notes(r);
        return new InputSummary(file, r.format(), r.sha256(), r.lines(), r.objects().size(), r.objects().size(), 0, 0, 0, problems.size(), problems,
                null, notes, java.util.Map.of(), List.of(), Furniture.NONE);
    }

    /** The lines of a pasted text that could not be read, at their places in the file. */
    private static List<UnparsedLine> problems(InputFile file, PasteFileReader.Result r) {
        List<UnparsedLine> problems = new ArrayList<>();
        for (ObjectFileReader.Problem p : r.problems()) {
            problems.add(UnparsedLine.of(file.at(p.line()), p.reason(), ""));
        }
        return problems;
    }

    /** A pasted text's notes, after the note of when it was taken where it says so. */
    private static List<Message> notes(PasteFileReader.Result r) {
        List<Message> notes = new ArrayList<>();
        if (r.takenAt() != null) {
            notes.add(takenAt(r.takenAt()));
        }
        notes.addAll(r.notes());
        return notes;
    }

    /** The note of when a file was taken, where it says so (its # taken-at: comment, or --snapshot-time). */
    private static Message takenAt(ObservedAt takenAt) {
        return Message.of("note.snapshot.takenAt", "time", takenAt.time().format(), "basis", takenAt.basis().description());
    }
}
