package dev.argoforensics.redact;

import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.report.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --redact}: replaces the identifiers of one analysis by keyed pseudonyms in a whole report,
 * before any renderer sees it, and keeps the mapping for the report's author.
 *
 * <p>Folders named on the command line become {@code input-1}, {@code input-2}… (a file named
 * directly keeps its name in its numbered folder); file names below them are kept, with any
 * identifier in them replaced.
 */
public final class Redaction {
    private final Pseudonyms pseudonyms;
    private final TextRedactor text;
    /** Runs named by part of their file's path ({@code a/controller.log}), by that name: the name redacted as their files' paths are. */
    private final Map<String, String> pathNamedRuns = new TreeMap<>();
    /**
     * Each path-named run's label pattern ({@code NAME #}, never the end of a longer name) and its redacted label, longest name
     * first: compiled once per run when the runs are known ({@link #prepare}), not once per run per string redacted.
     */
    private List<Map.Entry<Pattern, String>> runLabels = List.of();

    private Redaction(Pseudonyms pseudonyms) {
        this.pseudonyms = pseudonyms;
        this.text = new TextRedactor(pseudonyms);
    }

    /**
     * @param paths the paths as named on the command line
     */
    public static Redaction prepare(RedactionKey key, List<String> paths, AnalysisResult result) {
        Pseudonyms pseudonyms = new Pseudonyms(key, IdentifierCollector.collect(result));
        int n = 1;
        for (String folder : folders(paths, result)) {
            pseudonyms.fix(IdentifierKind.FOLDER, folder, IdentifierKind.FOLDER.prefix() + "-" + n++);
        }
        Redaction r = new Redaction(pseudonyms);
        for (ControllerProcess p : result.correlation().processes()) {
            r.pathNamed(p);
        }
        r.runLabels = r.pathNamedRuns.keySet().stream().sorted(Comparator.comparingInt(String::length).reversed())
                .map(name -> Map.entry(Pattern.compile("(?<![A-Za-z0-9._/-])" + Pattern.quote(name + " #")),
                        Matcher.quoteReplacement(r.pathNamedRuns.get(name) + " #")))
                .toList();
        return r;
    }

    /**
     * A run named by as much of its file's path as tells it from another folder's file of that name: those folders may be
     * the ones named on the command line, hidden in every path; its name takes them from its file's redacted path.
     */
    private void pathNamed(ControllerProcess p) {
        boolean byFile = p.replicaFrom() == ControllerProcess.ReplicaSource.FILE || p.replicaFrom() == ControllerProcess.ReplicaSource.QUOTE;
        int quoted = p.replica().indexOf(", quoted (");
        String path = quoted < 0 ? p.replica() : p.replica().substring(0, quoted);
        int slash = path.lastIndexOf('/');
        if (!byFile || slash < 0 || p.files().isEmpty()) {
            return;
        }
        String file = text.apply(p.files().get(0));
        String folder = file.lastIndexOf('/') < 0 ? "" : file.substring(0, file.lastIndexOf('/'));
        int depth = (int) path.chars().filter(c -> c == '/').count();
        String folders = ControllerProcess.pathTail(folder, depth);
        pathNamedRuns.put(p.replica(), (folders.isEmpty() ? "" : folders + "/") + text.apply(p.replica().substring(slash + 1)));
    }

    /** A text with the path-named runs' names (alone, or in a label {@code NAME #n}) redacted, then every identifier. */
    private String redact(String s) {
        if (s == null || pathNamedRuns.isEmpty()) {
            return text.apply(s);
        }
        String named = pathNamedRuns.get(s);
        if (named != null) {
            return named;
        }
        String out = s;
        // Longest first, never the end of a longer name (b/controller.log inside ab/controller.log).
        for (Map.Entry<Pattern, String> label : runLabels) {
            out = label.getKey().matcher(out).replaceAll(label.getValue());
        }
        return text.apply(out);
    }

    /** The folders to hide: each folder named, and the folder of each file named. */
    private static TreeSet<String> folders(List<String> paths, AnalysisResult result) {
        TreeSet<String> folders = new TreeSet<>();
        for (String arg : paths) {
            String base = arg.replace('\\', '/');
            while (base.length() > 1 && base.endsWith("/")) {
                base = base.substring(0, base.length() - 1);
            }
            String b = base;
            boolean isFile = result.inputs().stream().anyMatch(i -> i.file().displayPath().equals(b));
            String folder = isFile ? (b.lastIndexOf('/') > 0 ? b.substring(0, b.lastIndexOf('/')) : "") : b;
            if (!folder.isEmpty() && !folder.equals(".") && !folder.equals("/")) {
                folders.add(folder);
            }
        }
        return folders;
    }

    /** The report with every string from the inputs redacted. */
    public Report apply(Report report) {
        return new ReportRedactor(this::redact).report(report);
    }

    /** One text redacted, as the report's strings are. */
    public String text(String s) {
        return redact(s);
    }

    /**
     * True if the text holds a name from the evidence anywhere, in any case, even inside a longer word
     * ({@code s3://acme-data/...}), where {@link #text} does not replace it (it replaces whole names
     * only): for free text such as a Workflow's arguments, which is masked whole instead.
     */
    public boolean mentionsAny(String s) {
        String lower = s.toLowerCase(java.util.Locale.ROOT);
        return pseudonyms.all().stream().anyMatch(p -> lower.contains(p.original().toLowerCase(java.util.Locale.ROOT)));
    }

    /** Every replacement made so far, by pseudonym. */
    public List<Pseudonym> mapping() {
        return pseudonyms.all();
    }

    /** Writes the mapping as tab-separated pseudonym, kind, original: for the author only, never to share. */
    public void writeMapping(Path file) throws IOException {
        StringBuilder b = new StringBuilder("# argo-forensics --redact mapping: keep it private, it undoes the redaction\n");
        b.append("pseudonym\tkind\toriginal\n");
        for (Pseudonym p : mapping()) {
            b.append(p.pseudonym()).append('\t').append(p.kind().label()).append('\t').append(p.original()).append('\n');
        }
        Files.writeString(file, b, StandardCharsets.UTF_8);
    }
}
