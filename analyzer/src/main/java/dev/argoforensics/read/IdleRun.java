package dev.argoforensics.read;

import dev.argoforensics.envelope.EnvelopeDecoder;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Pass 1b's state at a point of a rotated set's lines (session 50; per replica since session 51): for each replica the lines name
 * (the key the file's run pieces go by, {@link #replicaOf}), whether the run in force there has no Workflow workers (its last
 * {@code Current Worker Numbers} stating a count said {@code workflowWorkers=0}, and no start banner came since), and the Workflows
 * processed in it since that line. Carried in time order from chunk to chunk of a file and from piece to piece of a rotated set,
 * oldest first; a replica's worker numbers or banner change its own state only (a standby's lines in the same file leave the
 * leader's run as it was, as the full reading's runs do: {@link FileRuns}).
 *
 * <p>Where the state is not known (a piece whose scan an index remembered, a rotated piece the fleet scans apart from the piece
 * before it), every replica is taken as possibly without workers ({@link #unknown}) until its own worker numbers or banner settle
 * it: more Pods are kept, never fewer.
 */
final class IdleRun {
    /** One replica's run: without workers, and the Workflows ({@code namespace/name}) it processed since its worker numbers. */
    private static final class Replica {
        boolean idle;
        final Set<String> processed = new HashSet<>();
    }

    private final Map<String, Replica> replicas = new HashMap<>();
    /** Replicas not in {@link #replicas} are in an unknown state: taken as without workers (a superset). */
    private boolean unknownRest;
    /**
     * The first creation of each Pod name per namespace that the walked lines show ({@code Created pod}, by any replica's run: the
     * Pod is created in its Workflow's namespace), the Workflow the whole reading ties the Pod to (session 52, {@link #created}).
     * Only such a tie lets a pass leave a Pod out: a Pod's name alone does not say which Workflow it is of ({@code ledger} and
     * {@code ledger-sync} both begin {@code ledger-sync-p2m6w}), nor which namespace.
     */
    private final Map<String, Map<String, FirstCreation>> firstCreated = new HashMap<>();

    /**
     * The first creation of a Pod name in a namespace: its time ({@code null}: not known, or creations of other Workflows not
     * ordered by their times) and its Workflow, or every Workflow of the creations it cannot order (each must have been processed).
     */
    private static final class FirstCreation {
        java.time.Instant at;
        final Set<String> workflows = new HashSet<>();
    }
    private int idleCount;

    /** The replica's run goes on without Workflow workers ({@code idle}) or with them from here; nothing processed in it yet. */
    void enter(String replica, boolean idle) {
        Replica r = replicas.get(replica);
        if (r == null) {
            r = new Replica();
            replicas.put(replica, r);
        } else if (r.idle) {
            idleCount--;
        }
        r.idle = idle;
        idleCount += idle ? 1 : 0;
        r.processed.clear();
    }

    /** The state from here is not known: every replica is taken as possibly without workers until its own lines settle it. */
    void unknown() {
        replicas.clear();
        idleCount = 0;
        unknownRest = true;
    }

    /** Whether the replica's run has no Workflow workers here (or its state is not known). */
    boolean idle(String replica) {
        Replica r = replicas.get(replica);
        return r == null ? unknownRest : r.idle;
    }

    /** Whether some replica's run may be without workers here: then the lines are walked. */
    boolean anyIdle() {
        return unknownRest || idleCount > 0;
    }

    /** A {@code Processing workflow} of the Workflow in the replica's run without workers. */
    void processed(String replica, String namespace, String workflow) {
        if (namespace == null) {
            return; // a pass that names no namespace ties no Pod: it leaves none out
        }
        Replica r = replicas.get(replica);
        if (r == null) {
            r = new Replica();
            r.idle = true; // an unknown state taken as without workers (enter settles it)
            replicas.put(replica, r);
            idleCount++;
        }
        r.processed.add(namespace + "/" + workflow);
    }

    /**
     * A {@code Created pod} line of any replica's run, at {@code at} (null: not known): the Pod of that name in that namespace is
     * the Workflow's, where no creation of the name there comes before it (session 52). The whole reading ties a Pod name to the
     * Workflow of its first {@code Created pod} line, across every run (within a run the earlier line, across runs the earlier
     * instant: {@code NodeLinker.first}), whichever run's line names the Pod. Only the Lease's holder creates Pods, so across a
     * hand-over the first creation is the old leader's, and a later one by the new leader (the name made again once the first
     * Pod was gone) does not change the tie: the new leader's lines are read against the first creation's Workflow. Before, a Pod
     * was left out only where the run had processed every Workflow any run without workers had tied its name to (never the
     * tie of a replica with workers: a new leader's own creation left its line out, when the whole reading read it against the
     * old leader's first creation for another Workflow). Creations at one instant for two Workflows are not ordered: both stand.
     */
    void created(String pod, String namespace, String workflow, java.time.Instant at) {
        if (namespace == null) {
            return;
        }
        FirstCreation first = firstCreated.computeIfAbsent(pod, k -> new HashMap<>()).get(namespace);
        if (first == null) {
            first = new FirstCreation();
            first.at = at;
            first.workflows.add(workflow);
            firstCreated.get(pod).put(namespace, first);
        } else if (first.workflows.contains(workflow) && first.workflows.size() == 1) {
            first.at = first.at == null || at == null ? null : at.isBefore(first.at) ? at : first.at;
        } else if (at != null && first.at != null && at.isBefore(first.at)) {
            first.workflows.clear(); // an earlier creation (the lines not in time order across replicas): it is the first
            first.workflows.add(workflow);
            first.at = at;
        } else if (at == null || first.at == null || !at.isAfter(first.at)) {
            first.workflows.add(workflow); // not ordered: every Workflow of them must have been processed
            first.at = null;
        }
    }

    /**
     * Whether the replica's run processed, since its worker numbers, the Workflow the whole reading ties the Pod to: the first
     * creation's ({@link #created}) in {@code namespace} where the line gives it, every namespace's where it does not. Without
     * such a tie, or with one to a Workflow not processed, the Pod is kept.
     */
    boolean processedFor(String replica, String namespace, String pod) {
        Replica r = replicas.get(replica);
        if (r == null || r.processed.isEmpty()) {
            return false;
        }
        Map<String, FirstCreation> ties = firstCreated.get(pod);
        if (ties == null) {
            return false;
        }
        boolean any = false;
        for (Map.Entry<String, FirstCreation> tie : ties.entrySet()) {
            if (namespace == null || tie.getKey().equals(namespace)) {
                for (String wf : tie.getValue().workflows) {
                    if (!r.processed.contains(tie.getKey() + "/" + wf)) {
                        return false;
                    }
                }
                any = true;
            }
        }
        return any;
    }

    /**
     * The state as text for a scan an index keeps ({@code FileScan.runAtStart}, {@code runAtEnd}): {@code u} (replicas not named
     * are in an unknown state) or {@code k}, then each replica whose run is without workers, in base64, followed by {@code .}. What they processed and
     * the Pods' ties are not kept: restored ({@link #restore}), the state keeps more Pods, never fewer.
     */
    String summary() {
        java.util.List<String> idle = new java.util.ArrayList<>();
        replicas.forEach((k, r) -> {
            if (r.idle) {
                idle.add(k);
            }
        });
        java.util.Collections.sort(idle);
        StringBuilder out = new StringBuilder(unknownRest ? "u" : "k");
        for (String k : idle) {
            out.append(java.util.Base64.getEncoder().withoutPadding().encodeToString(k.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .append('.');
        }
        return out.toString();
    }

    private static boolean unknownIn(String summary) {
        return summary.startsWith("u");
    }

    private static Set<String> idleIn(String summary) {
        Set<String> keys = new HashSet<>();
        for (int i = 1, dot; (dot = summary.indexOf('.', i)) >= 0; i = dot + 1) {
            keys.add(new String(java.util.Base64.getDecoder().decode(summary.substring(i, dot)), java.nio.charset.StandardCharsets.UTF_8));
        }
        return keys;
    }

    /** This state becomes the one {@code summary} gives ({@link #summary}), nothing processed, no ties. */
    void restore(String summary) {
        replicas.clear();
        idleCount = 0;
        unknownRest = unknownIn(summary);
        for (String k : idleIn(summary)) {
            enter(k, true);
        }
    }

    /**
     * Whether a scan begun in the state {@code summary} found every Pod a scan begun in this one would: every replica that may be
     * without workers here may be there too (a state where more runs may be without workers walks more and keeps more). Null (a
     * scan recorded before session 51): only where no run may be without workers here.
     */
    boolean coveredBy(String summary) {
        if (summary == null) {
            return !anyIdle();
        }
        if (unknownIn(summary)) {
            return true;
        }
        if (unknownRest) {
            return false;
        }
        Set<String> there = idleIn(summary);
        for (Map.Entry<String, Replica> e : replicas.entrySet()) {
            if (e.getValue().idle && !there.contains(e.getKey())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The replica a line is of, as the full reading's run pieces key it ({@code FileAssembler.origin}): the collector's name on
     * the line, else the Pod the file's path names, else the file (one key). A Markdown quote's lines go by their depth of
     * quoting: its blocks are numbered chunk by chunk, and one key for a depth's blocks keeps a block's state across chunks (a
     * later block taking the state of one before it keeps more, never less).
     */
    static String replicaOf(String lineOrigin, String podFromPath) {
        if (EnvelopeDecoder.quoteOrigin(lineOrigin)) {
            int depth = 0;
            while (depth < lineOrigin.length() && lineOrigin.startsWith(EnvelopeDecoder.QUOTE_ORIGIN, depth)) {
                depth += EnvelopeDecoder.QUOTE_ORIGIN.length();
            }
            return lineOrigin.substring(0, depth);
        }
        return lineOrigin != null ? lineOrigin : podFromPath != null ? podFromPath : "";
    }
}
