package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.analysis.AnalysisResult;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.report.Provenance.ArgoVersion;
import dev.argoforensics.report.Provenance.InputDigest;
import dev.argoforensics.report.Provenance.LineCounts;
import dev.argoforensics.time.ZoneBasis;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Gathers a report's {@link Provenance} from a finished analysis and the way it was run. */
final class ProvenanceCollector {
    private ProvenanceCollector() {
    }

    static Provenance collect(AnalysisResult result, Invocation invocation) {
        List<InputDigest> digests = new ArrayList<>();
        long logLines = 0;
        long records = 0;
        long continuation = 0;
        long blank = 0;
        long unparsed = 0;
        long furniture = 0;
        long objects = 0;
        long unreadableObjects = 0;
        long ignored = 0;
        for (InputSummary i : result.inputs()) {
            digests.add(new InputDigest(i.file().displayPath(), size(i), i.sha256()));
            switch (i.file().kind()) {
                case LOG -> {
                    logLines += i.lines();
                    records += i.events();
                    continuation += i.continuation();
                    blank += i.blank();
                    unparsed += i.unparsed();
                    furniture += i.furniture().lines();
                    objects += i.pastedObjects(); // a transcript's describe or argo get, read as the exports they print
                }
                case SNAPSHOT -> {
                    objects += i.events();
                    unreadableObjects += i.unparsed();
                }
                default -> ignored++;
            }
        }
        Map<String, List<String>> releases = new LinkedHashMap<>();
        for (ControllerProcess p : result.correlation().processes()) {
            if (p.release() != null) {
                releases.computeIfAbsent(p.release(), k -> new ArrayList<>()).add(p.label());
            }
        }
        Map<ZoneBasis, Long> zones = new EnumMap<>(ZoneBasis.class);
        for (InputSummary i : result.inputs()) {
            i.zones().forEach((zone, n) -> zones.merge(zone, n, Long::sum));
        }
        return new Provenance(invocation.arguments(), invocation.clock(), invocation.clockGiven(), digests,
                releases.entrySet().stream().map(e -> new ArgoVersion(e.getKey(), e.getValue())).toList(),
                new LineCounts(logLines, records, continuation, blank, unparsed, furniture, objects, unreadableObjects, ignored), zones, false, Scope.ALL, 0);
    }

    /** The size of the file as stored; null if it cannot be read. */
    private static Long size(InputSummary i) {
        try {
            return Files.size(i.file().path());
        } catch (IOException e) {
            return null;
        }
    }
}
