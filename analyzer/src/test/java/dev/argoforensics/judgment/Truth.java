package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.judgment.K8s.Node;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Workflow;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What really happened to every Pod, recorded by the simulation as it happened (never derived from
 * log lines or rule logic), and the four expected verdicts computed from it at the end of the
 * evidence.
 */
final class Truth {
    static final long STUCK_AFTER = 5 * Go.MINUTE;
    static final long MINIMUM_DELAY = 2 * Go.MINUTE;

    /** The facts of one Pod. */
    static final class PodFacts {
        String namespace;
        String name;
        String uid;
        String workflow;
        String workflowUid;
        String nodeId;
        String nodeName;
        String cls;
        String controller;
        String release;
        boolean ofInterest;
        String podGcAnnotation;
        long createdAt;
        long mainStartedAt = -1;
        long mainFinishedAt = -1;
        long waitFinishedAt = -1;
        Integer mainExit;
        Integer waitExit;
        long firstDeletionAt = -1;
        String firstDeletionBy;
        int firstDeletionGrace = -1;
        final List<String> deletions = new ArrayList<>();
        boolean hadStatusFinalizer;
        long finalizerRemovedAt = -1;
        String finalizerRemovedBy;
        Long removalDelayNanos;
        List<Long> removalSameDueDelays = List.of();
        boolean workflowExistedAtRemoval;
        boolean nodePersistedFulfilledAtRemoval;
        String nodePersistedPhaseAtRemoval;
        long goneAt = -1;
        long nodeFirstPersistedFulfilledAt = -1;
        boolean nodePersistedFulfilled;
        String persistedPhase;
        String persistedMessage;
        long workflowDeletedAt = -1;
        // Verdicts, at the end of the evidence.
        boolean af001;
        boolean af002;
        boolean af004;
        boolean af007;
        long releaseDueAt = -1;
        boolean finalizerHeldAtEnd;
        /** Some export (Pod, List, watch stream or task result) shows main's exit code. */
        boolean exitCodesExported;

        String key() {
            return namespace + "/" + name;
        }
    }

    private final Map<String, PodFacts> byUid = new LinkedHashMap<>();
    /** Workflow key -> pod node ID -> the Pod's facts (the latest Pod for that node). */
    private final Map<String, Map<String, PodFacts>> byNode = new HashMap<>();

    PodFacts podCreated(Pod p, String cls, boolean ofInterest, String controller, String release, String nodeName) {
        PodFacts f = new PodFacts();
        f.namespace = p.namespace;
        f.name = p.name;
        f.uid = p.uid;
        f.workflow = p.workflow;
        f.workflowUid = p.workflowUid;
        f.nodeId = p.nodeId();
        f.nodeName = nodeName;
        f.cls = cls;
        f.ofInterest = ofInterest;
        f.controller = controller;
        f.release = release;
        f.createdAt = 0;
        f.hadStatusFinalizer = p.hasStatusFinalizer();
        f.podGcAnnotation = p.annotations.get(K8s.ANN_POD_GC);
        byUid.put(p.uid, f);
        byNode.computeIfAbsent(p.namespace + "/" + p.workflow, k -> new HashMap<>()).put(f.nodeId, f);
        return f;
    }

    PodFacts get(String uid) {
        return byUid.get(uid);
    }

    List<PodFacts> all() {
        return new ArrayList<>(byUid.values());
    }

    /** A Pod caught up in another's incident (a drain of its node) is counted in that class, not its own. */
    void reclassify(String uid, String cls) {
        PodFacts f = byUid.get(uid);
        if (f != null) {
            f.cls = cls;
        }
    }

    void containerStarted(String uid, long t) {
        PodFacts f = byUid.get(uid);
        if (f != null && f.mainStartedAt < 0) {
            f.mainStartedAt = t;
        }
    }

    void containerFinished(String uid, String container, long t, int code) {
        PodFacts f = byUid.get(uid);
        if (f == null) {
            return;
        }
        if (container.equals("main")) {
            f.mainFinishedAt = t;
            f.mainExit = code;
        } else {
            f.waitFinishedAt = t;
            f.waitExit = code;
        }
    }

