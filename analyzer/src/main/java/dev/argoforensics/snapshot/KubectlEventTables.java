package dev.argoforensics.snapshot;

import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code kubectl get events} tables ({@code LAST SEEN  TYPE  REASON  OBJECT  MESSAGE}, with
 * {@code -A}'s {@code NAMESPACE} first) into {@link ClusterEvent}s. Cells are cut at the header's column
 * starts (kubectl aligns them; a message holds single spaces). LAST SEEN is an age relative to the
 * moment the table was printed, which kubectl does not print: with a stated time ({@code # taken-at:}
 * or {@code --snapshot-time}) an age under 10 minutes, which kubectl prints to the second ({@code 45s},
 * {@code 3m12s}), gives the event's time to about a second; an age up to 8 hours is printed to the minute
 * ({@code 15m}, {@code 3h5m}): kept with that minute's window ({@link ClusterEvent#ageWindowNanos}), for the
 * timeline only; older ages are cut to the hour or coarser, and rows without a stated time cannot be placed
 * at all: such rows are counted, not kept. The table
 * has no event name, reporter, count or field path; a kubelet's {@code Stopping container NAME} names
 * its container ({@code spec.containers{NAME}}).
 */
final class KubectlEventTables {
    private static final Pattern AGE = Pattern.compile("^(?:(\\d+)m)?(?:(\\d+)s)?$");
    private static final Pattern HOURS = Pattern.compile("^(\\d+)h(?:(\\d+)m)?$");
    /** kubectl prints ages to the minute up to 8 hours ({@code 7h59m}). */
    private static final long MINUTE_PRINTED_SECONDS = 8 * 3600;
    private static final Pattern OBJECT = Pattern.compile("^([a-z]+)(?:\\.[a-z0-9.]+)?/([a-z0-9][a-z0-9.-]*)$");
    private static final Pattern STOPPING = Pattern.compile("^Stopping container ([a-z0-9][a-z0-9-]*)$");
    /** kubectl prints ages under 10 minutes to the second, older ones to the minute or coarser. */
    private static final long EXACT_AGE_SECONDS = 10 * 60;
    private static final Map<String, String> KINDS = Map.of("pod", "Pod", "node", "Node", "workflow", "Workflow", "nodeclaim", "NodeClaim",
            "job", "Job", "replicaset", "ReplicaSet", "deployment", "Deployment", "persistentvolumeclaim", "PersistentVolumeClaim");

    private KubectlEventTables() {
    }

    /**
     * @param coarse  rows whose age kubectl cut to the hour or coarser, or that no stated time places: counted, not kept
     * @param minutes rows kept whose age kubectl printed to the minute (10 minutes to 8 hours old): on the timeline, read by no rule
     */
    record Read(List<ClusterEvent> events, List<ObjectFileReader.Problem> problems, long rows, long coarse, long minutes, List<String> identifiers) {
    }

    static Read read(String file, List<String> lines, ObservedAt takenAt) {
        List<ClusterEvent> events = new ArrayList<>();
        List<ObjectFileReader.Problem> problems = new ArrayList<>();
        List<String> identifiers = new ArrayList<>();
        long[] counts = {0, 0, 0};
        TableLines.read(lines, new TableLines.Reader() {
            String command = "";
            int[] starts;
            String namespace = "";

            @Override
            public void prompt(long lineNo, String command) {
                this.command = command;
            }

            @Override
            public void line(long lineNo, String line, String t) {
                if (PasteShape.KUBECTL_EVENTS_HEADER.matcher(line).matches()) {
                    boolean all = line.startsWith("NAMESPACE");
                    // -o wide adds SUBOBJECT (the field path) and SOURCE (the reporter, its host) before MESSAGE, three columns after it.
                    starts = new int[] {all ? 0 : -1, line.indexOf("LAST SEEN"), line.indexOf(" TYPE") + 1, line.indexOf(" REASON") + 1,
                        line.indexOf(" OBJECT") + 1, line.indexOf(" MESSAGE") + 1, line.indexOf(" SUBOBJECT") + 1, line.indexOf(" SOURCE") + 1,
                        line.indexOf(" FIRST SEEN") + 1};
                    for (int c = 6; c < starts.length; c++) {
                        starts[c] = starts[c] == 0 ? -1 : starts[c];
                    }
                    Matcher ns = PasteShape.NAMESPACE_FLAG.matcher(command);
                    namespace = !all && ns.find() ? ns.group(1) : "";
                    command = "";
                    return;
                }
                if (starts == null) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "expected a kubectl get events header (LAST SEEN  TYPE  REASON  OBJECT  MESSAGE), found \""
                            + KubectlPodTables.excerpt(t) + "\""));
                    return;
                }
                String[] cells = cells(line, starts);
                Matcher object = cells == null ? null : OBJECT.matcher(cells[4]);
                if (cells == null || !object.matches() || cells[2].isEmpty() || cells[3].isEmpty()) {
                    problems.add(new ObjectFileReader.Problem(lineNo, "expected a row of the kubectl get events table above (its columns where the "
                            + "header's start), found \"" + KubectlPodTables.excerpt(t) + "\""));
                    return;
                }
                counts[0]++;
                String ns = starts[0] >= 0 ? cells[0] : namespace;
                String kind = KINDS.getOrDefault(object.group(1), object.group(1));
                String name = object.group(2);
                String id = "Pod".equals(kind) ? "pod:" : "Node".equals(kind) ? "host:" : "Workflow".equals(kind) ? "workflow:" : null;
                if (id != null) {
                    identifiers.add(id + name);
                }
                identifiers.add("namespace:" + ns);
                Age age = age(cells[1], takenAt);
                if (age == null) {
                    counts[1]++;
                    return;
                }
                Timestamp at = age.at();
                if (age.windowNanos() > 0) {
                    counts[2]++;
                }
                String fieldPath = !cells[6].isEmpty() ? cells[6] : fieldPath(kind, cells[5]);
                // SOURCE is "component, host" (kubelet, gke-a-1) or the component alone.
                int comma = cells[7].indexOf(',');
                String reporter = comma < 0 ? cells[7] : cells[7].substring(0, comma).strip();
                String host = comma < 0 ? "" : cells[7].substring(comma + 1).strip();
                events.add(new ClusterEvent(new SourceRef(file, lineNo), ObjectKind.CORE_EVENT, ns, "", cells[3], cells[2], cells[5],
                        new InvolvedObject(kind, "Node".equals(kind) ? "" : ns, name, "", fieldPath), reporter, host, 1, at, at, Map.of(), true,
                        age.windowNanos()));
            }
        });
        return new Read(events, problems, counts[0], counts[1], counts[2], identifiers);
    }

    /**
     * The cells between the header's column starts (each ends where the next column of the header starts): namespace, LAST SEEN,
     * TYPE, REASON, OBJECT, MESSAGE, SUBOBJECT, SOURCE ("" for a column the table does not have); null if a cell that must hold a
     * word is blank where it starts.
     */
    private static String[] cells(String line, int[] starts) {
        for (int c = 0; c < 8; c++) {
            if (starts[c] >= line.length()) {
                return null;
            }
        }
        String[] all = cut(line, starts, true);
        return all == null ? null : java.util.Arrays.copyOf(all, 8);
    }

    /** The field path a kubelet's {@code Stopping container NAME} names (not Argo's {@code init}), else "". */
    static String fieldPath(String kind, String message) {
        Matcher stopping = STOPPING.matcher(message);
        return "Pod".equals(kind) && stopping.matches() && !"init".equals(stopping.group(1)) ? "spec.containers{" + stopping.group(1) + "}" : "";
    }

    /**
     * A row of a table kubectl (or argo) aligned, cut at its header's column starts: each cell from its column's start to the next
     * column's (the starts in any order; -1 for a column the table does not have, whose cell is ""). Null where a cell ran into the
     * next column's start (not this table's layout), or, unless {@code shortRows}, where the row ends before a column starts.
     */
    static String[] cut(String line, int[] starts, boolean shortRows) {
        int[] sorted = java.util.Arrays.stream(starts).filter(x -> x >= 0).sorted().toArray();
        String[] out = new String[starts.length];
        for (int c = 0; c < starts.length; c++) {
            if (starts[c] < 0 || (shortRows && starts[c] >= line.length())) {
                out[c] = "";
                continue;
            }
            if (starts[c] >= line.length()) {
                return null;
            }
            if (starts[c] > 0 && line.charAt(starts[c] - 1) != ' ') {
                return null; // the cell before ran into this one: not this table's layout
            }
            int end = line.length();
            for (int x : sorted) {
                if (x > starts[c]) {
                    end = x;
                    break;
                }
            }
            out[c] = line.substring(starts[c], Math.min(end, line.length())).strip();
        }
        return out;
    }

    /** The event's time from its age, when a stated time and an age kubectl printed to the second allow it. */
    static Timestamp at(String age, ObservedAt takenAt) {
        Age a = age(age, takenAt);
        return a == null || a.windowNanos() > 0 ? null : a.at();
    }

    /**
     * An event's time read from the age kubectl printed beside a stated time.
     *
     * @param at          the earliest the event may be: the stated time less the age as printed, less the window
     * @param windowNanos how much later it may be: 0 for an age printed to the second, {@link #MINUTE_NANOS} for one printed to the
     *                    minute (kubectl truncates: {@code 15m} is from 15 to just under 16 minutes)
     */
    record Age(Timestamp at, long windowNanos) {
    }

    static final long MINUTE_NANOS = 60_000_000_000L;

    /**
     * The event's time from its age, to the second or to the minute, as kubectl's {@code HumanDuration} printed it (apimachinery
     * {@code util/duration}, truncating): under 10 minutes to the second ({@code 45s}, {@code 3m12s}, {@code 5m} for 5m0s); from 10
     * minutes to 8 hours to the minute ({@code 15m}, {@code 179m}, {@code 3h5m}, {@code 4h} for 4h0m); from 8 hours to the hour or
     * coarser ({@code 9h}, {@code 2d3h}, {@code 5d}, {@code 2y}): null, as is any age without a stated time to count it from.
     */
    static Age age(String age, ObservedAt takenAt) {
        if (takenAt == null || takenAt.lowerBound() || age.isEmpty()) {
            return null;
        }
        String a = age.toLowerCase(Locale.ROOT);
        Matcher m = AGE.matcher(a);
        long seconds;
        long window;
        if (m.matches() && (m.group(1) != null || m.group(2) != null)) {
            seconds = (m.group(1) == null ? 0 : Long.parseLong(m.group(1)) * 60) + (m.group(2) == null ? 0 : Long.parseLong(m.group(2)));
            window = seconds < EXACT_AGE_SECONDS ? 0 : m.group(2) == null ? MINUTE_NANOS : -1;
        } else {
            Matcher h = HOURS.matcher(a);
            if (!h.matches()) {
                return null;
            }
            seconds = Long.parseLong(h.group(1)) * 3600 + (h.group(2) == null ? 0 : Long.parseLong(h.group(2)) * 60);
            // kubectl prints hours and minutes from 3 to 8 hours; from 8 hours on only whole hours.
            window = seconds < MINUTE_PRINTED_SECONDS ? MINUTE_NANOS : -1;
        }
        if (window < 0) {
            return null; // not a form kubectl prints to the minute or finer
        }
        // Truncated: an age printed to the minute is up to a minute more, so the window starts a minute before the age as printed.
        return new Age(new Timestamp(takenAt.time().instant().minusSeconds(seconds).minusNanos(window), TimePrecision.SECOND, ZoneBasis.STATED),
                window);
    }
}
