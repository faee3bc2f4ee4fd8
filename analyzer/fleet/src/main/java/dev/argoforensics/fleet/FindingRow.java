package dev.argoforensics.fleet;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.report.FindingJson;
import dev.argoforensics.report.JsonStyle;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import java.io.IOException;
import java.io.Serializable;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One finding of one cluster: its JSON line (the report's finding schema, with {@code cluster} first)
 * and the flat columns of the Parquet output, all read off the engine's {@link Finding}.
 *
 * @param seq         the finding's place in the cluster's report (the report's order), for a deterministic output
 * @param day         the UTC day of the finding's earliest timed evidence line, for the summary; null if none is timed
 * @param argoVersion the Argo release of the controller run that wrote the first evidence line that names one
 */
public record FindingRow(String cluster, int seq, String json, String namespace, String workflow, String pod, String rule, String severity,
                         String confidence, String delay, Long delayNanos, String removalTime, String argoVersion, String day,
                         List<Evidence> evidence) implements Serializable {

    /** An evidence line: {@code file:line} and its text. */
    public record Evidence(String ref, String text) implements Serializable {
    }

    public static final StructType SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType, false)
            .add("seq", DataTypes.IntegerType, false)
            .add("json", DataTypes.StringType, false)
            .add("namespace", DataTypes.StringType)
            .add("workflow", DataTypes.StringType)
            .add("pod", DataTypes.StringType)
            .add("rule", DataTypes.StringType, false)
            .add("severity", DataTypes.StringType, false)
            .add("confidence", DataTypes.StringType, false)
            .add("delay", DataTypes.StringType)
            .add("delayNanos", DataTypes.LongType)
            .add("removalTime", DataTypes.StringType)
            .add("argoVersion", DataTypes.StringType)
            .add("day", DataTypes.StringType)
            .add("evidence", DataTypes.createArrayType(new StructType()
                    .add("ref", DataTypes.StringType, false)
                    .add("text", DataTypes.StringType)));

    /** The facts that say when the finalizer was removed, by the rules that state one. */
    private static final List<String> REMOVAL_FACTS = List.of("finalizerRemovedAt", "finalizerReleasedAt");

    /**
     * @param processes the cluster's controller runs by label, for the Argo version
     */
    public static FindingRow of(String cluster, int seq, Finding f, Map<String, ControllerProcess> processes) {
        String namespace = f.pod() != null ? f.pod().namespace() : f.workflow() != null ? f.workflow().namespace() : null;
        String version = null;
        java.time.Instant earliest = null;
        List<Evidence> evidence = new ArrayList<>();
        for (EvidenceLine e : f.evidence()) {
            evidence.add(new Evidence(e.source().file() + ":" + e.source().line(), e.text()));
            if (version == null && e.controller() != null && processes.containsKey(e.controller())) {
                version = processes.get(e.controller()).releaseName();
            }
            if (e.time() != null && (earliest == null || e.time().instant().isBefore(earliest))) {
                earliest = e.time().instant();
            }
        }
        String removal = REMOVAL_FACTS.stream().map(k -> string(f, k)).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Long delayNanos = f.fact("delayNanos").map(Fact::value).map(v -> ((Number) v).longValue()).orElse(null);
        return new FindingRow(cluster, seq, json(cluster, f), namespace, f.workflow() == null ? null : f.workflow().name(),
                f.pod() == null ? null : f.pod().name(), f.rule(), f.severity().label(), f.confidence().label(), string(f, "delay"), delayNanos,
                removal, version, earliest == null ? null : earliest.atZone(ZoneOffset.UTC).toLocalDate().toString(), evidence);
    }

    private static String string(Finding f, String key) {
        return f.fact(key).map(Fact::value).map(String::valueOf).orElse(null);
    }

    /** The finding on one line, in the report's finding schema, with {@code cluster} first. */
    static String json(String cluster, Finding f) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonStyle.mapper().getFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("cluster", cluster);
            FindingJson.fields(g, f);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    public Row toRow() {
        // An array column is a Scala Seq to Spark's row encoder.
        scala.collection.Seq<Row> ev = scala.jdk.javaapi.CollectionConverters.asScala(
                evidence.stream().map(e -> RowFactory.create(e.ref(), e.text())).toList()).toSeq();
        return RowFactory.create(cluster, seq, json, namespace, workflow, pod, rule, severity, confidence, delay, delayNanos, removalTime,
                argoVersion, day, ev);
    }
}
