package dev.argoforensics.judgment;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Spec;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.LogSink.Envelope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One labelled incident corpus for a seed: several controllers of different Argo releases, each
 * with its own namespaces, ordinary Workflows (most of the volume) and incidents (controller down
 * and restarted with {@code --workflow-workers=0}, Workflow-worker stalls, a stall that outlasts the
 * evidence, a hung pod watch, a crash, a misconfigured finalizer env, and healthy-controller
 * events) in which users and the cluster act on Pods of interest. Writes {@code logs/},
 * {@code exports/}, {@code truth.jsonl} and {@code corpus.json}.
 */
final class Corpus {
    enum Scale {
        SMALL, LARGE
    }

    /** What the generator wrote. */
    record Info(long seed, Scale scale, Path dir, Path logs, Path exports, Path truth, long start, long end, int apiMinor, long logLines,
                int logFiles, int exportFiles, int exportObjects, int pods, int podsOfInterest, List<String> controllers) {
    }

    private static final String[] TEMPLATES = {"main", "build", "test-shard", "publish", "whalesay", "report", "train", "transform", "extract",
        "load"};
    private static final String[] TEAMS = {"ml-pipelines", "data-etl", "ci-builds", "analytics", "reporting", "media", "genomics", "risk",
        "search-index", "billing", "fraud", "recsys"};

    private final long seed;
    private final Scale scale;
    /** The slope benchmark's knobs, or null: the corpus of the scale, as it always was. */
    private final Slope slope;
    /** With knobs: the Workflows of interest planned so far per controller. */
    private final Map<Controller, Integer> planned = new HashMap<>();
    /** With knobs: until when the controller's incidents leave it working normally (before the ending that hangs it). */
    private final Map<Controller, Long> quietUntil = new HashMap<>();
    private final Path dir;
    private final Path logs;
    private final Path exportDir;
    /** The plan's random stream; the classes of #14 draw theirs from {@link #plan14} (swapped in), so the others stay as they were. */
    Sim.Rng plan;
    private final Sim.Rng plan14;
    /** Session 29's draws for the #8022 variant that meets a Pending node: a stream of their own, the plan's draws unchanged. */
    private final Sim.Rng plan29;
    /** Session 30's draws (a stuck run deleted and submitted again), so that every other draw is what it was. */
    private final Sim.Rng plan30;
    final Sim sim;
    final Kube kube;
    private final Truth truth = new Truth();
    private final List<Controller> controllers = new ArrayList<>();
    private final Map<Controller, List<String>> teamOf = new HashMap<>();
    private final Map<String, Release> releaseOfNamespace = new HashMap<>();
    private final Set<String> names = new HashSet<>();
    private final Exports exports;
    private final long start;
    private final long end;
    private final int apiMinor;
    private final List<Runnable> atEnd = new ArrayList<>();
    private int exportSeq;
    /** AF012 and AF013: a controller of their own (and its second replica), planned from their own random stream. */
    private ScenariosControllers scenarios;
    /** Workflows deleted in the foreground: a controller of their own, planned from their own random streams. */
    private ScenariosDeletion deletions;
    private ScenariosExecControl execControl;
    /** The node-side look-alikes (a lost node, an eviction, a node shutdown): a controller of their own, chained after it. */
    private ScenariosNodes nodes;
    private ScenariosNodeLostNoFinalizer bare;
    private ScenariosParallel parallel;
    private ScenariosLegacy legacy;
    /** Resource and data templates' Pods (no wait), over every release: a controller of its own, chained after the legacy one. */
    private ScenariosNoWait noWait;
    /** Lost nodes' Pods deleted late by PodGC or force-deleted (session 33): a controller of its own, chained after the no-wait one. */
    private ScenariosNodeForce force;
    /** Nodes kept for outputs their data template declares and never reports (session 34): a controller of its own, chained after. */
    private ScenariosOutputs outputs;
    /** A stale cleanup item's labelled Pod whose Workflow is then deleted (session 34): a controller of its own, chained after the outputs one. */
    private ScenariosStaleDeleted staleDeleted;
    /** v3.5.4's data template whose task result is never completed (session 35): a controller of its own, chained after the stale-deleted one. */
    private ScenariosDataHang dataHang;
    /** The API server's audit log beside the controller's (session 36): a controller of its own, chained after the data-hang one. */
    private ScenariosAudit audited;
    private ScenariosOutputShapes shapes;
    private ScenariosRetry retries;
    /** POD_NAMES v1 (session 40): a controller of its own, chained after the retry one. */
    private ScenariosPodNamesV1 podNamesV1;
    private ScenariosV40 v40;
    private ScenariosPreempt preempt;
    /** argo retry and argo resubmit of a failed Workflow (session 45): a controller of its own, chained after the preemption one. */
    private ScenariosRerun rerun;
    /** A retried step whose next attempt is not in the logs as collected (session 45): a controller of its own, chained after it. */
    private ScenariosRetryUnseen unseen;
    private ScenariosDagGate dagGate;
    private ScenariosPodEvents podEvents;
    private ScenariosNearEvent nearEvent;
    private ScenariosStall stallFamily;
    private ScenariosNamesake namesake;
    private ScenariosAuditResponses auditResponses;
    private ScenariosAutoRestart autoRestart;
    private ScenariosStaleLabelV4 staleLabelV4;
    private ScenariosCrashLoop crashLoop;
    private ScenariosEnvRollout envRollout;
    private ScenariosPatchForbidden patchForbidden;
    /** A machine lost in the seconds around a step's end (session 42): a controller of its own, chained after the POD_NAMES v1 one. */
    private ScenariosLostAtExit lostAtExit;
    /**
     * Draw the stress families (judgment {@code --stress}): {@link ScenariosLostAtExit}, which loses a machine in the seconds around a
     * step's end far more often than a real fleet does (half its losses fall within 1.3 s after main's exit), so a rule's base-rate
     * claim (AF007 `likely` on a lost node's last report) is measured against its worst case, apart from the realistic corpora.
     */
    private final boolean stress;

    private Corpus(long seed, Scale scale, Slope slope, Path dir, boolean stress) {
        this.seed = seed;
        this.stress = stress;
        this.scale = slope != null ? Scale.LARGE : scale;
        this.slope = slope;
        this.dir = dir;
        this.logs = dir.resolve("logs");
        this.exportDir = dir.resolve("exports");
        this.plan = new Sim.Rng(Sim.seed(seed, 1));
        this.plan14 = new Sim.Rng(Sim.seed(seed, 14));
        this.plan29 = new Sim.Rng(Sim.seed(seed, 29));
        this.plan30 = new Sim.Rng(Sim.seed(seed, 30));
        int day = 1 + (int) Math.floorMod(seed * 7, 27);
        this.start = Go.epochNanos(String.format("2026-10-%02dT%02d:%02d:00Z", day, 6 + plan.between(0, 10), plan.between(0, 59)));
        long duration = scale == Scale.SMALL ? 110 * Go.MINUTE : 11 * 60 * Go.MINUTE;
        this.end = start + duration;
        this.apiMinor = plan.pick(31, 32, 33, 33, 34, 35, 36, 36);
        this.sim = new Sim(start);
        this.kube = new Kube(sim, new Sim.Rng(Sim.seed(seed, 2)), apiMinor, truth, 4_000_000L + plan.between(0, 900_000),
                scale == Scale.SMALL ? 8 : 40);
        // Session 55: each node's clock off the cluster's (NodeClocks; its own salt, so no other draw moves).
        // Session 58: and on a share of them corrected mid-corpus by their time daemon (salt 5931, NodeClocks.Correction).
        this.kube.clocks = NodeClocks.drawn(seed, start, end);
        // Session 58: a share of Pods pull their first image slowly (salt 5941, ImagePulls).
        this.kube.pulls = ImagePulls.drawn(seed);
        this.exports = new Exports(exportDir, releaseOfNamespace);
    }

    static Info generate(long seed, Scale scale, Path dir) {
        return generate(seed, scale, null, dir);
    }

    /** With {@code slope} not null: the large layout with the slope benchmark's knobs (see {@link Slope}). */
    static Info generate(long seed, Scale scale, Slope slope, Path dir) {
        return generate(seed, scale, slope, dir, false);
    }

