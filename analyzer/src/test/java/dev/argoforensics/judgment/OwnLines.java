package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which lines of one controller's log are one Pod's or one Workflow's, for the excerpt truth's cap ({@link Truth#writeExcerpt}),
 * when its name was used by another before or after it: a Workflow deleted and submitted again under its name (its Pods'
 * names with it, and a stale cleanup item of the earlier run acting on the later Pod, #8022), or {@code argo retry}
 * creating a Pod again under its name in the same Workflow. A log line names a name, not an object: which object it is
 * about is when it was written. So:
 *
 * <ul>
 * <li>a Workflow's lines are those naming it written during its life in the API: from its creation to the creation of the
 * next Workflow of its namespace and name (names are unique among live objects, so the next one is created after it is
 * gone); the first of a name from the start of the log;</li>
 * <li>a Pod's lines are those naming it written from its creation to the creation of the next Pod of its namespace and
 * name (the first of a name from the start of the log), and those naming only its Workflow written during its Workflow's
 * life (the lines of its siblings and of the Workflow itself, read by every Pod-level rule).</li>
 * </ul>
 *
 * A line's time is its record's (the controller's clock, to the millisecond in most formats); a life starts at the
 * millisecond of its creation (the controller logs {@code Created pod} in the same millisecond as the request, and prints
 * no finer). A line whose time cannot be read counts for every life of its names, as before lives were told apart.
 */
final class OwnLines {
    static final long UNKNOWN = Long.MIN_VALUE;

    /** {@code [from, to)} in Unix nanoseconds; {@link #ALWAYS} for a name used once. */
    record Life(long from, long to) {
        static final Life ALWAYS = new Life(Long.MIN_VALUE, Long.MAX_VALUE);

        boolean holds(long time) {
            return time == UNKNOWN || (time >= from && time < to);
        }
    }

    /**
     * The record's time, never the envelope's: logrus {@code time="…"}, slog text {@code time=…}, logrus and slog JSON
     * {@code "time":"…"} (quotes escaped inside Docker's json-file envelope, whose own {@code "time"} comes after it), logrus TTY
     * {@code INFO[…]}. A {@code kubectl --timestamps} or CRI prefix is a bare time before the record, not matched.
     */
    private static final Pattern RECORD_TIME = Pattern.compile(
            "(?:^|[\\s\"])(?:time(?:=\\\\?\"?|\\\\?\":\\\\?\")|(?:DEBU|INFO|WARN|ERRO)\\[)(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?Z)");

    private final List<String> lines;
    private final long[] times;

    OwnLines(List<String> lines) {
        this.lines = lines;
        this.times = new long[lines.size()];
        for (int i = 0; i < times.length; i++) {
            times[i] = recordTime(lines.get(i));
        }
    }

    /** The record time of a controller log line in Unix nanoseconds, {@link #UNKNOWN} if it has none. */
    static long recordTime(String line) {
        Matcher m = RECORD_TIME.matcher(line);
        if (!m.find()) {
            return UNKNOWN;
        }
        try {
            Instant t = Instant.parse(m.group(1));
            return t.getEpochSecond() * 1_000_000_000L + t.getNano();
        } catch (DateTimeParseException e) {
            return UNKNOWN;
        }
    }

    /** How many lines name {@code name} within {@code own}, or (not naming it) name {@code workflow} within {@code workflowLife}. */
    long count(String name, Life own, String workflow, Life workflowLife) {
        long n = 0;
        for (int i = 0; i < times.length; i++) {
            String l = lines.get(i);
            if (l.contains(name) ? own.holds(times[i]) : l.contains(workflow) && workflowLife.holds(times[i])) {
                n++;
            }
        }
        return n;
    }

    /**
     * Whether a line naming {@code name} within {@code own}, or its Workflow within {@code workflowLife}, written at or after
     * {@code since} (Unix nanoseconds, taken at its millisecond) is in {@code whole} and not in {@code excerpt}.
     */
    static boolean cutSince(OwnLines excerpt, OwnLines whole, long since, String name, Life own, String workflow, Life workflowLife) {
        long from = Math.floorDiv(since, 1_000_000L) * 1_000_000L;
        Life late = new Life(Math.max(own.from(), from), own.to());
        Life workflowLate = new Life(Math.max(workflowLife.from(), from), workflowLife.to());
        return excerpt.count(name, late, workflow, workflowLate) < whole.count(name, late, workflow, workflowLate);
    }

    /**
     * Session 55: whether a line naming {@code name} within {@code window} is in {@code whole} and not in {@code excerpt}
     * <em>after</em> the first of them the excerpt kept (whole's lines in order, the excerpt's matched to them as the
     * subsequence it is); with none kept, whether any was cut. A claim that starts from the first line of a span the
     * evidence shows (a wait seen from the first deletion line an excerpt kept) holds over what follows it; the lines cut
     * before that first one only move the span's start later, which shortens what is claimed and contradicts none of it.
     */
    static boolean cutAfterFirstKept(OwnLines excerpt, OwnLines whole, Life window, String name) {
        return cut(excerpt, whole, window, name, true);
    }

    /** Whether a line naming {@code name} within {@code window} is in {@code whole} and not in {@code excerpt}. */
    static boolean cutWithin(OwnLines excerpt, OwnLines whole, Life window, String name) {
        return cut(excerpt, whole, window, name, false);
    }

    private static boolean cut(OwnLines excerpt, OwnLines whole, Life window, String name, boolean fromFirstKept) {
        int j = 0;
        boolean seenKept = false;
        boolean anyCut = false;
        for (int i = 0; i < whole.lines.size(); i++) {
            String l = whole.lines.get(i);
            boolean kept = j < excerpt.lines.size() && l.equals(excerpt.lines.get(j));
            if (kept) {
                j++;
            }
            if (!l.contains(name) || !window.holds(whole.times[i])) {
                continue;
            }
            if (kept) {
                seenKept = true;
            } else if (seenKept || !fromFirstKept) {
                return true;
            } else {
                anyCut = true;
            }
        }
        return !seenKept && anyCut;
    }

    /**
     * Session 49: whether {@code excerpt} holds a line naming {@code name} and holding {@code word} within {@code own}, and every
     * such line of {@code whole}.
     */
    static boolean keptAllWith(OwnLines excerpt, OwnLines whole, String word, String name, Life own) {
        long kept = excerpt.countWith(word, name, own);
        return kept > 0 && kept == whole.countWith(word, name, own);
    }

    /**
     * Session 49: whether {@code whole} holds a line naming {@code name} and holding {@code word} within {@code window} and
     * {@code excerpt} none.
     */
    static boolean lostWith(OwnLines excerpt, OwnLines whole, String word, String name, Life window) {
        return whole.countWith(word, name, window) > 0 && excerpt.countWith(word, name, window) == 0;
    }

    private long countWith(String word, String name, Life own) {
        long n = 0;
        for (int i = 0; i < times.length; i++) {
            String l = lines.get(i);
            if (l.contains(name) && l.contains(word) && own.holds(times[i])) {
                n++;
            }
        }
        return n;
    }

    /** A truth fact's instant in Unix nanoseconds, {@link #UNKNOWN} when it is absent (null). */
    static long nanosOf(JsonNode fact) {
        if (!fact.isTextual()) {
            return UNKNOWN;
        }
        Instant t = Instant.parse(fact.asText());
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The lives of one controller's Pods and Workflows, from the corpus's truth. */
    static final class Lives {
        private final Map<String, List<Long>> podCreations = new HashMap<>();
        private final Map<String, List<Long>> workflowCreations = new HashMap<>();
        private final Map<String, Long> workflowCreatedByUid = new HashMap<>();

        Lives(List<JsonNode> pods, List<JsonNode> workflows, String controller) {
            for (JsonNode p : pods) {
                if (controller.equals(p.path("controller").asText())) {
                    add(podCreations, key(p, "name"), created(p));
                }
            }
            for (JsonNode w : workflows) {
                if (controller.equals(w.path("controller").asText())) {
                    add(workflowCreations, key(w, "name"), created(w));
                    workflowCreatedByUid.put(w.path("uid").asText(), created(w));
                }
            }
            podCreations.values().forEach(l -> l.sort(null));
            workflowCreations.values().forEach(l -> l.sort(null));
        }

        Life pod(JsonNode p) {
            return life(podCreations.get(key(p, "name")), created(p));
        }

        Life workflow(JsonNode w) {
            return life(workflowCreations.get(key(w, "name")), created(w));
        }

        /** The life of the Pod's Workflow (by its UID; without one, every Workflow of the name). */
        Life workflowOf(JsonNode p) {
            Long created = workflowCreatedByUid.get(p.path("workflowUid").asText());
            return created == null ? Life.ALWAYS : life(workflowCreations.get(p.path("namespace").asText() + "/" + p.path("workflow").asText()), created);
        }

        private static Life life(List<Long> creations, long created) {
            if (creations == null || creations.size() < 2 || created == UNKNOWN) {
                return Life.ALWAYS;
            }
            int i = creations.indexOf(created);
            long from = i == 0 ? Long.MIN_VALUE : millis(created);
            long to = i + 1 < creations.size() ? millis(creations.get(i + 1)) : Long.MAX_VALUE;
            return new Life(from, to);
        }

        private static long millis(long nanos) {
            return Math.floorDiv(nanos, 1_000_000L) * 1_000_000L;
        }

        private static String key(JsonNode n, String name) {
            return n.path("namespace").asText() + "/" + n.path(name).asText();
        }

        private static long created(JsonNode n) {
            return nanosOf(n.path("facts").path("createdAt"));
        }

        private static void add(Map<String, List<Long>> m, String key, long created) {
            m.computeIfAbsent(key, k -> new ArrayList<>()).add(created);
        }
    }
}
