package dev.argoforensics.judgment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Session 55: each node's clock, off the API server's by an offset drawn per corpus. A node's kubelet (and the containers'
 * runtime under it) writes its times on its own clock: the containers' {@code startedAt} and {@code finishedAt}, the
 * conditions the kubelet sets ({@code Initialized}, {@code PodReadyToStartContainers}, {@code ContainersReady}, {@code Ready},
 * its own {@code DisruptionTarget} {@code TerminationByKubelet}), {@code status.startTime}, and the {@code firstTimestamp} and
 * {@code lastTimestamp} of the Events its recorder writes ({@code Created}, {@code Started}, {@code Killing}, {@code Evicted},
 * ...: the client side of the event recorder stamps them; the Event's {@code metadata.creationTimestamp} is the API server's).
 * The API server's times (creationTimestamp, deletionTimestamp, the audit log), the scheduler's ({@code PodScheduled}, its
 * events), kube-controller-manager's (the node lifecycle controller's {@code Ready} {@code False}, PodGC's and the taint
 * manager's {@code DisruptionTarget}) stay on the cluster's clock, which the model's {@link Sim} time is: the control plane is
 * taken as on one clock (NTP on managed control planes keeps it within milliseconds). The Argo controller runs on a node of its
 * own: since session 56 its lines and the times it stamps are on that node's clock ({@link #controllerOffset}, mostly well under
 * a second off). The truth stays in true time.
 *
 * <p>The mix (drawn per node from the corpus seed, salt 59, and the node's name, so that no other stream moves and a node's
 * offset does not depend on the order nodes are first used): 70% within 2 s (NTP-synchronised), 15% 2-5 s, 10% 5-30 s (a
 * drifting or slow-to-sync node), 5% 30-90 s (NTP broken), either way with equal chance. The bands are {@link #BANDS}: the
 * judgment's summary counts each rule's findings by the band of the Pod's node.
 */
final class NodeClocks {
    /** The bands of |offset|, for the summary. */
    static final List<String> BANDS = List.of("0-2s", "2-5s", "5-30s", "30-90s", "stepped", "away");
    /** The generator salt of the node clocks (session 55; docs/judgment.md). */
    static final long SALT = 59;

    /** The band of a node whose clock is corrected in the corpus ({@link Correction}), whatever its offset before. */
    static final String STEPPED = BANDS.get(4);

    /** The band of a node whose clock a time daemon steps away from the cluster's in the corpus ({@link #AWAY_SALT}). */
    static final String AWAY = BANDS.get(5);

    /** Every node on the cluster's clock (no skew). */
    static final NodeClocks NONE = new NodeClocks(0, false, 0, 0, 0, null);

    /** The generator salt of the clocks corrected mid-corpus (session 58, s58-clocks). */
    static final long STEP_SALT = 5931;
    /** The share of nodes whose clock is off by 10-120 s and corrected by their time daemon somewhere in the corpus. */
    static final double CORRECTED_SHARE = 0.20;
    /**
     * The generator salt of the clocks stepped away from the cluster's mid-corpus (session 59, s59-away): a time daemon that follows a
     * wrong server (a site server off, a pool member falsetickering, the next server in its list after its own went) steps the clock
     * to it, by whatever that server is off.
     */
    static final long AWAY_SALT = 594;
    /** The share of the nodes not corrected ({@link #CORRECTED_SHARE}) whose clock is stepped away. */
    static final double AWAY_SHARE = 0.05;

    /** chrony's default {@code maxslewrate}, 83333.333 ppm: the fastest a slew moves a clock (a second every 12 s). */
    static final long MAX_SLEW_PER_MILLION = 83_333;

    private final long seed;
    private final boolean drawn;
    private final long fixed;
    private final long from;
    private final long to;
    private final Correction fixedCorrection;
    private final Map<String, Long> offsets = new HashMap<>();
    private final Map<String, java.util.Optional<Correction>> corrections = new HashMap<>();
    /** Session 58 (s58-smoke): nodes a family keeps steady ({@link #keepSteady}): never corrected, within {@link #STEADY_BOUND}. */
    private final java.util.Set<String> steady = new java.util.HashSet<>();

    /** The largest |offset| of a node a family keeps steady (the 0-2 s and 2-5 s bands). */
    static final long STEADY_BOUND = 5 * Go.SECOND;

    /**
     * Session 58 (s58-smoke): a family whose script times a release against the kubelet's stamps (the two minutes after the last
     * condition transition, read on the node's clock) keeps its own pool's nodes near the cluster's clock: no correction is drawn
     * for them and their drawn offset is held within {@link #STEADY_BOUND} (the other nodes' draws, per node from their own
     * streams, do not move). The family says so in its class comment. Clocks fixed by a test (and {@link #NONE}) are left as fixed.
     */
    void keepSteady(java.util.Collection<String> nodes) {
        if (!drawn) {
            return;
        }
        steady.addAll(nodes);
    }

    private NodeClocks(long seed, boolean drawn, long fixed, long from, long to, Correction fixedCorrection) {
        this.seed = seed;
        this.drawn = drawn;
        this.fixed = fixed;
        this.from = from;
        this.to = to;
        this.fixedCorrection = fixedCorrection;
    }

    /** Offsets drawn per node from the corpus seed (salt {@link #SALT}); no clock is corrected. */
    static NodeClocks drawn(long corpusSeed) {
        return new NodeClocks(corpusSeed, true, 0, 0, 0, null);
    }

    /**
     * Offsets drawn per node from the corpus seed (salt {@link #SALT}), and on {@link #CORRECTED_SHARE} of the nodes (salt
     * {@link #STEP_SALT}) a clock 10-120 s off that its time daemon corrects at a time in [{@code from}, {@code to}).
     */
    static NodeClocks drawn(long corpusSeed, long from, long to) {
        return new NodeClocks(corpusSeed, true, 0, from, to, null);
    }

    /** Every node {@code offsetNanos} off (tests). */
    static NodeClocks fixed(long offsetNanos) {
        return new NodeClocks(0, false, offsetNanos, 0, 0, null);
    }

    /** Every node's clock corrected by {@code c} (tests). */
    static NodeClocks fixed(Correction c) {
        return new NodeClocks(0, false, c.before(), 0, 0, c);
    }

    /**
     * Session 58 (s58-clocks): a node's clock off by {@code before} until its time daemon (back, or first reaching its server)
     * corrects it at {@code at}, toward the API server's (true time, which the control plane keeps): chrony's {@code makestep},
     * ntpd past its 128 ms step threshold and systemd-timesyncd step it at once ({@code slewPerMillion} 0); chrony otherwise slews it,
     * at most {@link #MAX_SLEW_PER_MILLION} (a 90 s offset in 18 minutes). After, the clock is {@code after} off: the daemon's
     * measurement error, on the side it came from or a little past. Session 59 ({@code away}): a step to a wrong server's time,
     * {@code after} as far off as that server is ({@link #drawAway}).
     */
    record Correction(long before, long at, long slewPerMillion, long after, boolean away) {
        /** A correction toward the cluster's clock (session 58). */
        Correction(long before, long at, long slewPerMillion, long after) {
            this(before, at, slewPerMillion, after, false);
        }

        /** The node's clock less the cluster's at the cluster's time {@code t}. */
        long offset(long t) {
            if (t < at) {
                return before;
            }
            if (slewPerMillion == 0) {
                return after;
            }
            long moved = (t - at) / 1_000_000 * slewPerMillion;
            long left = Math.abs(before - after);
            return moved >= left ? after : before - Long.signum(before - after) * moved;
        }

        /** When the clock is at {@code after} (the step, or the slew's end). */
        long settledAt() {
            return slewPerMillion == 0 ? at : at + -Math.floorDiv(-Math.abs(before - after), slewPerMillion) * 1_000_000;
        }
    }

    /** The node's correction in the corpus, or null (its offset the same throughout). */
    Correction correction(String node) {
        if (node == null) {
            return null;
        }
        if (fixedCorrection != null) {
            return fixedCorrection;
        }
        if (!drawn || to <= from || steady.contains(node)) {
            return null;
        }
        return corrections.computeIfAbsent(node, n -> {
            Correction c = drawCorrection(new Sim.Rng(Sim.seed(Sim.seed(seed, STEP_SALT), n.hashCode())), from, to);
            if (c == null) {
                // Session 59: not corrected; a few stepped away instead, from the offset the node draws otherwise (salt 59).
                c = drawAway(new Sim.Rng(Sim.seed(Sim.seed(seed, AWAY_SALT), n.hashCode())), draw(new Sim.Rng(Sim.seed(Sim.seed(seed, SALT),
                        n.hashCode()))), from, to);
            }
            return java.util.Optional.ofNullable(c);
        }).orElse(null);
    }

    /**
     * Session 59 (s59-away): on {@link #AWAY_SHARE} of the nodes, a clock at {@code before} (its usual offset) stepped at a time in
     * [{@code from}, {@code to}) to 15-90 s off the cluster's, either way (systemd-timesyncd steps past 0.4 s, chrony past its
     * {@code makestep} threshold, ntpd past 128 ms): a step away from true time, which nothing the kubelet writes marks.
     */
    static Correction drawAway(Sim.Rng r, long before, long from, long to) {
        if (!r.chance(AWAY_SHARE)) {
            return null;
        }
        long after = r.between(15 * Go.SECOND, 90 * Go.SECOND);
        if (r.chance(0.5)) {
            after = -after;
        }
        return new Correction(before, r.between(from, to - 1), 0, after, true);
    }

    static Correction drawCorrection(Sim.Rng r, long from, long to) {
        if (!r.chance(CORRECTED_SHARE)) {
            return null;
        }
        long before = r.between(10 * Go.SECOND, 120 * Go.SECOND);
        if (r.chance(0.5)) {
            before = -before;
        }
        long at = r.between(from, to - 1);
        // Half step (makestep at chrony's start, ntpd, timesyncd), half slew (chrony between 20 000 ppm and its maximum).
        long slew = r.chance(0.5) ? 0 : r.between(20_000L, MAX_SLEW_PER_MILLION);
        // Left after: the measurement's error, mostly on the side the clock came from, now and then a little past.
        long after = Long.signum(before) * r.between(-20 * Go.MILLI, 100 * Go.MILLI);
        return new Correction(before, at, slew, after);
    }

    /**
     * The node's clock minus the cluster's, in ns (0 for a Pod not bound to a node), before any correction ({@link #correction}):
     * the offset the truth records for the node's band.
     */
    long offset(String node) {
        if (node == null) {
            return 0;
        }
        Correction c = correction(node);
        if (c != null) {
            return c.before();
        }
        if (!drawn) {
            return fixed;
        }
        long o = offsets.computeIfAbsent(node, n -> draw(new Sim.Rng(Sim.seed(Sim.seed(seed, SALT), n.hashCode()))));
        return steady.contains(node) ? Math.max(-STEADY_BOUND, Math.min(STEADY_BOUND, o)) : o;
    }

    /** The node's clock minus the cluster's at the cluster's time {@code t}, in ns. */
    long offset(String node, long t) {
        Correction c = correction(node);
        return c != null ? c.offset(t) : offset(node);
    }

    /** What the node's clock reads at the cluster's time {@code t} (ns). */
    long at(String node, long t) {
        return t + offset(node, t);
    }

    static long draw(Sim.Rng r) {
        double u = r.nextDouble();
        long magnitude;
        if (u < 0.70) {
            magnitude = r.between(0L, 2 * Go.SECOND);
        } else if (u < 0.85) {
            magnitude = r.between(2 * Go.SECOND, 5 * Go.SECOND);
        } else if (u < 0.95) {
            magnitude = r.between(5 * Go.SECOND, 30 * Go.SECOND);
        } else {
            magnitude = r.between(30 * Go.SECOND, 90 * Go.SECOND);
        }
        return r.chance(0.5) ? magnitude : -magnitude;
    }

    /** The generator salt of the controllers' clocks (session 56, s56-gen). */
    static final long CONTROLLER_SALT = 5902;

    /**
     * Session 56: the clock of the node a controller runs on, off the API server's: its log lines and the times it writes into a
     * Workflow's status (a node's {@code startedAt}, a {@code finishedAt} it takes from its own clock, the Workflow's) are on it, and
     * so is the {@code now} its {@code queuing pod delay} is computed against. Drawn per controller from the corpus seed (salt
     * {@link #CONTROLLER_SALT}) and its name, so that no other stream moves: 80% within 300 ms (NTP-synchronised), 15% 0.3-1 s, 4%
     * 1-5 s, 1% 5-20 s, either way with equal chance.
     */
    static long controllerOffset(long corpusSeed, String controller) {
        Sim.Rng r = new Sim.Rng(Sim.seed(Sim.seed(corpusSeed, CONTROLLER_SALT), controller.hashCode()));
        double u = r.nextDouble();
        long magnitude;
        if (u < 0.80) {
            magnitude = r.between(0L, 300 * Go.MILLI);
        } else if (u < 0.95) {
            magnitude = r.between(300 * Go.MILLI, Go.SECOND);
        } else if (u < 0.99) {
            magnitude = r.between(Go.SECOND, 5 * Go.SECOND);
        } else {
            magnitude = r.between(5 * Go.SECOND, 20 * Go.SECOND);
        }
        return r.chance(0.5) ? magnitude : -magnitude;
    }

    /** The band of an offset: {@link #BANDS}' entry whose range holds |offset|. */
    static String band(long offsetNanos) {
        long m = Math.abs(offsetNanos);
        if (m <= 2 * Go.SECOND) {
            return BANDS.get(0);
        }
        if (m <= 5 * Go.SECOND) {
            return BANDS.get(1);
        }
        if (m <= 30 * Go.SECOND) {
            return BANDS.get(2);
        }
        return BANDS.get(3);
    }
}
