package dev.argoforensics.report;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Clearance;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.EvidenceLine;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.timeline.Timeline;
import dev.argoforensics.timeline.TimelineEntry;
import dev.argoforensics.time.ZoneBasis;
import java.util.Locale;

/**
 * The JSON report, schema version 1 (docs/report-schema.md). Fields are written in a fixed order
 * and the same report always gives the same bytes.
 */
final class JsonRenderer implements ReportRenderer {
    private static final ObjectMapper MAPPER = JsonStyle.mapper();
    private static final ObjectWriter WRITER = JsonStyle.writer();

    @Override
    public String render(Report r) {
        ObjectNode root = head(r, true);
        filter(root.putObject("confidenceFilter"), r.filter());
        ArrayNode findings = root.putArray("findings");
        r.findings().forEach(f -> finding(findings.addObject(), f));
        ArrayNode rules = root.putArray("rules");
        r.rules().forEach(o -> rule(rules.addObject(), o, r.filter()));
        ArrayNode timelines = root.putArray("timelines");
        r.timelines().forEach(t -> timeline(timelines.addObject(), t));
        ArrayNode gaps = root.putArray("gaps");
        for (EvidenceGap g : r.gaps()) {
            gaps.addObject().put("subject", g.subject()).put("detail", g.detail());
        }
        problems(root, r);
        return write(root);
    }

    @Override
    public String renderTimelines(Report r) {
        ObjectNode root = head(r, false);
        ArrayNode timelines = root.putArray("timelines");
        r.timelines().forEach(t -> timeline(timelines.addObject(), t));
        problems(root, r);
        return write(root);
    }

