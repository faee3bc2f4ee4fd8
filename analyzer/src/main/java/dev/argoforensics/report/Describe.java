package dev.argoforensics.report;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Confidence;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
import dev.argoforensics.rules.RuleOutcome;
import dev.argoforensics.rules.Severity;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Phrases shared by the text and Markdown renderers, so both say the same thing the same way. */
final class Describe {
    private Describe() {
    }

    static String pod(PodKey pod, String uid) {
        return podOrNone(pod) + (uid == null || uid.isEmpty() ? "" : " (uid " + uid + ")");
    }

    /** The Pod, or "none" for a finding about a Workflow or the controllers rather than one Pod. */
    static String podOrNone(PodKey pod) {
        return pod == null ? NO_POD : pod.toString();
    }

    /** What stands for the Pod of a finding about a Workflow, a node whose Pod no evidence names, or the controllers. */
    static final String NO_POD = "none named (the finding is about a Workflow, a node or the controllers)";

    static String workflow(WorkflowRef w) {
        return w == null ? "unknown" : w.toString();
    }

    /**
     * A finding's node, or what stands for one: a finding about a Workflow as a whole or the controllers (AF012, AF013) names no Pod
     * and no node, and no node was missing from it; a finding about a Pod that no evidence ties to a node says that, as its timeline
     * does. "unknown" said neither.
     */
    static String node(Finding f) {
        if (f.node() != null) {
            return node(f.node());
        }
        return f.pod() == null ? NO_NODE : "not tied to a Workflow node";
    }

    /** What stands for the node of a finding about a Workflow as a whole or the controllers. */
    static final String NO_NODE = "none (the finding is about the Workflow as a whole, not one of its nodes)";

    static String node(Finding.NodeRef n) {
        if (n == null) {
            return "unknown";
        }
        return n.id() + (n.name() == null || n.name().equals(n.id()) ? "" : " (" + n.name() + ")");
    }

    static String link(NodeLink link) {
        if (link == null) {
            return "not tied to a Workflow node";
        }
        return "node " + link.nodeId() + (link.nodeName() == null || link.nodeName().equals(link.nodeId()) ? "" : " (" + link.nodeName() + ")")
                + " of Workflow " + link.workflow() + ", by " + link.basis().description() + " (" + link.source() + ")";
    }

    /** One controller run in a line: release, leadership, time span, size. */
    static String controller(ControllerProcess p) {
        StringBuilder b = new StringBuilder();
        b.append(p.release() == null ? "release unknown" : p.release());
        switch (p.leadership()) {
            case LEADER -> b.append("; leader");
            // What the election lines show, not that the run never led: a standby runs no pod controller (WorkflowController.Run is
            // called only on leading), so a run whose pod controller logged led, its line of taking the lease missing (session 38).
            case STANDBY -> b.append("; standby by its lines (its election lines wait for the lease or name another holder, none says it took it,"
                    + " and it processed no Workflow; a standby logs no pod controller line, so if it logged one it led, its line of taking"
                    + " the lease not in the input)");
            case LED_BY_WORK -> b.append("; leader by its work (it processed Workflows from ").append(p.work().first().format())
                    .append(", which only a leader does; its line of taking the lease is not in the input)");
            case LED_BY_STOP -> b.append("; leader by its loss of the lease (it logged losing the lease, which only a holder does;"
                    + " its line of taking the lease is not in the input)");
            case SINGLE_INSTANCE -> b.append("; single instance");
            default -> { }
        }
        if (p.first() != null) {
            b.append("; ").append(p.first().format()).append(" to ").append(p.last().format());
        }
        b.append("; ").append(plural(p.events(), "line", "lines")).append("; named by ").append(p.replicaFrom().description());
        if (p.continuesIn() != null) {
            b.append("; its log goes on in ").append(p.continuesIn()).append(", not given: its evidence ends at its last line");
        }
        if (p.selectedBy() != null) {
            b.append("; its lines were selected or cut (").append(p.selectedBy()).append("): not all it wrote is given");
        }
        return b.toString();
    }

    static String value(Fact f) {
        return f.value() == null ? "unknown" : String.valueOf(f.value());
    }

