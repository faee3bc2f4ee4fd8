package dev.argoforensics.source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides from a file's name and its first lines whether it holds controller log lines or exported
 * Kubernetes objects. Content wins over names: users rename files freely.
 */
public final class InputClassifier {
    /** The reason of a file with no line to read (0 bytes, or only blank lines and comments): read as an empty log, named as a gap. */
    public static final String EMPTY = "empty file";

    private static final Set<String> NOT_EVIDENCE = Set.of(
            "md", "markdown", "png", "jpg", "jpeg", "gif", "svg", "html", "htm", "pdf");
    private static final Set<String> MARKDOWN = Set.of("md", "markdown");
    private static final int SNIFF_LINES = 64;
    private static final int SNIFF_BYTES = 1024 * 1024;

    public InputFile classify(String displayPath, Path path) throws IOException {
        return classify(displayPath, path, false);
    }

    /**
     * @param named the file was named on the command line, not met in a folder: a Markdown file so named is read
     *              (an issue or a postmortem saved as {@code .md}, its quoted lines the evidence), where one met in a
     *              folder is a README or a sample's EXPECTED.md and is listed as ignored
     */
    public InputFile classify(String displayPath, Path path, boolean named) throws IOException {
        String name = path.getFileName().toString();
        boolean gzip = isGzip(path);
        String inner = gzip && name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        // UTF-16 text (Windows PowerShell 5.1's > and Out-File) is read through a decoding stream, as gzip is.
        gzip = gzip || Utf16Text.of(path) != null;
        String extension = extension(inner);
        if (NOT_EVIDENCE.contains(extension) && !(named && MARKDOWN.contains(extension))) {
            return new InputFile(displayPath, path, InputKind.IGNORED, gzip, "." + extension + " files are not evidence");
        }
        List<String> head = headLines(path, gzip, SNIFF_BYTES);
        String report = ownReport(head);
        if (report == null) {
            report = reportInside(head, path, gzip);
        }
        if (report != null) {
            return new InputFile(displayPath, path, InputKind.IGNORED, gzip, report);
        }
        String first = firstContentLine(head);
        if (first == null) {
            return new InputFile(displayPath, path, InputKind.LOG, gzip, EMPTY);
        }
        LogEntryDocument.Shape entries = LogEntryDocument.detect(head);
        if (entries != LogEntryDocument.Shape.NONE) {
            // gcloud logging read (YAML, or --format json), a console's JSON download, jq . of a JSON log: one entry over several lines
            return new InputFile(displayPath, path, InputKind.LOG, gzip, entries == LogEntryDocument.Shape.RESPONSE
                    ? "log entries in a log search API response (JSON)"
                    : "log entries in a " + (entries == LogEntryDocument.Shape.YAML ? "YAML" : "JSON") + " document");
        }
        ManagedExportSniffer.LineExport lines = ManagedExportSniffer.lineExport(head);
        if (lines != null) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, lines == ManagedExportSniffer.LineExport.KUBELET_JOURNAL
                    ? "kubelet journal lines" : "audit events in a log export");
        }
        if (ManagedExportSniffer.logServiceDocuments(head)) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, "log-service entries (audit or node log)");
        }
        if (looksLikeObjectDocument(first)) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, "Kubernetes object document");
        }
        PasteShape pasted = PasteShape.detect(head.subList(0, Math.min(head.size(), SNIFF_LINES)));
        if (pasted == PasteShape.PASTED_OBJECTS && PasteShape.quotesLogLines(head)) {
            pasted = PasteShape.NONE; // an issue saved whole, its log lines beside the objects: read as the log, as before
        }
        boolean terminal = pasted != PasteShape.NONE && pasted != PasteShape.PASTED_OBJECTS && pasted != PasteShape.WORKFLOW_STATUS_FRAGMENT;
        if (terminal && pasted != PasteShape.SESSION && PasteShape.sessionPastHead(head)) {
            // One command's output filled the head; the commands after it are of other shapes: each read by its own reader.
            pasted = PasteShape.SESSION;
        } else if (terminal && PasteShape.logsAfterOutput(head)) {
            // The first command's output is followed by kubectl logs: a transcript, read as the log with that output beside.
            pasted = PasteShape.NONE;
        }
        if (pasted != PasteShape.NONE) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, pasted.label());
        }
        if (extension.equals("yaml") || extension.equals("yml")) {
            return new InputFile(displayPath, path, InputKind.SNAPSHOT, gzip, "YAML file name");
        }
        if (!PasteShape.transcriptOutputs(head).isEmpty()) {
            return new InputFile(displayPath, path, InputKind.LOG, gzip, TRANSCRIPT);
        }
        return new InputFile(displayPath, path, InputKind.LOG, gzip, "log lines");
    }

    /**
     * The reason of a log file that is a terminal transcript: its {@code kubectl logs} sections read as the log, and the output of
     * its other commands ({@code kubectl describe pod}, {@code argo get}, …: {@link PasteShape#transcriptOutputs}, found in the
     * file's first MiB) also read as the exports they print.
     */
    public static final String TRANSCRIPT = "log lines in a terminal transcript, with other commands' output";

    /** Whether a log file holds other commands' output read as exports ({@link #TRANSCRIPT}). */
    public static boolean isTranscript(InputFile file) {
        return file.kind() == InputKind.LOG && TRANSCRIPT.equals(file.reason());
    }

    /** The lines of a {@link #TRANSCRIPT} file the sections of other commands' output are found in: its first MiB, as classified. */
    public static List<String> transcriptHead(InputFile file) throws IOException {
        return headLines(file.path(), file.compressed(), SNIFF_BYTES);
    }

    /** How the reason of a file that is this tool's own report starts ({@link #isOwnReport}). */
    public static final String OWN_REPORT = "an argo-forensics report";
    /** The first line of a text report or timeline: {@code argo-forensics 0.1.0: 3 findings (2 high, 1 medium)}. */
    private static final java.util.regex.Pattern TEXT_HEADER = java.util.regex.Pattern.compile(
            "argo-forensics \\S+: (?:no|\\d+) (?:possible )?(?:findings?|timelines?)\\b.*");
    /** The first line of a Markdown report or timeline (or one part of it), or of an issue draft ({@code -o github-issue}). */
    private static final java.util.regex.Pattern MARKDOWN_HEADER = java.util.regex.Pattern.compile(
            "## argo-forensics (?:report|timeline)(?: \\(part \\d+ of \\d+\\))?|<!-- (?:✂ argo-forensics: part \\d+ of \\d+ |Drafted by argo-forensics )\\S.*");
    /** A prompt whose command runs this tool ({@code $ ./argo-forensics analyze logs/}): what its report was pasted under. */
    private static final java.util.regex.Pattern OWN_PROMPT = java.util.regex.Pattern.compile("\\S*[$#%>] +(?:\\S*/)?argo-forensics(?:\\.jar)? .*"
            + "|\\S*[$#%>] +java .*argo-forensics.*");
    private static final java.util.regex.Pattern COLOUR = java.util.regex.Pattern.compile("\\x1b\\[[0-9;]*m");

    /**
     * Whether the head is this tool's own report (text, Markdown, an issue draft, JSON or HTML, as {@code analyze} or
     * {@code timeline} write it) pasted back as an input: by its first line, after blank lines, a Markdown fence and the prompt
     * that ran it. Such a file is refused, never read as a log: the lines it quotes are its inputs' own, and read again they
     * would count twice (session 36: a text report read as a log gave an AF003 finding, confirmed, from its quoted lines).
     * The reason names what was found and where; null for any other file.
     */
    static String ownReport(List<String> head) {
        int i = 0;
        while (i < head.size() && i < SNIFF_LINES) {
            String t = COLOUR.matcher(head.get(i)).replaceAll("").strip();
            if (t.isEmpty() || t.startsWith("```") || t.startsWith("~~~")) {
                i++;
                continue;
            }
            String what = null;
            if (MARKDOWN_HEADER.matcher(t).matches()) {
                what = "its Markdown header"; // before the prompt: "## argo-forensics report" has a prompt's shape
            } else if (OWN_PROMPT.matcher(t).matches()) {
                i++;
                continue;
            } else if (TEXT_HEADER.matcher(t).matches()) {
                what = "its text header";
            } else if (t.equals("{")) {
                StringBuilder json = new StringBuilder();
                for (int j = i; j < head.size() && j < i + 8; j++) {
                    json.append(head.get(j).replaceAll("\\s", ""));
                }
                if (json.toString().startsWith("{\"schemaVersion\":") && json.toString().contains("\"tool\":{\"name\":\"argo-forensics\"")) {
                    what = "its JSON report's schemaVersion and tool";
                }
            } else if (t.regionMatches(true, 0, "<!DOCTYPE html", 0, 14) || t.regionMatches(true, 0, "<html", 0, 5)) {
                for (int j = i; j < head.size() && j < i + 12; j++) {
                    if (head.get(j).contains("<title>argo-forensics ")) {
                        what = "its HTML title";
                        break;
                    }
                }
            }
            if (what == null) {
                return null;
            }
            String shown = t.length() > 80 ? t.substring(0, 77) + "..." : t;
            return OWN_REPORT + " (" + what + " at line " + (i + 1) + ": \"" + shown + "\"), not evidence: the lines it quotes are "
                    + "its inputs' own and read again would count twice; name the files it was made from instead";
        }
        return null;
    }

    /** A Markdown quote's markers before a line ({@code > }, nested {@code > > }): a reply quoting a report is the report. */
    private static final java.util.regex.Pattern QUOTE_MARKERS = java.util.regex.Pattern.compile("^(?:\\s{0,3}>)+\\s?");

    /**
     * A report of this tool pasted below other lines (a log with its report appended, an issue body with the report between its
     * sentences, a reply quoting it): by its header at the start of a line anywhere in the file's first MiB, or in the last MiB
     * of a larger uncompressed file (where {@code >>} appends it). Its lines quote its inputs' records, most indented in a text
     * report and in {@code ```text} blocks at the margin in Markdown, with nothing that marks where it ends: read as a log they
     * would be read as controller records a second time, and confirmed findings made of them. So the file is refused as a
     * report at the top is, the reason naming the line the report starts at and the lines before it that were not read either
     * (session 38; a reader that sets the report's lines apart and reads the rest is not written). Null if no header is found.
     */
    static String reportInside(List<String> head, Path path, boolean gzip) throws IOException {
        String found = headerLine(head, 0);
        if (found == null && !gzip) {
            long size = Files.size(path);
            if (size > SNIFF_BYTES) {
                List<String> tail = tailLines(path, size, SNIFF_BYTES);
                String inTail = headerLine(tail, -1);
                found = inTail == null ? null : inTail + " in the file's last MiB";
            }
        }
        return found == null ? null : OWN_REPORT + " inside the file (" + found + "), not evidence: the lines it quotes are its "
                + "inputs' own and read again would count twice, and where it ends nothing marks; no line of the file was read, "
                + "the log lines before it neither: cut the report out, or name the files it was made from";
    }

    /** The first report header among {@code lines} ("its text header at line N: …"), or null; {@code first} -1: line numbers unknown. */
    private static String headerLine(List<String> lines, int first) {
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).contains("argo-forensics")) {
                continue; // the cheap test first: every file's first MiB passes here
            }
            String t = QUOTE_MARKERS.matcher(COLOUR.matcher(lines.get(i)).replaceAll("")).replaceFirst("").strip();
            if (t.length() < 16 || !t.contains("argo-forensics")) {
                continue;
            }
            String what = null;
            if (MARKDOWN_HEADER.matcher(t).matches()) {
                what = "its Markdown header";
            } else if (TEXT_HEADER.matcher(t).matches()) {
                what = "its text header";
            } else if (t.contains("<title>argo-forensics ")) {
                what = "its HTML title";
            } else if (t.startsWith("\"name\"") && t.replaceAll("\\s", "").equals("\"name\":\"argo-forensics\",") && i >= 2
                    && String.join("", lines.subList(Math.max(0, i - 3), i)).replaceAll("\\s", "").contains("\"schemaVersion\":")) {
                what = "its JSON report's schemaVersion and tool";
            }
            if (what != null) {
                String shown = t.length() > 80 ? t.substring(0, 77) + "..." : t;
                return what + (first < 0 ? "" : " at line " + (first + i + 1)) + ": \"" + shown + "\"";
            }
        }
        return null;
    }

    /** The whole lines of a file's last {@code maxBytes} (the first, likely cut, left out). */
    private static List<String> tailLines(Path path, long size, int maxBytes) throws IOException {
        byte[] bytes = new byte[maxBytes];
        try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(path)) {
            ch.position(size - maxBytes);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
            while (b.hasRemaining() && ch.read(b) >= 0) {
                // read on
            }
        }
        List<String> lines = new ArrayList<>(List.of(new String(bytes, StandardCharsets.UTF_8).split("\n", -1)));
        lines.remove(0);
        return lines;
    }

    /** Whether a file was refused as this tool's own report (its reason, see {@link #ownReport}). */
    public static boolean isOwnReport(InputFile file) {
        return file.kind() == InputKind.IGNORED && file.reason().startsWith(OWN_REPORT);
    }

    /** YAML or pretty JSON of an object, or a JSON line that is an object with apiVersion and kind. */
    static boolean looksLikeObjectDocument(String first) {
        String t = first.strip();
        if (t.equals("---") || t.equals("{") || t.equals("[")) {
            return true;
        }
        for (String key : new String[] {"apiVersion:", "kind:", "items:", "metadata:"}) {
            if (t.startsWith(key)) {
                return true;
            }
        }
        return t.startsWith("{") && t.contains("\"apiVersion\"") && t.contains("\"kind\"") && !t.contains("\"msg\"");
    }

    private static String firstContentLine(List<String> lines) {
        for (int i = 0; i < lines.size() && i < SNIFF_LINES; i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            return t;
        }
        return null;
    }

    /**
     * The lines in the first {@code maxBytes} of a file's content (decompressed; the last one may be
     * only the start of a line); a UTF-8 byte order mark before the first is dropped. Never more than
     * {@code maxBytes} are held, and a damaged gzip stream gives the lines before the damage.
     */
    public static List<String> headLines(Path path, boolean gzip, int maxBytes) throws IOException {
        byte[] bytes;
        try (InputStream raw = Files.newInputStream(path)) {
            InputStream in = raw;
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            try {
                if (gzip) {
                    in = Gzip.decoding(raw);
                }
                byte[] chunk = new byte[8192];
                int n;
                while (head.size() < maxBytes && (n = in.read(chunk, 0, Math.min(chunk.length, maxBytes - head.size()))) >= 0) {
                    head.write(chunk, 0, n);
                }
            } catch (IOException e) {
                if (!gzip) {
                    throw e;
                }
                // A damaged gzip file: what came before the damage is what there is to sniff.
            }
            bytes = head.toByteArray();
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        lines.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        return lines;
    }

    /**
     * The first line of {@link #headLines headLines(path, gzip, maxBytes)} that is not blank, or null: the same
     * line, read only as far as its end. A log file's head is a MiB: split whole into lines to find its first
     * one, it was read, decoded and copied once more for every log file before pass 1 (the files were
     * classified by the same head a moment before).
     */
    public static String firstNonBlankLine(Path path, boolean gzip, int maxBytes) throws IOException {
        byte[] bytes = new byte[8192];
        int size = 0;
        int lineStart = 0;
        try (InputStream raw = Files.newInputStream(path)) {
            InputStream in = raw;
            try {
                if (gzip) {
                    in = Gzip.decoding(raw);
                }
                int n;
                // the reads headLines makes, in the same sizes (a damaged gzip stream then fails at the same place)
                while (size < maxBytes) {
                    int want = Math.min(8192, maxBytes - size);
                    if (bytes.length - size < want) {
                        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + want));
                    }
                    if ((n = in.read(bytes, size, want)) < 0) {
                        break;
                    }
                    for (int i = size; i < size + n; i++) {
                        if (bytes[i] == '\n') {
                            // decoded with its '\n', as the whole head is: a sequence cut short before it reads the same
                            String line = headLine(bytes, lineStart, i + 1);
                            lineStart = i + 1;
                            if (!line.isBlank()) {
                                return line;
                            }
                        }
                    }
                    size += n;
                }
            } catch (IOException e) {
                if (!gzip) {
                    throw e;
                }
                // A damaged gzip file: what came before the damage is what there is.
            }
        }
        if (lineStart < size) {
            String line = headLine(bytes, lineStart, size);
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    /** One line of a head as {@link #headLines} makes it: decoded, without its '\n' and one '\r' before it, and the first without a byte order mark. */
    private static String headLine(byte[] bytes, int from, int to) {
        String line = new String(bytes, from, to - from, StandardCharsets.UTF_8);
        if (from == 0 && line.startsWith("\uFEFF")) {
            line = line.substring(1);
        }
        if (line.endsWith("\n")) {
            line = line.substring(0, line.length() - 1);
        }
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    static boolean isGzip(Path path) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** How a file read through a decoding stream is stored ({@code gzip}, {@code UTF-16LE}, {@code UTF-16BE}), or null. */
    public static String decoding(Path path) throws IOException {
        return isGzip(path) ? "gzip" : Utf16Text.of(path);
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
