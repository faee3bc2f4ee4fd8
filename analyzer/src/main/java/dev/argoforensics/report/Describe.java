package dev.argoforensics.report;

import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.rules.Fact;
import dev.argoforensics.rules.Finding;
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
        return pod + (uid == null || uid.isEmpty() ? "" : " (uid " + uid + ")");
    }

    static String workflow(WorkflowRef w) {
        return w == null ? "unknown" : w.toString();
    }

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
            case STANDBY -> b.append("; standby (never led)");
            case SINGLE_INSTANCE -> b.append("; single instance");
            default -> { }
        }
        if (p.first() != null) {
            b.append("; ").append(p.first().format()).append(" to ").append(p.last().format());
        }
        return b.append("; ").append(plural(p.events(), "line", "lines")).append("; named by ").append(p.replicaFrom().description()).toString();
    }

    static String value(Fact f) {
        return f.value() == null ? "unknown" : String.valueOf(f.value());
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
}
