package dev.argoforensics.event;

import dev.argoforensics.time.Timestamp;
import java.util.List;

/**
 * One run of one controller replica: the unit within which log lines keep the order they were
 * written in. {@link LogEvent#stream()} is its {@code id}.
 *
 * @param replica     the replica's name (a Pod name when a source gives it, else the file's name)
 * @param replicaFrom where the name came from
 * @param incarnation 1 for the first run seen of this replica in its files, 2 after a
 *                    {@code Starting Workflow Controller} line, …
 * @param release     the Argo release(s) its lines point to, with the evidence; null if none
 * @param leadership  what its leader-election lines say
 * @param files       the files its lines come from, oldest rotation first
 * @param first       its earliest line's time, null if none (whichever way its lines run: a paste newest first too)
 * @param last        its latest line's time, null if none
 * @param work        its {@code Processing workflow} lines, counted over every line read (kept or not)
 * @param nameless    its records that name no Pod, Workflow or namespace, counted over every line read (kept or not)
 * @param continuesIn where its lines may go on, not in the inputs: its last file is a rotated piece ({@code controller.log.2},
 *                    a CRI {@code 0.log.<date>}, Docker's {@code -json.log.N}) and no later piece of its set was given, so the
 *                    run's later log (the piece that followed, named here: {@code controller.log.1}) is missing and its evidence
 *                    ends at {@link #last()} while the run itself may have gone on; null when its last file is the live one or a
 *                    later piece of the set was given
 * @param selectedBy  what says its lines were selected or cut rather than written whole, null if nothing does: a command recorded
 *                    in one of its files that drops lines after those it kept ({@code | grep my-wf}, {@code head -n 500},
 *                    {@code kubectl logs --limit-bytes}), or a file name that says so ({@code controller-grep.txt}); its lines
 *                    are then not all the run wrote, after its last line given as between its lines
 */
