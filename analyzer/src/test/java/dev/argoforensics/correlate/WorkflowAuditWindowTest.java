package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.analysis.Analysis;
import dev.argoforensics.analysis.SnapshotTimes;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import dev.argoforensics.source.InputCollector;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.testing.SampleFiles;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A Workflow's audit reading takes its namespace's unnamed deletes (deletecollections, the namespace's deletion) from the
 * group's index by a search per file, not by copying and walking all of them for each Workflow and each Pod (#17: their product).
 * The reading over that window is the reading over every record ({@link WorkflowAudit#records}, the definition), and every
 * record ({@link WorkflowAudit#records}) is what a walk of the group's audit picks, in the same order: on every sample with an
 * audit log, and on a constructed namespace of thousands of collection deletes over four API servers' files (some refused,
 * some dry runs, a file holding nothing but them, another namespace's, a record on the same line as another), for Pods created
 * and asked about at times before, between and after them. The window holds at most four of a file's unnamed deletes.
 */
class WorkflowAuditWindowTest {
    private static final long BASE = 1_791_000_000L;
    private int line;

    /** What a walk over every record of the group picks for {@code ref} (the code before the index), as the reference. */
    private static List<AuditRecord> walked(WorkflowRef ref, List<AuditRecord> all, Set<String> foreign, Set<String> uids) {
        List<AuditRecord> out = new ArrayList<>();
        for (AuditRecord a : all) {
            if (a.time() == null || foreign.contains(a.source().file())) {
                continue;
            }
            boolean named = "workflows".equals(a.resource()) && ref.namespace().equals(a.namespace()) && ref.name().equals(a.name())
                    && (uids.isEmpty() || a.uid().isEmpty() || uids.contains(a.uid()) || "delete".equals(a.verb()));
            boolean unnamed = WorkflowAudit.deletesUnnamed(a)
                    && ("namespaces".equals(a.resource()) ? ref.namespace().equals(a.name()) : ref.namespace().equals(a.namespace()));
            if (named || unnamed) {
                out.add(a);
            }
        }
        out.sort(Comparator.comparing((AuditRecord a) -> a.time().instant()).thenComparing(AuditRecord::source));
        return out;
    }

    /** What was compared: readings, and how many of each kind (a comparison that only ever sees one kind would prove little). */
    private record Compared(int readings, Map<WorkflowAudit.Kind, Integer> kinds) {
    }

    /**
     * For each ref: its records against the walk, then its reading against the walked reading for Pods created at each given time
     * (and at none), asked about up to each given time (and a millisecond either side).
     */
    private static Compared compare(String what, List<AuditRecord> all, List<WorkflowRef> refs, Map<WorkflowRef, Set<String>> uidsOf,
                                    java.util.function.Function<WorkflowRef, List<Instant>> timesOf) {
        WorkflowAudit.Index index = new WorkflowAudit.Index(all);
        Map<WorkflowAudit.Kind, Integer> kinds = new EnumMap<>(WorkflowAudit.Kind.class);
        int readings = 0;
        for (WorkflowRef ref : refs) {
            Set<String> uids = uidsOf.getOrDefault(ref, Set.of());
            List<Instant> times = timesOf.apply(ref);
            Set<String> foreign = WorkflowAudit.foreignFiles(ref, index, uids);
            WorkflowAudit audit = WorkflowAudit.of(ref, index, true, uids, foreign);
            List<AuditRecord> records = audit.records();
            assertEquals(walked(ref, all, foreign, uids), records, what + " " + ref + ": the records");
            List<AuditRecord> podRecords = all.stream().filter(a -> "pods".equals(a.resource()) && ref.namespace().equals(a.namespace())
                    && a.name() != null && a.name().startsWith(ref.name() + "-")).toList();
            Set<String> files = new HashSet<>();
            records.forEach(a -> files.add(a.source().file()));
            int own = audit.named().size();
            List<Timestamp> created = new ArrayList<>();
            created.add(null);
            times.forEach(t -> created.add(at(t)));
            for (Timestamp podCreated : created) {
                List<AuditRecord> window = audit.window(podCreated);
                assertTrue(isSubsequence(window, records), what + " " + ref + ": the window is records, in their order");
                assertTrue(window.size() <= own + 4 * files.size(), what + " " + ref + ": " + window.size() + " records in the window");
                for (Instant t : times) {
                    for (long shift : new long[] {-1, 0, 1}) {
                        Instant until = t.plusMillis(shift);
                        WorkflowAudit.Reading expected = audit.readOver(records, podCreated, until, podRecords);
                        assertEquals(expected, audit.read(podCreated, until, podRecords),
                                what + " " + ref + " created " + (podCreated == null ? "-" : podCreated.instant()) + " until " + until);
                        kinds.merge(expected.kind(), 1, Integer::sum);
                        readings++;
                    }
                }
            }
            assertEquals(audit.readOver(records, null, null, podRecords), audit.read(null, null, podRecords));
        }
        return new Compared(readings, kinds);
    }

    private static boolean isSubsequence(List<AuditRecord> part, List<AuditRecord> whole) {
        int i = 0;
        for (AuditRecord a : whole) {
            if (i < part.size() && part.get(i) == a) {
                i++;
            }
        }
        return i == part.size();
    }

    private static Timestamp at(Instant t) {
        return Timestamp.of(t.getEpochSecond(), t.getNano(), TimePrecision.MICROSECOND, ZoneBasis.STATED);
    }

    @Test
    void everySampleWithAnAuditLogReadsAsTheWalk() throws Exception {
        int samples = 0;
        int readings = 0;
        for (Path sample : SampleFiles.all()) {
            InputCollector collector = new InputCollector();
            List<InputFile> files = collector.collect(SampleFiles.inputs(sample));
            var exported = Analysis.readExports(files, collector.problems(), SnapshotTimes.none()).exported();
            List<AuditRecord> all = exported.auditRecords();
            if (all.isEmpty()) {
                continue;
            }
            samples++;
            Set<WorkflowRef> refs = new java.util.LinkedHashSet<>();
            Set<String> namespaces = new TreeSet<>();
            for (AuditRecord a : all) {
                if ("workflows".equals(a.resource()) && a.namespace() != null && a.name() != null) {
                    refs.add(new WorkflowRef(a.namespace(), a.name()));
                }
                if (a.namespace() != null) {
                    namespaces.add(a.namespace());
                }
            }
            namespaces.forEach(ns -> refs.add(new WorkflowRef(ns, "no-record-names-it")));
            Map<WorkflowRef, Set<String>> uids = new java.util.HashMap<>();
            for (WorkflowSnapshot w : exported.workflows()) {
                if (w.uid() != null && !w.uid().isEmpty()) {
                    WorkflowRef ref = new WorkflowRef(w.namespace(), w.name());
                    refs.add(ref);
                    uids.computeIfAbsent(ref, k -> new HashSet<>()).add(w.uid());
                }
            }
            List<Instant> distinct = all.stream().filter(a -> a.time() != null).map(a -> a.time().instant()).distinct().sorted().toList();
            List<Instant> times = new ArrayList<>();
            for (int i = 0; i < distinct.size(); i += 1 + distinct.size() / 40) {
                times.add(distinct.get(i));
            }
            times.add(distinct.get(distinct.size() - 1));
            readings += compare(sample.toString(), all, List.copyOf(refs), uids, ref -> times).readings();
        }
        assertTrue(samples >= 8, samples + " samples with an audit log");
        assertTrue(readings > 1_000, readings + " readings");
    }

    // ---- a namespace whose Workflows are deleted by collection thousands of times, over four API servers' files ----

    private AuditRecord rec(String file, long millis, String verb, String resource, String namespace, String name, int code, boolean dryRun,
                            String uid) {
        Timestamp t = at(Instant.ofEpochSecond(BASE).plusMillis(millis));
        return new AuditRecord(new SourceRef(file, ++line), "id-" + line, "ResponseComplete", verb, "system:serviceaccount:argo:ci", resource,
                "", namespace, name, code, t, t, false, null, dryRun, null, null, null, uid);
    }

    private static final String A = "apiserver-a/audit.log";
    private static final String B = "apiserver-b/audit.log";
    private static final String C = "apiserver-c/audit.log";
    private static final String D = "apiserver-d/audit.log";
    private static final int WORKFLOWS = 40;
    private static final int COLLECTIONS = 3_000;

    private List<AuditRecord> wide() {
        List<AuditRecord> all = new ArrayList<>();
        String[] files = {A, B, C, D};
        // The collection deletes: one every 1.65 s over the first 4,950 s, in turn in the four files; every 7th refused, every 11th a
        // dry run. The Workflows come one every 250 s over 10,000 s: the first half among them, the rest after.
        for (int i = 0; i < COLLECTIONS; i++) {
            String file = files[i % 4];
            all.add(rec(file, 1_650L * i + 17, "deletecollection", "workflows", "etl", null, i % 7 == 3 ? 403 : 200, i % 11 == 5, ""));
            if (i % 97 == 0) {
                all.add(rec(file, 1_650L * i + 17, "deletecollection", "workflows", "billing", null, 200, false, ""));
            }
        }
        // The namespace's own deletion, refused, and another namespace's, granted.
        all.add(rec(C, 5_000_000, "delete", "namespaces", null, "etl", 403, false, ""));
        all.add(rec(A, 7_000_000, "delete", "namespaces", null, "billing", 200, false, ""));
        // Each Workflow: its create, the controller's updates in another file, sometimes its delete; its Pod's create and delete.
        for (int w = 0; w < WORKFLOWS; w++) {
            long t0 = 250_000L * w + 1_000;
            String name = "nightly-" + w;
            String own = w % 3 == 0 ? A : B;
            String uid = "uid-" + w;
            all.add(rec(own, t0, "create", "workflows", "etl", name, 201, false, ""));
            all.add(rec(w % 2 == 0 ? B : C, t0 + 1_500, "update", "workflows", "etl", name, 200, false, uid));
            all.add(rec(A, t0 + 2_000, "create", "pods", "etl", name + "-3650217881", 201, false, ""));
            all.add(rec(own, t0 + 60_000, "patch", "workflows", "etl", name, 200, false, uid));
            if (w % 5 == 1) {
                all.add(rec(own, t0 + 90_000, "delete", "workflows", "etl", name, 200, false, ""));
            }
            if (w % 4 == 2) {
                // Another cluster's Workflow of the name in its own file, its updates naming another UID over this one's span.
                all.add(rec("other-cluster/audit.log", t0 + 30_000, "update", "workflows", "etl", name, 200, false, "uid-x" + w));
                all.add(rec("other-cluster/audit.log", t0 + 40_000, "delete", "workflows", "etl", name, 200, false, ""));
            }
            all.add(rec(A, t0 + 200_000, "delete", "pods", "etl", name + "-3650217881", 200, false, ""));
        }
        // Two records on the same line at the same time (a list written on one line): one names a Workflow and deletes by collection.
        AuditRecord first = rec(B, 1_234_567, "deletecollection", "workflows", "etl", "nightly-4", 200, false, "");
        AuditRecord second = new AuditRecord(first.source(), "id-same-line", "ResponseComplete", "deletecollection", "system:serviceaccount:argo:ci",
                "workflows", "", "etl", null, 200, first.time(), first.time(), false, null, false, null, null, null);
        all.add(second);
        all.add(first);
        java.util.Collections.shuffle(all, new java.util.Random(17));
        return all;
    }

    @Test
    void aCollectionDeleteInTheSpanAfterOneClearlyBeforeThePodsCreationIsInTheWindow() {
        // Recheck s37: a file's span starts at the later of its run's create and the Pod's creation less the clocks' margin (session
        // 37), but the window searched only after the run's create: a collection delete after the create and clearly before the Pod
        // (not counted: nothing in the file shows the Workflow outliving it), then one after the Pod's creation and before the
        // marking (counted), then one after: the window held the first and the last, the reading said STOOD, the walk DELETED.
        WorkflowRef ref = new WorkflowRef("etl", "nightly-7");
        List<AuditRecord> all = new ArrayList<>(List.of(
                rec(A, 1_000, "create", "workflows", "etl", "nightly-7", 201, false, ""),
                rec(A, 1_500, "update", "workflows", "etl", "nightly-7", 200, false, "uid-7"),
                rec(A, 5_000, "deletecollection", "workflows", "etl", null, 200, false, ""),
                rec(A, 60_000, "create", "pods", "etl", "nightly-7-3650217881", 201, false, ""),
                rec(A, 70_000, "deletecollection", "workflows", "etl", null, 200, false, ""),
                rec(A, 200_000, "deletecollection", "workflows", "etl", null, 200, false, ""),
                rec(A, 210_000, "update", "pods", "etl", "nightly-7-3650217881", 200, false, "")));
        WorkflowAudit audit = WorkflowAudit.of(ref, new WorkflowAudit.Index(all), true);
        List<AuditRecord> pod = all.stream().filter(a -> "pods".equals(a.resource())).toList();
        Timestamp created = at(Instant.ofEpochSecond(BASE).plusMillis(60_000));
        Instant until = Instant.ofEpochSecond(BASE).plusMillis(100_000);
        WorkflowAudit.Reading walked = audit.readOver(audit.records(), created, until, pod);
        assertEquals(WorkflowAudit.Kind.DELETED, walked.kind(), walked.toString());
        assertEquals(walked, audit.read(created, until, pod));
    }

    @Test
    void thousandsOfCollectionDeletesReadAsTheWalkThroughAWindowOfAFew() {
        List<AuditRecord> all = wide();
        List<WorkflowRef> refs = new ArrayList<>();
        Map<WorkflowRef, Set<String>> uids = new java.util.HashMap<>();
        for (int w = 0; w < WORKFLOWS; w++) {
            WorkflowRef ref = new WorkflowRef("etl", "nightly-" + w);
            refs.add(ref);
            if (w % 2 == 0) {
                uids.put(ref, Set.of("uid-" + w));
            }
        }
        refs.add(new WorkflowRef("etl", "no-record-names-it"));
        refs.add(new WorkflowRef("billing", "nightly-3"));
        // Times around each Workflow's requests, amid and past the collection deletes.
        Instant end = Instant.ofEpochSecond(BASE).plusMillis(1_650L * COLLECTIONS + 60_000);
        java.util.function.Function<WorkflowRef, List<Instant>> timesOf = ref -> {
            List<Instant> times = new ArrayList<>();
            long t0 = ref.name().startsWith("nightly-") ? 250_000L * Integer.parseInt(ref.name().substring(8)) + 1_000 : 2_000_000;
            for (long d : new long[] {-5_000, 0, 2_000, 3_317, 45_000, 90_000, 150_000, 260_000}) {
                times.add(Instant.ofEpochSecond(BASE).plusMillis(t0 + d));
            }
            times.add(end);
            return times;
        };
        Compared c = compare("wide", all, refs, uids, timesOf);
        assertTrue(c.readings() > 10_000, c.readings() + " readings");
        for (WorkflowAudit.Kind k : List.of(WorkflowAudit.Kind.DELETED, WorkflowAudit.Kind.STOOD, WorkflowAudit.Kind.NOT_SPANNING)) {
            assertTrue(c.kinds().getOrDefault(k, 0) > 100, "readings of each kind: " + c.kinds());
        }
        WorkflowAudit audit = WorkflowAudit.of(new WorkflowRef("etl", "nightly-0"), new WorkflowAudit.Index(all), true);
        assertTrue(audit.records().size() > COLLECTIONS, "every record: " + audit.records().size());
        assertTrue(audit.window(at(Instant.ofEpochSecond(BASE).plusMillis(3_000))).size() <= audit.named().size() + 4 * 4,
                "the window: " + audit.window(null).size());
    }
}
