package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.ForbiddenWrite;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.correlate.WorkflowHistory;
import dev.argoforensics.correlate.WorkflowHistory.NodeObservation;
import dev.argoforensics.event.ControllerEvent.NodeChanged;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.TaskResultForced;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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

    /** Where the wait container's exit or the refusal is shown. */
    enum Source {
        LOG("AF011.source.log"), POD("AF011.source.pod"), WORKFLOW("AF011.source.workflow"), EXECUTOR("AF011.source.executor");

        private final String key;

        Source(String key) {
            this.key = key;
        }

        Message words() {
            return Message.of(key);
        }
    }

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
    private record Said(Source kind, boolean exit64, String text, ForbiddenWrite forbidden, Object cited) {
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        Refusals executor = Refusals.of(correlation.events());
        for (PodHistory pod : correlation.pods().values()) {
            List<Said> said = said(correlation, pod);
            // The wait container's own lines, the Pod named by whoever collected them (kubectl --prefix, a pasted
            // "kubectl logs POD -c wait" prompt, a CRI path): the refusal is this Pod's, whatever else is known of it.
            LogEvent own = pod.events().stream().filter(TaskResultWriteForbidden::executorRefusal).findFirst().orElse(null);
            if (own == null && said.stream().noneMatch(s -> s.exit64() || s.forbidden() != null)) {
                continue;
            }
            Said forbidden = said.stream().filter(s -> s.forbidden() != null).findFirst().orElse(null);
            boolean byNode = false;
            // The Pod's own sources give its wait container's exit 64 another reason (its termination message is the
            // executor's first error): a refusal tied to it only by node or namespace does not outweigh that.
            Said otherReason = forbidden != null ? null
                    : said.stream().filter(s -> s.exit64() && !s.text().isBlank()).findFirst().orElse(null);
            if (forbidden == null) {
                LogEvent ex = own != null ? own : executor.ofNode(pod);
                byNode = ex != null;
                ex = ex != null ? ex : executor.inNamespace(pod);
                if (ex != null) {
                    String error = ((Signal) ex.event()).attribute("error");
                    forbidden = new Said(Source.EXECUTOR, false, error, ForbiddenWrite.parse(error).get(), ex);
                    said.add(forbidden);
                }
            }
            if (forbidden != null) {
                findings.add(finding(correlation, pod, said, forbidden, byNode, own == null ? otherReason : null));
                continue;
            }
            Said other = said.stream().filter(s -> s.exit64() && !s.text().isBlank()).findFirst().orElse(null);
            Said any = said.stream().filter(Said::exit64).findFirst().orElseThrow();
            cleared.add(new Clearance(pod.key(), other != null ? Message.of("AF011.cleared.otherReason", "text", other.text())
                    : Message.of("AF011.cleared.noMessage"), source(other != null ? other : any)));
        }
        return new Evaluation(findings, cleared);
    }

    /** An executor's line saying a write of its task result was refused: the rule ties it to a Pod by node or namespace. */
    static boolean executorRefusal(LogEvent e) {
        return e.event() instanceof Signal s
                && (("task-result-write-failed".equals(s.name()) && s.attribute("fallback") == null) || "executor-error".equals(s.name()))
                && ForbiddenWrite.parse(s.attribute("error")).isPresent();
    }

    private static dev.argoforensics.source.SourceRef source(Said s) {
        if (s.cited() instanceof LogEvent e) {
            return e.source();
        }
        if (s.cited() instanceof PodSnapshot p) {
            return p.source();
        }
        return ((NodeObservation) s.cited()).source();
    }

    /** An executor line about the Pod: naming its node (a refused patch), or, with {@code byNode} false, its namespace. */
    /**
     * The executor's refusals in the lines, found by the node their error names and by the namespace it names: the first of each
     * in line order, looked up per Pod (not a walk of every refusal for every Pod).
     */
    private record Refusals(Map<String, LogEvent> byNode, Map<String, LogEvent> byNamespace) {
        static Refusals of(List<LogEvent> events) {
            Map<String, LogEvent> byNode = new HashMap<>();
            Map<String, LogEvent> byNamespace = new HashMap<>();
            for (LogEvent e : events) {
                if (executorRefusal(e)) {
                    ForbiddenWrite f = ForbiddenWrite.parse(((Signal) e.event()).attribute("error")).get();
                    if (f.nodeId() != null) {
                        // A node ID hashes the Workflow's and the node's names, not the namespace: a Workflow of the same
                        // name in another namespace has the same IDs, so the namespace the refusal names is part of the key.
                        byNode.putIfAbsent(nodeKey(f.target(), f.nodeId()), e);
                    }
                    if (f.target() != null) {
                        byNamespace.putIfAbsent(f.target(), e);
                    }
                }
            }
            return new Refusals(byNode, byNamespace);
        }

        /** The first refusal naming the Pod's node. */
        LogEvent ofNode(PodHistory pod) {
            if (pod.link() == null) {
                return null;
            }
            LogEvent e = byNode.get(nodeKey(pod.key().namespace(), pod.link().nodeId()));
            return e != null ? e : byNode.get(nodeKey(null, pod.link().nodeId()));
        }

        private static String nodeKey(String namespace, String nodeId) {
            return (namespace == null ? "" : namespace) + "/" + nodeId;
        }

        /** The first refusal naming the Pod's namespace. */
        LogEvent inNamespace(PodHistory pod) {
            return byNamespace.get(pod.key().namespace());
        }
    }

    private static List<Said> said(Correlation correlation, PodHistory pod) {
        List<Said> out = new ArrayList<>();
        for (LogEvent e : pod.events()) {
            if (e.event() instanceof Signal s && "pod-failed".equals(s.name())) {
                out.add(fromMessage(Source.LOG, s.attribute("message"), e));
            }
        }
        if (pod.link() != null) {
            for (LogEvent e : correlation.nodes().of(pod.link())) {
                if (e.event() instanceof NodeChanged c && c.newMessage() != null && !c.newMessage().equals(c.oldMessage())) {
                    out.add(fromMessage(Source.LOG, c.newMessage(), e));
                } else if (e.event() instanceof NodeMessageChanged m) {
                    out.add(fromMessage(Source.LOG, m.message(), e));
                } else if (e.event() instanceof TaskResultForced f && "wait-exit".equals(f.why()) && "64".equals(f.exitCode())) {
                    out.add(new Said(Source.LOG, true, "", null, e));
                }
            }
            WorkflowHistory w = correlation.workflow(pod.link().workflow()).orElse(null);
            if (w != null) {
                for (NodeObservation o : w.nodeObservations(pod.link().nodeId())) {
                    out.add(fromMessage(Source.WORKFLOW, o.node().message(), o));
                }
            }
        }
        for (PodSnapshot p : pod.snapshots()) {
            for (ContainerState c : p.containers()) {
                if ("wait".equals(c.name()) && c.terminated() && Integer.valueOf(64).equals(c.exitCode())) {
                    out.add(new Said(Source.POD, true, c.message().strip(), ForbiddenWrite.parse(c.message()).orElse(null), p));
                }
            }
        }
        out.removeIf(s -> !s.exit64() && s.forbidden() == null);
        return out;
    }

    private static Said fromMessage(Source kind, String message, Object cited) {
        ForbiddenWrite.Exit64 x = ForbiddenWrite.exit64(message);
        boolean wait64 = x != null && !x.otherContainer();
        return new Said(kind, wait64, wait64 ? x.text().strip() : "", wait64 ? ForbiddenWrite.parse(x.text()).orElse(null) : null, cited);
    }

    private Finding finding(Correlation correlation, PodHistory pod, List<Said> said, Said forbidden, boolean byNode, Said otherReason) {
        ForbiddenWrite f = forbidden.forbidden();
        Cite cite = new Cite(correlation);
        Set<Source> kinds = new LinkedHashSet<>();
        // A source giving the wait container's exit 64 another reason disagrees (one termination message per container, the node's
        // message made from it): it is no second kind of evidence, and one of the two is not this Pod's (s41 breaker: a Pod failed
        // line stating the refusal beside an export of a Pod of the name whose wait exited 64 for an artifact upload was confirmed).
        Said disagrees = said.stream().filter(s -> s.exit64() && s.forbidden() == null && !s.text().isBlank()).findFirst().orElse(null);
        for (Said s : said) {
            if (!s.exit64() && s.forbidden() == null) {
                continue;
            }
            boolean other = s.forbidden() == null && !s.text().isBlank();
            if (!other) {
                kinds.add(s.kind());
            }
            String role = s.forbidden() != null ? "the API server refused the task-result write"
                    : other ? "the wait container exited 64 for another reason" : "the wait container exited 64";
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
        facts.add(new Fact("shownIn", "Shown in", String.join(", ", kinds.stream().map(k -> Words.english().render(k.words())).toList())));

        Confidence confidence;
        Message reason;
        if (forbidden.kind() != Source.EXECUTOR && kinds.size() >= 2 && disagrees == null) {
            confidence = Confidence.CONFIRMED;
            List<Message> sources = new ArrayList<>();
            for (Source k : kinds) {
                if (!sources.isEmpty()) {
                    sources.add(Message.of("AF011.and"));
                }
                sources.add(k.words());
            }
            reason = Message.of("AF011.reason.agree", "sources", Message.sequence(sources));
        } else if (forbidden.kind() != Source.EXECUTOR && disagrees != null) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF011.reason.disagree", "source", forbidden.kind().words(), "other", disagrees.kind().words(),
                    "text", disagrees.text());
        } else if (forbidden.kind() == Source.EXECUTOR && otherReason != null) {
            // A wait log that names no Pod, tied by the node ID or the namespace its refusal names, beside the Pod's own
            // exit-64 message naming another error: another Pod's refusal (a namesake Workflow's earlier run) reads the same.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF011.reason.otherMessage", "text", otherReason.text());
        } else if (forbidden.kind() == Source.EXECUTOR && !exit64) {
            // The executor's own word, and nothing else about the Pod: its write was refused, but not that it stopped there
            // (its exit code) nor what became of the node; no controller line or export says.
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF011.reason.waitLogOnly");
        } else if (forbidden.kind() != Source.EXECUTOR || byNode) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF011.reason.alone", "source", forbidden.kind().words(),
                    "exit", exit64 ? Message.NOTHING : Message.of("AF011.reason.noExitCode"));
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF011.reason.byNamespace");
        }
        // Session 44 breaker: an export of a Pod of this name whose wait container terminated with another exit code is another Pod
        // (a container terminates once; restartPolicy Never): the node run again after the refusal (`argo retry`, a resubmission),
        // which the lines, naming no UID, do not tell apart. The refusal is the earlier Pod's: the finding is by name, not by the
        // exported Pod's UID, and says that a later Pod of the name got past the write.
        PodSnapshot other = otherPodOfTheName(pod);
        PodKey key = other == null ? pod.key() : pod.key().named();
        String uid = other == null ? pod.uid() : "";
        if (other != null) {
            ContainerState w = waitTerminated(other);
            facts.add(new Fact("otherPodOfTheName", "Another Pod of the name", "uid " + other.uid() + ", created "
                    + (other.creationTimestamp() == null ? "at an unknown time" : other.creationTimestamp().format()) + ", wait container exited "
                    + w.exitCode()));
            cite.pod(other, "exported Pod of the same name whose wait container exited " + w.exitCode() + ": another Pod");
            reason = Message.sequence(List.of(reason, Message.of("AF011.reason.otherPodOfTheName", "uid", other.uid(), "exit", w.exitCode())));
        }
        Object who = f.account() != null ? Message.of("AF011.serviceAccount", "who", f.who()) : f.user();
        Message summary = Message.of("AF011.summary", "pod", key.toString(), "verb", f.verb(), "who", who,
                "exit", exit64 ? Message.of("AF011.exited64") : Message.NOTHING);
        String ns = f.target() != null ? f.target() : f.namespace() != null ? f.namespace() : pod.key().namespace();
        Message explanation = Message.of("AF011.explain", "answer", forbidden.text().strip(), "namespace", ns, "who", who);
        return new Finding(ID, title(), severity(), confidence, reason, key, uid, pod.workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary, explanation, facts,
                cite.evidence());
    }

    /** An export of the Pod's name whose wait container terminated with an exit code other than 64, or null. */
    private static PodSnapshot otherPodOfTheName(PodHistory pod) {
        return pod.snapshots().stream().filter(p -> waitTerminated(p) != null).findFirst().orElse(null);
    }

    private static ContainerState waitTerminated(PodSnapshot p) {
        return p.containers().stream().filter(c -> "wait".equals(c.name()) && !c.init() && c.terminated() && c.exitCode() != null
                && c.exitCode() != 64).findFirst().orElse(null);
    }
}
