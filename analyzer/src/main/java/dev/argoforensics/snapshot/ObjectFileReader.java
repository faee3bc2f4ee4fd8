package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.SourceStream;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Streams the objects of one snapshot file: a single object, a {@code kind: List} or a typed list
 * ({@code PodList}; its items are read one at a time, never the whole list as one tree), several
 * YAML documents, or JSON values one after another (JSON lines). Each object comes with the line where
 * it starts and, if the file says when it was taken, that time.
 */
public final class ObjectFileReader {
    private static final int SNIFF_BYTES = 64 * 1024;
    /**
     * Lists of log-service entries, read item by item like a List's {@code items}: Azure diagnostics'
     * {@code {"records": […]}} and {@code aws logs filter-log-events}' {@code {"events": […]}}.
     */
    private static final java.util.Set<String> LOG_EXPORT_LISTS = java.util.Set.of("records", "events");
    private static final Pattern TAKEN_AT = Pattern.compile("^#\\s*taken-at:\\s*(\\S+)");

    /**
     * What one object may hold (docs/robustness.md). The API server stores objects of at most 1.5 MiB
     * (etcd's request limit) and {@code argo get} adds node status from the archive, so real objects
     * stay far below these; crafted ones are refused where they cross them, with the objects before
     * kept. The count restarts at every object: a list of any length is read.
     */
    public record Limits(long maxObjectChars, long maxYamlLineChars, int maxNestingDepth, int maxStringChars) {
        public static final Limits STANDARD = new Limits(64L * 1024 * 1024, 2L * 1024 * 1024, 100, 16 * 1024 * 1024);
    }

    private final Limits limits;
    private final ObjectMapper json;
    private final ObjectMapper yaml;

    public ObjectFileReader() {
        this(Limits.STANDARD);
    }