    /** With {@code stress}: the stress families too (see {@link #stress}). */
    static Info generate(long seed, Scale scale, Slope slope, Path dir, boolean stress) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Corpus c = new Corpus(seed, scale, slope, dir, stress);
        try {
            Files.createDirectories(c.logs);
            Files.createDirectories(c.exportDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        c.build();
        return c.run();
    }

    // ---- controllers --------------------------------------------------------------------------

    private void build() {
        int n = scale == Scale.SMALL ? plan.between(3, 4) : 6;
        List<Release> releases = new ArrayList<>(scale == Scale.SMALL
                ? List.of(Release.V4_1, Release.V3_7, Release.V3_6, Release.V4_1)
                : List.of(Release.V3_6, Release.V3_7, Release.V3_7, Release.V4_1, Release.V4_1, Release.V4_1));
        // Rotate so that over the seeds every release line gets every incident.
        java.util.Collections.rotate(releases, (int) Math.floorMod(seed, releases.size()));
        List<String> teams = new ArrayList<>(List.of(TEAMS));
        java.util.Collections.shuffle(teams, new java.util.Random(Sim.seed(seed, 3)));
        int misconfigured = scale == Scale.LARGE || plan.chance(0.6) ? plan.between(0, n - 1) : -1;
        if (slope != null) {
            misconfigured = -1; // its Pods keep their finalizers whatever the knob says
        }
        for (int i = 0; i < n; i++) {
            Release r = releases.get(i % releases.size());
            LogFormat f = LogFormat.of(r, plan);
            Envelope env = plan.pick(Envelope.RAW, Envelope.KUBECTL_TIMESTAMPS, Envelope.CRI, Envelope.DOCKER_JSON);
            List<String> ns = new ArrayList<>(List.of(teams.get(2 * i)));
            if (plan.chance(0.4)) {
                ns.add(teams.get(2 * i + 1));
            }
            String name = "wfc-" + ns.get(0);
            String env0 = i == misconfigured ? plan.pick("True", "1") : "true";
            boolean leader = plan.chance(0.5);
            long rotate = scale == Scale.SMALL ? plan.pick(0L, 0L, 60_000L, 120_000L) : plan.pick(24_000_000L, 48_000_000L, 0L);
            Controller c = new Controller(name, r, f, env, ns.get(0), ns, env0, plan.pick(2, 4, 8, 16, 32), leader, leader && plan.chance(0.6),
                    rotate, plan.chance(0.15), sim, kube, truth, Sim.seed(seed, 100 + i), logs.resolve(name));
            if (i == misconfigured) {
                // That team runs on its own nodes, which the incidents of the others never drain.
                c.nodePool = "pool-" + ns.get(0);
                kube.addPool(c.nodePool, scale == Scale.SMALL ? 2 : 6);
            }
            controllers.add(c);
            teamOf.put(c, ns);
            for (String s : ns) {
                releaseOfNamespace.put(s, r);
            }
        }
        scenarios = new ScenariosControllers(scenarioHost(), seed, sim, start, end);
        if (slope != null) {
            return; // AF012 and AF013's controllers bring Pods of interest of their own
        }
        for (Controller c : scenarios.build(seed, kube, truth, logs)) {
            controllers.add(c);
            teamOf.put(c, c.namespaces);
            releaseOfNamespace.put(c.namespaces.get(0), c.release);
        }
        deletions = new ScenariosDeletion(scenarioHost(), seed, sim, start, end);
        Controller d = deletions.build(seed, kube, truth, logs);
        controllers.add(d);
        teamOf.put(d, d.namespaces);
        releaseOfNamespace.put(d.namespaces.get(0), d.release);
        execControl = new ScenariosExecControl(scenarioHost(), seed, sim, start, end);
        Controller x = execControl.build(seed, kube, truth, logs);
        controllers.add(x);
        teamOf.put(x, x.namespaces);
        releaseOfNamespace.put(x.namespaces.get(0), x.release);
        nodes = new ScenariosNodes(scenarioHost(), seed, sim, start, end);
        Controller nc = nodes.build(seed, kube, truth, logs);
        controllers.add(nc);
        teamOf.put(nc, nc.namespaces);
        releaseOfNamespace.put(nc.namespaces.get(0), nc.release);
        bare = new ScenariosNodeLostNoFinalizer(scenarioHost(), seed, sim, start, end);
        Controller bc = bare.build(seed, kube, truth, logs);
        controllers.add(bc);
        teamOf.put(bc, bc.namespaces);
        releaseOfNamespace.put(bc.namespaces.get(0), bc.release);
        parallel = new ScenariosParallel(scenarioHost(), seed, sim, start, end);
        Controller pc = parallel.build(seed, kube, truth, logs);
        controllers.add(pc);
        teamOf.put(pc, pc.namespaces);
        releaseOfNamespace.put(pc.namespaces.get(0), pc.release);
        legacy = new ScenariosLegacy(scenarioHost(), seed, sim, start, end);
        Controller lc = legacy.build(seed, kube, truth, logs);
        controllers.add(lc);
        teamOf.put(lc, lc.namespaces);
        releaseOfNamespace.put(lc.namespaces.get(0), lc.release);
        noWait = new ScenariosNoWait(scenarioHost(), seed, sim, start, end);
        Controller nw = noWait.build(seed, kube, truth, logs);
        controllers.add(nw);
        teamOf.put(nw, nw.namespaces);
        releaseOfNamespace.put(nw.namespaces.get(0), nw.release);
        force = new ScenariosNodeForce(scenarioHost(), seed, sim, start, end);
        Controller fc = force.build(seed, kube, truth, logs);
        controllers.add(fc);
        teamOf.put(fc, fc.namespaces);
        releaseOfNamespace.put(fc.namespaces.get(0), fc.release);
        outputs = new ScenariosOutputs(scenarioHost(), seed, sim, start, end);
        Controller oc = outputs.build(seed, kube, truth, logs);
        controllers.add(oc);
        teamOf.put(oc, oc.namespaces);
        releaseOfNamespace.put(oc.namespaces.get(0), oc.release);
        staleDeleted = new ScenariosStaleDeleted(scenarioHost(), seed, sim, start, end);
        Controller sc = staleDeleted.build(seed, kube, truth, logs);
        controllers.add(sc);
        teamOf.put(sc, sc.namespaces);
        releaseOfNamespace.put(sc.namespaces.get(0), sc.release);
        dataHang = new ScenariosDataHang(scenarioHost(), seed, sim, start, end);
        Controller dh = dataHang.build(seed, kube, truth, logs);
        controllers.add(dh);
        teamOf.put(dh, dh.namespaces);
        releaseOfNamespace.put(dh.namespaces.get(0), dh.release);
        audited = new ScenariosAudit(scenarioHost(), seed, sim, start, end);
        Controller ac = audited.build(seed, kube, truth, logs, slope == null);
        controllers.add(ac);
        teamOf.put(ac, ac.namespaces);
        releaseOfNamespace.put(ac.namespaces.get(0), ac.release);
        shapes = new ScenariosOutputShapes(scenarioHost(), seed, sim, start, end);
        Controller shc = shapes.build(seed, kube, truth, logs);
        controllers.add(shc);
        teamOf.put(shc, shc.namespaces);
        releaseOfNamespace.put(shc.namespaces.get(0), shc.release);
        retries = new ScenariosRetry(scenarioHost(), seed, sim, start, end);
        Controller rc = retries.build(seed, kube, truth, logs);
        controllers.add(rc);
        teamOf.put(rc, rc.namespaces);
        releaseOfNamespace.put(rc.namespaces.get(0), rc.release);
        podNamesV1 = new ScenariosPodNamesV1(scenarioHost(), seed, sim, start, end);
        Controller vc = podNamesV1.build(seed, kube, truth, logs);
        controllers.add(vc);
        teamOf.put(vc, vc.namespaces);
        releaseOfNamespace.put(vc.namespaces.get(0), vc.release);
        v40 = new ScenariosV40(scenarioHost(), seed, sim, start, end);
        Controller v4c = v40.build(seed, kube, truth, logs);
        controllers.add(v4c);
        teamOf.put(v4c, v4c.namespaces);
        releaseOfNamespace.put(v4c.namespaces.get(0), v4c.release);
        preempt = new ScenariosPreempt(scenarioHost(), seed, sim, start, end);
        Controller ppc = preempt.build(seed, kube, truth, logs);
        controllers.add(ppc);
        teamOf.put(ppc, ppc.namespaces);
        releaseOfNamespace.put(ppc.namespaces.get(0), ppc.release);
        rerun = new ScenariosRerun(scenarioHost(), seed, sim, start, end);
        Controller rrc = rerun.build(seed, kube, truth, logs);
        controllers.add(rrc);
        teamOf.put(rrc, rrc.namespaces);
        releaseOfNamespace.put(rrc.namespaces.get(0), rrc.release);
        unseen = new ScenariosRetryUnseen(scenarioHost(), seed, sim, start, end);
        Controller usc = unseen.build(seed, kube, truth, logs);
        controllers.add(usc);
        teamOf.put(usc, usc.namespaces);
        releaseOfNamespace.put(usc.namespaces.get(0), usc.release);
        dagGate = new ScenariosDagGate(scenarioHost(), seed, sim, start, end);
        Controller dgc = dagGate.build(seed, kube, truth, logs);
        controllers.add(dgc);
        teamOf.put(dgc, dgc.namespaces);
        releaseOfNamespace.put(dgc.namespaces.get(0), dgc.release);
        podEvents = new ScenariosPodEvents(scenarioHost(), seed, sim, start, end);
        Controller pec = podEvents.build(seed, kube, truth, logs);
        controllers.add(pec);
        teamOf.put(pec, pec.namespaces);
        releaseOfNamespace.put(pec.namespaces.get(0), pec.release);
        nearEvent = new ScenariosNearEvent(scenarioHost(), seed, sim, start, end);
        Controller nec = nearEvent.build(seed, kube, truth, logs);
        controllers.add(nec);
        teamOf.put(nec, nec.namespaces);
        releaseOfNamespace.put(nec.namespaces.get(0), nec.release);
        stallFamily = new ScenariosStall(scenarioHost(), seed, sim, start, end);
        Controller stc = stallFamily.build(seed, kube, truth, logs);
        controllers.add(stc);
        teamOf.put(stc, stc.namespaces);
        releaseOfNamespace.put(stc.namespaces.get(0), stc.release);
        namesake = new ScenariosNamesake(scenarioHost(), seed, sim, start, end);
        Controller nmc = namesake.build(seed, kube, truth, logs);
        controllers.add(nmc);
        teamOf.put(nmc, nmc.namespaces);
        releaseOfNamespace.put(nmc.namespaces.get(0), nmc.release);
        auditResponses = new ScenariosAuditResponses(scenarioHost(), seed, sim, start, end);
        Controller arc = auditResponses.build(seed, kube, truth, logs);
        controllers.add(arc);
        teamOf.put(arc, arc.namespaces);
        releaseOfNamespace.put(arc.namespaces.get(0), arc.release);
        autoRestart = new ScenariosAutoRestart(scenarioHost(), seed, sim, start, end);
        Controller atc = autoRestart.build(seed, kube, truth, logs);
        controllers.add(atc);
        teamOf.put(atc, atc.namespaces);
        releaseOfNamespace.put(atc.namespaces.get(0), atc.release);
        // Session 56: #8022's stale item on a v4 controller without the finalizer, where the queue as Argo runs it lets it happen.
        staleLabelV4 = new ScenariosStaleLabelV4(scenarioHost(), seed, sim, start, end);
        Controller slc = staleLabelV4.build(seed, kube, truth, logs);
        controllers.add(slc);
        teamOf.put(slc, slc.namespaces);
        releaseOfNamespace.put(slc.namespaces.get(0), slc.release);
        // Session 57: a crash loop under the kubelet's back-off, its standby taking the Lease over where a restart outlasts it.
        crashLoop = new ScenariosCrashLoop(scenarioHost(), seed, sim, start, end);
        Controller clc = crashLoop.build(seed, kube, truth, logs);
        controllers.add(clc);
        teamOf.put(clc, clc.namespaces);
        releaseOfNamespace.put(clc.namespaces.get(0), clc.release);
        // Session 59: a rollout turning the finalizer env off while Pods made with the finalizer still exist.
        envRollout = new ScenariosEnvRollout(scenarioHost(), seed, sim, start, end);
        Controller erc = envRollout.build(seed, kube, truth, logs);
        controllers.add(erc);
        teamOf.put(erc, erc.namespaces);
        releaseOfNamespace.put(erc.namespaces.get(0), erc.release);
        // Session 59: the controller's Role loses patch on pods: refused releases are not retried.
        patchForbidden = new ScenariosPatchForbidden(scenarioHost(), seed, sim, start, end);
        Controller pfc = patchForbidden.build(seed, kube, truth, logs);
        controllers.add(pfc);
        teamOf.put(pfc, pfc.namespaces);
        releaseOfNamespace.put(pfc.namespaces.get(0), pfc.release);
        if (stress) {
            lostAtExit = new ScenariosLostAtExit(scenarioHost(), seed, sim, start, end);
            Controller lx = lostAtExit.build(seed, kube, truth, logs);
            controllers.add(lx);
            teamOf.put(lx, lx.namespaces);
            releaseOfNamespace.put(lx.namespaces.get(0), lx.release);
        }
    }

    private ScenariosDeletion.Host scenarioHost() {
        return new ScenariosDeletion.Host() {
            @Override
            public void exportWorkflow(long at, Workflow w) {
                Corpus.this.exportWorkflow(at, w, 0.3);
            }

            @Override
            public void exportPod(long at, Workflow w) {
                Corpus.this.exportPod(at, w, 0.25);
            }

            @Override
            public void exportPodNamed(long at, String namespace, String name) {
                Corpus.this.exportPod(at, () -> namespace + "/" + name, 0.25);
            }

            @Override
            public void exportNodeEvents() {
                // Not through exportEvents' once-per-namespace set: a drain's later call must still draw and write its own.
                Corpus.this.eventsAt("default", true, end - plan.between(5, 60) * Go.SECOND);
            }

            @Override
            public void exportEvents(String namespace, long at) {
                Corpus.this.eventsAt(namespace, false, at);
            }

            @Override
            public Workflow workflow(Controller c, String prefix, Spec spec) {
                return Corpus.this.workflow(c, prefix, spec);
            }

            @Override
            public void submit(long at, Workflow w) {
                Corpus.this.submit(at, w);
            }

            @Override
            public Step step(String template, long duration, String cls, boolean interest) {
                return Corpus.this.step(template, duration, cls, interest);
            }

            @Override
            public void background(Controller c) {
                Corpus.this.background(c, s -> {
                });
            }

            @Override
            public void background(Controller c, Consumer<Step> each) {
                Corpus.this.background(c, each);
            }

            @Override
            public void typicalExports(Workflow w, long during, long terminatingFrom, long terminatingTo) {
                Corpus.this.typicalExports(w, during, terminatingFrom, terminatingTo);
            }

            @Override
            public Sim.Rng swapPlan(Sim.Rng rng) {
                Sim.Rng had = plan;
                plan = rng;
                return had;
            }

            @Override
            public void withPlan(Sim.Rng rng, Runnable r) {
                Sim.Rng saved = plan;
                plan = rng;
                try {
                    r.run();
                } finally {
                    plan = saved;
                }
            }
        };
    }

    private boolean misconfigured(Controller c) {
        return !"true".equals(c.finalizerEnv);
    }

    // ---- the run ------------------------------------------------------------------------------

    private Info run() {
        if (slope == null) {
            // Session 56: each controller's clock off the cluster's (NodeClocks.controllerOffset; its own salt, so no draw moves).
            for (Controller c : controllers) {
                c.clockOffset = NodeClocks.controllerOffset(seed, c.name);
            }
        }
        for (Controller c : controllers) {
            if (slope == null && scenarios.isTwin(c)) {
                continue;
            }
            if (slope == null && scenarios.owns(c)) {
                scenarios.plan(c);
                continue;
            }
            if (slope == null && deletions.owns(c)) {
                deletions.plan(c);
                continue;
            }
            if (slope == null && execControl.owns(c)) {
                execControl.plan(c);
                continue;
            }
            if (slope == null && nodes.owns(c)) {
                nodes.plan(c);
                continue;
            }
            if (slope == null && bare.owns(c)) {
                bare.plan(c);
                continue;
            }
            if (slope == null && parallel.owns(c)) {
                parallel.plan(c);
                continue;
            }
            if (slope == null && legacy.owns(c)) {
                legacy.plan(c);
                continue;
            }
            if (slope == null && noWait.owns(c)) {
                noWait.plan(c);
                continue;
            }
            if (slope == null && force.owns(c)) {
                force.plan(c);
                continue;
            }
            if (slope == null && outputs.owns(c)) {
                outputs.plan(c);
                continue;
            }
            if (slope == null && staleDeleted.owns(c)) {
                staleDeleted.plan(c);
                continue;
            }
            if (slope == null && dataHang.owns(c)) {
                dataHang.plan(c);
                continue;
            }
            if (slope == null && audited.owns(c)) {
                audited.plan(c);
                continue;
            }
            if (slope == null && shapes.owns(c)) {
                shapes.plan(c);
                continue;
            }
            if (slope == null && retries.owns(c)) {
                retries.plan(c);
                continue;
            }
            if (slope == null && podNamesV1.owns(c)) {
                podNamesV1.plan(c);
                continue;
            }
            if (slope == null && v40.owns(c)) {
                v40.plan(c);
                continue;
            }
            if (slope == null && preempt.owns(c)) {
                preempt.plan(c);
                continue;
            }
            if (slope == null && rerun.owns(c)) {
                rerun.plan(c);
                continue;
            }
            if (slope == null && unseen.owns(c)) {
                unseen.plan(c);
                continue;
            }
            if (slope == null && dagGate.owns(c)) {
                dagGate.plan(c);
                continue;
            }
            if (slope == null && podEvents.owns(c)) {
                podEvents.plan(c);
                continue;
            }
            if (slope == null && nearEvent.owns(c)) {
                nearEvent.plan(c);
                continue;
            }
            if (slope == null && stallFamily.owns(c)) {
                stallFamily.plan(c);
                continue;
            }
            if (slope == null && namesake.owns(c)) {
                namesake.plan(c);
                continue;
            }
            if (slope == null && auditResponses.owns(c)) {
                auditResponses.plan(c);
                continue;
            }
            if (slope == null && autoRestart.owns(c)) {
                autoRestart.plan(c);
                continue;
            }
            if (slope == null && staleLabelV4.owns(c)) {
                staleLabelV4.plan(c);
                continue;
            }
            if (slope == null && crashLoop.owns(c)) {
                crashLoop.plan(c);
                continue;
            }
            if (slope == null && envRollout.owns(c)) {
                envRollout.plan(c);
                continue;
            }
            if (slope == null && patchForbidden.owns(c)) {
                patchForbidden.plan(c);
                continue;
            }
            if (slope == null && lostAtExit != null && lostAtExit.owns(c)) {
                lostAtExit.plan(c);
                continue;
            }
            sim.at(start + plan.between(0, 20 * Go.SECOND), () -> c.start(c.normalWorkers, false));
            background(c);
            incidents(c);
            if (slope != null) {
                moreInterest(c);
            }
        }
        sim.run(end);
        for (Runnable r : atEnd) {
            r.run();
        }
        truth.settle(end, kube);
        // The audit files are exports too: their files and records are counted with the others'.
        int[] audit = {0, 0};
        if (slope == null) {
            try {
                audit = audited.writeAudit(exportDir);
                int[] more = auditResponses.writeAudit(exportDir);
                audit = new int[] {audit[0] + more[0], audit[1] + more[1]};
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        long lines = 0;
        int logFiles = 0;
        List<String> described = new ArrayList<>();
        for (Controller c : controllers) {
            c.finish();
            lines += c.lines();
            logFiles += c.files().size();
            described.add(c.name + " " + c.release.version + " " + c.format.label + " in " + c.envelope.label + ", namespaces "
                    + String.join(",", c.namespaces) + ", ARGO_POD_STATUS_CAPTURE_FINALIZER=" + c.initialFinalizerEnv + c.finalizerEnvChanges + ", workers "
                    + c.normalWorkers + (c.standby ? ", with a standby replica" : "") + (slope == null && scenarios.isTwin(c) ? ", the second replica" : ""));
        }
        Path truthFile = dir.resolve("truth.jsonl");
        truth.write(truthFile);
        truth.writeWorkflows(dir.resolve("truth-workflows.jsonl"));
        int pods = 0;
        int ofInterest = 0;
        for (Truth.PodFacts f : truth.all()) {
            pods++;
            if (f.ofInterest) {
                ofInterest++;
            }
        }
        Info info = new Info(seed, scale, dir, logs, exportDir, truthFile, start, end, apiMinor, lines, logFiles, exports.files() + audit[0],
                exports.objects() + audit[1], pods, ofInterest, described);
        writeInfo(info);
        return info;
    }

    private void writeInfo(Info info) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seed", info.seed());
        m.put("scale", info.scale().name().toLowerCase(java.util.Locale.ROOT));
        m.put("start", Go.rfc3339Nano(info.start()));
        m.put("end", Go.rfc3339Nano(info.end()));
        m.put("kubernetes", "1." + info.apiMinor());
        m.put("logLines", info.logLines());
        m.put("logFiles", info.logFiles());
        m.put("exportFiles", info.exportFiles());
        m.put("exportObjects", info.exportObjects());
        m.put("pods", info.pods());
        m.put("podsOfInterest", info.podsOfInterest());
        if (slope != null) {
            m.put("knobs", Map.of("interestPods", slope.interestPods(), "sizeMb", slope.sizeMb()));
        }
        m.put("controllers", info.controllers());
        try {
            Files.writeString(dir.resolve("corpus.json"), new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(m) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- workflows ----------------------------------------------------------------------------

    private String uniqueName(String prefix) {
        while (true) {
            String n = prefix + "-" + plan.alnum(5);
            if (names.add(n)) {
                return n;
            }
        }
    }

    private Workflow workflow(Controller c, String prefix, Spec spec) {
        Workflow w = new Workflow();
        w.namespace = plan.pick(teamOf.get(c));
        w.name = uniqueName(prefix);
        w.uid = plan.uuid();
        w.instanceId = c.instanceId;
        w.labels.put(K8s.LABEL_INSTANCE, c.instanceId);
        w.spec = spec;
        if (slope != null && spec.stepList.stream().anyMatch(s -> s.ofInterest)) {
            planned.merge(c, 1, Integer::sum);
        }
        return w;
    }

    void submit(long at, Workflow w) {
        sim.at(at + plan.between(0, 999_999_999L), () -> create(w));
    }

    /** The Workflow reaches the API: its truth record starts (class: its first step's Pod class). */
    private void create(Workflow w) {
        Controller c = controllerOf(w);
        truth.workflowCreated(w, w.spec.stepList.get(0).podClass, c == null ? null : c.name, c == null ? null : c.release.version, sim.now());
        kube.createWorkflow(w);
    }

    private Controller controllerOf(Workflow w) {
        for (Controller c : controllers) {
            if (c.instanceId.equals(w.instanceId)) {
                return c;
            }
        }
        return null;
    }

    private Step step(String template, long duration, String cls, boolean interest) {
        Step s = new Step();
        s.template = template;
        s.mainDuration = duration;
        s.podClass = cls;
        s.ofInterest = interest;
        s.onTerm = plan.between(0, 2);
        return s;
    }

    /** Ordinary Workflows arriving all along: most of the volume. */
    private void background(Controller c) {
        background(c, s -> {
        });
    }

    /** The same, {@code each} given every step as it is drawn (before its Workflow is submitted). */
    private void background(Controller c, Consumer<Step> each) {
        double mean = scale == Scale.SMALL ? plan.between(300, 420) * (double) Go.SECOND : plan.between(8000, 10500) * (double) Go.MILLI;
        if (slope != null) {
            mean = slope.backgroundMeanNanos(end - 2 * Go.MINUTE - start - 30 * Go.SECOND, mean / (9250 * (double) Go.MILLI));
        }
        long t = start + 30 * Go.SECOND + plan.exponential(mean);
        boolean bad = misconfigured(c);
        while (t < end - 2 * Go.MINUTE) {
            Spec spec = new Spec();
            int steps = plan.chance(0.65) ? 1 : plan.between(2, 3);
            spec.steps = steps > 1 || plan.chance(0.2);
            for (int i = 0; i < steps; i++) {
                long d = plan.chance(0.8) ? plan.between(4, 45) * Go.SECOND : plan.between(45, 300) * Go.SECOND;
                Step s = step(plan.pick(TEMPLATES), d + plan.between(0, 999) * Go.MILLI, "background", false);
                s.exitCode = plan.chance(0.03) ? 1 : 0;
                each.accept(s);
                spec.stepList.add(s);
            }
            if (!bad) {
                double g = plan.nextDouble();
                if (g < 0.2) {
                    spec.podGc = new K8s.PodGc("OnPodCompletion", plan.pick("", "30s", "0s"));
                } else if (g < 0.3) {
                    spec.podGc = new K8s.PodGc("OnPodSuccess", plan.pick("", "10s"));
                } else if (g < 0.4) {
                    spec.podGc = new K8s.PodGc("OnWorkflowCompletion", plan.pick("", "0s", "1m"));
                } else if (g < 0.45) {
                    spec.podGc = new K8s.PodGc("OnWorkflowSuccess", "");
                }
                if (plan.chance(scale == Scale.SMALL ? 0.3 : 0.6)) {
                    spec.ttlAfterCompletion = plan.between(120, 1800);
                }
            }
            submit(t, workflow(c, plan.pick("nightly", "hourly", "batch", "sync", "build", "train", "ingest", "score"), spec));
            t += Math.max(Go.SECOND, plan.exponential(mean));
        }
    }

    // ---- incidents ----------------------------------------------------------------------------

    private enum Kind {
        DOWN, STALL, HEALTHY, MISCONFIG, STALL_TO_END, WATCH_STALL
    }

    private void incidents(Controller c) {
        int index = controllers.indexOf(c);
        long t = start + plan.between(8, 14) * Go.MINUTE;
        long lastEnd = end - (scale == Scale.SMALL ? 3 : 5) * Go.MINUTE;
        List<Kind> sequence = new ArrayList<>();
        if (misconfigured(c)) {
            // Its env reads as on and is off (no finalizer on its Pods): only its own classes run here (the plan as it was when
            // its Pods were held, so no draw moves).
            sequence.add(Kind.MISCONFIG);
            sequence.add(Kind.MISCONFIG);
        } else {
            Kind[] cycle = {Kind.DOWN, Kind.STALL, Kind.HEALTHY, Kind.STALL, Kind.DOWN, Kind.HEALTHY};
            int count = scale == Scale.SMALL ? 2 : 14;
            for (int i = 0; i < count; i++) {
                sequence.add(cycle[(int) Math.floorMod(seed + index + i, cycle.length)]);
            }
        }
        // One ending per corpus family: some controllers end in a stall, one in a hung pod watch.
        Kind ending = null;
        if (!misconfigured(c) && !full(c)) {
            int slot = (int) Math.floorMod(seed + index, 3);
            ending = slot == 0 ? Kind.STALL_TO_END : slot == 1 ? Kind.WATCH_STALL : null;
        }
        long endingAt = end - plan.between(11, 14) * Go.MINUTE;
        if (slope != null) {
            quietUntil.put(c, ending != null ? endingAt - 3 * Go.MINUTE : lastEnd);
        }
        for (Kind k : sequence) {
            long length = switch (k) {
                case DOWN -> plan.between(7, 10) * Go.MINUTE;
                case STALL -> plan.between(8, 12) * Go.MINUTE;
                default -> plan.between(10, 14) * Go.MINUTE;
            };
            long after = k == Kind.DOWN ? 6 * Go.MINUTE : 4 * Go.MINUTE;
            if (t + length + after > (ending != null ? endingAt - 3 * Go.MINUTE : lastEnd) || full(c)) {
                break;
            }
            switch (k) {
                case DOWN -> down(c, t, length);
                case STALL -> stall(c, t, length);
                case HEALTHY -> healthy(c, t, false);
                case MISCONFIG -> misconfig(c, t);
                default -> {
                }
            }
            t += length + after + plan.between(2, 8) * Go.MINUTE;
        }
        if (ending == Kind.STALL_TO_END && !full(c)) {
            stallToEnd(c, endingAt);
        } else if (ending == Kind.WATCH_STALL && !full(c)) {
            watchStall(c, endingAt);
        }
        if (!misconfigured(c) && slope == null) {
            // Not with knobs: a result that never completes keeps its Workflow requeued, a line a second to the end of the
            // logs, megabytes that depend on when it happened rather than on the knobs.
            classesOf14(c, index, t, ending != null ? endingAt - 3 * Go.MINUTE : lastEnd);
        }
    }

    /** With knobs: this controller has planned its share of the Workflows of interest. Without: never. */
    private boolean full(Controller c) {
        return slope != null && planned.getOrDefault(c, 0) >= slope.quota(controllers.indexOf(c));
    }

    /**
     * With knobs: healthy-controller incidents laid over the background at random times until the controller has its
     * share, all before an ending that hangs the controller (there, each would keep its Workflow requeued to the end).
     */
    private void moreInterest(Controller c) {
        long until = quietUntil.getOrDefault(c, end - 5 * Go.MINUTE) - 15 * Go.MINUTE;
        while (!full(c)) {
            healthy(c, plan.between(start + 8 * Go.MINUTE, until), true);
        }
    }

    private enum Kind14 {
        SAME_NAME, TASK_RESULT, STALE_COPY, CONTAINERS
    }

    /**
     * The classes of #14, after the other incidents of the controller (one slot at small scale, up to six at large):
     * a same-named Workflow's stale cleanup item, task results that never complete, stale copies after completion. They
     * draw from their own random stream so that the plan of the other incidents is the same as without them.
     */
    private void classesOf14(Controller c, int index, long from, long until) {
        Sim.Rng saved = plan;
        plan = plan14;
        try {
            long t = from + plan.between(1, 4) * Go.MINUTE;
            int slots = scale == Scale.SMALL ? 1 : 6;
            Kind14[] kinds = Kind14.values();
            for (int i = 0; i < slots; i++) {
                Kind14 k = kinds[(int) Math.floorMod(seed + index + i, kinds.length)];
                long length = k == Kind14.TASK_RESULT ? 20 * Go.MINUTE : 14 * Go.MINUTE;
                if (t + length > until || full(c)) {
                    break;
                }
                switch (k) {
                    case SAME_NAME -> sameName(c, t);
                    case TASK_RESULT -> taskResults(c, t);
                    case STALE_COPY -> staleCopies(c, t);
                    case CONTAINERS -> ScenariosContainers.plan(this, c, t);
                    default -> {
                    }
                }
                t += length + plan.between(2, 6) * Go.MINUTE;
            }
        } finally {
            plan = saved;
        }
    }

    /** A single-step Workflow of interest whose Pod has the given class and finishes at {@code finishAt}. */
    Workflow single(Controller c, String cls, long finishAt, K8s.PodGc podGc, int waitFate) {
        Spec spec = new Spec();
        Step s = step(plan.pick(TEMPLATES), 0, cls, true);
        s.finishAt = finishAt + plan.between(0, 999_999_999L);
        s.waitFate = waitFate;
        spec.stepList.add(s);
        spec.podGc = podGc;
        String prefix = switch (cls) {
            case "same-name-first-run" -> "rerun";
            case "task-result-never-completes", "task-result-late" -> plan.pick("collect", "export", "summarize");
            case "task-result-wait-killed" -> plan.pick("aggregate", "render");
            case "taskresult-forbidden", "taskresult-upload-failed" -> plan.pick("train", "evaluate", "publish");
            case "sidecar-would-not-stop", "sidecar-stops" -> plan.pick("export", "sync", "ingest");
            case "workflow-stopped" -> plan.pick("backfill", "train", "crawl");
            case "stale-copy-rejected" -> plan.pick("refresh", "publish");
            case "stale-copy-pod-recreated", "stale-copy-pod-exists" -> plan.pick("status-handler", "notify-sink", "settle");
            default -> plan.pick("finalize", "notify", "archive");
        };
        return workflow(c, prefix, spec);
    }

    /**
     * #8022: a Workflow is deleted and one of the same name submitted again while a cleanup item of the first run's Pod
     * is still in the controller's queue. Pod patches time out for a few minutes (a slow webhook on Pod updates), so
     * the first run's {@code labelPodCompleted} fails; the user's deletion of the Workflow releases the old Pod through
     * another item; the new run's Pod has the same name, and the old item's next try labels it completed: it leaves the
     * informer, and its running node is marked {@code pod deleted}. Without the patch timeouts (30%) the name is reused
     * harmlessly: the look-alike.
     *
     * <p>Session 55, the queue as Argo runs it ({@link Controller}'s class comment): a timed-out try is put back only on v4
     * (v3.6/v3.7 drop the item: the name is then reused harmlessly), 5 ms after each failure, each try waiting the request
     * timeout; so the old item is still in the queue when the new Pod is created only while the timeouts go on, or while its
     * last failing try is still waiting for its answer. With no finalizer to release (the old Pod can go while patches time
     * out), the timeouts on v4 last until {@code lastFor} after the new Pod's creation; with the finalizer, the old Pod goes
     * only after them, and the old item meets the new Pod only when its last failing try is answered after the new Pod's
     * creation. The class is the queue's: the stale one only if the old item is still in the queue when the new Pod is created.
     *
     * <p>Session 29, {@code stale-cleanup-pending} (half the runs with timeouts whose old item is still waiting when the new
     * run is created, drawn from {@link #plan29}): the new run's Pod waits unscheduled (the nodes full) until after the old
     * item comes due, so the item labels a {@code Pending} Pod completed (lifecycle B2): the node is {@code Pending}, each
     * pass logs {@code Workflow pod is missing} {@code nodePhase=Pending} and its attempt to create the Pod again fails
     * with {@code already exists}; the Pod is scheduled later and runs, out of the controller's sight, and the node stays
     * {@code Pending} for good (AF005).
     */
    private void sameName(Controller c, long t0) {
        boolean timeouts = plan.chance(0.7);
        long finish = t0 + plan.between(20, 40) * Go.SECOND;
        Workflow first = single(c, "same-name-first-run", finish, K8s.PodGc.NONE, K8s.WAIT_NORMAL);
        submit(t0 - plan.between(60, 100) * Go.SECOND, first);
        long until = finish + plan.between(175, 240) * Go.SECOND;
        boolean lasting = timeouts && c.release.timeoutTransient && !c.podsCarryFinalizer();
        if (timeouts) {
            sim.at(t0 + plan.between(0, 10) * Go.SECOND, () -> c.patchBrownout(lasting ? Long.MAX_VALUE : until));
        }
        long deleteAt = (timeouts ? until : finish + plan.between(30, 120) * Go.SECOND) + plan.between(3, 12) * Go.SECOND;
        // The second run: same name, same template (so the same Pod name), a new UID.
        Workflow second = first.namesake(plan.uuid());
        Spec spec = new Spec();
        Step s = step(first.spec.stepList.get(0).template, 0, "same-name-resubmitted", true);
        s.finishAt = deleteAt + plan.between(4, 12) * Go.MINUTE;
        spec.stepList.add(s);
        second.spec = spec;
        long resubmitDelay = plan.between(2, 8) * Go.SECOND + plan.between(0, 999_999_999L);
        boolean meetsPending = timeouts && plan29.chance(0.5);
        long room = plan29.between(40, 150) * Go.SECOND;
        long runFor = plan29.between(60, 240) * Go.SECOND;
        // Session 30, drawn from a stream of its own: half the stuck runs are deleted and submitted once more under the name.
        boolean resubmitStuck = meetsPending && plan30.chance(0.5);
        long stuckFor = plan30.between(4, 10) * Go.MINUTE + plan30.between(0, 999_999_999L);
        Workflow third = resubmitStuck ? sameNameAgain(second, plan30.uuid(), "stale-cleanup-pending-rerun",
                plan30.between(60, 240) * Go.SECOND) : null;
        long thirdDelay = plan30.between(3, 20) * Go.SECOND;
        long lastFor = plan.between(20, 90) * Go.SECOND + plan.between(0, 999_999_999L);
        endLastingTimeouts(sim, c, lasting, deleteAt);
        Runnable beforeCreate = !timeouts ? null : () -> {
            long due = staleLabelDue(sim, c, first, lasting, lastFor);
            if (due < 0) {
                s.podClass = "same-name-timeouts-harmless";
                return;
            }
            s.podClass = "stale-cleanup-same-name";
            if (meetsPending) {
                // The new Pod stays unscheduled past the label.
                s.podClass = "stale-cleanup-pending";
                s.unschedulable = true;
                s.schedulableAt = due + room;
                s.finishAt = Math.max(s.finishAt, s.schedulableAt + runFor);
                if (third != null) {
                    stuckRunResubmitted(second, s, third, due + stuckFor, thirdDelay);
                }
            }
        };
        sim.at(deleteAt + plan.between(0, 999_999_999L), () -> {
            Workflow live = kube.workflows.get(first.key());
            if (live != null && live.uid.equals(first.uid)) {
                kube.deleteWorkflow(first.key(), false, "user");
                resubmitWhenGone(first, second, resubmitDelay, 0, beforeCreate);
            }
        });
        typicalExports(second, deleteAt + plan.between(2, 4) * Go.MINUTE, 0, 0);
        if (plan.chance(0.4)) {
            exportPod(finish + plan.between(10, 60) * Go.SECOND, first, 0.25);
        }
    }

    /**
     * #8022's timeouts that last until the new run comes ({@code lasting}): should it never come, they end all the same 10 minutes
     * after the first run's deletion. One code for {@link #sameName} and {@link ScenariosStaleLabelV4} (session 57); no draw.
     */
    static void endLastingTimeouts(Sim sim, Controller c, boolean lasting, long deleteAt) {
        if (lasting) {
            sim.at(deleteAt + 10 * Go.MINUTE, () -> c.endBrownoutAt(Math.min(c.brownoutUntil(), sim.now())));
        }
    }

    /**
     * Just before #8022's new run is created: lasting timeouts end {@code lastFor} from now, and the old run's {@code
     * labelPodCompleted} item, if still in the queue, has its first try answered after the timeouts label the new Pod (a
     * single-Pod Workflow: its Pod has the Workflow's name), at the latest a request timeout after them: that time is returned.
     * -1: the item is gone (v3.6/v3.7 dropped the timed-out item; on v4 its last try was answered before the new run), the name
     * reused harmlessly after the timeouts. One code for {@link #sameName} and {@link ScenariosStaleLabelV4} (session 57); no draw.
     */
    static long staleLabelDue(Sim sim, Controller c, Workflow first, boolean lasting, long lastFor) {
        if (lasting) {
            c.endBrownoutAt(sim.now() + lastFor);
        }
        long next = c.cleanupNext(first.namespace + "/" + first.name + "/" + Controller.LABEL_POD_COMPLETED);
        if (next < 0) {
            return -1;
        }
        return Math.max(next, c.brownoutUntil()) + Controller.REQUEST_TIMEOUT;
    }

    /** A Workflow of {@code w}'s name and template submitted again: a new UID, its Pod of the same name, main running {@code runFor}. */
    private Workflow sameNameAgain(Workflow w, String uid, String cls, long runFor) {
        Workflow again = new Workflow();
        again.namespace = w.namespace;
        again.name = w.name;
        again.uid = uid;
        again.instanceId = w.instanceId;
        again.labels.putAll(w.labels);
        Spec spec = new Spec();
        Step s = new Step();
        s.template = w.spec.stepList.get(0).template;
        s.mainDuration = runFor;
        s.podClass = cls;
        s.ofInterest = true;
        spec.stepList.add(s);
        again.spec = spec;
        return again;
    }

    /**
     * Session 30 (AF005's open case): the run stuck with its node {@code Pending} and its Pod out of the controller's sight
     * ({@code stale-cleanup-pending}) is seen stuck, deleted ({@code kubectl delete workflow}, background) at {@code at} and
     * submitted once more under its name once its Pod is gone: the third Pod of the name runs and succeeds. The stuck run's
     * Pod was missing pass after pass, then the name was used again: its Workflow was thrown away, so no AF005 (its truth:
     * the Workflow deleted), whether or not that Pod was exported (half the time, while it was stuck, with its UID).
     */
    private void stuckRunResubmitted(Workflow stuck, Step s, Workflow again, long at, long delay) {
        s.podClass = "stale-cleanup-pending-deleted";
        boolean export = plan30.chance(0.5);
        long exportAt = at - plan30.between(20, 120) * Go.SECOND;
        if (export) {
            Sim.Rng saved = plan;
            plan = plan30;
            exportPod(exportAt, stuck, 0.25);
            plan = saved;
        }
        sim.at(at, () -> {
            Workflow live = kube.workflows.get(stuck.key());
            if (live != null && live.uid.equals(stuck.uid)) {
                kube.deleteWorkflow(stuck.key(), false, "user");
                resubmitWhenGone(stuck, again, delay, 0, null);
            }
        });
    }

    /** The user waits until the old run's Pod is gone (a new Pod of the same name could not be created before), then creates the new run. */
    private void resubmitWhenGone(Workflow first, Workflow second, long delay, int tries, Runnable beforeCreate) {
        whenGone(sim, kube, first, delay, tries, () -> {
            if (beforeCreate != null) {
                beforeCreate.run();
            }
            create(second);
        });
    }

    /**
     * Runs {@code create} {@code delay} after no Pod of {@code first} is left in the cluster, looking every half second (a
     * minute at most, then giving up): how a user resubmits a Workflow under the name of one whose Pods are still going.
     */
    static void whenGone(Sim sim, Kube kube, Workflow first, long delay, int tries, Runnable create) {
        boolean gone = true;
        for (Pod p : kube.pods.values()) {
            if (p.workflowUid.equals(first.uid)) {
                gone = false;
                break;
            }
        }
        if (gone) {
            sim.after(delay, create);
        } else if (tries < 120) {
            sim.after(Go.SECOND / 2, () -> whenGone(sim, kube, first, delay, tries + 1, create));
        }
    }

    /**
     * Task results that do not complete: the wait container exits 0 but its result keeps
     * {@code report-outputs-completed: "false"} (the result is then pending until the end, or until someone labels it
     * completed, late or in time), or wait is OOMKilled and the controller completes the result itself.
     */
    private void taskResults(Controller c, long t0) {
        List<Runnable> roles = new ArrayList<>();
        roles.add(() -> {
            long finish = t0 + plan.between(20, 90) * Go.SECOND;
            Workflow w = single(c, "task-result-never-completes", finish, K8s.PodGc.NONE, K8s.WAIT_REPORT_LOST);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            if (plan.chance(0.45)) {
                // #12103's workaround, long after: kubectl label workflowtaskresult ... report-outputs-completed=true --overwrite
                labelResult(finish + plan.between(12, 30) * Go.MINUTE, w);
            }
            resultExports(w, finish);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(20, 90) * Go.SECOND;
            Workflow w = single(c, "task-result-pod-deleted", finish, K8s.PodGc.NONE, K8s.WAIT_REPORT_LOST);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            // The other remedy: kubectl delete pod, long after. The finalizer goes at once (the Pod finished long ago), the node
            // becomes "pod deleted"; v3.6.19 then forces the result 2m after (B1), v3.7.18 and v4.1.3 need not.
            userDeletesPod(finish + plan.between(12, 25) * Go.MINUTE, w);
            resultExports(w, finish);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(20, 90) * Go.SECOND;
            Workflow w = single(c, "task-result-late", finish, K8s.PodGc.NONE, K8s.WAIT_REPORT_LOST);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            labelResult(finish + plan.between(3, 8) * Go.MINUTE, w);
            resultExports(w, finish);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(20, 90) * Go.SECOND;
            Workflow w = single(c, "task-result-wait-killed", finish, K8s.PodGc.NONE, K8s.WAIT_OOM_KILLED);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            resultExports(w, finish);
        });
        java.util.Collections.shuffle(roles, new java.util.Random(plan.r.nextLong()));
        int n = plan.between(3, roles.size());
        for (int i = 0; i < n && !full(c); i++) {
            roles.get(i).run();
        }
    }

    private void labelResult(long at, Workflow w) {
        sim.at(at + plan.between(0, 999_999_999L), () -> {
            for (Truth.PodFacts f : truth.all()) {
                if (w.uid.equals(f.workflowUid) && f.ofInterest) {
                    kube.labelTaskResultCompleted(f.namespace, f.nodeId);
                    return;
                }
            }
        });
    }

    void resultExports(Workflow w, long finish) {
        if (plan.chance(0.35)) {
            exportTaskResult(finish + plan.between(60, 300) * Go.SECOND, w);
        }
        if (plan.chance(0.45)) {
            exportWorkflow(finish + plan.between(5, 11) * Go.MINUTE, w, 0.3);
        }
        if (plan.chance(0.45)) {
            exportWorkflow(end - plan.between(10, 120) * Go.SECOND, w, 0.3);
        }
        if (plan.chance(0.35)) {
            exportPod(finish + plan.between(2, 9) * Go.MINUTE, w, 0.25);
        }
    }

    /**
     * Stale copies of completed Workflows (B3). The rejected one: the Workflow watch breaks and the informer relists
     * from a lagging apiserver cache, getting the version before the completion; the release's guard catches it (v3.7.18
     * and v4.1.3 log {@code Rejecting stale copy of a completed workflow}; v3.6.19's is at Debug). The regression: the
     * controller restarts soon after the completion and its first list is that stale copy; memory is empty after a
     * restart, so no guard catches it: the node, whose Pod has left the informer (labelled completed, or deleted by
     * podGC), is marked {@code pod deleted} after {@code Marking workflow completed}, and the update is refused.
     */
    private void staleCopies(Controller c, long t0) {
        if (plan.chance(0.8)) {
            long finish = t0 + plan.between(20, 60) * Go.SECOND;
            Workflow w = single(c, "stale-copy-rejected", finish, K8s.PodGc.NONE, K8s.WAIT_NORMAL);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            long lag = plan.between(20, 90) * Go.SECOND;
            sim.at(finish + plan.between(12, 30) * Go.SECOND, () -> c.staleRelist(w.key(), lag));
            typicalExports(w, finish - 5 * Go.SECOND, 0, 0);
        }
        // Two Workflows complete before the restart: one whose Pod was labelled completed, one whose Pod podGC deleted.
        long latest = 0;
        List<Workflow> regressing = new ArrayList<>();
        for (boolean podGc : new boolean[] {false, true}) {
            long finish = t0 + plan.between(150, 240) * Go.SECOND;
            latest = Math.max(latest, finish);
            Workflow w = single(c, podGc ? "phase-regression-podgc" : "phase-regression", finish,
                    podGc ? plan.pick(new K8s.PodGc("OnPodCompletion", ""), new K8s.PodGc("OnPodCompletion", "0s")) : K8s.PodGc.NONE,
                    K8s.WAIT_NORMAL);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            regressing.add(w);
            typicalExports(w, finish - 5 * Go.SECOND, 0, 0);
        }
        long lag = plan.between(30, 120) * Go.SECOND;
        long restartAt = latest + 2 * Go.SECOND + plan.between(12, 30) * Go.SECOND;
        boolean rollout = plan.chance(0.5);
        long gap = plan.between(3, 15) * Go.SECOND;
        // AF015 and its retry look-alike, from a stream of their own (the draws above are as they were without them).
        Sim.Rng saved = plan;
        plan = new Sim.Rng(Sim.seed(t0, 1510));
        try {
            staleCopyActs(c, t0, restartAt, lag);
        } finally {
            plan = saved;
        }
        sim.at(restartAt, () -> {
            if (!c.up()) {
                return;
            }
            for (Workflow w : regressing) {
                c.staleListOnStart.put(w.key(), lag);
            }
            if (rollout) {
                c.stop();
                sim.after(gap, () -> c.start(c.normalWorkers, false));
            } else {
                c.crash();
            }
        });
    }

    /**
     * AF015 (#16294's shape): single-step Workflows that complete shortly before the restart of {@link #staleCopies}; the
     * restarted process lists each at the version it was created at ({@code Phase=} empty, the stale-read guard's memory
     * is empty after a restart) and starts it again: its Pod is created anew when podGC deleted the first
     * ({@code stale-copy-pod-recreated}), or found existing ({@code stale-copy-pod-exists}); the update is refused
     * ({@code must never update completed workflows}). The look-alike ({@code workflow-retried}): {@code argo retry} of a
     * Failed Workflow after the restart (the Argo server deletes the failed Pod, drops its node, resets the ancestors and
     * writes the Workflow Running without the completed label): the controller creates the Pod of the same name again
     * on the newer copy, and the step succeeds.
     */
    private void staleCopyActs(Controller c, long t0, long restartAt, long lag) {
        List<Workflow> replayed = new ArrayList<>();
        for (boolean podGone : new boolean[] {true, false}) {
            if (!podGone && !plan.chance(0.6)) {
                continue;
            }
            long finish = t0 + plan.between(60, 130) * Go.SECOND;
            Workflow w = single(c, podGone ? "stale-copy-pod-recreated" : "stale-copy-pod-exists", finish,
                    podGone ? plan.pick(new K8s.PodGc("OnPodCompletion", ""), new K8s.PodGc("OnPodCompletion", "0s")) : K8s.PodGc.NONE,
                    K8s.WAIT_NORMAL);
            submit(t0 - plan.between(40, 55) * Go.SECOND, w);
            replayed.add(w);
            typicalExports(w, restartAt + plan.between(60, 180) * Go.SECOND, 0, 0);
        }
        long rerun = plan.between(20, 60) * Go.SECOND + plan.between(0, 999) * Go.MILLI;
        sim.at(restartAt - Go.MILLI, () -> {
            if (!c.up()) {
                return;
            }
            for (Workflow w : replayed) {
                c.replayFirstOnStart.put(w.key(), lag);
                // The step started again runs as long as it did (not until the first run's planned end).
                Step s = w.spec.stepList.get(0);
                s.finishAt = -1;
                s.mainDuration = rerun;
            }
        });
        if (plan.chance(0.8)) {
            Spec spec = new Spec();
            spec.steps = true;
            Step s = step(plan.pick(TEMPLATES), 0, "workflow-retried", true);
            s.finishAt = t0 + plan.between(30, 90) * Go.SECOND + plan.between(0, 999_999_999L);
            s.exitCode = 1;
            spec.stepList.add(s);
            Workflow w = workflow(c, plan.pick("report-gen", "render"), spec);
            submit(t0 - plan.between(60, 100) * Go.SECOND, w);
            long retryAt = restartAt + plan.between(2, 5) * Go.MINUTE;
            long again = plan.between(20, 60) * Go.SECOND;
            sim.at(retryAt + plan.between(0, 999_999_999L), () -> argoRetry(c, w, again));
            typicalExports(w, retryAt + again + 30 * Go.SECOND, 0, 0);
        }
    }

    /** {@code argo retry} (the Argo server's FormulateRetryWorkflow) of a Failed Workflow: {@link ArgoServer#retry}. */
    private void argoRetry(Controller c, Workflow w, long again) {
        ArgoServer.retry(kube, c, w, again, Set.of("Failed"));
    }

    /** A Workflow of interest whose (first) Pod has the given class; 35% of them are a two-step Workflow. */
    private Workflow interest(Controller c, String cls, long finishAt, int exitCode, K8s.PodGc podGc) {
        Spec spec = new Spec();
        spec.steps = !misconfigured(c) && plan.chance(0.35);
        Step s = step(plan.pick(TEMPLATES), 0, cls, true);
        s.finishAt = finishAt + plan.between(0, 999_999_999L);
        s.exitCode = exitCode;
        spec.stepList.add(s);
        if (spec.steps) {
            spec.stepList.add(step(plan.pick(TEMPLATES), plan.between(5, 30) * Go.SECOND, "background", false));
        }
        spec.podGc = podGc;
        return workflow(c, cls.replace("race-", "").replace("17024-", "repro-").replace(".", ""), spec);
    }

    private Workflow interest(Controller c, String cls, long finishAt) {
        return interest(c, cls, finishAt, 0, K8s.PodGc.NONE);
    }

    /** The first Pod of a Workflow, as the cluster has it now. */
    private Pod podOf(Workflow w) {
        Pod found = null;
        for (Pod p : kube.pods.values()) {
            if (p.workflowUid.equals(w.uid) && (found == null || p.creation < found.creation)) {
                found = p;
            }
        }
        return found;
    }

    private String firstPodKey(Workflow w) {
        Truth.PodFacts first = null;
        for (Truth.PodFacts f : truth.all()) {
            if (w.uid.equals(f.workflowUid) && f.ofInterest) {
                first = f;
                break;
            }
        }
        return first == null ? null : first.key();
    }

    private void userDeletesPod(long at, Workflow w) {
        sim.at(at + plan.between(0, 999_999_999L), () -> {
            String key = firstPodKey(w);
            if (key != null) {
                kube.deletePod(key, null, null, "user");
            }
        });
    }

    private void userDeletesWorkflow(long at, Workflow w, boolean orphan, Controller c, boolean gcFirst) {
        sim.at(at + plan.between(0, 999_999_999L), () -> {
            if (gcFirst) {
                c.workflowWatchLag = plan.between(1_500, 4_000) * Go.MILLI;
                sim.after(8 * Go.SECOND, () -> c.workflowWatchLag = 0);
            }
            kube.deleteWorkflow(w.key(), orphan, "user");
        });
    }

    /** kubectl drain of the node the Workflow's Pod runs on; other Pods there are bystanders. */
    private void drainNodeOf(long at, Workflow w) {
        boolean nodeEvents = plan.chance(0.4);
        sim.at(at + plan.between(0, 999_999_999L), () -> {
            String key = firstPodKey(w);
            Pod p = key == null ? null : kube.pods.get(key);
            if (p == null || p.hostNode == null) {
                return;
            }
            for (Pod other : kube.pods.values()) {
                if (p.hostNode.equals(other.hostNode) && other.deletionTimestamp == null && !other.uid.equals(p.uid)) {
                    truth.reclassify(other.uid, "drain-bystander");
                }
            }
            kube.drain(p.hostNode, "kubectl-drain");
            if (nodeEvents) {
                exportEvents(null, true);
            }
        });
    }

    // ---- exports ------------------------------------------------------------------------------

    private String stamp(long t) {
        return Go.compact(t).substring(9);
    }

    /** {@code kubectl get pod} of the Workflow's Pod of interest at {@code at}, if it still exists. */
    private void exportPod(long at, Workflow w, double json) {
        exportPod(at, () -> firstPodKey(w), json);
    }

    /** The generator salt of which exports show {@code managedFields} (session 57; docs/judgment.md). */
    static final long MANAGED_FIELDS_SALT = 593;

    /**
     * Session 57: whether export {@code seq} was taken with {@code --show-managed-fields} (a quarter of them: kubectl leaves the
     * entries out since 1.21; backup tools and API dumps keep them). Its own stream (salt {@link #MANAGED_FIELDS_SALT}), drawn from
     * the export's sequence number so that no other stream moves.
     */
    private boolean showsManagedFields(int seq) {
        return new Sim.Rng(Sim.seed(Sim.seed(seed, MANAGED_FIELDS_SALT), seq)).chance(0.25);
    }

    /** {@code kubectl get pod} of the Pod {@code key} names when it is run (none if it is gone). */
    private void exportPod(long at, java.util.function.Supplier<String> podKey, double json) {
        boolean asJson = plan.chance(json);
        boolean takenAt = plan.chance(0.8);
        int seq = ++exportSeq;
        boolean managed = showsManagedFields(seq);
        sim.at(at, () -> {
            String key = podKey.get();
            Pod p = key == null ? null : kube.pods.get(key);
            if (p == null) {
                return;
            }
            noteExported(p);
            String file = "pods/" + p.namespace + "." + p.name + "." + stamp(sim.now()) + "-" + seq + (asJson ? ".json" : ".yaml");
            exports.single(file, Exports.pod(p, managed), "kubectl get pod -n " + p.namespace + " " + p.name + " -o " + (asJson ? "json" : "yaml")
                    + (managed ? " --show-managed-fields" : ""),
                    takenAt ? sim.now() : null, asJson);
        });
    }

    private void exportWorkflow(long at, Workflow w, double json) {
        boolean asJson = plan.chance(json);
        int seq = ++exportSeq;
        sim.at(at, () -> {
            Workflow live = kube.workflows.get(w.key());
            if (live == null || !live.uid.equals(w.uid)) {
                return;
            }
            noteExitCodesOnNodes(live);
            String file = "workflows/" + w.namespace + "." + w.name + "." + stamp(sim.now()) + "-" + seq + (asJson ? ".json" : ".yaml");
            exports.single(file, exports.workflow(live), "kubectl get workflow -n " + w.namespace + " " + w.name + " -o "
                    + (asJson ? "json" : "yaml"), plan.chance(0.85) ? sim.now() : null, asJson);
        });
    }

    /** {@code kubectl get pods -l workflows.argoproj.io/workflow=W -o yaml}: a List. */
    private void exportList(long at, Workflow w) {
        boolean asJson = plan.chance(0.3);
        int seq = ++exportSeq;
        boolean managed = showsManagedFields(seq);
        sim.at(at, () -> {
            List<Map<String, Object>> items = new ArrayList<>();
            for (Pod p : kube.pods.values()) {
                if (p.workflowUid.equals(w.uid)) {
                    items.add(Exports.pod(p, managed));
                    noteExported(p);
                }
            }
            if (items.isEmpty()) {
                return;
            }
            String file = "lists/" + w.namespace + "." + w.name + ".pods." + stamp(sim.now()) + "-" + seq + (asJson ? ".json" : ".yaml");
            exports.list(file, items, "kubectl get pods -n " + w.namespace + " -l workflows.argoproj.io/workflow=" + w.name + " -o "
                    + (asJson ? "json" : "yaml") + (managed ? " --show-managed-fields" : ""), sim.now(), asJson);
        });
    }

    /** {@code kubectl get pod P -w -o yaml} from {@code from} to the end of the evidence (or until the Pod is gone). */
    private void exportWatch(long from, Workflow w) {
        int seq = ++exportSeq;
        String[] watched = new String[1];
        sim.at(from, () -> {
            String key = firstPodKey(w);
            Pod p = key == null ? null : kube.pods.get(key);
            if (p == null) {
                return;
            }
            watched[0] = key;
            kube.watchedPods.add(key);
            kube.podHistory.computeIfAbsent(key, k -> new ArrayList<>()).add(p.copy());
        });
        atEnd.add(() -> {
            if (watched[0] == null) {
                return;
            }
            List<Map<String, Object>> docs = new ArrayList<>();
            for (Pod p : kube.podHistory.getOrDefault(watched[0], List.of())) {
                if (p != null) {
                    docs.add(Exports.pod(p));
                    noteExported(p);
                }
            }
            String[] parts = watched[0].split("/");
            exports.watch("watch/" + parts[0] + "." + parts[1] + ".w-" + seq + ".yaml", docs, "kubectl get pod -n " + parts[0] + " "
                    + parts[1] + " -w -o yaml");
        });
    }

    /**
     * A Workflow export shows main's exit code where the controller stored it on the Pod's node ({@code outputs.exitCode},
     * {@code getExitCode}): the truth's {@code exitCodesExported} for the node's Pod when the code is that Pod's (the latest Pod of
     * the node, main ended with it). Task results carry none (see {@link Exports#taskResult}).
     */
    private void noteExitCodesOnNodes(Workflow live) {
        for (K8s.Node n : live.status.nodes.values()) {
            if (n.exitCode == null || !"Pod".equals(n.type)) {
                continue;
            }
            Truth.PodFacts f = truth.forNode(live.namespace, live.name, live.uid, n.id);
            if (f != null && n.exitCode.equals(f.mainExit) && f.mainFinishedAt >= 0 && f.mainFinishedAt <= sim.now()) {
                f.exitCodesExported = true;
            }
        }
    }

    private void noteExported(Pod p) {
        Truth.PodFacts f = truth.get(p.uid);
        if (f != null && p.main.terminated()) {
            f.exitCodesExported = true;
        }
    }

    /** {@code kubectl get workflowtaskresult} of the Pod's node, while the Workflow still keeps it. */
    private void exportTaskResult(long at, Workflow w) {
        int seq = ++exportSeq;
        sim.at(at, () -> {
            String key = firstPodKey(w);
            if (key == null) {
                return;
            }
            Truth.PodFacts f = null;
            for (Truth.PodFacts x : truth.all()) {
                if (x.key().equals(key)) {
                    f = x;
                }
            }
            K8s.TaskResult t = f == null ? null : kube.taskResults.get(f.namespace + "/" + f.nodeId);
            if (t == null) {
                return;
            }
            exports.single("taskresults/" + t.namespace + "." + t.name + "." + stamp(sim.now()) + "-" + seq + ".yaml", Exports.taskResult(t),
                    "kubectl get workflowtaskresult -n " + t.namespace + " " + t.name + " -o yaml", sim.now(), false);
        });
    }

    private final Set<String> eventsExported = new HashSet<>();

    /** {@code kubectl get events -n NS -o yaml}, once per namespace, near the end: the events of the last hour. */
    private void exportEvents(String namespace, boolean nodes) {
        String ns = nodes ? "default" : namespace;
        if (!eventsExported.add(ns)) {
            return;
        }
        eventsAt(ns, nodes, end - plan.between(5, 60) * Go.SECOND);
    }

    private void eventsAt(String ns, boolean nodes, long at) {
        sim.at(at, () -> {
            List<Map<String, Object>> items = new ArrayList<>();
            for (Kube.Event e : kube.events.getOrDefault(ns, List.of())) {
                if (e.time() >= at - 60 * Go.MINUTE) {
                    items.add(Exports.event(e));
                }
            }
            if (items.isEmpty()) {
                return;
            }
            String command = nodes ? "kubectl get events -n default --field-selector involvedObject.kind=Node -o yaml"
                    : "kubectl get events -n " + ns + " -o yaml";
            // Two families' exports of the node Events can fall in the same second: the second file must not replace the first.
            String file = "events/" + ns + "." + stamp(at);
            for (int n = 2; !eventFiles.add(file); n++) {
                file = "events/" + ns + "." + stamp(at) + "-" + n;
            }
            exports.list(file + ".yaml", items, command, at, false);
        });
    }

    private final Set<String> eventFiles = new HashSet<>();

    /** The exports a person investigating this Pod would plausibly have: some of these, not all. */
    private void typicalExports(Workflow w, long during, long terminatingFrom, long terminatingTo) {
        if (terminatingTo > terminatingFrom + 3 * Go.SECOND && plan.chance(0.6)) {
            exportPod(plan.between(terminatingFrom + Go.SECOND, terminatingTo - Go.SECOND), w, 0.25);
        } else if (plan.chance(0.35)) {
            exportPod(during, w, 0.25);
        }
        if (plan.chance(0.45)) {
            exportWorkflow(during, w, 0.3);
        }
        if (plan.chance(0.55)) {
            exportWorkflow(end - plan.between(10, 120) * Go.SECOND, w, 0.3);
        }
        if (plan.chance(0.15)) {
            exportWatch(during - plan.between(30, 90) * Go.SECOND, w);
        }
        if (plan.chance(0.1)) {
            exportList(during, w);
        }
        if (plan.chance(0.15)) {
            exportTaskResult(during + plan.between(20, 120) * Go.SECOND, w);
        }
        if (plan.chance(0.3)) {
            exportEvents(w.namespace, false);
        }
    }

    // ---- the incident kinds -------------------------------------------------------------------

    /**
     * The controller scaled to zero for a while (the #17024 reproduction): Pods finish, users delete
     * aged ones, a node is drained, a Workflow is deleted; the controller comes back with
     * {@code --workflow-workers=0} first (most of the time), then with its workers.
     */
    private void down(Controller c, long t0, long length) {
        boolean zeroWorkersFirst = plan.chance(0.75);
        long back = t0 + length;
        String raceClass = zeroWorkersFirst ? "race-17024-" + c.release.line() : "restart-normal-delete";
        int races = plan.between(1, 2);
        for (int i = 0; i < races && !full(c); i++) {
            long finish = t0 + plan.between(20, 90) * Go.SECOND;
            Workflow w = interest(c, raceClass, finish);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            long del = Math.min(finish + plan.between(190, 280) * Go.SECOND, back - 15 * Go.SECOND);
            userDeletesPod(del, w);
            typicalExports(w, t0 + plan.between(5, 15) * Go.SECOND, del, back);
        }
        if (!full(c) && plan.chance(0.7)) {
            Workflow w = interest(c, "drain-while-down", t0 + 3 * 60 * Go.MINUTE);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            long drain = t0 + plan.between(30, 120) * Go.SECOND;
            drainNodeOf(drain, w);
            if (plan.chance(0.35)) {
                // Impatient: kubectl delete pod --grace-period=5 while the evicted Pod is still terminating (a shorter grace
                // moves deletionTimestamp: to T0 + 5 up to 1.32, to now with grace 1 from 1.33 when that is in the past).
                long again = drain + plan.between(6, 25) * Go.SECOND + plan.between(0, 999_999_999L);
                sim.at(again, () -> {
                    String key = firstPodKey(w);
                    if (key != null) {
                        kube.deletePod(key, 5, null, "user");
                    }
                });
            }
            typicalExports(w, drain - 5 * Go.SECOND, drain + 40 * Go.SECOND, back);
        }
        if (!full(c) && plan.chance(0.7)) {
            Workflow w = interest(c, "late-label-after-down", t0 + plan.between(20, 120) * Go.SECOND);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            typicalExports(w, t0 + 3 * Go.MINUTE, 0, 0);
        }
        if (!full(c) && plan.chance(0.6)) {
            boolean running = plan.chance(0.4);
            Workflow w = interest(c, "wf-deleted-while-down", running ? t0 + 3 * 60 * Go.MINUTE : t0 + plan.between(20, 60) * Go.SECOND);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            long del = t0 + plan.between(150, 300) * Go.SECOND;
            userDeletesWorkflow(del, w, false, c, false);
            typicalExports(w, del - 20 * Go.SECOND, del + 40 * Go.SECOND, back);
        }
        if (!full(c) && plan.chance(0.4)) {
            // kubectl delete workflow --cascade=orphan while the controller is away: its Pod runs on without an owner.
            long orphanAt = t0 + plan.between(30, 200) * Go.SECOND;
            Workflow w = interest(c, "orphaned-while-down", orphanAt + plan.between(60, 900) * Go.SECOND);
            submit(t0 - plan.between(60, 110) * Go.SECOND, w);
            userDeletesWorkflow(orphanAt, w, true, c, false);
            exportPod(back + plan.between(-60, 300) * Go.SECOND, w, 0.3);
        }
        sim.at(t0, c::stop);
        if (zeroWorkersFirst) {
            sim.at(back, () -> c.start(0, false));
            long restore = back + plan.between(90, 240) * Go.SECOND;
            sim.at(restore, c::stop);
            sim.at(restore + plan.between(5, 25) * Go.SECOND, () -> c.start(c.normalWorkers, false));
        } else {
            sim.at(back, () -> c.start(c.normalWorkers, false));
        }
    }

    /** The Workflow workers stall (busy, throttled) while the pod controller goes on. */
    private void stall(Controller c, long t0, long length) {
        long until = t0 + length;
        sim.at(t0, () -> c.stall(until));
        List<Runnable> roles = new ArrayList<>();
        roles.add(() -> {
            long finish = t0 + plan.between(15, 60) * Go.SECOND;
            Workflow w = interest(c, "race-stall-user-delete", finish);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(140, 200) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(15, 60) * Go.SECOND;
            Workflow w = interest(c, "race-positive-delay", finish);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(6, 40) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, finish + 3 * Go.SECOND, del, finish + 115 * Go.SECOND);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(15, 30) * Go.SECOND;
            Workflow w = interest(c, "race-podgc-5m", finish, 0, new K8s.PodGc("OnPodCompletion", "5m"));
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(20, 150) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, finish + 5 * Go.SECOND, del, finish + 290 * Go.SECOND);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(15, 60) * Go.SECOND;
            Workflow w = interest(c, "race-failed-step", finish, 1, K8s.PodGc.NONE);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(140, 200) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, finish + 30 * Go.SECOND, 0, 0);
        });
        roles.add(() -> {
            Workflow w = interest(c, "drain-during-stall", t0 + 3 * 60 * Go.MINUTE);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long drain = t0 + plan.between(20, 120) * Go.SECOND;
            drainNodeOf(drain, w);
            typicalExports(w, drain - 5 * Go.SECOND, drain + 35 * Go.SECOND, drain + 110 * Go.SECOND);
        });
        roles.add(() -> {
            Workflow w = interest(c, "late-label-after-stall", t0 + plan.between(15, 90) * Go.SECOND);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            typicalExports(w, t0 + 3 * Go.MINUTE, 0, 0);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(15, 60) * Go.SECOND;
            Workflow w = interest(c, "wf-deleted-during-stall", finish);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(20, 200) * Go.SECOND;
            userDeletesWorkflow(del, w, false, c, plan.chance(0.6));
            typicalExports(w, del - 10 * Go.SECOND, 0, 0);
        });
        java.util.Collections.shuffle(roles, new java.util.Random(plan.r.nextLong()));
        int n = plan.between(4, roles.size());
        for (int i = 0; i < n && !full(c); i++) {
            roles.get(i).run();
        }
    }

    /** A stall that lasts past the end of the logs: the race happens, the node is never marked. */
    private void stallToEnd(Controller c, long t0) {
        sim.at(t0, c::stallForever);
        int n = plan.between(1, 2);
        for (int i = 0; i < n && !full(c); i++) {
            long finish = t0 + plan.between(15, 60) * Go.SECOND;
            Workflow w = interest(c, "race-logs-end", finish);
            submit(t0 - plan.between(45, 100) * Go.SECOND, w);
            long del = finish + plan.between(140, 220) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, finish + 20 * Go.SECOND, 0, 0);
        }
    }

    /**
     * The pod informer's watch hangs just after a running Pod's deletion reached it: every later
     * attempt to release the finalizer is made against a stale copy and fails with Conflict.
     */
    private void watchStall(Controller c, long t0) {
        Workflow w = interest(c, "stuck-conflict", t0 + 3 * 60 * Go.MINUTE);
        submit(t0 - plan.between(45, 90) * Go.SECOND, w);
        userDeletesPod(t0, w);
        sim.at(t0 + plan.between(60, 110) * Go.MILLI, c::stallPodWatch);
        exportPod(end - plan.between(20, 90) * Go.SECOND, w, 0.2);
        if (plan.chance(0.5)) {
            exportWorkflow(end - plan.between(20, 90) * Go.SECOND, w, 0.3);
        }
    }

    /** Things that happen on a healthy controller: user deletions, podGC, orphaning, a crash after a completion. */
    private void healthy(Controller c, long t0, boolean laidOver) {
        List<Runnable> roles = new ArrayList<>();
        roles.add(() -> {
            Workflow w = interest(c, "user-delete-running", t0 + 3 * 60 * Go.MINUTE);
            submit(t0, w);
            userDeletesPod(t0 + plan.between(40, 200) * Go.SECOND, w);
            typicalExports(w, t0 + 30 * Go.SECOND, 0, 0);
        });
        roles.add(() -> {
            K8s.PodGc gc = plan.pick(new K8s.PodGc("OnPodCompletion", ""), new K8s.PodGc("OnPodSuccess", "10s"),
                    new K8s.PodGc("OnWorkflowCompletion", "0s"), new K8s.PodGc("OnPodCompletion", "30s"));
            long finish = t0 + plan.between(30, 120) * Go.SECOND;
            Workflow w = interest(c, "podgc-delete", finish, 0, gc);
            submit(t0, w);
            typicalExports(w, finish - 10 * Go.SECOND, 0, 0);
        });
        roles.add(() -> {
            long orphanAt = t0 + plan.between(40, 150) * Go.SECOND;
            Workflow w = interest(c, "orphaned-pod", orphanAt + plan.between(60, 400) * Go.SECOND);
            submit(t0, w);
            userDeletesWorkflow(orphanAt, w, true, c, false);
            exportPod(orphanAt + plan.between(20, 500) * Go.SECOND, w, 0.3);
        });
        roles.add(() -> {
            Workflow w = interest(c, "wf-deleted-running", t0 + 3 * 60 * Go.MINUTE);
            submit(t0, w);
            long del = t0 + plan.between(40, 150) * Go.SECOND;
            userDeletesWorkflow(del, w, false, c, plan.chance(0.5));
            typicalExports(w, del - 10 * Go.SECOND, del + 2 * Go.SECOND, del + 30 * Go.SECOND);
        });
        roles.add(() -> {
            long finish = t0 + plan.between(30, 200) * Go.SECOND;
            Workflow w = interest(c, "label-then-release", finish);
            submit(t0, w);
            typicalExports(w, finish + 60 * Go.SECOND, 0, 0);
        });
        roles.add(() -> {
            if (laidOver) {
                // Laid over the others by the slope's knob: no crash of the controller (it would be one every few minutes).
                Workflow w = interest(c, "user-delete-running", t0 + 3 * 60 * Go.MINUTE);
                submit(t0, w);
                userDeletesPod(t0 + plan.between(40, 200) * Go.SECOND, w);
                typicalExports(w, t0 + 30 * Go.SECOND, 0, 0);
                return;
            }
            long finish = t0 + plan.between(30, 120) * Go.SECOND;
            Spec spec = new Spec();
            Step s = step(plan.pick(TEMPLATES), 0, "persisted-then-delete", true);
            s.finishAt = finish;
            spec.stepList.add(s);
            Workflow w = workflow(c, "persisted", spec);
            submit(t0, w);
            sim.at(t0 + Go.SECOND, () -> c.crashAfterCompletionOf.add(w.key()));
            long del = finish + plan.between(190, 400) * Go.SECOND;
            userDeletesPod(del, w);
            typicalExports(w, del - 20 * Go.SECOND, 0, 0);
        });
        java.util.Collections.shuffle(roles, new java.util.Random(plan.r.nextLong()));
        int n = plan.between(3, roles.size());
        for (int i = 0; i < n && !full(c); i++) {
            roles.get(i).run();
        }
    }

    /**
     * A controller whose ARGO_POD_STATUS_CAPTURE_FINALIZER is "True" or "1". Until session 56 its Pods were built with the finalizer
     * (Go's ParseBool) and the patch left it (the exact match), so each stayed Terminating ({@code stuck-env-*}, AF004); every release
     * compares the env with {@code == "true"} in both places ({@link Controller#finalizerEnabled}), so its Pods carry no finalizer
     * and go when deleted: the look-alike of a stuck finalizer, a knob that reads as on and is off (session 57).
     */
    private void misconfig(Controller c, long t0) {
        int n = plan.between(2, 3);
        for (int i = 0; i < n; i++) {
            long finish = t0 + plan.between(30, 120) * Go.SECOND;
            Workflow w;
            if (plan.chance(0.5)) {
                w = interest(c, "env-not-true-podgc", finish, 0, new K8s.PodGc("OnPodCompletion", plan.pick("", "30s")));
            } else {
                w = interest(c, "env-not-true-user-delete", finish);
                userDeletesPod(finish + plan.between(60, 300) * Go.SECOND, w);
            }
            submit(t0 + plan.between(0, 60) * Go.SECOND, w);
            exportPod(end - plan.between(20, 120) * Go.SECOND, w, 0.25);
            if (plan.chance(0.3)) {
                exportWatch(finish + 20 * Go.SECOND, w);
            }
        }
    }
}