public record ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                                List<String> files, Timestamp first, Timestamp last, long events, Work work, Nameless nameless,
                                String continuesIn, String selectedBy) {

    public ControllerProcess {
        files = List.copyOf(files);
        work = work == null ? Work.NONE : work;
        nameless = nameless == null ? Nameless.NONE : nameless;
    }

    /** A run whose lines nothing says were selected ({@link #selectedBy()}). */
    public ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                             List<String> files, Timestamp first, Timestamp last, long events, Work work, Nameless nameless,
                             String continuesIn) {
        this(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, work, nameless, continuesIn, null);
    }

    /** A run whose last file is the live one, or a piece a given later piece follows. */
    public ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                             List<String> files, Timestamp first, Timestamp last, long events, Work work, Nameless nameless) {
        this(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, work, nameless, null);
    }

    /** The same run, its lines going on in {@code piece}, which the inputs do not hold ({@link #continuesIn()}). */
    public ControllerProcess continuingIn(String piece) {
        return new ControllerProcess(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, work, nameless, piece,
                selectedBy);
    }

    /** The same run numbered {@code n} among its replica's runs ({@link #incarnation()}). */
    public ControllerProcess numbered(int n) {
        return n == incarnation ? this : new ControllerProcess(id, replica, replicaFrom, n, release, leadership, files, first, last, events, work,
                nameless, continuesIn, selectedBy);
    }

    /** The same run, its lines selected or cut as {@code how} says ({@link #selectedBy()}). */
    public ControllerProcess selectedBy(String how) {
        return new ControllerProcess(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, work, nameless,
                continuesIn, how);
    }

    /**
     * Whether the run's evidence ends before the run did, as far as the inputs tell: its later log was not given ({@link #continuesIn()}),
     * or its lines were selected or cut ({@link #selectedBy()}), so that lines it wrote after those given may be missing.
     */
    public boolean cutAtEnd() {
        return continuesIn != null || selectedBy != null;
    }

    /** A run whose nameless records are not known. */
    public ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                             List<String> files, Timestamp first, Timestamp last, long events, Work work) {
        this(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, work, Nameless.NONE);
    }

    /** A run whose Workflow processing is not known. */
    public ControllerProcess(int id, String replica, ReplicaSource replicaFrom, int incarnation, String release, Leadership leadership,
                             List<String> files, Timestamp first, Timestamp last, long events) {
        this(id, replica, replicaFrom, incarnation, release, leadership, files, first, last, events, Work.NONE, Nameless.NONE);
    }

    /**
     * What a run's Workflow workers did: a worker logs {@code Processing workflow} each time it takes a
     * Workflow up, and workers run only while the replica leads (or without leader election). A standby
     * replica has none.
     *
     * <p>A worker takes up the next Workflow its queue holds as soon as it is done with one, so a run whose workers are free and
     * whose queue is not empty writes these lines without a pause; where they pause for long, the workers were idle (nothing was
     * due), busy with long passes, or stalled, or lines were dropped. The lines alone do not say which: a stretch with no pause
     * longer than the stall threshold is one where the run's workers were taking Workflows up throughout.
     *
     * @param processed how many {@code Processing workflow} lines the run wrote
     * @param first     the first one's time, null if none
     * @param last      the last one's time, null if none
     * @param gaps      the stretches longer than {@link #GAP} between two of them consecutive in time, earliest first (the
     *                  reading keeps them as it goes, in any line order, as it does {@link Nameless#gaps()})
     * @param cameRound the first {@code Processing workflow} of a Workflow the run had already taken up (session 48): the workers'
     *                  queue came round. The queue is first in, first out (client-go's workqueue), the informer's first listing
     *                  queued every Workflow it held before the workers started ({@code StartUps}), and a Workflow taken up again
     *                  was queued again after its first pass began: so by this line every Workflow held at the start-up had been
     *                  taken up. Null where none is shown, or where the order of the passes is not known (some counted without
     *                  their Workflow's name, or lines read going back in time)
     * @param namespaces the namespaces of the Workflows the run's passes named up to where its queue came round (session 49), read
     *                   from the pass's text as the reading keeps or counts it ({@code PassKeys}): the run's informers held each (it
     *                   watches one namespace or every one)
     */
    public record Work(long processed, Timestamp first, Timestamp last, List<Gap> gaps, Timestamp cameRound, java.util.Set<String> namespaces) {
        public static final Work NONE = new Work(0, null, null, List.of(), null);

        /** No namespace read from the passes. */
        public Work(long processed, Timestamp first, Timestamp last, List<Gap> gaps, Timestamp cameRound) {
            this(processed, first, last, gaps, cameRound, java.util.Set.of());
        }

        /** Where the queue came round is not known. */
        public Work(long processed, Timestamp first, Timestamp last, List<Gap> gaps) {
            this(processed, first, last, gaps, null);
        }

        /**
         * The shortest pause between two passes the reading keeps (session 39): a stall threshold shorter than this cannot be
         * answered from the kept gaps ({@link #takingUpThroughout}).
         */
        public static final java.time.Duration GAP = java.time.Duration.ofSeconds(30);

        public Work {
            gaps = gaps == null ? List.of() : List.copyOf(gaps);
            namespaces = namespaces == null ? java.util.Set.of() : java.util.Set.copyOf(namespaces);
        }

        /**
         * Whether the run's workers took a Workflow up at {@code from} or before, at {@code to} or after, and never paused for
         * longer than {@code stallNanos} between: false as well where {@code stallNanos} is shorter than {@link #GAP} (the
         * pauses that short are not kept), so that the answer is never yes without the lines to show it.
         */
        public boolean takingUpThroughout(Timestamp from, Timestamp to, long stallNanos) {
            if (processed == 0 || from == null || to == null || stallNanos < GAP.toNanos() || first.isAfter(from) || last.isBefore(to)) {
                return false;
            }
            for (Gap g : gaps) {
                Timestamp a = g.from().isBefore(from) ? from : g.from();
                Timestamp b = g.to().isAfter(to) ? to : g.to();
                if (a.isBefore(b) && a.nanosUntil(b) > stallNanos) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * The run's records that name no Pod, no Workflow and no namespace (worker numbers, {@code Alloc=…},
     * {@code Performing periodic GC}, the pod event handler's {@code Removing finalizers during a delete}:
     * {@code dev.argoforensics.catalog.NamelessMessages}). A grep for names drops them all: a run that holds
     * them on both sides of a moment was read whole there, unless the moment lies in a {@linkplain #gaps() gap}.
     *
     * <p>Every run writes the stats ticker's {@code Alloc=…} line every 5 minutes (v3 and v4, reference §3.7), and
     * it names nothing: between two nameless records of a run read whole there are never more than {@link #TICKER}.
     * A longer stretch without one is where lines were dropped ({@code head}, a {@code grep} and {@code tail} of one
     * log pasted together). Only such stretches are kept: where they lie, in time order (records in any line order,
     * rotated pieces read newest first or stitched in any order, give the same).
     *
     * @param records how many
     * @param first   the earliest one's time, null if none
     * @param last    the latest one's time, null if none
     * @param gaps    the stretches longer than {@link #TICKER} between two consecutive ones in time, earliest first
     */
    public record Nameless(long records, Timestamp first, Timestamp last, List<Gap> gaps) {
        public static final Nameless NONE = new Nameless(0, null, null, List.of());

        /** The stats ticker's period, with 10 s for the ticker's and the writer's delays: the longest a whole run goes without a nameless record. */
        public static final java.time.Duration TICKER = java.time.Duration.ofMinutes(5).plusSeconds(10);

        public Nameless {
            gaps = gaps == null ? List.of() : List.copyOf(gaps);
        }

        /** The records at these times, in any order: their count, extent and gaps (as the reading derives them line by line). */
        public static Nameless of(List<Timestamp> times) {
            if (times.isEmpty()) {
                return NONE;
            }
            List<Timestamp> sorted = times.stream().sorted(Timestamp::compareInstant).toList();
            List<Gap> gaps = new java.util.ArrayList<>();
            for (int i = 1; i < sorted.size(); i++) {
                if (longerThanTicker(sorted.get(i - 1), sorted.get(i))) {
                    gaps.add(new Gap(sorted.get(i - 1), sorted.get(i)));
                }
            }
            return new Nameless(sorted.size(), sorted.get(0), sorted.get(sorted.size() - 1), gaps);
        }

        /** Whether no record between {@code from} and {@code to} (in time order) would be a gap: more than {@link #TICKER}, or no order at all. */
        public static boolean longerThanTicker(Timestamp from, Timestamp to) {
            return from.nanosUntil(to) > TICKER.toNanos();
        }

        /** Whether such records lie at or before {@code t} and at or after it. */
        public boolean around(Timestamp t) {
            return records > 0 && !first.isAfter(t) && !last.isBefore(t);
        }

        /** The gap {@code t} lies in, its two ends included (a record at an end may be the last the cut kept of its moment); null if none. */
        public Gap gapAt(Timestamp t) {
            int lo = 0;
            int hi = gaps.size() - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                Gap g = gaps.get(mid);
                if (g.to().compareInstant(t) < 0) {
                    lo = mid + 1;
                } else if (g.from().compareInstant(t) > 0) {
                    hi = mid - 1;
                } else {
                    return g;
                }
            }
            return null;
        }

        /** The longest gap, the earliest of equals; null if none. */
        public Gap longest() {
            Gap best = null;
            for (Gap g : gaps) {
                if (best == null || g.length().compareTo(best.length()) > 0) {
                    best = g;
                }
            }
            return best;
        }
    }

    /**
     * A stretch longer than {@link Nameless#TICKER} between two consecutive nameless records of a run: lines were dropped
     * there.
     *
     * @param from the record before it
     * @param to   the record after it
     */
    public record Gap(Timestamp from, Timestamp to) {
        public java.time.Duration length() {
            return java.time.Duration.ofNanos(from.nanosUntil(to));
        }
    }

    /**
     * The release alone, without the evidence {@link #release()} gives it with: {@code v4.1.3} of
     * {@code v4.1.3 (Starting Workflow Controller version=v4.1.3)}; null if none.
     */
    public String releaseName() {
        return releaseName(release);
    }

    /** The release part of a {@link #release()} text (before its evidence in parentheses). */
    public static String releaseName(String release) {
        if (release == null) {
            return null;
        }
        int paren = release.indexOf(" (");
        return paren < 0 ? release : release.substring(0, paren);
    }

    /**
     * The last {@code segments} segments of a {@code /}-separated path (the whole path if it has no more): how much of its
     * file's path names a run whose file's name alone would not tell it from another set's.
     */
    public static String pathTail(String path, int segments) {
        int at = path.length();
        for (int i = 0; i < segments; i++) {
            at = path.lastIndexOf('/', at - 1);
            if (at < 0) {
                return path;
            }
        }
        return path.substring(at + 1);
    }

    /** {@code workflow-controller-7d9f8b6c5d-x2k4q #2}. */
    public String label() {
        return replica + " #" + incarnation;
    }

    /** Where a replica's name came from. */
    public enum ReplicaSource {
        /** The CRI log path on the node: {@code /var/log/pods/<ns>_<pod>_<uid>/…}. */
        CRI_PATH("the CRI log path"),
        /** A prefix or field of the collector: stern, a log store's pod field. */
        COLLECTOR("the collector (stern's prefix, a log store's pod field)"),
        /** The leader-election identity the controller logged of itself ({@link OwnElectionIdentity}). */
        LEADER_ELECTION("the leader-election identity"),
        /** Nothing named the Pod: the file's (rotated set's) name stands for it. */
        FILE("the file name"),
        /**
         * Lines quoted in Markdown ({@code > }) in a reply: another comment's, most often another reporter's controller, at other
         * times: a run of their own, named by the file and the quote, never joined to the reply's own lines.
         */
        QUOTE("a Markdown quote (another comment's lines, kept apart from the file's own)");

        private final String description;

        ReplicaSource(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** What a replica's leader-election lines say. */
    public enum Leadership {
        /** It logged that it leads. */
        LEADER,
        /** It logged that it tried, or that another replica leads, and never that it leads; and no Workflow worker of it processed a Workflow. */
        STANDBY,
        /**
         * Its election lines read as {@link #STANDBY} (it tried for the lease, or a {@code new leader} line named a holder, which
         * every replica logs, the leader too), yet its Workflow workers processed Workflows ({@code Processing workflow}), which
         * only a leading run's do: it led, from its first such line at the latest, and the line saying it took the lease is not
         * in the input (the log starts after it, or a rotated file between is missing).
         */
        LED_BY_WORK,
        /**
         * Its election lines say it lost the Lease ({@code stopped leading}, client-go's {@code failed to renew lease}) and none says
         * it took it: only a holder logs either (client-go renews only after acquiring; the controller's context ends only in its
         * own {@code OnStoppedLeading}, so a standby that never acquired never logs {@code stopped leading}): it led up to that line,
         * its line of taking the lease not in the input (the excerpt starts after it).
         */
        LED_BY_STOP,
        /** Leader election was turned off. */
        SINGLE_INSTANCE,
        /** No leader-election line. */
        UNKNOWN
    }
}