    void deletionRequested(Pod p, long t, int grace, String actor) {
        PodFacts f = byUid.get(p.uid);
        if (f == null) {
            return;
        }
        f.deletions.add(Go.rfc3339Nano(t) + " by " + actor + " grace " + grace);
        if (f.firstDeletionAt < 0) {
            f.firstDeletionAt = t;
            f.firstDeletionBy = actor;
            f.firstDeletionGrace = grace;
        }
    }

    void finalizerRemoved(Pod p, long t, Kube.Origin origin, String actor) {
        PodFacts f = byUid.get(p.uid);
        if (f == null || f.finalizerRemovedAt >= 0) {
            return;
        }
        f.finalizerRemovedAt = t;
        f.finalizerRemovedBy = origin.path();
        f.removalDelayNanos = origin.delayNanos();
        f.removalSameDueDelays = origin.sameDue();
        f.workflowExistedAtRemoval = f.workflowDeletedAt < 0;
        f.nodePersistedFulfilledAtRemoval = f.nodePersistedFulfilled;
        f.nodePersistedPhaseAtRemoval = f.persistedPhase;
    }

    void gone(Pod p, long t) {
        PodFacts f = byUid.get(p.uid);
        if (f != null && f.goneAt < 0) {
            f.goneAt = t;
        }
    }

    void workflowPersisted(Workflow w, long t, String release) {
        Map<String, PodFacts> nodes = byNode.get(w.key());
        if (nodes == null) {
            return;
        }
        for (Node n : w.status.nodes.values()) {
            if (!"Pod".equals(n.type)) {
                continue;
            }
            PodFacts f = nodes.get(n.id);
            if (f == null || !w.uid.equals(f.workflowUid)) {
                continue;
            }
            boolean fulfilled = fulfilled(n, release);
            f.nodePersistedFulfilled = fulfilled;
            f.persistedPhase = n.phase;
            f.persistedMessage = n.message;
            if (fulfilled && f.nodeFirstPersistedFulfilledAt < 0) {
                f.nodeFirstPersistedFulfilledAt = t;
            }
        }
    }

    /** {@code Fulfilled(taskResultSynced)} from v3.7.1, the phase alone before. */
    static boolean fulfilled(Node n, String release) {
        if (!n.completedPhase()) {
            return false;
        }
        return release.startsWith("v3.6") || !Boolean.FALSE.equals(n.taskResultSynced);
    }

    void workflowDeleted(Workflow w, long t) {
        Map<String, PodFacts> nodes = byNode.get(w.key());
        if (nodes == null) {
            return;
        }
        for (PodFacts f : nodes.values()) {
            if (w.uid.equals(f.workflowUid) && f.workflowDeletedAt < 0) {
                f.workflowDeletedAt = t;
            }
        }
    }

    /** The verdicts as of {@code end}, the end of the evidence; {@code kube} holds the cluster as it is then. */
    void settle(long end, Kube kube) {
        for (PodFacts f : byUid.values()) {
            boolean containersDone = f.mainFinishedAt >= 0 && f.waitFinishedAt >= 0;
            f.af001 = "pod-delete-handler".equals(f.finalizerRemovedBy) && f.workflowExistedAtRemoval && !f.nodePersistedFulfilledAtRemoval
                    && f.firstDeletionAt >= 0 && containersDone && Math.max(f.mainFinishedAt, f.waitFinishedAt) < f.firstDeletionAt;
            f.af002 = containersDone && Integer.valueOf(0).equals(f.mainExit) && Integer.valueOf(0).equals(f.waitExit)
                    && ("Error".equals(f.persistedPhase) || "Failed".equals(f.persistedPhase));
            f.af007 = f.firstDeletionAt >= 0 && f.mainStartedAt >= 0 && f.mainStartedAt < f.firstDeletionAt
                    && (f.mainFinishedAt < 0 || f.mainFinishedAt > f.firstDeletionAt) && "Error".equals(f.persistedPhase)
                    && "pod deleted".equals(f.persistedMessage);
            Pod p = kube.pods.get(f.key());
            f.finalizerHeldAtEnd = p != null && p.uid.equals(f.uid) && p.hasStatusFinalizer();
            if (f.firstDeletionAt >= 0 && f.finalizerHeldAtEnd) {
                long last = p.lastTransition();
                long due = f.firstDeletionAt;
                if (last >= 0) {
                    long delay = Math.max(podGcDelay(f.podGcAnnotation), MINIMUM_DELAY);
                    due = Math.max(due, last * Go.SECOND + delay);
                }
                f.releaseDueAt = due;
                f.af004 = end - due > STUCK_AFTER;
            }
        }
    }