    public ObjectFileReader(Limits limits) {
        this.limits = limits;
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxNestingDepth())
                .maxStringLength(limits.maxStringChars())
                .maxNameLength(64 * 1024)
                .maxNumberLength(1000)
                // A List is one document: its length is bounded per object by LimitedReader instead.
                .maxDocumentLength(-1)
                .build();
        LoaderOptions loader = new LoaderOptions();
        // Per YAML document, and a List is one document: the per-object bound is LimitedReader's.
        loader.setCodePointLimit(Integer.MAX_VALUE);
        // Jackson reads YAML events, not SnakeYAML's composed nodes, so these two only apply if that
        // ever changes: aliases are never expanded (Reading refuses them) and depth is bounded above.
        loader.setMaxAliasesForCollections(0);
        loader.setNestingDepthLimit(limits.maxNestingDepth());
        this.json = mapper(JsonFactory.builder().enable(JsonReadFeature.ALLOW_YAML_COMMENTS).streamReadConstraints(constraints).build());
        this.yaml = mapper(YAMLFactory.builder().loaderOptions(loader).streamReadConstraints(constraints).build());
    }

    /** Leaves the stream open after the last object so the remaining lines can still be counted. */
    private static ObjectMapper mapper(JsonFactory factory) {
        factory.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        return new ObjectMapper(factory);
    }

    /**
     * What a file gave.
     *
     * @param takenAt  the time every object of the file was taken at, if the command line or the file said; else null
     * @param problems a syntax error (reading stops there) or an unreadable {@code # taken-at:} comment
     * @param cuts     the marks of lines left out of the file (a trimmed paste), each read as unknown ({@link CutMarks}); empty if none
     */
    public record Result(String format, String sha256, long lines, long objects, ObservedAt takenAt, List<Problem> problems,
                         List<Trimmed.Cut> cuts, Around around, List<Unread> unread) {
        public Result {
            problems = List.copyOf(problems);
            cuts = List.copyOf(cuts);
            unread = List.copyOf(unread);
        }

        public Result(String format, String sha256, long lines, long objects, ObservedAt takenAt, List<Problem> problems,
                      List<Trimmed.Cut> cuts, Around around) {
            this(format, sha256, lines, objects, takenAt, problems, cuts, around, List.of());
        }

        public Result(String format, String sha256, long lines, long objects, ObservedAt takenAt, List<Problem> problems,
                      List<Trimmed.Cut> cuts) {
            this(format, sha256, lines, objects, takenAt, problems, cuts, Around.NONE);
        }

        public Result(String format, String sha256, long lines, long objects, ObservedAt takenAt, List<Problem> problems) {
            this(format, sha256, lines, objects, takenAt, problems, List.of());
        }
    }

    /**
     * The text around objects pasted with it (prose, the prompt with its command, fences), which was not read as objects.
     *
     * @param lines how many lines, all of them
     * @param first the first of them (at most 10,000), each at its line, in file order
     */
    public record Around(long lines, List<TextLine> first) {
        public static final Around NONE = new Around(0, List.of());

        public Around {
            first = List.copyOf(first);
        }
    }

    /** A line of a file as it was written, at its number. */
    public record TextLine(long line, String text) {
    }

    /** Something in the file that could not be read, at its line. */
    public record Problem(long line, String reason) {
    }

    /**
     * An object a syntax error broke, so that it was not read: where it starts, and what was read of it before the break
     * (its kind, namespace and name, each "" when the break came before it).
     *
     * @param errorLine the line of the syntax error
     */
    public record Unread(long line, long errorLine, String kind, String namespace, String name) {
        /** The object in words: {@code Pod argo/b}, {@code a Pod (its name after the break)}, {@code an object}. */
        public String describe() {
            if (!name.isEmpty()) {
                return (kind.isEmpty() ? "object" : kind) + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
            }
            return kind.isEmpty() ? "an object (its kind and name after the break)" : "a " + kind + " (its name after the break)";
        }
    }

    /**
     * Rounds of resuming after a broken item, at most, per file: the file is read once ({@link Replay}), but each round gives the
     * parser an empty line for every line before the text kept, so the rounds stay bounded.
     */
    static final int MAX_RESUMES = 20;
    /** What the parser may have read ahead of the object being read, beyond the object limit, that {@link Replay} keeps too. */
    private static final long REPLAY_AHEAD = 1L << 20;

    /** What the top of a file says: JSON or YAML, and a {@code # taken-at:} comment if there is one. */
    private record Head(boolean json, String takenAt, long takenAtLine) {
    }

    /**
     * @param commandLine the time {@code --snapshot-time} gives for this file, or null; it wins over
     *                    the file's own {@code # taken-at:} comment
     */
    public Result read(InputFile file, ObservedAt commandLine, Consumer<ObjectDocument> sink) throws IOException {
        return read(file, commandLine, sink, false);
    }

    /**
     * @param pasted the objects were pasted with text around them (a sentence, the prompt with {@code kubectl get … -o yaml},
     *               Markdown fences: {@link PastedText}): only the objects' lines are read, the text around is counted and
     *               returned in {@link Result#around()}
     */
    public Result read(InputFile file, ObservedAt commandLine, Consumer<ObjectDocument> sink, boolean pasted) throws IOException {
        List<Problem> problems = new ArrayList<>();
        SourceStream in;
        try {
            in = SourceStream.open(file, true);
        } catch (SourceStream.NoGzipHeader e) {
            // Not even a gzip header: nothing to read, the file is named with what was found. A file that cannot be
            // opened at all is the caller's to report, with its own reason.
            problems.add(new Problem(1, e.getMessage() + ": nothing read"));
            return new Result("YAML", sha256(file), 0, 0, commandLine, problems);
        }
        try (in) {
            BufferedInputStream buffered = new BufferedInputStream(in, SNIFF_BYTES);
            Head read = head(buffered);
            // Pasted text is read as YAML whatever its first line: YAML's parser reads JSON objects too (its flow style).
            Head head = pasted ? new Head(false, read.takenAt(), read.takenAtLine()) : read;
            ObservedAt takenAt = commandLine != null ? commandLine : takenAt(head, problems);
            ObjectMapper mapper = head.json() ? json : yaml;
            // The text from the start of the object being read is kept, so that reading can go on after one a syntax error broke
            // without reading the file again (pasted text is not resumed: nothing kept).
            Replay replay = pasted ? null : new Replay(new InputStreamReader(buffered, StandardCharsets.UTF_8), limits.maxObjectChars() + REPLAY_AHEAD);
            LimitedReader chars = new LimitedReader(replay != null ? replay.first() : new InputStreamReader(buffered, StandardCharsets.UTF_8),
                    limits.maxObjectChars(), head.json() ? Long.MAX_VALUE : limits.maxYamlLineChars());
            PastedText text = pasted ? new PastedText(chars) : null;
            CutMarks marks = head.json() ? null : new CutMarks(text != null ? text : chars);
            Reading reading = new Reading(mapper, file, takenAt, sink, chars, marks, replay);
            List<Trimmed.Cut> resumedCuts = new ArrayList<>();
            List<Unread> unread = new ArrayList<>();
            Problem stopped = null;
            Exception syntax = null;
            try (JsonParser p = mapper.getFactory().createParser(marks == null ? chars : marks)) {
                parse(head.json() ? p : new NoAliases(p), reading, null);
            } catch (JsonProcessingException | LimitedReader.ReadingStopped | YAMLException e) {
                // Only what the parsers and LimitedReader throw on the file's text: an exception from the
                // sink (the object decoders) is a fault of the analyzer, not of the file, and goes to the caller.
                if (in.damage() == null) {
                    // Else the parser met the end of what could be decompressed: the damage, below, is the problem.
                    stopped = elided(file, problem(e, chars, head.json(), limits));
                    problems.add(stopped);
                    syntax = resumable(e, chars) ? e : null;
                }
            }
            for (int round = 0; stopped != null && syntax != null && text == null && round < MAX_RESUMES; round++) {
                // A syntax error broke one object: the objects after it that stand on their own (the next items of the list, the
                // next documents) are read again from where they start, and the broken one is named, never dropped in silence.
                Reading.Open broken = reading.broken();
                Unread lost = broken == null ? new Unread(stopped.line(), stopped.line(), "", "", "") : broken.unread(stopped.line());
                unread.add(lost);
                Resumed again = resume(file, in, replay, broken, stopped.line(), head.json(), reading);
                boolean item = broken != null && broken.listed() != null;
                String notRead = broken == null ? "" : "; the " + (item ? "item" : "object") + " from line " + broken.line() + " (" + lost.describe()
                        + ") was not read";
                if (again.at() < 0) {
                    problems.set(problems.size() - 1, new Problem(stopped.line(), stopped.reason() + notRead));
                    stopped = problems.get(problems.size() - 1);
                    break;
                }
                long from = broken == null ? stopped.line() : broken.line();
                problems.set(problems.size() - 1, new Problem(stopped.line(), stopped.reason() + notRead + (again.at() - 1 > from
                        ? (broken == null ? "; lines " : " (lines ") + from + "-" + (again.at() - 1) + (broken == null ? " were not read" : ")") : "")
                        + ": reading went on at line " + again.at() + ", the next " + (item ? "item of the list" : "document")
                        + (head.json() && !item ? " (a line starting with {)" : "")));
                resumedCuts.addAll(again.cuts());
                stopped = again.stopped();
                syntax = again.syntax();
                if (stopped != null) {
                    problems.add(stopped);
                }
            }
            if (stopped != null && syntax != null && text == null && unread.size() >= MAX_RESUMES) {
                problems.set(problems.size() - 1, new Problem(stopped.line(), stopped.reason() + "; reading stopped here, after "
                        + MAX_RESUMES + " objects broken by syntax errors were passed over"));
                stopped = problems.get(problems.size() - 1);
            }
            // Count every line, also those after a syntax error; a damaged gzip stream ends at its damage, which
            // a syntax error before it must not hide.
            try {
                buffered.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                // A plain file that fails to read here: the lines are counted up to the failure.
            }
            if (stopped != null && in.damage() == null && in.lines() > stopped.line()) {
                // Reading ends at a syntax error (a JSON or YAML stream cannot be resumed safely past one: where the next item
                // starts is not known once the structure is broken), so what follows it is counted, not passed over in silence.
                long after = in.lines() - stopped.line();
                Problem counted = new Problem(stopped.line(), stopped.reason() + "; the " + after + (after == 1
                        ? " line after it (line " + in.lines() + ") was not read"
                        : " lines after it (lines " + (stopped.line() + 1) + "-" + in.lines() + ") were not read")
                        + ", and any object in them is unknown, not absent");
                problems.set(problems.indexOf(stopped), counted);
                stopped = counted;
            }
            if (in.damage() == null && stopped == null && !head.json() && text == null && in.endsMidLine()) {
                // kubectl and argo end every line of YAML: a file that ends inside a line was cut there, and YAML cut inside a
                // mapping still parses, as an object without what followed (JSON cut short is a syntax error, above). The last
                // object is read as a trimmed one: what the cut may have held is unknown, not absent.
                problems.add(new Problem(in.lines(), "expected a line break at the end of the file, found none: the export may have"
                        + " been cut in this line; its last object was read as far as it goes, and what a cut may have left out is"
                        + " unknown, not absent"));
                reading.finish(new Trimmed.Cut(in.lines(), List.of(), "(the file ends inside this line)"));
            } else {
                reading.finish(null);
            }
            if (in.damage() != null) {
                problems.add(new Problem(in.endLine(), in.damage() + (stopped == null ? ": the objects before it were read"
                        : ": reading had stopped before it, at line " + stopped.line())));
            }
            List<Trimmed.Cut> cuts = new ArrayList<>();
            if (marks != null) {
                cuts.addAll(marks.header());
                cuts.addAll(marks.cuts());
                cuts.addAll(resumedCuts);
            }
            Around around = text == null ? Around.NONE : new Around(text.aroundLines(),
                    text.around().stream().map(a -> new TextLine(a.line(), a.text())).toList());
            String format = text != null ? text.format() : head.json() ? "JSON" : "YAML";
            return new Result(format, in.sha256(), in.lines(), reading.objects, takenAt, problems, cuts, around, unread);
        }
    }

    /** The objects of a file, or of what {@link ResumeText} gives of it again. */
    private static void parse(JsonParser checked, Reading reading, ObjectNode listed) throws IOException {
        JsonToken t;
        while ((t = checked.nextToken()) != null) {
            if (t == JsonToken.START_OBJECT) {
                reading.object(checked, null);
            } else if (t == JsonToken.START_ARRAY) {
                reading.array(checked, listed);
            } else {
                // A bare scalar document (an empty YAML document reads as null): nothing to read.
                checked.skipChildren();
            }
        }
    }

    /**
     * A syntax error is resumable: a limit (nesting, a string, an object's size, a line's length) or an alias ends the reading
     * of a file as the limits say (docs/robustness.md), and so does a read that failed.
     */
    private static boolean resumable(Exception e, LimitedReader chars) {
        return chars.problem() == null && !(e instanceof StreamConstraintsException) && !(e instanceof AliasFound)
                && !(e instanceof LimitedReader.ReadingStopped);
    }

    /** What reading again after a broken object gave: where it went on (-1: nowhere), and what stopped it, if anything. */
    private record Resumed(long at, Problem stopped, Exception syntax, List<Trimmed.Cut> cuts) {
    }

    /**
     * Reads the objects after a broken one, from the next item of its list (or the next document) on: the text {@link Replay} kept
     * from the broken object's start, then the rest of the stream, with every line before that one given to the parser empty
     * ({@link ResumeText}). The file is not opened again.
     */
    private Resumed resume(InputFile file, SourceStream in, Replay replay, Reading.Open broken, long errorLine, boolean json, Reading reading) {
        ResumeText.Mode mode = broken != null && broken.listed() != null ? ResumeText.Mode.ITEM : ResumeText.Mode.DOCUMENT;
        long from = Math.max(broken != null ? broken.line() : errorLine, replay.keptLine());
        ResumeText text = new ResumeText(replay.again(), mode, json, from, replay.keptLine());
        LimitedReader chars = new LimitedReader(text, limits.maxObjectChars(), json ? Long.MAX_VALUE : limits.maxYamlLineChars());
        CutMarks marks = json ? null : new CutMarks(chars);
        ObjectMapper mapper = json ? this.json : yaml;
        reading.resumeWith(chars, marks);
        Problem stopped = null;
        Exception syntax = null;
        try (JsonParser p = mapper.getFactory().createParser(marks == null ? chars : marks)) {
            parse(json ? p : new NoAliases(p), reading, mode == ResumeText.Mode.ITEM ? broken.listed() : null);
        } catch (JsonProcessingException | LimitedReader.ReadingStopped | YAMLException e) {
            // A damaged gzip stream is the caller's to report, at its damage.
            if (text.resumedAt() >= 0 && in.damage() == null) {
                stopped = elided(file, problem(e, chars, json, limits));
                syntax = resumable(e, chars) ? e : null;
            }
        } catch (IOException e) {
            // The stream failed under the parser (a read error, gzip damage): the reading stays stopped where it was.
            return new Resumed(text.resumedAt(), null, null, marks == null ? List.of() : marks.cuts());
        }
        List<Trimmed.Cut> cuts = marks == null ? List.of() : marks.cuts();
        return new Resumed(text.resumedAt(), stopped, syntax, cuts);
    }

    /** A line that marks lines left out of a pasted export: {@code ...}, {@code …}, {@code [...]}, {@code (...)}, {@code <snip>}. */
    private static final java.util.regex.Pattern ELISION = CutMarks.ELISION;
    /** Lines looked at for such a mark, at most, before a syntax error. */
    private static final int ELISION_LOOKBACK = 100_000;

    /**
     * A syntax error after a line that marks lines left out (someone trimmed {@code kubectl get pod -o yaml} before pasting it:
     * {@code ...}, {@code [...]}): says so, since YAML cannot read the mark, and what to do. The problem as it was otherwise.
     */
    private static Problem elided(InputFile file, Problem p) {
        if (p.line() <= 1 || file.compressed()) {
            return p;
        }
        try (java.io.BufferedReader r = java.nio.file.Files.newBufferedReader(file.path(), StandardCharsets.UTF_8)) {
            String line;
            long n = 0;
            while ((line = r.readLine()) != null && ++n <= Math.min(p.line() + 1, ELISION_LOOKBACK)) {
                String t = line.strip();
                if (!t.startsWith("#") && ELISION.matcher(t).matches()) {
                    return new Problem(p.line(), p.reason() + " (line " + n + " holds \"" + t + "\", a mark of lines left out, which YAML cannot"
                            + " read: give the export whole, or delete the mark, and the fields it stood for stay unknown)");
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // The reading already said what it could.
        }
        return p;
    }

    /** What stopped the reading, in the report's words, at its line. */
    private static Problem problem(Exception e, LimitedReader chars, boolean json, Limits limits) {
        if (chars.problem() != null) {
            return new Problem(Math.max(1, chars.problemLine()), chars.problem());
        }
        // Jackson's limit exceptions carry no location: the object being read is the place.
        long line = e instanceof JsonProcessingException j && j.getLocation() != null && j.getLocation().getLineNr() > 0
                ? j.getLocation().getLineNr() : chars.objectLine();
        String message = e instanceof JsonProcessingException j ? j.getOriginalMessage() : String.valueOf(e.getMessage());
        if (e instanceof StreamConstraintsException) {
            return new Problem(Math.max(1, line), limitMessage(message, limits) + ": reading stopped here");
        }
        if (e instanceof AliasFound a) {
            return new Problem(Math.max(1, line), a.getOriginalMessage());
        }
        return new Problem(Math.max(1, line), "not valid " + (json ? "JSON" : "YAML") + ": " + oneLine(e, message));
    }

    /**
     * A parser's message on one line, without the excerpt of the file: for SnakeYAML, where it was
     * (its context) and what was expected and found ({@code while parsing a flow sequence: expected
     * ',' or ']', but got <stream end>}).
     */
    private static String oneLine(Exception e, String message) {
        Throwable marked = e instanceof MarkedYAMLException ? e : e.getCause();
        if (marked instanceof MarkedYAMLException y && y.getProblem() != null) {
            return (y.getContext() == null ? "" : y.getContext() + ": ") + y.getProblem();
        }
        return String.join(" ", String.valueOf(message).strip().split("\\s*\\R\\s*"));
    }

    /** Jackson's limit messages, as what was expected and what was found. */
    private static String limitMessage(String message, Limits limits) {
        String m = message == null ? "" : message;
        if (m.startsWith("Document nesting depth")) {
            return "expected objects nested at most " + limits.maxNestingDepth() + " deep, found deeper nesting";
        }
        if (m.startsWith("String value length")) {
            return "expected strings of at most " + limits.maxStringChars() + " characters, found a longer one";
        }
        if (m.startsWith("Number value length")) {
            return "expected numbers of at most 1000 digits, found a longer one";
        }
        if (m.startsWith("Name length")) {
            return "expected keys of at most 65536 characters, found a longer one";
        }
        return "expected input within the reading limits, found: " + String.join(" ", m.strip().split("\\s*\\R\\s*"));
    }

    private static String sha256(InputFile file) throws IOException {
        try (SourceStream s = SourceStream.stored(file)) {
            return s.sha256();
        }
    }

    /**
     * Refuses YAML aliases: Jackson does not expand them (an alias bomb costs nothing), but it reads
     * {@code *x} as the text {@code "x"}, which would be a silent misreading. kubectl and argo never
     * write anchors or aliases.
     */
    private static final class NoAliases extends JsonParserDelegate {
        NoAliases(JsonParser p) {
            super(p);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = super.nextToken();
            if (delegate instanceof YAMLParser y && y.isCurrentAlias()) {
                throw new AliasFound(this, "expected no YAML aliases (kubectl and argo never write them), found the alias *" + y.getText()
                        + ", which would read as the text \"" + y.getText() + "\": reading stopped here");
            }
            return t;
        }
    }

    private static final class AliasFound extends JsonProcessingException {
        private static final long serialVersionUID = 1L;

        AliasFound(JsonParser p, String message) {
            super(message, p.currentLocation());
        }
    }

    private static ObservedAt takenAt(Head head, List<Problem> problems) {
        if (head.takenAt() == null) {
            return null;
        }
        try {
            Timestamp t = Timestamp.parseRfc3339(head.takenAt(), null, false);
            if (t.zone() == ZoneBasis.ASSUMED_UTC) {
                problems.add(new Problem(head.takenAtLine(), "# taken-at: \"" + head.takenAt() + "\" has no zone; write it as RFC 3339 (…Z or …+01:00)"));
                return null;
            }
            return ObservedAt.stated(t, ObservationBasis.TAKEN_AT_COMMENT);
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(head.takenAtLine(), "# taken-at: \"" + head.takenAt() + "\" is not an RFC 3339 time"));
            return null;
        }
    }

    /** The objects of one file as they are read. */
    private static final class Reading {
        private final ObjectMapper mapper;
        private final InputFile file;
        private final ObservedAt takenAt;
        private final Consumer<ObjectDocument> sink;
        private final List<Trimmed.Cut> header;
        private final java.util.ArrayDeque<Open> open = new java.util.ArrayDeque<>();
        private LimitedReader chars;
        private CutMarks marks;
        private ObjectDocument pending;
        /** Keeps the text from the object being read on (null: pasted text, not resumed). */
        private final Replay replay;
        long objects;

        /**
         * An object being read: where it starts, what was read of it so far, and the list it is an item of (null if none).
         */
        record Open(long line, ObjectNode top, ObjectNode listed) {
            Unread unread(long errorLine) {
                String kind = top.path("kind").asText("");
                if (kind.isEmpty() && listed != null) {
                    String list = listed.path("kind").asText("");
                    kind = list.endsWith("List") && list.length() > "List".length() ? list.substring(0, list.length() - "List".length()) : "";
                }
                JsonNode metadata = top.path("metadata");
                return new Unread(line, errorLine, kind, metadata.path("namespace").asText(""), metadata.path("name").asText(""));
            }
        }

        Reading(ObjectMapper mapper, InputFile file, ObservedAt takenAt, Consumer<ObjectDocument> sink, LimitedReader chars, CutMarks marks,
                Replay replay) {
            this.replay = replay;
            this.mapper = mapper;
            this.file = file;
            this.takenAt = takenAt;
            this.sink = sink;
            this.chars = chars;
            this.marks = marks;
            this.header = marks == null ? List.of() : marks.header();
        }

        /** The innermost object a syntax error broke, or null if it came outside every object. */
        Open broken() {
            return open.peek();
        }

        /** Reading goes on in the text given again after a broken object. */
        void resumeWith(LimitedReader again, CutMarks againMarks) {
            open.clear();
            chars = again;
            marks = againMarks;
        }

        /**
         * The marks of lines left out of the object from line {@code from} to {@code to}: those within it (an item of a list:
         * those under its {@code items}, placed from the item's root; a mark between items left items out, not lines of one),
         * and those at the top of the file, which say it was trimmed, not where.
         */
        private Trimmed trimmed(long from, long to, boolean item) {
            if (marks == null || marks.cuts().isEmpty() && header.isEmpty()) {
                return Trimmed.NONE;
            }
            List<Trimmed.Cut> own = new ArrayList<>(header);
            for (Trimmed.Cut c : marks.cuts()) {
                if (c.line() < from || c.line() > to) {
                    continue;
                }
                if (!item) {
                    own.add(c);
                } else if (!c.path().isEmpty() && c.path().get(0).equals("items")) {
                    List<Trimmed.Span> spans = new ArrayList<>();
                    for (Trimmed.Span sp : c.spans()) {
                        if (!sp.parent().isEmpty() && sp.parent().get(0).equals("items")) {
                            spans.add(new Trimmed.Span(sp.parent().subList(1, sp.parent().size()), sp.after(), sp.before()));
                        }
                    }
                    own.add(new Trimmed.Cut(c.line(), c.path().subList(1, c.path().size()), c.mark(), spans));
                }
            }
            return new Trimmed(own);
        }

        /**
         * Reads one object; the items of a list are handed out one by one.
         *
         * @param listed the list this object is an item of (its kind and apiVersion, read so far), or null
         */
        void object(JsonParser p, ObjectNode listed) throws IOException {
            long line = p.currentTokenLocation().getLineNr();
            chars.startObject(line);
            if (replay != null) {
                replay.mark(line);
            }
            ObjectNode top = mapper.createObjectNode();
            open.push(new Open(line, top, listed));
            boolean hadItems = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (value == JsonToken.START_ARRAY && (name.equals("items") || LOG_EXPORT_LISTS.contains(name) && !top.has("kind"))) {
                    hadItems = true;
                    array(p, top);
                } else {
                    top.set(name, mapper.readTree(p));
                }
            }
            open.pop();
            // What follows the object (the next item, or the rest of a list) counts afresh.
            chars.startObject(p.currentLocation().getLineNr());
            if (hadItems) {
                return;
            }
            if (listed != null && !top.has("kind")) {
                itemKind(listed, top);
            }
            ObjectNode watched = watchedObject(top);
            // Session 61: a watch event's object was printed when its change came, at no time of its own: a time stated for the
            // file (# taken-at, --snapshot-time, a date before the command) is the capture's, its start or its end, not the event's
            // (as a watch's table rows, KubectlPodTables#close). Only the object's own times place it (the latest inside, a lower
            // bound on the API server's clock), and the stream's order.
            ObservedAt at = watched != top ? null : takenAt;
            top = watched;
            objects++;
            finish(null);
            pending = new ObjectDocument(file.at(Math.max(1, line)), top, at, trimmed(line, p.currentLocation().getLineNr(), listed != null));
        }

        /**
         * Hands out the object read last, held back until the next one starts or the file has ended: only then is it known
         * whether the file ends inside a line, and so whether that object may lack what a cut left out.
         *
         * @param cut where the file was cut, or null: the object is whole as far as its lines say
         */
        void finish(Trimmed.Cut cut) {
            ObjectDocument d = pending;
            pending = null;
            if (d == null) {
                return;
            }
            if (cut != null) {
                List<Trimmed.Cut> cuts = new ArrayList<>(d.trimmed().cuts());
                cuts.add(cut);
                d = new ObjectDocument(d.source(), d.node(), d.takenAt(), new Trimmed(cuts));
            }
            sink.accept(d);
        }

        /**
         * The object a watch event carries ({@code kubectl get … -w -o json --output-watch-events}, a {@code ?watch=1} stream):
         * {@code {"type":"MODIFIED","object":{…}}} is an observation of that object (a {@code DELETED} one of its last state); a
         * {@code BOOKMARK} or {@code ERROR} event, and anything else, stays as it is.
         */
        private static ObjectNode watchedObject(ObjectNode top) {
            String type = top.has("kind") ? "" : top.path("type").asText("");
            JsonNode object = top.get("object");
            boolean change = type.equals("ADDED") || type.equals("MODIFIED") || type.equals("DELETED");
            return change && top.size() == 2 && object instanceof ObjectNode o && o.has("kind") ? o : top;
        }

        void array(JsonParser p, ObjectNode listed) throws IOException {
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                if (t == JsonToken.START_OBJECT) {
                    object(p, listed);
                } else {
                    p.skipChildren();
                }
            }
        }

        /**
         * Items of a typed list ({@code PodList}, as the API and {@code kubectl cluster-info dump} write
         * them) carry no kind of their own: the list's kind says it, if it came before the items.
         */
        private static void itemKind(ObjectNode list, ObjectNode item) {
            String kind = list.path("kind").asText("");
            if (kind.endsWith("List") && kind.length() > "List".length()) {
                item.put("kind", kind.substring(0, kind.length() - "List".length()));
                JsonNode apiVersion = list.get("apiVersion");
                if (apiVersion != null && !item.has("apiVersion")) {
                    item.set("apiVersion", apiVersion);
                }
            }
        }
    }

    /** Reads the leading comment lines: JSON if the first content starts with '{' or '['. */
    private static Head head(BufferedInputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        java.io.ByteArrayOutputStream head = new java.io.ByteArrayOutputStream();
        try {
            byte[] chunk = new byte[4096];
            int n;
            while (head.size() < SNIFF_BYTES && (n = in.read(chunk, 0, Math.min(chunk.length, SNIFF_BYTES - head.size()))) >= 0) {
                head.write(chunk, 0, n);
            }
        } catch (IOException e) {
            // A damaged gzip file: the head is what came before the damage, which the parser meets again.
        }
        byte[] bytes = head.toByteArray();
        in.reset();
        String text = new String(bytes, StandardCharsets.UTF_8);
        String takenAt = null;
        long takenAtLine = 0;
        long lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            String t = line.replace("\uFEFF", "").strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!t.startsWith("#")) {
                return new Head(t.startsWith("{") || t.startsWith("["), takenAt, takenAtLine);
            }
            Matcher m = TAKEN_AT.matcher(t);
            if (m.find() && takenAt == null) {
                takenAt = m.group(1);
                takenAtLine = lineNumber;
            }
        }
        return new Head(false, takenAt, takenAtLine);
    }
}