    /**
     * The headline: how many findings were reported, how severe, how many of them are possible, and
     * how many {@code --min-confidence} left out. "3 findings (2 high, 1 medium)", "4 findings (3 high,
     * 1 medium), 1 of them possible", "1 possible finding (1 high)", "no findings; 1 possible finding
     * left out by --min-confidence likely".
     */
    static String findingCount(Report r) {
        List<Finding> findings = r.findings();
        long possible = findings.stream().filter(f -> !Report.inFull(f)).count();
        String count = findingCount(findings);
        if (possible > 0 && possible == findings.size()) {
            count = count.replaceFirst(" finding", " possible finding");
        } else if (possible > 0) {
            count += ", " + possible + " of them possible";
        }
        int outOfScope = r.provenance().outOfScope();
        if (outOfScope > 0) {
            count += "; " + plural(outOfScope, "finding", "findings") + " out of scope left out";
        }
        ConfidenceFilter filter = r.filter();
        if (filter.total() == 0) {
            return count;
        }
        List<Confidence> kinds = java.util.Arrays.stream(Confidence.values()).filter(c -> filter.ofConfidence(c) > 0).toList();
        if (kinds.size() == 1) {
            String label = kinds.get(0).label();
            return count + "; " + plural(filter.total(), label + " finding", label + " findings") + " left out by " + filter.option();
        }
        return count + "; " + plural(filter.total(), "finding", "findings") + " left out by " + filter.option() + " ("
                + kinds.stream().map(c -> filter.ofConfidence(c) + " " + c.label()).collect(Collectors.joining(", ")) + ")";
    }

    /** "1 finding (1 high)", "no findings". */
    static String findingCount(List<Finding> findings) {
        if (findings.isEmpty()) {
            return "no findings";
        }
        Map<Severity, Long> bySeverity = new EnumMap<>(Severity.class);
        findings.forEach(f -> bySeverity.merge(f.severity(), 1L, Long::sum));
        String counts = bySeverity.entrySet().stream()
                .sorted(Map.Entry.<Severity, Long>comparingByKey().reversed())
                .map(e -> e.getValue() + " " + e.getKey().label())
                .collect(Collectors.joining(", "));
        return findings.size() + (findings.size() == 1 ? " finding" : " findings") + " (" + counts + ")";
    }

