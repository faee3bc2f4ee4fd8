package dev.argoforensics.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.Correlator;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.snapshot.ExportedObject;
import dev.argoforensics.snapshot.ExportedObjects;
import dev.argoforensics.snapshot.ObjectDecoder;
import dev.argoforensics.snapshot.ObjectDocument;
import dev.argoforensics.snapshot.ObjectKind;
import dev.argoforensics.snapshot.ObservationBasis;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds evidence for rule and correlation tests from real-shaped text: log lines go through the
 * same grammar and catalog as in production, objects through the same decoder.
 */
public final class Evidence {
    private static final MessageCatalog CATALOG = MessageCatalog.standard();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final RecordParser parser = new RecordParser();
    private final List<LogEvent> events = new ArrayList<>();
    private final List<ExportedObject> objects = new ArrayList<>();
    private int streams;
    private final java.util.Map<Integer, Long> counted = new java.util.HashMap<>();
    private final java.util.Map<Integer, ControllerProcess.Leadership> leadership = new java.util.HashMap<>();

    /** Adds one controller stream (one file), its lines numbered from 1. */
    public Evidence log(String file, String... lines) {
        int stream = streams++;
        for (int i = 0; i < lines.length; i++) {
            LineParse p = parser.parse(lines[i], 2026);
            if (!(p instanceof LineParse.Parsed parsed)) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + p);
            }
            LogRecord r = parsed.record();
            Optional<CatalogMatch> m = CATALOG.match(r);
            ControllerEvent ev = m.map(CatalogMatch::event).orElse(new ControllerEvent.Unrecognized(r.message()));
            events.add(new LogEvent(new SourceRef(file, i + 1), i + 1, r.time(), null, EnvelopeKind.NONE, r.format(), r.level(),
                    m.map(x -> x.entry().id()).orElse(null), ev, lines[i], stream, events.size()));
        }
        return this;
    }

    /**
     * The last stream read {@code n} more records than it kept: lines the selective reading only counted, as it does
     * with lines that name nothing of interest (none of them a record that names nothing at all: other Pods' lines).
     */
    /** What the last stream's leader-election lines say of its run, as the reading sums them up (UNKNOWN unless set). */
    public Evidence leadership(ControllerProcess.Leadership l) {
        leadership.put(streams - 1, l);
        return this;
    }

    public Evidence counted(long n) {
        counted.merge(streams - 1, n, Long::sum);
        return this;
    }

    public Evidence pod(String file, String yaml) {
        return object(file, yaml);
    }

    public Evidence workflow(String file, String yaml) {
        return object(file, yaml);
    }

    /** Any object the analyzer reads (Pod, Workflow, WorkflowTaskResult, Event, audit Event), decoded by its kind. */
    public Evidence object(String file, String yaml) {
        return object(file, yaml, null);
    }

    /**
     * An audit record, read as the audit log's reader reads it: the record and, where its response carries the Pod the API server
     * returned (level {@code RequestResponse}), that Pod as an export ({@link dev.argoforensics.snapshot.EventDecoder#responsePod}).
     */
    public Evidence audited(String file, String json) {
        ObjectDocument doc = doc(file, json);
        ExportedObject o = ObjectDecoder.decode(ObjectKind.classify(doc, null).kind(), doc);
        objects.add(o);
        if (o instanceof dev.argoforensics.snapshot.AuditRecord a) {
            dev.argoforensics.snapshot.PodSnapshot returned = dev.argoforensics.snapshot.EventDecoder.responsePod(doc, a);
            if (returned != null) {
                objects.add(returned);
            }
        }
        return this;
    }

    /** An object read by another reader (a pasted table, a Workflow status fragment). */
    public Evidence exported(ExportedObject o) {
        objects.add(o);
        return this;
    }

    /** An object exported at a stated time, as a {@code # taken-at:} comment says it. */
    public Evidence takenAt(String file, String takenAt, String yaml) {
        return object(file, yaml, ObservedAt.stated(Timestamp.parseRfc3339(takenAt, null, false), ObservationBasis.TAKEN_AT_COMMENT));
    }

    private Evidence object(String file, String yaml, ObservedAt takenAt) {
        ObjectDocument parsed = doc(file, yaml);
        ObjectDocument doc = new ObjectDocument(parsed.source(), parsed.node(), takenAt);
        ObjectKind.Classified c = ObjectKind.classify(doc, null);
        if (!c.read()) {
            throw new IllegalArgumentException(file + ": not a kind the analyzer reads: " + c.label());
        }
        objects.add(ObjectDecoder.decode(c.kind(), doc));
        return this;
    }

    private String release;

    /** The release every stream's run is read as (what the reading derives from a start banner or the lines' shapes); none by default. */
    public Evidence release(String release) {
        this.release = release;
        return this;
    }

    /** One controller stream per {@link #log} call, named after its file. */
    public Correlation correlate() {
        List<ControllerProcess> processes = new ArrayList<>();
        for (int s = 0; s < streams; s++) {
            int stream = s;
            List<LogEvent> own = events.stream().filter(e -> e.stream() == stream).toList();
            processes.add(new ControllerProcess(s, own.isEmpty() ? "?" : own.get(0).source().file(), ControllerProcess.ReplicaSource.FILE, 1,
                    release, leadership.getOrDefault(s, ControllerProcess.Leadership.UNKNOWN), List.of(), own.isEmpty() ? null : own.get(0).time(),
                    own.isEmpty() ? null : own.get(own.size() - 1).time(), own.size() + counted.getOrDefault(s, 0L),
                    work(own, counted.getOrDefault(s, 0L) > 0), nameless(own)));
        }
        return new Correlator().correlate(events, ExportedObjects.of(objects), processes);
    }

    /** The stream's {@code Processing workflow} lines, as the reading counts them ({@link ControllerProcess.Work}). */
    private static ControllerProcess.Work work(List<LogEvent> own, boolean someCounted) {
        List<Timestamp> times = own.stream().filter(e -> e.event() instanceof ControllerEvent.WorkflowProcessing && e.time() != null)
                .map(LogEvent::time).sorted().toList();
        if (times.isEmpty()) {
            return ControllerProcess.Work.NONE;
        }
        List<ControllerProcess.Gap> gaps = new ArrayList<>();
        for (int i = 1; i < times.size(); i++) {
            if (times.get(i - 1).nanosUntil(times.get(i)) > ControllerProcess.Work.GAP.toNanos()) {
                gaps.add(new ControllerProcess.Gap(times.get(i - 1), times.get(i)));
            }
        }
        // Where the queue came round: the first pass, in line order, of a Workflow passed before (unknown with lines only counted).
        Timestamp round = null;
        java.util.Set<String> passed = new java.util.HashSet<>();
        for (LogEvent e : own) {
            if (e.event() instanceof ControllerEvent.WorkflowProcessing p && p.wf() != null && round == null
                    && !passed.add(p.wf().namespace() + "/" + p.wf().name())) {
                round = e.time();
            }
        }
        return new ControllerProcess.Work(times.size(), times.get(0), times.get(times.size() - 1), gaps, someCounted ? null : round);
    }

    /** The stream's lines that name no Pod, Workflow or namespace, as the reading counts them. */
    private static ControllerProcess.Nameless nameless(List<LogEvent> own) {
        List<Timestamp> times = own.stream().filter(e -> CATALOG.nameless().namesNothing(e.catalogId(),
                e.event() instanceof ControllerEvent.Unrecognized u ? u.message() : null)).map(LogEvent::time).toList();
        return ControllerProcess.Nameless.of(times);
    }

    private static ObjectDocument doc(String file, String yaml) {
        try {
            JsonNode node = YAML.readTree(yaml);
            return new ObjectDocument(new SourceRef(file, 1), node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
