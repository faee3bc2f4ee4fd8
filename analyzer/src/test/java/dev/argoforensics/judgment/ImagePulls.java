package dev.argoforensics.judgment;

/**
 * Session 58 (s58-clocks): images pulled slowly. The kubelet starts a Pod's containers in their order in the spec ({@code wait}
 * before {@code main} in an Argo Pod), each after its image is on the node: a node new to the cluster (an autoscaled one), or one
 * whose image cache was garbage-collected, pulls {@code argoexec} (the first container's image; {@code main}'s own for a resource or
 * data template, which has no {@code wait}) before anything starts, and says so in a {@code Pulling} Event, then a {@code Pulled}
 * one ({@code Successfully pulled image ... in 1m2.5s (1m2.5s including waiting)}). Until then the Pod is Pending, its
 * {@code status.startTime} written, no container started: its containers' {@code startedAt} come as late after the Pod's
 * creation as the pull took, which loosens every bound on the node's clock read from a start against the creation, and the
 * {@code Pulling} Event, stamped right after the kubelet took the Pod up, gives a tight one far from the start.
 *
 * <p>Drawn per Pod from the corpus seed (salt {@link #SALT}) and its UID, so that no other stream moves: {@link #SHARE} of the
 * Pods pull, 10 s to a minute mostly, a tail to six minutes (a large image on a slow registry); the others' images are present
 * (the kubelet logs no Event the model writes for them, as before).
 */
final class ImagePulls {
    /** The generator salt of the image pulls (session 58). */
    static final long SALT = 5941;
    /** The share of Pods whose first image is pulled. */
    static final double SHARE = 0.15;

    /** No Pod pulls (tests, and corpora before session 58). */
    static final ImagePulls NONE = new ImagePulls(0, false);

    private final long seed;
    private final boolean drawn;
    private final Pull fixed;

    private ImagePulls(long seed, boolean drawn) {
        this(seed, drawn, null);
    }

    private ImagePulls(long seed, boolean drawn, Pull fixed) {
        this.seed = seed;
        this.drawn = drawn;
        this.fixed = fixed;
    }

    /** Every Pod pulls so (tests). */
    static ImagePulls fixed(Pull pull) {
        return new ImagePulls(0, false, pull);
    }

    static ImagePulls drawn(long corpusSeed) {
        return new ImagePulls(corpusSeed, true);
    }

    /** A Pod's pull: after {@code pullingAfter} of the kubelet taking it up, {@code nanos} long; null if its image is present. */
    record Pull(long pullingAfter, long nanos, long imageBytes) {
    }

    Pull of(String uid) {
        if (!drawn) {
            return fixed;
        }
        Sim.Rng r = new Sim.Rng(Sim.seed(Sim.seed(seed, SALT), uid.hashCode()));
        if (!r.chance(SHARE)) {
            return null;
        }
        long after = r.between(20 * Go.MILLI, 400 * Go.MILLI);
        long nanos = r.latency(10 * Go.SECOND, 60 * Go.SECOND, 6 * Go.MINUTE);
        return new Pull(after, nanos, r.between(40_000_000L, 900_000_000L));
    }
}
