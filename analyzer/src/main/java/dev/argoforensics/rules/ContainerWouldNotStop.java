package dev.argoforensics.rules;

import dev.argoforensics.correlate.Correlation;
import dev.argoforensics.correlate.EventOrder;
import dev.argoforensics.correlate.EvidenceKind;
import dev.argoforensics.correlate.NodeLink;
import dev.argoforensics.correlate.NodeClock;
import dev.argoforensics.correlate.NodeClocks;
import dev.argoforensics.correlate.NodeNaming;
import dev.argoforensics.correlate.PodLifecycle;
import dev.argoforensics.correlate.PodHistory;
import dev.argoforensics.correlate.SignalledContainers;
import dev.argoforensics.correlate.TerminationRounds;
import dev.argoforensics.correlate.TerminationRounds.Round;
import dev.argoforensics.correlate.TerminationRounds.Signaled;
import dev.argoforensics.event.CleanupAction;
import dev.argoforensics.event.ControllerEvent.PodStopping;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ContainerState;
import dev.argoforensics.snapshot.ObservedAt;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.wording.Message;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * AF010: a container that would not stop: after the main container ended, the controller asked the
 * Pod's other containers (sidecars, or the executor's wait) to stop, and one of them was still running
 * when the termination grace period ran out: the pod controller's {@code killContainers} round signalled
 * it again. Decided from the controller's own lines; an export of the Pod confirms it (or clears it).
 * Upstream #879, #1570, #10612, #13627. See docs/rules/AF010.md.
 */
public final class ContainerWouldNotStop extends DeclaredRule {
    public static final String ID = "AF010";
    /** The kill delay when the Pod does not set {@code terminationGracePeriodSeconds}. */
    static final long DEFAULT_GRACE = 30_000_000_000L;

    public ContainerWouldNotStop() {
        super(ID, "Container would not stop after main ended", Severity.MEDIUM);
    }

    @Override
    public EvidenceNeeds needs() {
        return new EvidenceNeeds(Set.of(EvidenceKind.CONTROLLER_LOG), List.of(), Set.of(EvidenceKind.POD_SNAPSHOT));
    }

    @Override
    public Evaluation evaluate(Correlation correlation) {
        List<Finding> findings = new ArrayList<>();
        List<Clearance> cleared = new ArrayList<>();
        SignalledContainers signalled = new SignalledContainers(correlation.pods().values(), DEFAULT_GRACE);
        for (PodHistory pod : correlation.pods().values()) {
            // Each object of the Pod's name on its own (session 43 breaker): a kill item queued for one may run against the next.
            List<TerminationRounds.PodRun> runs = TerminationRounds.runs(pod.events());
            for (int i = 0; i < runs.size(); i++) {
                evaluate(correlation, signalled, pod, runs.get(i), i == 0 ? null : runs.get(i - 1), findings, cleared);
            }
        }
        return new Evaluation(findings, cleared);
    }