    static String plural(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /**
     * "1 finding", "2 findings (1 possible)", "0 findings, 1 left out by --min-confidence likely",
     * "0 findings; without an exported Pod", "not evaluated: missing …".
     */
    static String ruleResult(RuleOutcome o, ConfidenceFilter filter) {
        if (!o.evaluated()) {
            return "not evaluated: missing " + String.join(", ", o.missing());
        }
        long possible = o.findings().stream().filter(f -> !Report.inFull(f)).count();
        int leftOut = filter.ofRule(o.rule());
        return plural(o.findings().size(), "finding", "findings") + (possible == 0 ? "" : " (" + possible + " possible)")
                + (leftOut == 0 ? "" : ", " + leftOut + " left out by " + filter.option())
                + (o.lackingOptional().isEmpty() ? "" : "; without " + String.join(", ", o.lackingOptional()));
    }

    /** The heading of the possible findings' short lines. */
    static final String POSSIBLE_HEADING = "Possible findings, in short";

    /** Why the possible findings are one line each, and where to find them in full. */
    static final String POSSIBLE_WHY = "Confidence possible: the evidence shows the sequence, but not its outcome or not all of it,"
            + " so each is told in one line, not in full: the rule, severity, Pod and Workflow, why it is only possible, and the last"
            + " line it cites (where its evidence stops). The JSON report has them in full; --min-confidence likely leaves them out.";

    /** The possible findings by rule, in rule order, each rule's in the report's order. */
    static Map<String, List<Finding>> possibleByRule(Report r) {
        Map<String, List<Finding>> byRule = new java.util.LinkedHashMap<>();
        r.possibleFindings().forEach(f -> byRule.computeIfAbsent(f.rule(), k -> new java.util.ArrayList<>()).add(f));
        return byRule;
    }

    /** The {@code file:line} a short line points to, or that the finding cites nothing. */
    static String decisive(Finding f) {
        return Report.decisiveEvidence(f).map(e -> e.source().toString()).orElse("no evidence cited");
    }

    /** "2026-09-20T00:00:00Z (--now)", "2026-11-30T13:50:02Z (the time of the run)". */
    static String clock(Provenance p) {
        return p.clock().format() + (p.clockGiven() ? " (--now)" : " (the time of the run; --now makes the report reproducible)");
    }

    /** "49 log lines: 49 records, 0 continuation, 0 blank, 0 unparsed; 3 objects, 0 unreadable; 1 file ignored". */
    static String lineCounts(Provenance.LineCounts c) {
        return plural(c.logLines(), "log line", "log lines") + ": " + plural(c.logRecords(), "record", "records") + ", "
                + c.logContinuation() + " continuation, " + c.logBlank()
                + " blank, " + c.logUnparsed() + " unparsed" + (c.logFurniture() > 0 ? ", " + c.logFurniture() + " excerpt furniture" : "") + "; " + plural(c.objects(), "object", "objects") + ", " + c.objectsUnreadable()
                + " unreadable; " + plural(c.ignoredFiles(), "file", "files") + " ignored";
    }

    /** "excerpt filtered by" for a command that selects lines (a pipe, grep), else "excerpt produced by". */
    static String excerptBy(String command) {
        return Furniture.filters(command) ? "excerpt filtered by" : "excerpt produced by";
    }

    /** How the log times' zones were known, in words; times are always printed in UTC. */
    static String zones(Provenance p) {
        List<String> parts = new java.util.ArrayList<>();
        p.zones().forEach((basis, n) -> parts.add(switch (basis) {
            case STATED -> plural(n, "log time", "log times") + " stated their zone";
            case LITERAL_Z -> plural(n, "log time", "log times") + " carried logrus's literal Z (local time printed as if UTC), read as UTC";
            case ASSUMED_UTC -> plural(n, "log time", "log times") + " had no zone, read as UTC";
            case CONFIGURED -> plural(n, "log time", "log times") + " without a stated zone read in the --log-tz zone";
            case MEASURED -> plural(n, "log time", "log times") + " without a stated zone read in the zone stated times measured (their"
                    + " collector's, or the records' own: the file's note says which)";
            case TIME_OF_DAY -> plural(n, "log time", "log times") + " quoted as a time of day only (no date, no zone): printed as quoted,"
                    + " ordered among themselves only";
        }));
        return "printed in UTC" + (parts.isEmpty() ? "" : "; " + String.join(", ", parts));
    }

    /** "v4.1.3 (Starting Workflow Controller version=v4.1.3) in run-a #1, run-b #1", or that none was found. */
    static String argoVersions(Provenance p) {
        if (p.argoVersions().isEmpty()) {
            return "not detected: no line the catalog ties to a release";
        }
        return p.argoVersions().stream().map(v -> v.release() + " in " + String.join(", ", v.controllers()))
                .collect(Collectors.joining("; "));
    }

    static String redaction(Provenance p) {
        return p.redacted() ? "identifiers replaced by keyed pseudonyms (--redact)" : "none";
    }

    /** "the whole evidence", or the scope and how many findings it left out. */
    static String scope(Provenance p) {
        Scope s = p.scope();
        if (s.whole()) {
            return s.describe();
        }
        return s.describe() + "; " + plural(p.outOfScope(), "finding", "findings") + " out of it left out"
                + " (the evidence is read whole: controller runs, stalls and worker numbers outside it still count)";
    }

    static String commandLine(Provenance p) {
        return ToolInfo.NAME + (p.commandLine().isEmpty() ? "" : " " + String.join(" ", p.commandLine()));
    }

    /** "4,123 bytes". */
    static String bytes(Long n) {
        return n == null ? "size unknown" : String.format(java.util.Locale.ROOT, "%,d", n) + (n == 1 ? " byte" : " bytes");
    }

    /**
     * The sentence saying there were no evidence gaps: every rule had what it needs and the exports it uses if present, and
     * every input was read. It does not claim that no more evidence could have made a finding surer: a finding below
     * confirmed says why (an audit record or an earlier export would have settled it), so the reported ones are counted here.
     */
    static String noGaps(Report r) {
        long unsure = r.findings().stream().filter(f -> f.confidence() != Confidence.CONFIRMED).count();
        return "none: every rule had the evidence it needs and what it uses if present, and every input was read"
                + (unsure == 0 ? "" : "; " + plural(unsure, "finding is", "findings are")
                        + " not confirmed, and " + (unsure == 1 ? "its" : "each one's") + " confidence reason says why");
    }
}
