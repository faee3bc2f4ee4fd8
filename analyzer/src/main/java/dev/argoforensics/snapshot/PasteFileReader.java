package dev.argoforensics.snapshot;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceStream;
import dev.argoforensics.wording.Message;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a file of pasted terminal output ({@code argo get}, {@code kubectl get pods}, {@code kubectl describe pod}, {@code kubectl describe
 * workflow}, {@code kubectl get events}) into the same
 * observations as an export, with what the text lacks left unknown. Such files are small: more than
 * {@link #MAX_BYTES} is read up to the limit and the rest reported.
 */
public final class PasteFileReader {
    static final int MAX_BYTES = 16 * 1024 * 1024;
    /** The lines of text around the output kept to show (all are counted), as {@link ObjectFileReader.Around} keeps them. */
    private static final int MAX_AROUND = 10_000;
    private static final Pattern TAKEN_AT = Pattern.compile("^#\\s*taken-at:\\s*(\\S+)");

    /**
     * What a file gave.
     *
     * @param identifiers for --redact, each as {@code kind:value} (pod, namespace, workflow, host, serviceAccount): the names the
     *                    text holds, also those the objects do not keep (service accounts, hosts)
     */
    public record Result(String format, String sha256, long lines, List<ExportedObject> objects, long rows, ObservedAt takenAt,
                         List<ObjectFileReader.Problem> problems, List<Message> notes, List<String> identifiers, ObjectFileReader.Around around) {
    }

    /**
     * @param commandLine the time {@code --snapshot-time} gives for the file, or null
     * @param yearFrom    a date from the other inputs to date argo's year-less times by, or null
     * @param yearFromWhat where that date comes from, for the report (a {@code note.yearFrom.*} message)
     */
    public Result read(InputFile file, PasteShape shape, ObservedAt commandLine, java.time.LocalDate yearFrom, Message yearFromWhat)
            throws IOException {
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        String text;
        String sha;
        long count;
        try (SourceStream in = SourceStream.open(file, true)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            int n;
            while ((n = in.read(chunk)) >= 0) {
                if (bytes.size() < MAX_BYTES) {
                    bytes.write(chunk, 0, Math.min(n, MAX_BYTES - bytes.size()));
                }
            }
            text = bytes.toString(StandardCharsets.UTF_8);
            sha = in.sha256();
            count = in.lines();
            if (bytes.size() >= MAX_BYTES) {
                problems.add(new ObjectFileReader.Problem(count, "more than " + MAX_BYTES + " bytes of pasted output: read up to there"));
            }
            if (in.damage() != null) {
                problems.add(new ObjectFileReader.Problem(in.endLine(), in.damage() + ": the lines before it were read"));
            }
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        // Output quoted in a reply (> ) or indented (a Markdown code block, a list item): read under its container, each line at its own
        // number, where the classifier told the shape by the lines under it.
        PasteShape.Container container = PasteShape.container(lines);
        if (!container.none()) {
            lines = new ArrayList<>(container.unwrap(lines));
        }
        ObservedAt takenAt = commandLine != null ? commandLine : takenAt(lines, problems);
        Part part;
        String format = shape.label() + container.label();
        List<PasteShape.Section> after = shape == PasteShape.WORKFLOW_STATUS_FRAGMENT ? commandsAfterPiece(lines) : List.of();
        if (!after.isEmpty()) {
            // The piece, then the commands pasted after it in the same block (#12103: a kubectl get pods | grep and its row): the
            // piece up to the first prompt, each command's output by its own reader, at the file's line numbers.
            List<PasteShape.Section> sections = after;
            part = new Part(problems);
            List<String> read = new ArrayList<>();
            Part commands = readSections(file, lines, sections, sectionDates(lines, sections, takenAt, commandLine), yearFrom, yearFromWhat, read);
            List<String> podNames = commands.identifiers.stream().filter(i -> i.startsWith("pod:")).map(i -> i.substring(4)).toList();
            List<String> own = new ArrayList<>(lines.subList(0, sections.get(0).prompt()));
            while (own.size() < lines.size()) {
                own.add("");
            }
            Part piece = fragment(file, own, takenAt, podNames);
            part.add(piece);
            part.add(commands);
            part.rows = piece.rows; // the inputs table counts the Workflow's nodes: the rows after it are the Pods'

            format = shape.label() + container.label() + (read.isEmpty() ? "" : ", then " + String.join(", ", read));
        } else if (shape == PasteShape.SESSION) {
            part = new Part(problems);
            List<String> read = new ArrayList<>();
            List<PasteShape.Section> sections = PasteShape.sections(lines);
            part.add(readSections(file, lines, sections, sectionDates(lines, sections, takenAt, commandLine), yearFrom, yearFromWhat, read));
            format = shape.label() + container.label() + " (" + String.join(", ", read) + ")";
        } else {
            List<PasteShape.Section> sections = PasteShape.sections(lines);
            List<ObservedAt> dates = sectionDates(lines, sections, takenAt, commandLine);
            if (dates.stream().allMatch(d -> java.util.Objects.equals(d, takenAt))) {
                part = readShape(file, shape, lines, takenAt, yearFrom, yearFromWhat);
            } else {
                // Commands dated apart (date run before some of them): each command's output by the shape's reader at its own time,
                // the lines before the first prompt (date's own prompt and answer) with the first.
                part = new Part(new ArrayList<>());
                for (int k = 0; k < sections.size(); k++) {
                    PasteShape.Section section = sections.get(k);
                    int from = k == 0 ? 0 : section.prompt();
                    List<String> own = new ArrayList<>(lines.size());
                    for (int j = 0; j < lines.size(); j++) {
                        own.add(j >= from && j < section.end() ? lines.get(j) : "");
                    }
                    part.add(readShape(file, shape, own, dates.get(k), yearFrom, yearFromWhat));
                }
            }
            part.problems.addAll(0, problems);
        }
        List<ExportedObject> objects = part.objects;

        List<Message> notes = part.notes;
        for (int j = 0; j < lines.size(); j++) {
            Matcher timed = PasteShape.PROMPT_TIME.matcher(PasteShape.stripped(lines.get(j)).strip());
            if (timed.matches()) {
                // The prompt's clock is the terminal's local time of day: no date, no zone. It does not date what the command printed.
                notes.add(Message.of("note.snapshot.promptTime", "time", timed.group(1), "line", j + 1, "stated",
                        takenAt == null ? Message.of("note.snapshot.promptTimeUnstated") : Message.NOTHING));
                break;
            }
        }
        List<String> identifiers = part.identifiers;
        long rows = part.rows;
        problems = part.problems;
        identifiers.removeIf(i -> i.endsWith(":"));
        List<ObjectFileReader.TextLine> around = part.text.subList(0, Math.min(part.text.size(), MAX_AROUND));
        return new Result(format, sha, count, objects, rows, takenAt, problems, notes, identifiers, new ObjectFileReader.Around(part.text.size(), around));
    }

    /**
     * The other commands' output in a log transcript ({@link PasteShape#transcriptOutputs} of {@code lines}, the file's first lines as
     * classified): each section read by the reader of its own shape at the file's line numbers, the rest of the file (the log
     * sections, read by the log reader) left out. No time is stated for them unless a {@code # taken-at} comment or {@code date}'s
     * answer states one as it does in a session: the transcript's order is none (a {@code kubectl logs} asked later prints the
     * run's lines from its start, so the output printed before it bounds none of its lines), and a {@code kubectl describe}'s ages
     * are relative to when it was printed, which nothing says.
     */
    public Result readTranscript(InputFile file, List<String> lines, java.time.LocalDate yearFrom, Message yearFromWhat) throws IOException {
        String sha;
        long count;
        try (SourceStream in = SourceStream.open(file, true)) {
            byte[] chunk = new byte[8192];
            while (in.read(chunk) >= 0) {
                // counted and hashed as the inputs table shows every file
            }
            sha = in.sha256();
            count = in.lines();
        }
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        ObservedAt stated = takenAt(lines, problems);
        // A # taken-at comment states the whole file's time; date's answer only the output of the command it was run with (or on the
        // prompt just above it): the first date of a transcript may precede a kubectl logs, which it dates nothing of.
        ObservedAt takenAt = stated != null && stated.basis() != ObservationBasis.DATE_COMMAND ? stated : null;
        List<PasteShape.Section> sections = PasteShape.transcriptOutputs(lines);
        List<String> read = new ArrayList<>();
        List<ObservedAt> dates = new ArrayList<>();
        sections.forEach(s -> dates.add(takenAt != null ? takenAt : dateOf(lines, s)));
        Part part = readSections(file, lines, sections, dates, yearFrom, yearFromWhat, read);
        part.problems.addAll(0, problems);
        List<Message> notes = new ArrayList<>();
        for (int k = 0; k < sections.size(); k++) {
            PasteShape.Section s = sections.get(k);
            notes.add(Message.of("note.read.transcriptOutput", "command", s.command(), "prompt", s.prompt() + 1, "line", s.prompt() + 2, "last", s.end(),
                    "shape", s.shape().label(), "when", dates.get(k) == null ? Message.of("note.read.transcriptOutputUnstated") : Message.NOTHING));
        }
        part.notes.forEach(n -> {
            if (!notes.contains(n)) {
                notes.add(n);
            }
        });
        part.identifiers.removeIf(i -> i.endsWith(":"));
        return new Result(String.join(", ", read), sha, count, part.objects, part.rows, takenAt, part.problems, notes, part.identifiers,
                new ObjectFileReader.Around(0, List.of()));
    }

    /** What the output of one shape gave. */
    private static final class Part {
        final List<ExportedObject> objects = new ArrayList<>();
        final List<Message> notes = new ArrayList<>();
        final List<String> identifiers = new ArrayList<>();
        final List<ObjectFileReader.Problem> problems;
        /** Lines of text read as no part of the output (a sentence after argo get's tree), in file order. */
        final List<ObjectFileReader.TextLine> text = new ArrayList<>();
        long rows;

        Part(List<ObjectFileReader.Problem> problems) {
            this.problems = problems;
        }

        void add(Part p) {
            objects.addAll(p.objects);
            p.notes.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            identifiers.addAll(p.identifiers);
            problems.addAll(p.problems);
            text.addAll(p.text);
            rows += p.rows;
        }
    }

    /**
     * Each command's output of a terminal session read by its own reader, the other lines blanked (line numbers stay the file's); a
     * section of no shape read here named in a note. The shapes read are added to {@code read}.
     */
    private static Part readSections(InputFile file, List<String> lines, List<PasteShape.Section> sections, List<ObservedAt> dates,
            java.time.LocalDate yearFrom, Message yearFromWhat, List<String> read) {
        Part part = new Part(new ArrayList<>());
        for (int k = 0; k < sections.size(); k++) {
            PasteShape.Section section = sections.get(k);
            ObservedAt takenAt = dates.get(k);
            if (section.shape() == PasteShape.NONE || section.shape() == PasteShape.SESSION || section.shape() == PasteShape.PASTED_OBJECTS) {
                List<String> output = lines.subList(section.prompt() + 1, section.end()).stream().map(String::strip)
                        .filter(l -> !l.isEmpty() && !l.startsWith("```")).toList();
                if (!output.isEmpty()) {
                    part.notes.add(Message.of("note.snapshot.sessionUnread", "command", section.command(), "line", section.prompt() + 1,
                            "lines", section.end() - section.prompt() - 1));
                }
                continue;
            }
            List<String> own = new ArrayList<>(lines.size());
            for (int j = 0; j < lines.size(); j++) {
                // The prompt and the command's own output; the lines the shell asked for more of the command on, and date's answer, blank.
                own.add(j == section.prompt() || j >= section.output() && j < section.end() ? lines.get(j) : "");
            }
            part.add(readShape(file, section.shape(), own, takenAt, yearFrom, yearFromWhat));
            read.add(section.shape().label());
        }
        return part;
    }

    /**
     * The commands pasted after a status piece (their prompts after its first line: a {@code # kubectl …} comment above it names what
     * printed the piece and is no command after it).
     */
    private static List<PasteShape.Section> commandsAfterPiece(List<String> lines) {
        int piece = 0;
        while (piece < lines.size() && !(lines.get(piece).strip().startsWith("```") || lines.get(piece).strip().matches("(status|nodes|"
                + "taskResultsCompletionStatus):"))) {
            piece++;
        }
        int start = piece;
        return PasteShape.sections(lines).stream().filter(s -> s.prompt() > start).toList();
    }

    /** A Workflow status fragment ({@link WorkflowStatusFragment}); {@code podNames}: the Pods the same paste lists. */
    private static Part fragment(InputFile file, List<String> lines, ObservedAt takenAt, List<String> podNames) {
        Part out = new Part(new ArrayList<>());
        WorkflowStatusFragment.Read r = WorkflowStatusFragment.read(file, lines, takenAt, podNames);
        out.objects.addAll(r.workflows());
        out.problems.addAll(r.problems());
        out.identifiers.addAll(r.identifiers());
        out.rows = r.workflows().stream().mapToLong(w -> w.nodes().isEmpty() ? w.taskResultsCompletion().size() : w.nodes().size()).sum();
        if (r.workflows().stream().anyMatch(w -> w.nodes().isEmpty() && !w.taskResultsCompletion().isEmpty())) {
            out.notes.add(Message.of("note.snapshot.completionOnly"));
        }
        return out;
    }

    /** Reads {@code lines} as output of one {@code shape}. */
    private static Part readShape(InputFile file, PasteShape shape, List<String> lines, ObservedAt takenAt, java.time.LocalDate yearFrom,
            Message yearFromWhat) {
        Part out = new Part(new ArrayList<>());
        List<ExportedObject> objects = out.objects;
        List<Message> notes = out.notes;
        List<String> identifiers = out.identifiers;
        List<ObjectFileReader.Problem> problems = out.problems;
        long rows;
        if (shape == PasteShape.KUBECTL_PODS) {
            KubectlPodTables.Read r = KubectlPodTables.read(file.displayPath(), lines, takenAt);
            objects.addAll(r.tables());
            problems.addAll(r.problems());
            notes.addAll(r.notes());
            rows = r.rows();
            if (takenAt == null && rows > 0) {
                notes.add(Message.of("note.snapshot.kubectlNoTime"));
            }
            for (PodTable t : r.tables()) {
                for (PodTable.Row row : t.rows()) {
                    identifiers.add("pod:" + row.name());
                    identifiers.add("namespace:" + row.namespace());
                    identifiers.add("host:" + row.node());
                }
            }
        } else if (shape == PasteShape.KUBECTL_WORKFLOWS) {
            KubectlWorkflowTables.Read r = KubectlWorkflowTables.read(file.displayPath(), lines, takenAt);
            objects.addAll(r.workflows());
            objects.addAll(r.answers());
            problems.addAll(r.problems());
            notes.addAll(r.notes());
            identifiers.addAll(r.identifiers());
            rows = r.workflows().size();
            if (rows > 0) {
                notes.add(Message.of("note.snapshot.workflowsTable"));
            }
            if (r.superseded() > 0) {
                notes.add(Message.of("note.snapshot.workflowsWatch", "count", r.superseded()));
            }
        } else if (shape == PasteShape.KUBECTL_EVENTS) {
            KubectlEventTables.Read r = KubectlEventTables.read(file.displayPath(), lines, takenAt);
            objects.addAll(r.events());
            problems.addAll(r.problems());
            identifiers.addAll(r.identifiers());
            rows = r.rows();
            if (r.minutes() > 0) {
                notes.add(Message.of("note.snapshot.eventsMinute", "count", r.minutes()));
            }
            if (r.coarse() > 0) {
                notes.add(takenAt == null ? Message.of("note.snapshot.eventsNoTime", "count", r.coarse())
                        : Message.of("note.snapshot.eventsTableCoarse", "count", r.coarse()));
            }
        } else if (shape == PasteShape.WORKFLOW_STATUS_FRAGMENT) {
            Part r = fragment(file, lines, takenAt, List.of());
            objects.addAll(r.objects);
            problems.addAll(r.problems);
            identifiers.addAll(r.identifiers);
            notes.addAll(r.notes);
            rows = r.rows;
        } else if (shape == PasteShape.KUBECTL_DESCRIBE_WORKFLOW) {
            KubectlDescribeWorkflows.Read r = KubectlDescribeWorkflows.read(file, lines, takenAt);
            objects.addAll(r.workflows());
            problems.addAll(r.problems());
            identifiers.addAll(r.identifiers());
            rows = r.workflows().stream().mapToLong(w -> w.nodes().size()).sum();
        } else if (shape == PasteShape.KUBECTL_DESCRIBE_POD) {
            KubectlDescribePods.Read r = KubectlDescribePods.read(file.displayPath(), lines, takenAt);
            objects.addAll(r.pods());
            objects.addAll(r.events());
            if (r.minutes() > 0) {
                notes.add(Message.of("note.snapshot.eventsMinute", "count", r.minutes()));
            }
            if (r.coarse() > 0) {
                notes.add(takenAt == null ? Message.of("note.snapshot.describeEventsNoTime", "count", r.coarse())
                        : Message.of("note.snapshot.eventsCoarse", "count", r.coarse()));
            }
            problems.addAll(r.problems());
            identifiers.addAll(r.identifiers());
            rows = r.pods().size();
        } else {
            ArgoGetTime.Reference reference = takenAt != null
                    ? new ArgoGetTime.Reference(takenAt.time().instant().atOffset(java.time.ZoneOffset.UTC).toLocalDate(),
                            Message.of("note.yearFrom.statedTime", "basis", takenAt.basis().description()))
                    : yearFrom == null ? null : new ArgoGetTime.Reference(yearFrom, yearFromWhat);
            ArgoGetText.Read r = ArgoGetText.read(file.displayPath(), lines, takenAt, reference);
            out.text.addAll(r.text());
            objects.addAll(r.workflows());
            problems.addAll(r.problems());
            notes.addAll(r.notes());
            identifiers.addAll(r.identifiers());
            rows = r.workflows().stream().mapToLong(w -> w.nodes().size()).sum();
        }
        out.rows = rows;
        return out;
    }

    /**
     * The time each command's output was printed at. A {@code # taken-at} comment or {@code --snapshot-time} states when the whole
     * file was taken: every command's. {@code date}'s answer states when the command run with it printed ({@code $ date -u; kubectl
     * get events -A}), or the command on the prompt right after date's own ({@code $ date -u}, its answer, {@code $ kubectl get
     * events -A}): not a later command of the same paste, typed seconds, hours or days after, which is dated by its own date or
     * not at all (session 45: the first date of a file dated every table in it, a table printed a day later placed a day early).
     */
    private static List<ObservedAt> sectionDates(List<String> lines, List<PasteShape.Section> sections, ObservedAt takenAt, ObservedAt commandLine) {
        List<ObservedAt> out = new ArrayList<>(sections.size());
        boolean dated = commandLine == null && (takenAt == null || takenAt.basis() == ObservationBasis.DATE_COMMAND);
        for (int k = 0; k < sections.size(); k++) {
            out.add(!dated ? takenAt : k == 0 && takenAt != null ? takenAt : dateOf(lines, sections.get(k)));
        }
        return out;
    }

    /** The answer of the date run with this section's command, or on the prompt just above it; null if none states a time. */
    private static ObservedAt dateOf(List<String> lines, PasteShape.Section section) {
        String prompt = PasteShape.stripped(lines.get(section.prompt())).strip();
        Matcher m = PasteShape.PROMPT.matcher(prompt);
        if (m.matches() && prompt.substring(0, m.start(1)).matches(".* date\\b.*")) {
            // date's answer is the last line before the command's own output (after the lines the shell asked for more on, if any).
            int j = previousContent(lines, section.output() - 1);
            return j > section.prompt() ? dateAnswer(PasteShape.stripped(lines.get(j)).strip()) : null;
        }
        int j = previousContent(lines, section.prompt() - 1);
        if (j < 0 || !PasteShape.DATE_OUTPUT.matcher(PasteShape.stripped(lines.get(j)).strip()).matches()) {
            return null;
        }
        int p = previousContent(lines, j - 1);
        return p >= 0 && PasteShape.DATE_PROMPT.matcher(PasteShape.stripped(lines.get(p)).strip()).matches()
                ? dateAnswer(PasteShape.stripped(lines.get(j)).strip()) : null;
    }

    /** The index of the last line at or before {@code j} holding something other than a fence, or -1. */
    private static int previousContent(List<String> lines, int j) {
        while (j >= 0) {
            String t = PasteShape.stripped(lines.get(j)).strip();
            if (!t.isEmpty() && !t.startsWith("```")) {
                return j;
            }
            j--;
        }
        return -1;
    }

    private static ObservedAt dateAnswer(String line) {
        java.time.Instant at = PasteShape.dateOutputTime(line);
        return at == null ? null : ObservedAt.stated(dev.argoforensics.time.Timestamp.of(at.getEpochSecond(), at.getNano(),
                dev.argoforensics.time.TimePrecision.SECOND, dev.argoforensics.time.ZoneBasis.STATED), ObservationBasis.DATE_COMMAND);
    }

    private static ObservedAt takenAt(List<String> lines, List<ObjectFileReader.Problem> problems) {
        boolean dateRan = false;
        for (int i = 0; i < lines.size(); i++) {
            String t = PasteShape.stripped(lines.get(i)).strip();
            if (t.isEmpty()) {
                continue;
            }
            Matcher prompt = PasteShape.PROMPT.matcher(t);
            if (!dateRan && (PasteShape.DATE_PROMPT.matcher(t).matches() || prompt.matches() && t.substring(0, prompt.start(1)).matches(".* date\\b.*"))) {
                // $ date -u; kubectl get events -A (or $ date -u first, on its own prompt): its answer, next, is when the output was printed.
                dateRan = true;
                continue;
            }
            if (dateRan) {
                java.time.Instant at = PasteShape.dateOutputTime(t);
                if (at == null) {
                    return null; // no answer of date's, or one that names no offset (CET): it dates nothing
                }
                return ObservedAt.stated(dev.argoforensics.time.Timestamp.of(at.getEpochSecond(), at.getNano(),
                        dev.argoforensics.time.TimePrecision.SECOND, dev.argoforensics.time.ZoneBasis.STATED), ObservationBasis.DATE_COMMAND);
            }
            if (!t.startsWith("#")) {
                return null;
            }
            Matcher m = TAKEN_AT.matcher(t);
            if (m.find()) {
                try {
                    dev.argoforensics.time.Timestamp time = dev.argoforensics.time.Timestamp.parseRfc3339(m.group(1), null, false);
                    if (time.zone() == dev.argoforensics.time.ZoneBasis.ASSUMED_UTC) {
                        problems.add(new ObjectFileReader.Problem(i + 1, "# taken-at: \"" + m.group(1) + "\" has no zone; write it as RFC 3339 (…Z or …+01:00)"));
                        return null;
                    }
                    return ObservedAt.stated(time, ObservationBasis.TAKEN_AT_COMMENT);
                } catch (IllegalArgumentException e) {
                    problems.add(new ObjectFileReader.Problem(i + 1, "# taken-at: \"" + m.group(1) + "\" is not an RFC 3339 time"));
                    return null;
                }
            }
        }
        return null;
    }
}
