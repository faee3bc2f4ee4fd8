package dev.argoforensics.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import dev.argoforensics.time.ZoneBasis;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The JSON report, schema version 1 (docs/report-schema.md). Fields are written in a fixed order
 * and the same report always gives the same bytes. Written as it is made, through Jackson's
 * streaming generator: a finding or a timeline entry is on its way out before the next is looked at.
 * On a failure the document is left unclosed, so that a cut report never parses as a whole one.
 */
final class JsonRenderer implements ReportRenderer {
    @Override
    public void write(Report r, Writer out) throws IOException {
        JsonGenerator g = JsonStyle.generator(out);
        head(g, r, true);
        g.writeObjectFieldStart("confidenceFilter");
        filter(g, r.filter());
        g.writeEndObject();
        g.writeArrayFieldStart("findings");
        for (Finding f : r.findings()) {
            FindingJson.write(g, f);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("rules");
        for (RuleOutcome o : r.rules()) {
            rule(g, o, r.filter());
        }
        g.writeEndArray();
        timelines(g, r);
        g.writeArrayFieldStart("gaps");
        for (EvidenceGap gap : r.gaps()) {
            g.writeStartObject();
            g.writeStringField("subject", gap.subject());
            g.writeStringField("detail", gap.detail());
            g.writeEndObject();
        }
        g.writeEndArray();
        problems(g, r);
        end(g, out);
    }

    @Override
    public void writeTimelines(Report r, Writer out) throws IOException {
        JsonGenerator g = JsonStyle.generator(out);
        head(g, r, false);
        timelines(g, r);
        problems(g, r);
        end(g, out);
    }

    /** schemaVersion, tool, (the report's provenance,) inputs and controllers: what every JSON document starts with. */
    private static void head(JsonGenerator g, Report r, boolean withProvenance) throws IOException {
        g.writeStartObject();
        g.writeNumberField("schemaVersion", r.schemaVersion());
        g.writeObjectFieldStart("tool");
        g.writeStringField("name", r.tool().name());
        g.writeStringField("version", r.tool().version());
        g.writeStringField("commit", r.tool().commit());
        g.writeEndObject();
        if (withProvenance) {
            g.writeObjectFieldStart("provenance");
            provenance(g, r.provenance());
            g.writeEndObject();
        }
        g.writeArrayFieldStart("inputs");
        for (InputSummary i : r.inputs()) {
            input(g, i);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("controllers");
        for (ControllerProcess p : r.controllers()) {
            controller(g, p);
        }
        g.writeEndArray();
    }

    /** The document closed, and a line end after it: only a report written whole ends so. */
    private static void end(JsonGenerator g, Writer out) throws IOException {
        g.writeEndObject();
        g.flush();
        out.write('\n');
    }

    private static void timelines(JsonGenerator g, Report r) throws IOException {
        g.writeArrayFieldStart("timelines");
        dev.argoforensics.read.PhaseTimes.mark("report: before the timelines");
        int written = 0;
        // Read once, in order: none kept for a second reading.
        for (Timeline t : r.timelines() instanceof Timelines lazy ? lazy.once() : r.timelines()) {
            timeline(g, t);
            if (++written == r.timelines().size() / 2) {
                dev.argoforensics.read.PhaseTimes.mark("report: half the timelines");
            }
        }
        g.writeEndArray();
    }

    private static void strings(JsonGenerator g, String field, Iterable<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void provenance(JsonGenerator g, Provenance p) throws IOException {
        strings(g, "commandLine", p.commandLine());
        g.writeStringField("analysisClock", p.clock().format());
        g.writeBooleanField("clockGiven", p.clockGiven());
        g.writeArrayFieldStart("argoVersions");
        for (Provenance.ArgoVersion v : p.argoVersions()) {
            g.writeStartObject();
            g.writeStringField("release", v.release());
            strings(g, "controllers", v.controllers());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("lines");
        g.writeNumberField("logLines", p.lines().logLines());
        g.writeNumberField("logRecords", p.lines().logRecords());
        g.writeNumberField("logContinuation", p.lines().logContinuation());
        g.writeNumberField("logBlank", p.lines().logBlank());
        g.writeNumberField("logUnparsed", p.lines().logUnparsed());
        g.writeNumberField("logFurniture", p.lines().logFurniture());
        g.writeNumberField("objects", p.lines().objects());
        g.writeNumberField("objectsUnreadable", p.lines().objectsUnreadable());
        g.writeNumberField("ignoredFiles", p.lines().ignoredFiles());
        g.writeEndObject();
        g.writeObjectFieldStart("timeZones");
        g.writeStringField("printed", "UTC");
        for (ZoneBasis z : ZoneBasis.values()) {
            if ((z == ZoneBasis.TIME_OF_DAY || z == ZoneBasis.MEASURED) && !p.zones().containsKey(z)) {
                continue; // only inputs that quote times of day have them; only a file whose collector measured its zone, measured ones
            }
            g.writeNumberField(switch (z) {
                case STATED -> "stated";
                case LITERAL_Z -> "literalZ";
                case ASSUMED_UTC -> "assumedUtc";
                case CONFIGURED -> "configured";
                case TIME_OF_DAY -> "timeOfDay";
                case MEASURED -> "measured";
            }, p.zones().getOrDefault(z, 0L));
        }
        g.writeEndObject();
        g.writeBooleanField("redacted", p.redacted());
        g.writeObjectFieldStart("scope");
        scope(g, p);
        g.writeEndObject();
        g.writeArrayFieldStart("inputs");
        for (Provenance.InputDigest i : p.inputs()) {
            g.writeStartObject();
            g.writeStringField("path", i.path());
            g.writeNumberField("bytes", i.bytes());
            g.writeStringField("sha256", i.sha256());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** "scope": what the report is about, each end of the window as given and resolved, and the findings it left out. */
    private static void scope(JsonGenerator g, Provenance p) throws IOException {
        Scope s = p.scope();
        g.writeBooleanField("whole", s.whole());
        bound(g, "since", s.since());
        bound(g, "until", s.until());
        strings(g, "namespaces", s.namespaces());
        strings(g, "workflows", s.workflows());
        strings(g, "pods", s.pods());
        g.writeNumberField("findingsLeftOut", p.outOfScope());
    }

    private static void bound(JsonGenerator g, String name, Scope.Bound b) throws IOException {
        if (b == null) {
            g.writeNullField(name);
            return;
        }
        g.writeObjectFieldStart(name);
        g.writeStringField("given", b.text());
        g.writeStringField("time", b.at() == null ? null : b.at().format());
        g.writeEndObject();
    }

    /** "inputProblems": each problem with its file, line (null for the file as a whole) and what was expected and found. */
    private static void problems(JsonGenerator g, Report r) throws IOException {
        g.writeArrayFieldStart("inputProblems");
        for (InputProblem p : r.problems()) {
            g.writeStartObject();
            g.writeStringField("path", p.path());
            if (p.line() > 0) {
                g.writeNumberField("line", p.line());
            } else {
                g.writeNullField("line");
            }
            g.writeStringField("problem", p.problem());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void input(JsonGenerator g, InputSummary i) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", i.file().displayPath());
        g.writeStringField("kind", i.kindLabel());
        g.writeStringField("format", i.format());
        g.writeStringField("sha256", i.sha256());
        g.writeNumberField("lines", i.lines());
        g.writeNumberField("events", i.events());
        g.writeNumberField("recognised", i.recognised());
        g.writeNumberField("blank", i.blank());
        g.writeNumberField("unparsed", i.unparsed());
        g.writeNumberField("furniture", i.furniture().lines());
        if (i.readInPart() > 0) {
            g.writeNumberField("cutLinesReadInPart", i.readInPart());
        }
        if (i.pastedObjects() > 0) {
            g.writeNumberField("objectsFromOutput", i.pastedObjects());
        }
        g.writeNumberField("continuation", i.continuation());
        g.writeNumberField("prefixed", i.prefixed());
        if (!i.otherContainers().isEmpty()) {
            g.writeObjectFieldStart("otherContainers");
            for (var c : i.otherContainers().entrySet()) {
                g.writeNumberField(c.getKey(), c.getValue());
            }
            g.writeEndObject();
        }
        g.writeStringField("release", i.versionGuess());
        strings(g, "notes", i.notes().stream().map(Words.english()::render).toList());
        g.writeArrayFieldStart("noteCodes");
        for (Message note : i.notes()) {
            g.writeStartObject();
            FindingJson.code(g, "code", note);
            FindingJson.values(g, "values", note);
            g.writeEndObject();
        }
        g.writeEndArray();
        strings(g, "excerptCommands", i.furniture().commands());
        g.writeArrayFieldStart("unparsedSamples");
        for (UnparsedLine u : i.samples()) {
            g.writeStartObject();
            FindingJson.source(g, u.source());
            g.writeStringField("reason", u.reason());
            g.writeStringField("text", u.text());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void controller(JsonGenerator g, ControllerProcess p) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", p.id());
        g.writeStringField("label", p.label());
        g.writeStringField("replica", p.replica());
        g.writeStringField("replicaFrom", p.replicaFrom().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("incarnation", p.incarnation());
        g.writeStringField("release", p.release());
        g.writeStringField("leadership", p.leadership().name().toLowerCase(Locale.ROOT));
        g.writeStringField("first", p.first() == null ? null : p.first().format());
        g.writeStringField("last", p.last() == null ? null : p.last().format());
        g.writeNumberField("events", p.events());
        strings(g, "files", p.files());
        if (p.continuesIn() != null) {
            g.writeStringField("continuesIn", p.continuesIn());
        }
        if (p.selectedBy() != null) {
            g.writeStringField("selectedBy", p.selectedBy());
        }
        g.writeEndObject();
    }

    /** {@code --min-confidence}, and how many findings below it were left out, in all and by confidence. */
    private static void filter(JsonGenerator g, ConfidenceFilter filter) throws IOException {
        g.writeStringField("minConfidence", filter.minimum().label());
        g.writeNumberField("leftOut", filter.total());
        g.writeObjectFieldStart("leftOutByConfidence");
        for (Confidence c : Confidence.values()) {
            if (c != Confidence.CONFIRMED) {
                g.writeNumberField(c.label(), filter.ofConfidence(c));
            }
        }
        g.writeEndObject();
    }

    private static void rule(JsonGenerator g, RuleOutcome o, ConfidenceFilter filter) throws IOException {
        g.writeStartObject();
        g.writeStringField("rule", o.rule());
        g.writeStringField("title", o.title());
        g.writeBooleanField("evaluated", o.evaluated());
        strings(g, "missing", o.missing());
        strings(g, "lackingOptional", o.lackingOptional());
        g.writeNumberField("findings", o.findings().size());
        g.writeNumberField("leftOut", filter.ofRule(o.rule()));
        g.writeArrayFieldStart("cleared");
        for (Clearance c : o.cleared()) {
            g.writeStartObject();
            FindingJson.pod(g, c.pod(), c.pod() == null ? null : c.pod().uid());
            g.writeStringField("reason", c.reason());
            FindingJson.code(g, "reasonCode", c.why());
            FindingJson.source(g, c.evidence());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void timeline(JsonGenerator g, Timeline t) throws IOException {
        g.writeStartObject();
        FindingJson.pod(g, t.pod(), t.uid());
        NodeLink link = t.node();
        FindingJson.workflow(g, "workflow", link == null ? null : link.workflow());
        if (link == null) {
            g.writeNullField("node");
        } else {
            g.writeObjectFieldStart("node");
            g.writeStringField("id", link.nodeId());
            g.writeStringField("name", link.nodeName());
            g.writeStringField("linkedBy", link.basis().name().toLowerCase(Locale.ROOT));
            FindingJson.source(g, link.source());
            g.writeEndObject();
        }
        g.writeObjectFieldStart("identity");
        g.writeStringField("uidBasis", t.identity().basis().name().toLowerCase(Locale.ROOT));
        g.writeStringField("text", t.identity().describe());
        g.writeEndObject();
        g.writeArrayFieldStart("entries");
        for (TimelineEntry e : t.entries()) {
            g.writeStartObject();
            g.writeStringField("time", e.time().format());
            FindingJson.source(g, e.source());
            g.writeStringField("kind", e.kind());
            g.writeStringField("text", e.text());
            g.writeStringField("precision", e.time().precision().name().toLowerCase(Locale.ROOT));
            g.writeBooleanField("lowerBound", e.lowerBound());
            g.writeBooleanField("concurrent", e.concurrent());
            g.writeStringField("controller", e.controller());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