    /** schemaVersion, tool, (the report's provenance,) inputs and controllers: what every JSON document starts with. */
    private static ObjectNode head(Report r, boolean withProvenance) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", r.schemaVersion());
        ObjectNode tool = root.putObject("tool");
        tool.put("name", r.tool().name());
        tool.put("version", r.tool().version());
        tool.put("commit", r.tool().commit());
        if (withProvenance) {
            provenance(root.putObject("provenance"), r.provenance());
        }
        ArrayNode inputs = root.putArray("inputs");
        r.inputs().forEach(i -> input(inputs.addObject(), i));
        ArrayNode controllers = root.putArray("controllers");
        r.controllers().forEach(p -> controller(controllers.addObject(), p));
        return root;
    }

    private static String write(ObjectNode root) {
        try {
            return WRITER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serialises", e);
        }
    }

    private static void provenance(ObjectNode n, Provenance p) {
        ArrayNode args = n.putArray("commandLine");
        p.commandLine().forEach(args::add);
        n.put("analysisClock", p.clock().format());
        n.put("clockGiven", p.clockGiven());
        ArrayNode versions = n.putArray("argoVersions");
        for (Provenance.ArgoVersion v : p.argoVersions()) {
            ObjectNode o = versions.addObject();
            o.put("release", v.release());
            ArrayNode runs = o.putArray("controllers");
            v.controllers().forEach(runs::add);
        }
        ObjectNode lines = n.putObject("lines");
        lines.put("logLines", p.lines().logLines());
        lines.put("logRecords", p.lines().logRecords());
        lines.put("logContinuation", p.lines().logContinuation());
        lines.put("logBlank", p.lines().logBlank());
        lines.put("logUnparsed", p.lines().logUnparsed());
        lines.put("logFurniture", p.lines().logFurniture());
        lines.put("objects", p.lines().objects());
        lines.put("objectsUnreadable", p.lines().objectsUnreadable());
        lines.put("ignoredFiles", p.lines().ignoredFiles());
        ObjectNode zones = n.putObject("timeZones");
        zones.put("printed", "UTC");
        for (ZoneBasis z : ZoneBasis.values()) {
            zones.put(switch (z) {
                case STATED -> "stated";
                case LITERAL_Z -> "literalZ";
                case ASSUMED_UTC -> "assumedUtc";
                case CONFIGURED -> "configured";
            }, p.zones().getOrDefault(z, 0L));
        }
        n.put("redacted", p.redacted());
        scope(n.putObject("scope"), p);
        ArrayNode inputs = n.putArray("inputs");
        for (Provenance.InputDigest i : p.inputs()) {
            ObjectNode o = inputs.addObject();
            o.put("path", i.path());
            o.put("bytes", i.bytes());
            o.put("sha256", i.sha256());
        }
    }

    /** "scope": what the report is about, each end of the window as given and resolved, and the findings it left out. */
    private static void scope(ObjectNode n, Provenance p) {
        Scope s = p.scope();
        n.put("whole", s.whole());
        bound(n, "since", s.since());
        bound(n, "until", s.until());
        s.namespaces().forEach(n.putArray("namespaces")::add);
        s.workflows().forEach(n.putArray("workflows")::add);
        s.pods().forEach(n.putArray("pods")::add);
        n.put("findingsLeftOut", p.outOfScope());
    }

    private static void bound(ObjectNode n, String name, Scope.Bound b) {
        if (b == null) {
            n.putNull(name);
            return;
        }
        ObjectNode o = n.putObject(name);
        o.put("given", b.text());
        o.put("time", b.at() == null ? null : b.at().format());
    }

    /** "inputProblems": each problem with its file, line (null for the file as a whole) and what was expected and found. */
    private static void problems(ObjectNode root, Report r) {
        ArrayNode problems = root.putArray("inputProblems");
        for (InputProblem p : r.problems()) {
            ObjectNode o = problems.addObject();
            o.put("path", p.path());
            if (p.line() > 0) {
                o.put("line", p.line());
            } else {
                o.putNull("line");
            }
            o.put("problem", p.problem());
        }
    }

    private static void input(ObjectNode n, InputSummary i) {
        n.put("path", i.file().displayPath());
        n.put("kind", i.file().kind().label());
        n.put("format", i.format());
        n.put("sha256", i.sha256());
        n.put("lines", i.lines());
        n.put("events", i.events());
        n.put("recognised", i.recognised());
        n.put("blank", i.blank());
        n.put("unparsed", i.unparsed());
        n.put("furniture", i.furniture().lines());
        if (i.readInPart() > 0) {
            n.put("cutLinesReadInPart", i.readInPart());
        }
        n.put("continuation", i.continuation());
        n.put("prefixed", i.prefixed());
        if (!i.otherContainers().isEmpty()) {
            ObjectNode containers = n.putObject("otherContainers");
            i.otherContainers().forEach(containers::put);
        }
        n.put("release", i.versionGuess());
        ArrayNode notes = n.putArray("notes");
        i.notes().forEach(notes::add);
        ArrayNode commands = n.putArray("excerptCommands");
        i.furniture().commands().forEach(commands::add);
        ArrayNode samples = n.putArray("unparsedSamples");
        for (UnparsedLine u : i.samples()) {
            ObjectNode s = samples.addObject();
            source(s, u.source());
            s.put("reason", u.reason());
            s.put("text", u.text());
        }
    }

    private static void finding(ObjectNode n, Finding f) {
        n.put("rule", f.rule());
        n.put("title", f.title());
        n.put("severity", f.severity().label());
        n.put("confidence", f.confidence().label());
        n.put("confidenceReason", f.confidenceReason());
        pod(n, f.pod(), f.podUid());
        workflow(n, "workflow", f.workflow());
        if (f.node() == null) {
            n.putNull("node");
        } else {
            ObjectNode node = n.putObject("node");
            node.put("id", f.node().id());
            node.put("name", f.node().name());
        }
        n.put("summary", f.summary());
        n.put("explanation", f.explanation());
        for (Fact fact : f.facts()) {
            Object v = fact.value();
            if (v == null) {
                n.putNull(fact.key());
            } else if (v instanceof Long l) {
                n.put(fact.key(), l);
            } else if (v instanceof Integer i) {
                n.put(fact.key(), i);
            } else if (v instanceof Boolean b) {
                n.put(fact.key(), b);
            } else {
                n.put(fact.key(), (String) v);
            }
        }
        ArrayNode evidence = n.putArray("evidence");
        for (EvidenceLine e : f.evidence()) {
            ObjectNode o = evidence.addObject();
            source(o, e.source());
            o.put("time", e.time() == null ? null : e.time().format());
            o.put("role", e.role());
            o.put("text", e.text());
            o.put("controller", e.controller());
        }
    }

    private static void controller(ObjectNode n, ControllerProcess p) {
        n.put("id", p.id());
        n.put("label", p.label());
        n.put("replica", p.replica());
        n.put("replicaFrom", p.replicaFrom().name().toLowerCase(Locale.ROOT));
        n.put("incarnation", p.incarnation());
        n.put("release", p.release());
        n.put("leadership", p.leadership().name().toLowerCase(Locale.ROOT));
        n.put("first", p.first() == null ? null : p.first().format());
        n.put("last", p.last() == null ? null : p.last().format());
        n.put("events", p.events());
        ArrayNode files = n.putArray("files");
        p.files().forEach(files::add);
    }

    /** {@code --min-confidence}, and how many findings below it were left out, in all and by confidence. */
    private static void filter(ObjectNode n, ConfidenceFilter filter) {
        n.put("minConfidence", filter.minimum().label());
        n.put("leftOut", filter.total());
        ObjectNode by = n.putObject("leftOutByConfidence");
        for (Confidence c : Confidence.values()) {
            if (c != Confidence.CONFIRMED) {
                by.put(c.label(), filter.ofConfidence(c));
            }
        }
    }

    private static void rule(ObjectNode n, RuleOutcome o, ConfidenceFilter filter) {
        n.put("rule", o.rule());
        n.put("title", o.title());
        n.put("evaluated", o.evaluated());
        ArrayNode missing = n.putArray("missing");
        o.missing().forEach(missing::add);
        ArrayNode lacking = n.putArray("lackingOptional");
        o.lackingOptional().forEach(lacking::add);
        n.put("findings", o.findings().size());
        n.put("leftOut", filter.ofRule(o.rule()));
        ArrayNode cleared = n.putArray("cleared");
        for (Clearance c : o.cleared()) {
            ObjectNode x = cleared.addObject();
            pod(x, c.pod(), c.pod() == null ? null : c.pod().uid());
            x.put("reason", c.reason());
            source(x, c.evidence());
        }
    }

    private static void timeline(ObjectNode n, Timeline t) {
        pod(n, t.pod(), t.uid());
        NodeLink link = t.node();
        workflow(n, "workflow", link == null ? null : link.workflow());
        if (link == null) {
            n.putNull("node");
        } else {
            ObjectNode node = n.putObject("node");
            node.put("id", link.nodeId());
            node.put("name", link.nodeName());
            node.put("linkedBy", link.basis().name().toLowerCase(Locale.ROOT));
            source(node, link.source());
        }
        ObjectNode identity = n.putObject("identity");
        identity.put("uidBasis", t.identity().basis().name().toLowerCase(Locale.ROOT));
        identity.put("text", t.identity().describe());
        ArrayNode entries = n.putArray("entries");
        for (TimelineEntry e : t.entries()) {
            ObjectNode o = entries.addObject();
            o.put("time", e.time().format());
            source(o, e.source());
            o.put("kind", e.kind());
            o.put("text", e.text());
            o.put("precision", e.time().precision().name().toLowerCase(Locale.ROOT));
            o.put("lowerBound", e.lowerBound());
            o.put("concurrent", e.concurrent());
            o.put("controller", e.controller());
        }
    }

    /** The Pod as {@code {namespace, name, uid}}, or null for a finding about a Workflow or the controllers. */
    private static void pod(ObjectNode parent, PodKey pod, String uid) {
        if (pod == null) {
            parent.putNull("pod");
            return;
        }
        ObjectNode n = parent.putObject("pod");
        n.put("namespace", pod.namespace());
        n.put("name", pod.name());
        n.put("uid", uid == null || uid.isEmpty() ? null : uid);
    }

    private static void workflow(ObjectNode parent, String field, WorkflowRef w) {
        if (w == null) {
            parent.putNull(field);
            return;
        }
        ObjectNode n = parent.putObject(field);
        n.put("namespace", w.namespace());
        n.put("name", w.name());
    }

    private static void source(ObjectNode n, SourceRef s) {
        n.put("source", s.file());
        n.put("line", s.line());
    }
}
