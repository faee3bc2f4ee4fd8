package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code kubectl describe pod} output, one Pod per {@code Name:} block, into a
 * {@link PodSnapshot} marked {@code described}: namespace, name, node, labels, annotations, the
 * controlling Workflow, the phase, the condition types, the Pod's {@code Start Time} and the containers' states (with exit codes
 * and RFC 1123 start and finish times, to the second, in the zone kubectl printed). The text has no
 * UID, no finalizers, no creation time and no condition times: those stay unknown. {@code Status:
 * Terminating (lasts …)} hides the phase and prints only how long ago the deletion deadline passed,
 * so the deletion is placed only with a stated time ({@code # taken-at:} or {@code --snapshot-time}):
 * requested no later than that; without one the block is reported, not read. kubectl 1.31 and later print a Pod's
 * {@code Succeeded} or {@code Failed} phase, not {@code Terminating}, while it is being deleted (kubernetes#122038), so such a
 * block shows nothing of a deletion ({@link PodSnapshot#deletionShown()}). The Events table's rows are placed only by a stated
 * time and an age to the second, or, for the timeline only, to the minute (as a {@code kubectl get events} table's).
 */
final class KubectlDescribePods {
    private static final Pattern FIELD = Pattern.compile("^([A-Z][A-Za-z -]*):(?:\\s+(.*))?$");
    private static final Pattern SUB_FIELD = Pattern.compile("^( +)([A-Z][A-Za-z ]*):(?:\\s+(.*))?$");
    private static final Pattern CONTAINER = Pattern.compile("^  ([a-z0-9][a-z0-9-]*):$");
    private static final Pattern CONDITION = Pattern.compile("^  ([A-Za-z]+) +(True|False|Unknown) *$");
    private static final Pattern TERMINATING = Pattern.compile("^Terminating \\(lasts ([^)]*)\\)$");
    private static final Pattern ANNOTATION = Pattern.compile("^([^\\s:=]+): ?(.*)$");
    private static final Pattern LABEL = Pattern.compile("^([^\\s=]+)=(.*)$");

    private KubectlDescribePods() {
    }

    /**
     * @param events the rows of each Pod's Events table placed in time (a stated time, an age kubectl printed to the second)
     * @param coarse  the rows not placed: an age cut to the hour or coarser, {@code <invalid>} or {@code <unknown>}, or no stated
     *                time; counted, not kept
     * @param minutes the rows kept whose age kubectl printed to the minute (10 minutes to 8 hours old): on the timeline, read by no rule
     */
    record Read(List<PodSnapshot> pods, List<ObjectFileReader.Problem> problems, List<String> identifiers, List<ClusterEvent> events,
                long coarse, long minutes) {
        Read(List<PodSnapshot> pods, List<ObjectFileReader.Problem> problems, List<String> identifiers) {
            this(pods, problems, identifiers, List.of(), 0, 0);
        }
    }

    /** One Pod's block while it is read. */
    private static final class Block {
        final long line;
        final String name;
        String namespace = "";
        String node = "";
        String phase = "";
        /** The Pod's own {@code Reason:} and {@code Message:} lines (kubectl prints them after {@code Status:} when set). */
        String reason = "";
        String message = "";
        String serviceAccount = "";
        String terminating;
        Timestamp started;
        final Map<String, String> labels = new LinkedHashMap<>();
        final Map<String, String> annotations = new LinkedHashMap<>();
        final List<OwnerRef> owners = new ArrayList<>();
        final List<PodCondition> conditions = new ArrayList<>();
        final List<ContainerState> containers = new ArrayList<>();
        /** The Events table's column starts (Type, Reason, Age, From, Message), once its header is read; its rows as read. */
        int[] eventColumns;
        final List<String[]> events = new ArrayList<>();
        final List<Long> eventLines = new ArrayList<>();

        Block(long line, String name) {
            this.line = line;
            this.name = name;
        }
    }

    /** Where a line falls within a block. */
    private enum Section { TOP, LABELS, ANNOTATIONS, INIT_CONTAINERS, CONTAINERS, CONDITIONS, EVENTS, OTHER }

    /** The Events table's header: {@code   Type    Reason   Age   From   Message}. */
    private static final Pattern EVENTS_HEADER = Pattern.compile("^ +Type +Reason +Age +From +Message *$");
    /** Its rule under the header: {@code   ----    ------   ----  ----   -------}. */
    private static final Pattern EVENTS_RULE = Pattern.compile("^ +-+( +-+)+ *$");
    /** A repeated event's age: {@code 3m12s (x4 over 9m)}: last seen 3m12s ago, four times. */
    private static final Pattern REPEATED = Pattern.compile("^(\\S+) \\(x(\\d+) over (\\S+)\\)$");

    /** A container's fields while they are read. */
    private static final class Container {
        final String name;
        final boolean init;
        String state = "";
        String reason = "";
        String message = "";
        Integer exitCode;
        Timestamp started;
        Timestamp finished;
        boolean inLastState;

        Container(String name, boolean init) {
            this.name = name;
            this.init = init;
        }
    }

    /**
     * @param lines    the file's lines, the first being line 1
     * @param takenAt  when the text was printed, if the user said; null otherwise
     */
    static Read read(String file, List<String> lines, ObservedAt takenAt) {
        List<PodSnapshot> pods = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        List<ClusterEvent> events = new ArrayList<>();
        long[] counts = {0, 0};
        Block block = null;
        Section section = Section.OTHER;
        Container container = null;
        int valueColumn = 0;
        String lastKey = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = PasteShape.stripped(lines.get(i));
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || PasteShape.PROMPT.matcher(t).matches() || PasteShape.BARE_COMMAND.matcher(line).matches()
                    || t.startsWith("```")) {
                continue;
            }
            Matcher field = FIELD.matcher(line);
            if (field.matches()) {
                container = finish(block, container);
                String key = field.group(1);
                String value = field.group(2) == null ? "" : field.group(2).strip();
                if (key.equals("Name")) {
                    close(file, block, takenAt, pods, problems, identifiers);
                    add(counts, block == null || block.namespace.isEmpty() ? null : events(file, block, takenAt, events));
                    block = new Block(i + 1, value);
                    section = Section.TOP;
                    continue;
                }
                if (block == null) {
                    problems.add(new ObjectFileReader.Problem(i + 1, "expected kubectl describe pod's Name: line first, found \"" + cut(t) + "\""));
                    continue;
                }
                valueColumn = field.group(2) == null ? 0 : line.indexOf(field.group(2));
                section = top(block, key, value, i + 1, problems);
                lastKey = null;
                if (section == Section.LABELS || section == Section.ANNOTATIONS) {
                    lastKey = entry(block, section, value);
                }
                continue;
            }
            if (block == null) {
                // Text before the first block (a sentence above the output that holds no "Key:" shape): reported at its line, as a
                // sentence that does is (session 43: one with a comma before its colon was passed over unsaid).
                problems.add(new ObjectFileReader.Problem(i + 1, "expected kubectl describe pod's Name: line first, found \"" + cut(t) + "\""));
                continue;
            }
            switch (section) {
                case LABELS, ANNOTATIONS -> {
                    int indent = line.length() - line.stripLeading().length();
                    if (indent == valueColumn) {
                        lastKey = entry(block, section, t);
                    } else if (lastKey == null) {
                        problems.add(new ObjectFileReader.Problem(i + 1, "expected a label or annotation, found \"" + cut(t) + "\""));
                    }
                }
                case EVENTS -> events(block, line, i + 1, problems);
                case CONDITIONS -> {
                    Matcher c = CONDITION.matcher(line);
                    if (c.matches() && !c.group(1).equals("Type")) {
                        block.conditions.add(new PodCondition(c.group(1), c.group(2), null));
                    }
                }
                case INIT_CONTAINERS, CONTAINERS -> {
                    Matcher name = CONTAINER.matcher(line);
                    if (name.matches()) {
                        container = finish(block, container);
                        container = new Container(name.group(1), section == Section.INIT_CONTAINERS);
                    } else if (container != null) {
                        containerField(container, line, i + 1, problems);
                    }
                }
                default -> {
                }
            }
        }
        finish(block, container);
        close(file, block, takenAt, pods, problems, identifiers);
        add(counts, block == null || block.namespace.isEmpty() ? null : events(file, block, takenAt, events));
        return new Read(pods, problems, identifiers, events, counts[0], counts[1]);
    }

    private static Section top(Block b, String key, String value, long line, List<ObjectFileReader.Problem> problems) {
        switch (key) {
            case "Namespace" -> b.namespace = value;
            case "Service Account" -> b.serviceAccount = value;
            case "Node" -> b.node = value.equals("<none>") ? "" : value.contains("/") ? value.substring(0, value.indexOf('/')) : value;
            case "Start Time" -> b.started = time(value, line, problems);
            case "Labels" -> {
                return Section.LABELS;
            }
            case "Annotations" -> {
                return Section.ANNOTATIONS;
            }
            case "Status" -> {
                Matcher m = TERMINATING.matcher(value);
                if (m.matches()) {
                    b.terminating = m.group(1);
                } else {
                    b.phase = value;
                }
            }
            case "Reason" -> b.reason = value;
            case "Message" -> b.message = value;
            case "Controlled By" -> {
                int slash = value.indexOf('/');
                if (slash > 0) {
                    b.owners.add(new OwnerRef(value.substring(0, slash), value.substring(slash + 1), "", true));
                }
            }
            case "Init Containers" -> {
                return Section.INIT_CONTAINERS;
            }
            case "Containers" -> {
                return Section.CONTAINERS;
            }
            case "Conditions" -> {
                return Section.CONDITIONS;
            }
            case "Events" -> {
                return Section.EVENTS;
            }
            default -> {
                return Section.OTHER;
            }
        }
        return Section.TOP;
    }

    /** A {@code key=value} label or {@code key: value} annotation; returns its key, or null for {@code <none>}. */
    private static String entry(Block b, Section section, String text) {
        if (text.isEmpty() || text.equals("<none>")) {
            return null;
        }
        Matcher m = (section == Section.LABELS ? LABEL : ANNOTATION).matcher(text);
        if (!m.matches()) {
            return null;
        }
        (section == Section.LABELS ? b.labels : b.annotations).put(m.group(1), m.group(2).strip());
        return m.group(1);
    }

    /** {@code State:} and its {@code Reason:}, {@code Exit Code:}, {@code Started:}, {@code Finished:}; {@code Last State:} is passed over. */
    private static void containerField(Container c, String line, long lineNo, List<ObjectFileReader.Problem> problems) {
        Matcher m = SUB_FIELD.matcher(line);
        if (!m.matches()) {
            return;
        }
        int indent = m.group(1).length();
        String key = m.group(2);
        String value = m.group(3) == null ? "" : m.group(3).strip();
        if (indent == 4) {
            c.inLastState = key.equals("Last State");
            if (key.equals("State")) {
                c.state = value.toLowerCase(java.util.Locale.ROOT);
            }
            return;
        }
        if (indent != 6 || c.inLastState) {
            return;
        }
        switch (key) {
            case "Reason" -> c.reason = value;
            case "Message" -> c.message = value;
            case "Exit Code" -> {
                try {
                    c.exitCode = Integer.valueOf(value);
                } catch (NumberFormatException e) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "expected an exit code, found \"" + cut(value) + "\""));
                }
            }
            case "Started" -> c.started = time(value, lineNo, problems);
            case "Finished" -> c.finished = time(value, lineNo, problems);
            default -> {
            }
        }
    }

    private static Container finish(Block b, Container c) {
        if (b != null && c != null) {
            b.containers.add(new ContainerState(c.name, c.init, c.state, "terminated".equals(c.state) ? c.exitCode : null, c.reason, c.started,
                    c.finished, c.message));
        }
        return null;
    }

    /** A row of a Pod's Events table, or its header or rule; a line that fits neither is reported at its line. */
    private static void events(Block b, String line, long lineNo, List<ObjectFileReader.Problem> problems) {
        if (EVENTS_HEADER.matcher(line).matches()) {
            b.eventColumns = new int[] {line.indexOf("Type"), line.indexOf("Reason"), line.indexOf("Age"), line.indexOf("From"),
                line.indexOf("Message")};
            return;
        }
        if (EVENTS_RULE.matcher(line).matches()) {
            return;
        }
        String[] cells = b.eventColumns == null ? null : KubectlEventTables.cut(line, b.eventColumns, true);
        if (cells == null || cells[0].isEmpty() || cells[1].isEmpty() || cells[2].isEmpty()) {
            problems.add(new ObjectFileReader.Problem(lineNo, "expected a row of the Events table (Type  Reason  Age  From  Message), found \""
                    + cut(line.strip()) + "\""));
            return;
        }
        b.events.add(cells);
        b.eventLines.add(lineNo);
    }

    /**
     * The Pod's Events rows as cluster events about it: placed only where a stated time and an age kubectl printed to the second
     * allow it (as a {@code kubectl get events} table's); the others counted in {@code coarse}. A kubelet's {@code Stopping container
     * NAME} names its container, as in a table.
     */
    private static void add(long[] counts, long[] block) {
        if (block != null) {
            counts[0] += block[0];
            counts[1] += block[1];
        }
    }

    private static long[] events(String file, Block b, ObservedAt takenAt, List<ClusterEvent> out) {
        long coarse = 0;
        long minutes = 0;
        for (int k = 0; k < b.events.size(); k++) {
            String[] c = b.events.get(k);
            Matcher repeated = REPEATED.matcher(c[2]);
            // kubectl describe prints the Age column with the same HumanDuration as a get events table's LAST SEEN (session 46):
            // to the second under 10 minutes, to the minute up to 8 hours (kept with that minute's window, for the timeline only,
            // as the table's rows), coarser beyond; <invalid> is an event time more than a second ahead of the describing
            // machine's clock, <unknown> none: neither placed.
            KubectlEventTables.Age age = KubectlEventTables.age(repeated.matches() ? repeated.group(1) : c[2], takenAt);
            if (age == null) {
                coarse++;
                continue;
            }
            Timestamp at = age.at();
            if (age.windowNanos() > 0) {
                minutes++;
            }
            // "(xN over AGE)": AGE is the age of the first sighting (kubectl prints translateTimestampSince(firstTimestamp)), placed
            // as the last one is, where it has the last one's precision (one window for both); an age it cut coarser than the last
            // one's leaves the first sighting unknown, and the event is kept at its last.
            Timestamp first = at;
            if (repeated.matches()) {
                KubectlEventTables.Age earliest = KubectlEventTables.age(repeated.group(3), takenAt);
                if (earliest != null && earliest.windowNanos() == age.windowNanos() && !earliest.at().isAfter(at)) {
                    first = earliest.at();
                }
            }
            int comma = c[3].indexOf(',');
            String reporter = comma < 0 ? c[3] : c[3].substring(0, comma).strip();
            String host = comma < 0 ? "" : c[3].substring(comma + 1).strip();
            out.add(new ClusterEvent(new SourceRef(file, b.eventLines.get(k)), ObjectKind.CORE_EVENT, b.namespace, "", c[1], c[0], c[4],
                    new InvolvedObject("Pod", b.namespace, b.name, "", KubectlEventTables.fieldPath("Pod", c[4])), reporter, host,
                    repeated.matches() ? Long.parseLong(repeated.group(2)) : 1, first, at, Map.of(), true, age.windowNanos()));
        }
        return new long[] {coarse, minutes};
    }

    private static void close(String file, Block b, ObservedAt takenAt, List<PodSnapshot> pods, List<ObjectFileReader.Problem> problems,
                              List<String> identifiers) {
        if (b == null) {
            return;
        }
        identifiers.add("pod:" + b.name);
        identifiers.add("namespace:" + b.namespace);
        identifiers.add("host:" + b.node);
        identifiers.add("serviceAccount:" + b.serviceAccount);
        if (b.labels.containsKey(PodSnapshot.WORKFLOW_LABEL)) {
            identifiers.add("workflow:" + b.labels.get(PodSnapshot.WORKFLOW_LABEL));
        }
        if (b.namespace.isEmpty()) {
            problems.add(new ObjectFileReader.Problem(b.line, "kubectl describe pod " + b.name + ": no Namespace: line; the Pod is not read"));
            return;
        }
        Timestamp deletion = null;
        if (b.terminating != null) {
            if (takenAt == null) {
                problems.add(new ObjectFileReader.Problem(b.line, "kubectl describe pod " + b.name + " shows it Terminating (lasts " + b.terminating
                        + ") but prints no time the deletion can be placed by: add # taken-at: (or --snapshot-time) to read it"));
                return;
            }
            deletion = takenAt.time();
        }
        Timestamp latest = b.started;
        for (ContainerState c : b.containers) {
            latest = KubeTime.latest(KubeTime.latest(latest, c.startedAt()), c.finishedAt());
        }
        pods.add(new PodSnapshot(new SourceRef(file, b.line), b.namespace, b.name, "", null, deletion, null, b.node, b.labels, b.annotations,
                List.of(), b.owners, b.phase, b.conditions, b.containers, ObservedAt.of(takenAt, latest), b.reason, b.message, true, Trimmed.NONE,
                "", b.started));
    }

    /** kubectl's RFC 1123 time with a numeric zone: {@code Sat, 07 Nov 2026 08:10:02 +0000}. */
    private static Timestamp time(String value, long line, List<ObjectFileReader.Problem> problems) {
        try {
            OffsetDateTime t = OffsetDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
            return new Timestamp(t.toInstant(), TimePrecision.SECOND, ZoneBasis.STATED);
        } catch (DateTimeParseException e) {
            problems.add(new ObjectFileReader.Problem(line, "expected a time like \"Sat, 07 Nov 2026 08:10:02 +0000\", found \"" + cut(value) + "\""));
            return null;
        }
    }

    private static String cut(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
