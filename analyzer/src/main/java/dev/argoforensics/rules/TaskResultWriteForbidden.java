package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * AF011: the executor could not write its task result: the API server refused the Pod's service
 * account the WorkflowTaskResult create (or patch), so the wait container exited 64 and the node ended
 * Error. From v3.6 there is no fallback to annotating the Pod. Read from the node's message as the
 * controller logs it ({@code Pod failed: wait: Error (exit code 64): workflowtaskresults.argoproj.io is
 * forbidden: …}), from exports of the Pod or Workflow, and from the wait container's own log when
 * given. Upstream #12351, #15016, #15203, #14919 (a look-alike). See docs/rules/AF011.md.
 */
public final class TaskResultWriteForbidden extends DeclaredRule {
    public static final String ID = "AF011";
    static final String LOG = "the controller log";
    static final String POD = "the exported Pod";
    static final String WORKFLOW = "the exported Workflow";
    static final String EXECUTOR = "the wait container's log";

    public TaskResultWriteForbidden() {
        super(ID, "Executor forbidden to write its task result", Severity.HIGH);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(), List.of(Set.of(EvidenceKind.CONTROLLER_LOG, EvidenceKind.POD_SNAPSHOT, EvidenceKind.WORKFLOW_SNAPSHOT)),
                Set.of(EvidenceKind.POD_SNAPSHOT));
    }

    /**
     * What one source says of the Pod's wait container.
     *
     * @param exit64    it says the wait container (or an unnamed one, before v3.7) exited 64
     * @param text      the message after the exit code, "" if none
     * @param forbidden the refusal it states, or null
     * @param cited     the line, or the export, to cite
     */
    private record Said(String kind, boolean exit64, String text, ForbiddenWrite forbidden, Object cited) {
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        List<LogEvent> executor = correlation.events().stream().filter(e -> e.event() instanceof Signal s
                && (("task-result-write-failed".equals(s.name()) && s.attribute("fallback") == null) || "executor-error".equals(s.name()))
                && ForbiddenWrite.parse(s.attribute("error")).isPresent()).toList();
        for (PodHistory pod : correlation.pods().values()) {
            List<Said> said = said(correlation, pod);
            if (said.stream().noneMatch(s -> s.exit64() || s.forbidden() != null)) {
                continue;
            }
            Said forbidden = said.stream().filter(s -> s.forbidden() != null).findFirst().orElse(null);
            boolean byNode = false;
            if (forbidden == null) {
                LogEvent ex = tied(executor, pod, true);
                byNode = ex != null;
                ex = ex != null ? ex : tied(executor, pod, false);
                if (ex != null) {
                    String error = ((Signal) ex.event()).attribute("error");
                    forbidden = new Said(EXECUTOR, false, error, ForbiddenWrite.parse(error).get(), ex);
                    said.add(forbidden);
                }
            }
            if (forbidden != null) {
                findings.add(finding(correlation, pod, said, forbidden, byNode));
                continue;
            }
            Said other = said.stream().filter(s -> s.exit64() && !s.text().isBlank()).findFirst().orElse(null);
            Said any = said.stream().filter(Said::exit64).findFirst().orElseThrow();
            cleared.add(new Clearance(pod.key(), other != null
                    ? "the wait container exited 64 for another reason: " + other.text()
                    : "the wait container exited 64, but no line or export gives its message, so a refused task-result write is not shown "
                            + "(an export of the Pod, or the wait container's log, would say)", source(other != null ? other : any)));
        }
        return new Evaluation(findings, cleared);
    }

    private static dev.argoforensics.source.SourceRef source(Said s) {
        if (s.cited() instanceof LogEvent e) {
            return e.source();
        }
        if (s.cited() instanceof PodSnapshot p) {
            return p.source();
        }
        return ((NodeObservation) s.cited()).snapshot().source();
    }

    /** An executor line about the Pod: naming its node (a refused patch), or, with {@code byNode} false, its namespace. */
    private static LogEvent tied(List<LogEvent> executor, PodHistory pod, boolean byNode) {
        for (LogEvent e : executor) {
            ForbiddenWrite f = ForbiddenWrite.parse(((Signal) e.event()).attribute("error")).get();
            if (byNode ? pod.link() != null && pod.link().nodeId().equals(f.nodeId())
                    : f.target() != null && f.target().equals(pod.key().namespace())) {
                return e;
            }
        }
        return null;
    }

    private static List<Said> said(Correlation correlation, PodHistory pod) {
        List<Said> out = new ArrayList<>();
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name())) {
                out.add(fromMessage(LOG, s.attribute("message"), e));
            }
        }
        if (pod.link() != null) {
            for (LogEvent e : correlation.nodes().of(pod.link())) {
                if (e.event() instanceof NodeChanged c && c.newMessage() != null && !c.newMessage().equals(c.oldMessage())) {
                    out.add(fromMessage(LOG, c.newMessage(), e));
                } else if (e.event() instanceof NodeMessageChanged m) {
                    out.add(fromMessage(LOG, m.message(), e));
                } else if (e.event() instanceof TaskResultForced f && "wait-exit".equals(f.why()) && "64".equals(f.exitCode())) {
                    out.add(new Said(LOG, true, "", null, e));
                }
            }
            WorkflowHistory w = correlation.workflow(pod.link().workflow()).orElse(null);
            if (w != null) {
                for (NodeObservation o : w.nodeObservations(pod.link().nodeId())) {
                    out.add(fromMessage(WORKFLOW, o.node().message(), o));
                }
            }
        }
        for (PodSnapshot p : pod.snapshots()) {
            for (ContainerState c : p.containers()) {
                if ("wait".equals(c.name()) && c.terminated() && Integer.valueOf(64).equals(c.exitCode())) {
                    out.add(new Said(POD, true, c.message().strip(), ForbiddenWrite.parse(c.message()).orElse(null), p));
                }
            }
        }
        out.removeIf(s -> !s.exit64() && s.forbidden() == null);
        return out;
    }

    private static Said fromMessage(String kind, String message, Object cited) {
        ForbiddenWrite.Exit64 x = ForbiddenWrite.exit64(message);
        boolean wait64 = x != null && !x.otherContainer();
        return new Said(kind, wait64, wait64 ? x.text().strip() : "", wait64 ? ForbiddenWrite.parse(x.text()).orElse(null) : null, cited);
    }

    private Finding finding(Correlation correlation, PodHistory pod, List<Said> said, Said forbidden, boolean byNode) {
        ForbiddenWrite f = forbidden.forbidden();
        Cite cite = new Cite(correlation);
        Set<String> kinds = new LinkedHashSet<>();
        for (Said s : said) {
            if (!s.exit64() && s.forbidden() == null) {
                continue;
            }
            kinds.add(s.kind());
            String role = s.forbidden() != null ? "the API server refused the task-result write" : "the wait container exited 64";
            if (s.cited() instanceof LogEvent e) {
                cite.line(e, role);
            } else if (s.cited() instanceof PodSnapshot p) {
                cite.pod(p, "exported Pod: " + role);
            } else if (s.cited() instanceof NodeObservation o) {
                cite.node(o, "exported Workflow: " + role);
            }
        }
        boolean exit64 = said.stream().anyMatch(Said::exit64);
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("serviceAccount", "Service account", f.who()));
        facts.add(new Fact("refusedVerb", "Refused", f.verb() + " workflowtaskresults.argoproj.io" + (f.target() == null ? "" : " in namespace " + f.target())));
        facts.add(new Fact("waitExitCode", "Wait container exit code", exit64 ? 64 : null));
        facts.add(new Fact("shownIn", "Shown in", String.join(", ", kinds)));

        Confidence confidence;
        String reason;
        if (!forbidden.kind().equals(EXECUTOR) && kinds.size() >= 2) {
            confidence = Confidence.CONFIRMED;
            reason = String.join(" and ", kinds) + " agree: the wait container exited 64 because the task-result write was forbidden";
        } else if (!forbidden.kind().equals(EXECUTOR) || byNode) {
            confidence = Confidence.LIKELY;
            reason = forbidden.kind() + " alone states the refusal" + (exit64 ? "" : ", without the wait container's exit code")
                    + "; an export of the Pod (its wait container's state) would confirm it";
        } else {
            confidence = Confidence.POSSIBLE;
            reason = "the refusal is in a wait container's log that names no Pod, tied to this one by its namespace only";
        }
        String summary = "The executor of Pod " + pod.key() + " could not " + f.verb() + " its WorkflowTaskResult: the API server refused "
                + (f.account() != null ? "service account " + f.who() : f.user())
                + (exit64 ? "; the wait container exited 64, so the node ended Error." : ".");
        String ns = f.target() != null ? f.target() : f.namespace() != null ? f.namespace() : pod.key().namespace();
        String explanation = "From v3.6 the wait container writes the step's outputs only through a WorkflowTaskResult, created at its start "
                + "and patched when done, with the Pod's service account; v3.4 and v3.5 fell back to annotating the Pod. The API server "
                + "answered: " + forbidden.text().strip() + ". A refusal is not retried: the executor logs "
                + "\"executor error\", the wait container exits 64 with the error as its termination message, the controller marks the "
                + "task result complete itself (\"marking its taskResult as completed since wait container did not exit normally\") and "
                + "the node ends Error with that message, whatever the main container did. Every Pod run with this service account fails "
                + "the same way. Fix: a Role in namespace " + ns + " granting create and patch on workflowtaskresults in API group "
                + "argoproj.io, bound to " + (f.account() != null ? "service account " + f.who() : f.user())
                + " (the workflow's spec.serviceAccountName, else the namespace's default); see "
                + "https://argo-workflows.readthedocs.io/en/latest/workflow-rbac/. Upstream: argoproj/argo-workflows#12351, #15016 and #15203.";
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), pod.link() == null ? null : pod.link().workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary, explanation, facts,
                cite.evidence());
    }
}
