package dev.argoforensics.judgment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replays a v3.6.5+ controller log's pod cleanup lines against client-go's queue (session 54; the semantics in
 * {@link Controller}'s class comment) and names every {@code cleaning up pod} line the real queue could not have produced:
 * a worker taking a key with no add of it since its last take, and no delayed add ({@code queueing pod for cleanup after})
 * come due whose waiting entry a later rate-limited add did not already move up. Before session 54 the generator's plain
 * add left such copies (a release held to its deadline ran again at the deadline after the Workflow's delete handler had
 * released it). Lines are read in file order (one file is one process's stream, written in order); a key is checked from its
 * first rate-limited add in the file on (that add moves any earlier waiting entry up), so that a file cut by rotation never
 * counts on an add it cannot see; each rate-limited add or failed try explains one take at most (adds the real queue merges
 * explain fewer: the replay is lenient there, never strict), and a delayed add one take at or after its due time. Releases before v3.6.5 (no queueing lines; and their {@code AddAfter} with no delay adds beside a waiting entry) are
 * not replayed: a file with no queueing line is skipped.
 *
 * <p>Session 55: a failed try is put back only if {@code IsTransientErr} or {@code Conflict} says so: a gateway timeout
 * ({@code the server was unable to return a response in the time allotted}) is transient from v4.0.0 only, so on a v3 process
 * (its {@code Starting Workflow Controller} line's {@code version}) such a failure explains no take. And {@link #slowPutBacks}
 * names a failure put back whose key no worker takes again within {@link #MAX_PUT_BACK}: the worker's {@code Forget} after
 * every try keeps the limiter's delay at 5 ms (doubled per other add during the try), never a backoff grown over failures. Session 59: an RBAC refusal
 * ({@code is forbidden}, not a quota's) is dropped on every release.
 */
final class CleanupQueueReplay {
    private static final Pattern TIME = Pattern.compile("(?<![A-Za-z])time[=:](\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z)");
    private static final Pattern LEADING = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z)");
    private static final Pattern BRACKET = Pattern.compile("[A-Z]{4}\\[(\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z)\\]");
    /** A worker line's time may precede its entry's due by the log's rounding and the envelope's lag. */
    private static final long TOLERANCE = 10 * Go.MILLI;
    /**
     * The longest a failed try put back may wait for its next take: the limiter's per-item delay after {@code Forget} is a few
     * ms; the shared bucket (10/s, burst 100) could add at most 10 s were 200 adds to come at once.
     */
    static final long MAX_PUT_BACK = 10 * Go.SECOND;
    private static final Pattern VERSION = Pattern.compile("Starting Workflow Controller.*?version[=:]\\W*(v\\d+)\\.");

    private CleanupQueueReplay() {
    }

    private static final class KeyState {
        /** Rate-limited adds not yet matched with a take: each brings the key to a worker at most once. */
        int adds;
        /** Due times of delayed adds not yet come due or moved up. */
        final List<Long> waiting = new ArrayList<>();
    }

    /** What one walk over a file's text found: the impossible takes and the late put-backs, each as "line number: line". */
    record Found(List<String> impossibleTakes, List<String> slowPutBacks) {
    }

    /** The worker lines of one file's text that the real queue could not produce, each as "line number: line". */
    static List<String> impossibleTakes(String text) {
        return replay(text).impossibleTakes();
    }

    /** {@link Found#slowPutBacks} of {@link #replay}. */
    static List<String> slowPutBacks(String text) {
        return replay(text).slowPutBacks();
    }

    /**
     * One walk over a file's text, one parse of each line (kind, time, key), feeding both checks. Session 56: a failure is put
     * back only if the process that logged it retries it ({@code processNextPodCleanupItem}: {@code AddRateLimited} on
     * {@code IsTransientErr} or {@code IsConflict}, else the key leaves the queue at {@code Forget}/{@code Done}); a timeout on
     * a v3 process (its start line's version, or a logrus level on the line itself) is a drop for both checks: no take is owed
     * to it and none is late. Before, the put-back check knew v3 from the line's logrus level only, so a v3 line without one
     * (logrus's terminal form {@code WARN[...]}) was taken for a put-back.
     *
     * <p>The impossible-takes check needs the file's queueing lines (v3.6.5+): a file with none is not judged by it. The
     * put-back check judges every file: a put-back's next take is owed whatever release logged it.
     */
    static Found replay(String text) {
        List<String> impossible = new ArrayList<>();
        List<String> late = new ArrayList<>();
        boolean judgeTakes = text.contains("queueing pod for cleanup");
        Map<String, KeyState> keys = new HashMap<>();
        Map<String, Integer> pending = new HashMap<>();
        Map<String, Long> pendingAt = new HashMap<>();
        Map<String, Long> entered = new HashMap<>();
        String[] lines = text.split("\n");
        boolean v3 = false;
        for (int i = 0; i < lines.length; i++) {
            String bare = lines[i].replace("\\n", " ").replace("\\t", " ").replace("\\", "").replace("\"", "");
            if (bare.contains("acquire leader lease") || bare.contains("Leader election is turned off")) {
                keys.clear(); // a new process: an empty queue
                pending.clear();
                pendingAt.clear();
                entered.clear();
                continue;
            }
            Matcher version = VERSION.matcher(bare);
            if (version.find()) {
                v3 = "v3".equals(version.group(1));
            }
            String kind = kind(bare);
            if ("failed".equals(kind) && (((v3 || v3(bare)) && timedOut(bare)) || refused(bare))) {
                kind = "dropped"; // not transient (a timeout before v4.0.0, a Forbidden on every release): no AddRateLimited
            }
            if (kind == null) {
                continue;
            }
            long t = time(bare);
            String key = "take".equals(kind) || "failed".equals(kind) || "dropped".equals(kind) ? field(bare, "key") : addKey(bare);
            if (key == null) {
                continue;
            }
            long due = "after".equals(kind) ? t + duration(field(bare, "after")) : t;
            if (judgeTakes) {
                checkTake(keys, kind, key, t, due, i, lines, impossible);
            }
            checkPutBack(pending, pendingAt, entered, kind, key, t, due, i, lines, late);
        }
        return new Found(impossible, late);
    }

    /** The impossible-takes check's step for one line. */
    private static void checkTake(Map<String, KeyState> keys, String kind, String key, long t, long due, int i, String[] lines,
            List<String> out) {
        if (!keys.containsKey(key)) {
            if (!"rateLimited".equals(kind) && !"failed".equals(kind)) {
                return; // before the key's first rate-limited add here, what waits or runs may come from lines not in the file
            }
            keys.put(key, new KeyState());
        }
        KeyState k = keys.get(key);
        switch (kind) {
            case "after" -> {
                // One waiting entry per key, moved only earlier.
                if (k.waiting.isEmpty()) {
                    k.waiting.add(due);
                } else if (due < k.waiting.get(0)) {
                    k.waiting.set(0, due);
                }
            }
            case "dropped" -> {
            }
            case "rateLimited", "failed" -> {
                // AddRateLimited: the waiting entry (if any) moves up to now and is taken with this add.
                k.waiting.clear();
                k.adds++;
            }
            default -> { // take
                if (!k.waiting.isEmpty() && k.waiting.get(0) <= t + TOLERANCE) {
                    k.waiting.clear();
                } else if (k.adds > 0) {
                    k.adds--;
                } else {
                    out.add((i + 1) + ": " + lines[i]);
                }
            }
        }
    }

    /**
     * The put-back check's step for one line: names the failures put back (a {@code Conflict}, or a timeout on v4) that a
     * worker took again only after another key that entered the queue more than {@link #MAX_PUT_BACK} after the failure: the
     * put-back is in the queue 5 ms after its failure (after {@code Forget}), and the queue hands keys out in order, so a key
     * queued that much later cannot go first however busy the four workers are. A key's entry time is the earliest of its
     * adds, failures put back and delayed adds' due times since its last take.
     */
    private static void checkPutBack(Map<String, Integer> pending, Map<String, Long> pendingAt, Map<String, Long> entered, String kind,
            String key, long t, long due, int i, String[] lines, List<String> out) {
        switch (kind) {
            case "take" -> {
                Long e = entered.remove(key);
                if (e != null) {
                    for (var it = pendingAt.entrySet().iterator(); it.hasNext();) {
                        var p = it.next();
                        if (!p.getKey().equals(key) && p.getValue() + MAX_PUT_BACK < e) {
                            int at = pending.remove(p.getKey());
                            out.add((at + 1) + ": " + lines[at]);
                            it.remove();
                        }
                    }
                }
                pending.remove(key);
                pendingAt.remove(key);
            }
            case "after" -> entered.merge(key, due, Math::min);
            case "failed" -> {
                pending.putIfAbsent(key, i);
                pendingAt.putIfAbsent(key, t);
                entered.merge(key, t, Math::min);
            }
            case "dropped" -> {
            }
            default -> entered.merge(key, t, Math::min); // rateLimited
        }
    }

    private static boolean timedOut(String bare) {
        return bare.contains("unable to return a response in the time allotted");
    }

    /**
     * Session 59: a patch RBAC refused ({@code is forbidden: User … cannot patch}): {@code IsTransientErr} takes a Forbidden as
     * transient only for an exceeded quota (v3.6.19, v3.7.18, v4.0.10, v4.1.2), so the item is dropped.
     */
    private static boolean refused(String bare) {
        return bare.contains(" is forbidden: User ") && bare.contains(" cannot patch ") && !bare.contains("exceeded quota");
    }

    /** A logrus line ({@code level=warning}): v3; the slog releases write {@code WARN}. */
    private static boolean v3(String bare) {
        return bare.contains("level=warning") || bare.contains("level:warning");
    }

    private static String kind(String bare) {
        if (bare.contains("queueing pod for cleanup after")) {
            return "after";
        }
        if (bare.contains("queueing pod for cleanup")) {
            return "rateLimited"; // plain, "now, rather than delayed" and "by UID": all AddRateLimited (v3.6.5+)
        }
        if (bare.contains("failed to clean-up pod")) {
            return "failed"; // the model retries every failure (a Conflict or a timeout): AddRateLimited
        }
        if (bare.contains("cleaning up pod")) {
            return "take";
        }
        return null;
    }

    private static String addKey(String bare) {
        String ns = field(bare, "namespace");
        String pod = field(bare, "podName");
        String action = field(bare, "action");
        if (ns == null || pod == null || action == null) {
            return null;
        }
        String uid = field(bare, "uid");
        return ns + "/" + pod + "/" + action + ("deletePodByUID".equals(action) && uid != null ? "/" + uid : "");
    }

    static String field(String bare, String name) {
        Matcher m = Pattern.compile("(?<![A-Za-z.])" + name + "[=:]([^\\s,}]+)").matcher(bare);
        return m.find() ? m.group(1) : null;
    }

    static long time(String bare) {
        for (Pattern p : List.of(TIME, LEADING, BRACKET)) {
            Matcher m = p.matcher(bare);
            if (m.find()) {
                java.time.Instant at = java.time.Instant.parse(m.group(1));
                return at.getEpochSecond() * Go.SECOND + at.getNano();
            }
        }
        throw new IllegalArgumentException("no time: " + bare);
    }

    /** A Go duration ({@code 1m41.83s}, {@code 250ms}, {@code 3µs}) or a JSON formatter's nanoseconds. */
    static long duration(String s) {
        if (s.matches("-?\\d+")) {
            return Long.parseLong(s);
        }
        long sign = s.startsWith("-") ? -1 : 1;
        Matcher m = Pattern.compile("([0-9.]+)(h|ms|m|s|µs|us|ns)").matcher(s.startsWith("-") ? s.substring(1) : s);
        long total = 0;
        while (m.find()) {
            java.math.BigDecimal v = new java.math.BigDecimal(m.group(1));
            long unit = switch (m.group(2)) {
                case "h" -> 3600 * Go.SECOND;
                case "m" -> Go.MINUTE;
                case "s" -> Go.SECOND;
                case "ms" -> Go.MILLI;
                case "µs", "us" -> 1_000;
                default -> 1;
            };
            total += v.multiply(java.math.BigDecimal.valueOf(unit)).longValue();
        }
        return sign * total;
    }
}