    private void evaluate(Correlation correlation, SignalledContainers signalled, PodHistory pod, TerminationRounds.PodRun run,
                          TerminationRounds.PodRun earlier, List<Finding> findings, List<Clearance> cleared) {
        TerminationRounds t = run.rounds();
        List<Signaled> signals = t.signals();
        if (signals.isEmpty()) {
            return;
        }
        Signaled first = signals.get(0);
        Round firstRound = t.rounds().stream().filter(r -> r.signaled().contains(first)).findFirst().orElseThrow();
        Signaled earlierFirst = earlier == null || run.created() == null ? null : earlier.rounds().rounds().stream()
                .filter(r -> !r.kill()).flatMap(r -> r.signaled().stream()).findFirst().orElse(null);
        if (firstRound.kill() && earlierFirst != null) {
            // The object's first round is a SIGKILL no SIGTERM of its own preceded, the earlier object's SIGTERM (or a round of
            // unknown action: an excerpt without its worker line) queued a kill item: that item, its queue key naming the Pod by
            // name only, run against the later object (which it finds running, main included).
            LogEvent kill = firstRound.started() != null ? firstRound.started() : first.line();
            cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.laterPod", "kill", kill.time().format(),
                    "created", run.created().time().format(), "first", earlierFirst.line().time().format(),
                    "containers", String.join(", ", firstRound.signaled().stream().map(Signaled::container).toList())),
                    run.created().source()));
            return;
        }
        Signaled main = firstRound.signaled().stream().filter(s -> mainContainer(correlation, pod, s.container()) && s.toRunning())
                .findFirst().orElse(null);
        if (main != null) {
            cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.mainSignalled", "container", "main".equals(main.container())
                    ? Message.of("AF010.cleared.mainItself") : Message.of("AF010.cleared.setContainer", "container", main.container(),
                            "node", pod.link().nodeName()), "at", main.line().time().format()), main.line().source()));
            return;
        }
        long grace = t.graceNanos() != null ? t.graceNanos() : DEFAULT_GRACE;
        LogEvent end = PodStopped.first(correlation, pod, first.line(), others(signals), signalled);
        if (end != null && !run.holds(end)) {
            end = null; // a later object of the name stopping says nothing of this one
        }
        List<Signaled> atKill = t.rounds().stream().filter(Round::kill).flatMap(r -> r.signaled().stream())
                .filter(s -> !"main".equals(s.container()) && s.toRunning()).toList();
        if (!atKill.isEmpty()) {
            Signaled k = atKill.get(0);
            if (end != null && EventOrder.before(end, k.line())) {
                cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.stoppedFirst", "stopped", PodStopped.describe(end),
                        "at", end.time().format(), "container", k.container()), end.source()));
                return;
            }
            ContainerState exported = exported(pod, k.container());
            if (exported != null && exported.terminated() && exported.finishedAt() != null
                    && exported.finishedAt().instant().plusSeconds(1).isBefore(k.line().time().instant())
                    && !killedNearRound(correlation, pod, exported, k.line())) {
                cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.exportedEnded", "container", k.container(),
                        "ended", exported.finishedAt().format(), "kill", k.line().time().format()), pod.latestSnapshot().get().source()));
                return;
            }
            findings.add(finding(correlation, signalled, pod, run, t, first, atKill, end, grace, exported, stoppedUnnamed(pod, run, signals, first)));
            return;
        }
        long endNanos = end == null ? Long.MAX_VALUE : first.line().time().nanosUntil(end.time());
        if (end != null && endNanos <= grace) {
            cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.withinGrace", "stopped", PodStopped.describe(end),
                    "at", end.time().format(), "after", GoDuration.format(Math.max(0, endNanos)), "grace", GoDuration.format(grace)), end.source()));
            return;
        }
        LogEvent quietKill = t.rounds().stream().filter(r -> r.kill() && r.started() != null).map(Round::started).findFirst().orElse(null);
        if (quietKill != null) {
            cleared.add(new Clearance(pod.key(), Message.of("AF010.cleared.quietKill", "at", quietKill.time().format()), quietKill.source()));
            return;
        }
        List<Signaled> late = signals.stream().filter(s -> s.toRunning() && first.line().time().nanosUntil(s.line().time()) >= grace).toList();
        boolean undelivered = signals.stream().anyMatch(s -> s.error() != null && s.toRunning());
        if (!late.isEmpty() || (end == null && undelivered)) {
            findings.add(finding(correlation, signalled, pod, run, t, first, late, end, grace,
                    late.isEmpty() ? null : exported(pod, late.get(0).container()),
                    stoppedUnnamed(pod, run, signals, first)));
        }
    }

    /**
     * Whether the container is one of the Pod's main containers: {@code main}, or in a ContainerSet Pod
     * a container of the set, whose node ({@code <pod's node>.<container>}, a Container child) the
     * lines name.
     */
    private static boolean mainContainer(Correlation correlation, PodHistory pod, String container) {
        if ("main".equals(container)) {
            return true;
        }
        NodeLink link = pod.link();
        return link != null && link.nodeName() != null && !"wait".equals(container)
                && correlation.nodes().named(link.workflow(), NodeNaming.nodeId(link.workflow().name(), link.nodeName() + "." + container));
    }

    /**
     * The controller's own stop of the Pod (a shutdown, its deadline) logged before the first round, where no round signals
     * {@code main} and no export shows the Pod has a {@code main}: null otherwise. Such a round stops a Pod whose main
     * containers may still run; in a ContainerSet Pod (no {@code main}: its main containers are the set's, named only by its
     * Container child nodes, which excerpts and v3.7+ Info lines often lack) the container signalled may be one of the set,
     * stopped while it ran, not one outliving main (session 40 breaker).
     */
    private static LogEvent stoppedUnnamed(PodHistory pod, TerminationRounds.PodRun run, List<Signaled> signals, Signaled first) {
        if (signals.stream().anyMatch(s -> "main".equals(s.container()))) {
            return null;
        }
        boolean exportedMain = pod.latestSnapshot().map(s -> s.containers().stream().anyMatch(c -> "main".equals(c.name()) && !c.init()))
                .orElse(false);
        if (exportedMain) {
            return null;
        }
        return run.events().stream().filter(e -> e.event() instanceof PodStopping && EventOrder.before(e, first.line())).findFirst().orElse(null);
    }

    /** How much earlier than a full grace period after a kept SIGTERM a SIGKILL round may start: the lines' millisecond truncation. */
    static final long EARLY_TOLERANCE = 5_000_000L;

    /**
     * The SIGKILL round's start where it came due before the grace period (as logged) had passed since the first signal these
     * lines keep; null otherwise. The pod controller queues {@code killContainers} a grace period after a SIGTERM round, and a
     * delaying queue keeps the earliest due time of a waiting key: a kill round earlier than that was queued by an earlier SIGTERM
     * round the lines do not hold. Whether an export shows main ended by the time that round must have run is
     * {@link #mainEndedBeforeCutRound}'s (session 53: main's {@code finishedAt} is its kubelet's, on its node's clock to the second,
     * the round's time the controller's; a node behind the controller writes an end earlier than it came).
     */
    private static LogEvent killComesDueEarly(TerminationRounds t, Signaled first, Signaled atKill) {
        if (t.graceNanos() == null) {
            return null; // the delay assumed, not logged: a shorter terminationGracePeriodSeconds is no cut
        }
        Round kill = t.rounds().stream().filter(r -> r.kill() && r.signaled().contains(atKill)).findFirst().orElse(null);
        LogEvent start = kill == null ? null : kill.started() != null ? kill.started() : atKill.line();
        if (start == null || first.line().time().nanosUntil(start.time()) >= t.graceNanos() - EARLY_TOLERANCE) {
            return null;
        }
        return start;
    }

    /**
     * How the exported main's end, a grace period on, orders before {@code start}, the SIGKILL round's line that came due early
     * ({@link #killComesDueEarly}): main had ended before that round's SIGTERM round could have run, so that round signalled no main.
     * Session 57: through the node's clock the Pod's records bound ({@link NodeClocks#endBefore}, derived in correlation), else past its
     * minute only ({@link NodeClock.NodeOrder#MARGIN}: what follows rests on that clock agreeing, at most likely).
     */
    private static NodeClock.NodeOrder mainEndedBeforeCutRound(Correlation correlation, PodHistory pod, TerminationRounds t, LogEvent start) {
        ContainerState main = exported(pod, "main");
        NodeClocks clocks = clocks(correlation, pod);
        if (main == null || !main.terminated() || main.finishedAt() == null || clocks == null) {
            return NodeClock.NodeOrder.NONE;
        }
        return clocks.endBefore(latestNode(pod), main, t.graceNanos(), start);
    }

    /** The Pod's nodes' clocks as its lifecycle bounded them, or null. */
    private static NodeClocks clocks(Correlation correlation, PodHistory pod) {
        PodLifecycle life = correlation.lifecycle(pod.key());
        return life == null ? null : life.nodeClocks();
    }

    /** The node of the Pod's latest export (whose containers {@link #exported} reads), or null. */
    private static String latestNode(PodHistory pod) {
        return pod.latestSnapshot().map(PodSnapshot::nodeName).orElse(null);
    }

    /**
     * Session 53 breaker: the container ended by a SIGKILL (exit 137, not the kernel's OOMKilled) at a {@code finishedAt} (its node's
     * clock, to the second) that a node's clock off by what it may be puts at or after the kill round's line (the controller's clock):
     * that round's own SIGKILL, most likely, on a node behind, not a stale cache; an exit 143 or 0 before the round is the container's
     * own end and still clears. Session 57: the node's clock as the Pod's records bound it ({@link NodeClocks#endBefore}), else its
     * minute: a node known behind by more than the minute no longer clears a SIGKILL it wrote before the round.
     */
    private static boolean killedNearRound(Correlation correlation, PodHistory pod, ContainerState c, LogEvent round) {
        if (c.exitCode() == null || c.exitCode() != 137 || "OOMKilled".equals(c.reason()) || !c.finishedAt().comparable(round.time())) {
            return false;
        }
        // Session 57: before the round by the node's clock the Pod's records bound (NodeClocks), else past its minute as before.
        NodeClocks clocks = clocks(correlation, pod);
        return clocks == null || !clocks.endBefore(latestNode(pod), c, 0, round).ordered();
    }

    /** The names of the containers signalled, main excluded. */
    private static Set<String> others(List<Signaled> signals) {
        Set<String> out = new LinkedHashSet<>();
        signals.stream().map(Signaled::container).filter(c -> !"main".equals(c)).forEach(out::add);
        return out;
    }

    /** The container as the latest export of the Pod shows it, or null. */
    private static ContainerState exported(PodHistory pod, String container) {
        return pod.latestSnapshot().flatMap(s -> s.containers().stream().filter(c -> c.name().equals(container) && !c.init()).findFirst())
                .orElse(null);
    }

    /**
     * @param stuck the signals that show a container still running after the grace period (the kill
     *              round's, else late SIGTERMs); empty when only an undelivered SIGTERM is known
     */
    private Finding finding(Correlation correlation, SignalledContainers signalled, PodHistory pod, TerminationRounds.PodRun run,
                            TerminationRounds t, Signaled first, List<Signaled> stuck, LogEvent end,
                            long grace, ContainerState exported, LogEvent stoppedUnnamed) {
        Cite cite = new Cite(correlation);
        Set<String> names = new LinkedHashSet<>();
        stuck.forEach(s -> names.add(s.container()));
        List<Signaled> signals = t.signals();
        Signaled undelivered = signals.stream().filter(s -> s.error() != null && s.toRunning()).findFirst().orElse(null);
        boolean killRound = !stuck.isEmpty() && t.rounds().stream().anyMatch(r -> r.kill() && r.signaled().contains(stuck.get(0)));
        Round firstRound = t.rounds().stream().filter(r -> r.signaled().contains(first)).findFirst().orElseThrow();
        cite.line(firstRound.started(), "the controller stops the Pod's other containers (SIGTERM)");
        firstRound.signaled().forEach(s -> cite.line(s.line(), s.error() == null ? "signalled" : "the signal could not be delivered"));
        if (undelivered != null) {
            cite.line(undelivered.line(), "the signal could not be delivered");
        }
        cite.line(t.graceLine(), "SIGKILL due after the grace period");
        List<Round> terminates = t.rounds().stream().filter(r -> r.action() == CleanupAction.TERMINATE_CONTAINERS).toList();
        if (terminates.size() > 1) {
            cite.line(terminates.get(terminates.size() - 1).started(), "asked again: the Pod still ran");
        }
        for (Signaled s : stuck) {
            Round r = t.rounds().stream().filter(x -> x.signaled().contains(s)).findFirst().orElseThrow();
            cite.line(r.started(), r.kill() ? "the grace period is over: SIGKILL" : "asked again");
            cite.line(s.line(), s.either() ? "still running (this SIGKILL round's signal, or a SIGTERM round's running beside it)" : "still running");
        }
        cite.line(end, "the Pod stopped");
        LogEvent forcedWait = names.contains("wait") ? PodStopped.forcedWait(correlation, pod, first.line(), run) : null;
        cite.line(forcedWait, "the controller gave up on the wait container's report");
        PodSnapshot export = pod.latestSnapshot().orElse(null);
        // An export showing the container still running agrees only where it was taken after the signal by its own times (or a
        // write): a time only its file states is a user's clock, which never shows the order (ObservedAt#after).
        boolean exportAgrees = exported != null && stuck.size() > 0 && export != null
                && ((exported.terminated() && exported.finishedAt() != null) || (!exported.terminated() && export.observed() != null
                        && export.observed().after(stuck.get(0).line().time()) == ObservedAt.Order.SHOWN));
        if (export != null && exported != null) {
            cite.pod(export, exportAgrees ? "exported Pod: how the container ended" : "exported Pod");
        }
        Signaled last = stuck.isEmpty() ? null : stuck.get(stuck.size() - 1);
        long ran = end != null ? first.line().time().nanosUntil(end.time()) : last != null ? first.line().time().nanosUntil(last.line().time()) : -1;

        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("containers", "Would not stop", names.isEmpty() ? null : String.join(", ", names)));
        facts.add(new Fact("firstSignalAt", "First asked to stop at", first.line().time().format()));
        facts.add(new Fact("gracePeriod", "Grace period", t.graceNanos() != null ? GoDuration.format(t.graceNanos())
                : GoDuration.format(grace) + " (assumed: no kill delay logged)"));
        facts.add(new Fact("terminateRounds", "SIGTERM rounds", Math.max(terminates.size(), 1)));
        facts.add(new Fact("stillRunningAt", killRound ? "Still running at the SIGKILL round" : "Still running at", last == null ? null
                : last.line().time().format()));
        facts.add(new Fact("signalError", "Signal not delivered", undelivered == null ? "none" : undelivered.container() + ": " + undelivered.error()));
        facts.add(new Fact("stoppedAt", "Pod stopped at", end == null ? null : end.time().format()));
        facts.add(new Fact("runningAfterSignal", end != null ? "Ran on after the first signal for" : "Ran on after the first signal for at least",
                ran < 0 ? null : GoDuration.format(ran)));
        facts.add(new Fact("exitCode", "Exit code", exported != null && exported.terminated() ? exported.exitCode()
                : PodStopped.ignoredExit(correlation, pod, names, first.line(), run, signalled)));

        Confidence confidence;
        Message reason;
        String containers = String.join(", ", names);
        LogEvent cutKill = killRound ? killComesDueEarly(t, first, stuck.get(0)) : null;
        NodeClock.NodeOrder mainBeforeCut = cutKill == null ? NodeClock.NodeOrder.NONE : mainEndedBeforeCutRound(correlation, pod, t, cutKill);
        LogEvent earlyKill = cutKill != null && !mainBeforeCut.ordered() ? cutKill : null;
        if (stoppedUnnamed != null && !stuck.isEmpty()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF010.reason.stoppedUnnamedSet", "containers", containers, "at", stoppedUnnamed.time().format());
            cite.line(stoppedUnnamed, "the controller stopped the Pod itself; no signal names main");
        } else if (earlyKill != null) {
            // Session 52 (dev seed 342's head-grep-tail excerpt): the SIGKILL round came due before a grace period had passed since
            // the first SIGTERM these lines keep, so the round that queued it is not in them (the lines before were cut). Whether
            // that round found main still running (the controller stopping the Pod: cleared) is unknown.
            confidence = Confidence.POSSIBLE;
            ContainerState mainEnd = exported(pod, "main");
            reason = mainEnd != null && mainEnd.terminated() && mainEnd.finishedAt() != null
                    // Session 53: an export shows main's end, but not clearly before that round, on its node's clock.
                    ? Message.of("AF010.reason.firstRoundCutNodeClock", "containers", containers, "kill", earlyKill.time().format(),
                            "first", first.line().time().format(), "grace", GoDuration.format(t.graceNanos()),
                            "ended", mainEnd.finishedAt().format(), "off", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS))
                    : Message.of("AF010.reason.firstRoundCut", "containers", containers, "kill", earlyKill.time().format(),
                            "first", first.line().time().format(), "grace", GoDuration.format(t.graceNanos()));
            cite.line(earlyKill, "the SIGKILL round, due from a SIGTERM round not in these lines");
        } else if (killRound && exportAgrees && exported.terminated() && killedNearRound(correlation, pod, exported, last.line())
                && exported.finishedAt().instant().plusSeconds(1).isBefore(last.line().time().instant())) {
            // Session 53 breaker: the export shows it killed (137) before the round's line as its node's clock reads, within what that
            // clock may be off: the round's SIGKILL on a node behind, or another's SIGKILL (a kubelet's) just before it.
            confidence = Confidence.LIKELY;
            reason = Message.of("AF010.reason.killedExportedNodeClock", "containers", containers, "ended", exported.finishedAt().format(),
                    "kill", last.line().time().format(), "off", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS));
        } else if (killRound && exportAgrees) {
            confidence = Confidence.CONFIRMED;
            reason = Message.of("AF010.reason.killedExported", "containers", containers);
        } else if (killRound) {
            confidence = Confidence.LIKELY;
            reason = Message.of("AF010.reason.killed", "containers", containers, "grace", GoDuration.format(grace));
        } else if (!stuck.isEmpty()) {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF010.reason.signalledLate", "containers", containers,
                    "after", GoDuration.format(first.line().time().nanosUntil(last.line().time())));
        } else {
            confidence = Confidence.POSSIBLE;
            reason = Message.of("AF010.reason.undelivered", "container", undelivered.container());
        }
        if (mainBeforeCut.capped() && confidence == Confidence.CONFIRMED) {
            // Session 57: the cut SIGTERM round signalled no main only because main's end came a grace period before the SIGKILL round
            // by more than its node's clock may be off, nothing bounding that clock: a node behind by more reads the same.
            confidence = Confidence.LIKELY;
            reason = Message.of("common.nodeMargin", "reason", reason, "margin", GoDuration.format(PodSnapshot.NODE_CLOCK_NANOS));
        }
        String who = names.isEmpty() ? undelivered.container() : containers;
        Message what = killRound ? Message.of("AF010.graceRanOut", "at", last.line().time().format(),
                "after", GoDuration.format(first.line().time().nanosUntil(last.line().time())))
                : !stuck.isEmpty() ? Message.of("AF010.stillRunning", "after", GoDuration.format(first.line().time().nanosUntil(last.line().time())))
                : Message.of("AF010.notSignalled");
        Message summary = Message.of("AF010.summary", "who", who, "pod", pod.key().toString(), "what", what,
                "stopped", end == null ? Message.NOTHING : Message.of("AF010.podStopped", "at", end.time().format()));
        return new Finding(ID, title(), severity(), confidence, reason, pod.key(), pod.uid(), pod.workflow(),
                pod.link() == null ? null : new Finding.NodeRef(pod.link().nodeId(), pod.link().nodeName()), summary,
                StopWording.explain(pod, who, killRound, grace, t.graceNanos() != null, undelivered, end, forcedWait != null), facts,
                cite.evidence());
    }
}