    /** The annotation's duration after the first "/"; -1 when the annotation or its duration is absent. */
    static long podGcDelay(String annotation) {
        if (annotation == null) {
            return -1;
        }
        int slash = annotation.indexOf('/');
        if (slash < 0 || slash == annotation.length() - 1) {
            return -1;
        }
        return parseDuration(annotation.substring(slash + 1));
    }

    /** Go duration syntax as written in specs: {@code 5m}, {@code 30s}, {@code 1m30s}, {@code 0s}. */
    static long parseDuration(String s) {
        long total = 0;
        int i = 0;
        while (i < s.length()) {
            int j = i;
            while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                j++;
            }
            double v = Double.parseDouble(s.substring(i, j));
            int k = j;
            while (k < s.length() && !Character.isDigit(s.charAt(k))) {
                k++;
            }
            String unit = s.substring(j, k);
            long mult = switch (unit) {
                case "h" -> 3600 * Go.SECOND;
                case "m" -> Go.MINUTE;
                case "s" -> Go.SECOND;
                case "ms" -> Go.MILLI;
                default -> throw new IllegalArgumentException("duration " + s);
            };
            total += (long) (v * mult);
            i = k;
        }
        return total;
    }

    private static String t(long nanos) {
        return nanos < 0 ? null : Go.rfc3339Nano(nanos);
    }

    void write(Path file) {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (PodFacts f : byUid.values()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("namespace", f.namespace);
                m.put("name", f.name);
                m.put("uid", f.uid);
                m.put("workflow", f.workflow);
                m.put("nodeId", f.nodeId);
                m.put("nodeName", f.nodeName);
                m.put("class", f.cls);
                m.put("ofInterest", f.ofInterest);
                m.put("controller", f.controller);
                m.put("release", f.release);
                Map<String, Object> expected = new LinkedHashMap<>();
                expected.put("AF001", f.af001);
                expected.put("AF002", f.af002);
                expected.put("AF004", f.af004);
                expected.put("AF007", f.af007);
                m.put("expected", expected);
                m.put("af001DelayNanos", f.af001 ? f.removalDelayNanos : null);
                m.put("af001SameDueDelays", f.af001 ? f.removalSameDueDelays : List.of());
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("podGcAnnotation", f.podGcAnnotation);
                facts.put("hadStatusFinalizer", f.hadStatusFinalizer);
                facts.put("mainStartedAt", t(f.mainStartedAt));
                facts.put("mainFinishedAt", t(f.mainFinishedAt));
                facts.put("mainExitCode", f.mainExit);
                facts.put("waitFinishedAt", t(f.waitFinishedAt));
                facts.put("waitExitCode", f.waitExit);
                facts.put("deletionRequestedAt", t(f.firstDeletionAt));
                facts.put("deletionRequestedBy", f.firstDeletionBy);
                facts.put("deletionGrace", f.firstDeletionGrace < 0 ? null : f.firstDeletionGrace);
                facts.put("deletions", f.deletions);
                facts.put("finalizerRemovedAt", t(f.finalizerRemovedAt));
                facts.put("finalizerRemovedBy", f.finalizerRemovedBy);
                facts.put("finalizerRemovalDelayNanos", f.removalDelayNanos);
                facts.put("workflowExistedAtRemoval", f.finalizerRemovedAt < 0 ? null : f.workflowExistedAtRemoval);
                facts.put("nodePersistedPhaseAtRemoval", f.nodePersistedPhaseAtRemoval);
                facts.put("nodeFirstPersistedFulfilledAt", t(f.nodeFirstPersistedFulfilledAt));
                facts.put("finalNodePhase", f.persistedPhase);
                facts.put("finalNodeMessage", f.persistedMessage);
                facts.put("workflowDeletedAt", t(f.workflowDeletedAt));
                facts.put("goneAt", t(f.goneAt));
                facts.put("finalizerHeldAtEnd", f.finalizerHeldAtEnd);
                facts.put("releaseDueAt", t(f.releaseDueAt));
                facts.put("exitCodesExported", f.exitCodesExported);
                m.put("facts", facts);
                w.write(json.writeValueAsString(m));
                w.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
