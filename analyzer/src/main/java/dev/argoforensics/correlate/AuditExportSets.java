package dev.argoforensics.correlate;

import dev.argoforensics.snapshot.AuditRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files of one GKE Cloud Logging export that names no cluster ({@code resource.labels.cluster_name} absent), where the export was
 * split into several files (session 51): a sink writes one file per hour ({@code …/2026/09/19/16:00:00_16:59:59_S0.json}), a
 * {@code gcloud logging read} is paged into {@code activity-000.json}, {@code activity-001.json}. One request's two entries
 * ({@code operation.first}, then {@code operation.last} with its outcome) then fall into two files where the split came between them,
 * and read file by file the first stood alone: a refused delete read as one whose outcome is not logged (s50 breaker). Such files are
 * one set, and a request's entries are joined across them ({@link FactsTable#latestStages}), where:
 * <ul>
 * <li>their paths differ only in their digits (the piece's number, date or hour; directory included): two clusters' exports have
 * names of their own ({@code west.json}, {@code east.json}) and stay apart, as session 50 kept them;
 * <li>their entries' times do not overlap, taken in order: the pieces of one log follow one another. Two exports of one time (a log
 * given twice in two folders, two clusters' logs named alike) overlap, and each file stays a set of its own.
 * </ul>
 * Nothing in a cluster-less entry names its cluster: two clusters' exports named alike, one ending before the other starts, whose
 * requests share a client-supplied Audit-ID across the boundary, would be joined (docs/rules/AF001.md, the limit). An export that names
 * its cluster is joined across every file already ({@link AuditRecord#sameRequest}). The sets depend on the files' paths and times only,
 * not on the order the files were given.
 */
final class AuditExportSets {
    private AuditExportSets() {
    }

    /** For each file of cluster-less GKE entries that is part of a set of several, the set's name (its earliest file); others absent. */
    static Map<String, String> of(List<AuditRecord> records) {
        Map<String, Instant[]> spans = new TreeMap<>();
        for (AuditRecord a : records) {
            if (!AuditRecord.GKE_EXPORTER.equals(a.exporter()) || a.time() == null) {
                continue;
            }
            Instant t = a.time().instant();
            spans.merge(a.source().file(), new Instant[] {t, t},
                    (o, n) -> new Instant[] {n[0].isBefore(o[0]) ? n[0] : o[0], n[1].isAfter(o[1]) ? n[1] : o[1]});
        }
        if (spans.size() < 2) {
            return Map.of();
        }
        Map<String, List<String>> byPattern = new TreeMap<>();
        spans.keySet().forEach(f -> byPattern.computeIfAbsent(pattern(f), k -> new ArrayList<>()).add(f));
        Map<String, String> out = new HashMap<>();
        for (List<String> files : byPattern.values()) {
            if (files.size() < 2) {
                continue;
            }
            files.sort(Comparator.comparing((String f) -> spans.get(f)[0]).thenComparing(f -> spans.get(f)[1]).thenComparing(f -> f));
            boolean follow = true;
            for (int i = 1; i < files.size() && follow; i++) {
                follow = !spans.get(files.get(i - 1))[1].isAfter(spans.get(files.get(i))[0]);
            }
            if (follow) {
                files.forEach(f -> out.put(f, files.get(0)));
            }
        }
        return out;
    }

    /** A file's path with every run of digits as one mark: the pieces of one split export share it. */
    static String pattern(String file) {
        return file.replaceAll("[0-9]+", "#");
    }
}
