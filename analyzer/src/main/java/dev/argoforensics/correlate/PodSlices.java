package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.ExportedObjects;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A cluster's Pod names cut into slices, so that its facts are derived per slice ({@link Correlator#deriveSlice}) and no task
 * holds every Pod's lines (docs/fleet.md, step 2i). What the slices share is made here once, from the skeletons of the lines
 * kept whole ({@link LineProjection#skeleton}: each line without its text, which no pairing reads): the cut scheduling lines
 * completed and the excerpts' nameless lines named ({@link CutSchedules}, {@link ElidedNames}), the cleanup handler lines paired
 * per stream ({@link CleanupPairing}: a handler line names no Pod, its pair decides its slice), the handler lines left out, the
 * exports with each Workflow exported without a namespace placed, the evidence available, and the names the lines kept whole
 * join for the components. The rest of the facts is per Pod name: its namespaces, its Pod objects, its lines kept whole, its
 * span, its link (a Pod's name links it to the Workflow nodes whose name hash ends it, so a slice is chosen by the name's last
 * {@code -} segment: the nodes a name can link to go with it, {@link NodeLinker}), its exports and records.
 *
 * <p>Places are those of the cluster's lines as read ({@link LineProjection#union} of its files', placed).
 */
public final class PodSlices {
    private final int slices;
    private final ExportedObjects objects;
    private final java.util.Set<EvidenceKind> available;
    /** The events completion changed, by place. */
    private final Map<Long, ControllerEvent> completed;
    /** Each paired line's place → its handler line's place. */
    private final Map<Long, Long> handlerOf;
    /** Each paired handler line's place → its pair (a skeleton: its event, stream and place, no text). */
    private final Map<Long, LogEvent> pairOf;
    /** The places of the handler lines left out (their scheduling line was only counted), sorted. */
    private final long[] dropped;
    /** The places of the lines kept whole that name no Pod and pair with none (no slice holds them), sorted. */
    private final long[] nameless;
    /** The names the lines kept whole join ({@link Grouping#edges}), the handler lines left out not among them. */
    private final Set<List<String>> edges;

    private PodSlices(int slices, ExportedObjects objects, Set<EvidenceKind> available, Map<Long, ControllerEvent> completed,
                      Map<Long, Long> handlerOf, Map<Long, LogEvent> pairOf, long[] dropped, long[] nameless, Set<List<String>> edges) {
        this.slices = slices;
        this.objects = objects;
        this.available = available;
        this.completed = completed;
        this.handlerOf = handlerOf;
        this.pairOf = pairOf;
        this.dropped = dropped;
        this.nameless = nameless;
        this.edges = edges;
    }

    /**
     * What the slices share, from the skeletons of the cluster's lines kept whole ({@link LineProjection#skeleton} of its files'
     * projections, put together in input order), its exports and coverage.
     *
     * @param bindings for the names the lines kept whole join (the components), or null
     */
    public static PodSlices of(LineProjection skeleton, ExportedObjects exported, LogCoverage coverage, int slices, GroupBindings bindings) {
        if (slices < 1) {
            throw new IllegalArgumentException("at least one slice: " + slices);
        }
        List<LineProjection.Special> specials = skeleton.specials();
        Correlator.Completed c = Correlator.complete(specials, coverage);
        ExportedObjects objects = Correlator.objects(skeleton.others(), c.kept(), exported);
        Set<EvidenceKind> available = Correlator.available(skeleton, c.kept(), coverage, objects);
        Map<Long, ControllerEvent> completed = new HashMap<>();
        Map<LogEvent, Long> placeOf = new IdentityHashMap<>();
        for (int i = 0; i < specials.size(); i++) {
            LogEvent done = c.placed().get(i).line();
            placeOf.put(done, specials.get(i).place());
            if (done.event() != specials.get(i).line().event()) {
                completed.put(specials.get(i).place(), done.event());
            }
        }
        Map<Long, Long> handlerOf = new HashMap<>();
        Map<Long, LogEvent> pairOf = new HashMap<>();
        List<Long> dropped = new ArrayList<>();
        for (int i = 0; i < specials.size(); i++) {
            LogEvent done = c.placed().get(i).line();
            LogEvent handler = c.pairing().handlerOf(done);
            if (handler != null) {
                handlerOf.put(specials.get(i).place(), placeOf.get(handler));
                pairOf.put(placeOf.get(handler), done);
            }
            if (c.dropped()[i]) {
                dropped.add(specials.get(i).place());
            }
        }
        PodSlices out = new PodSlices(slices, objects, Set.copyOf(available), completed, handlerOf, pairOf, longs(dropped), new long[0],
                bindings == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(Grouping.edges(c.kept(), bindings))));
        List<Long> nameless = new ArrayList<>();
        for (LineProjection.Special s : specials) {
            if (out.sliceOfLine(s.place(), s.line()) < 0) {
                nameless.add(s.place());
            }
        }
        return new PodSlices(slices, objects, out.available, completed, handlerOf, pairOf, out.dropped, longs(nameless), out.edges);
    }

    private static long[] longs(List<Long> values) {
        long[] out = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(out);
        return out;
    }

    /** How many slices. */
    public int slices() {
        return slices;
    }

    /** The slice of a Pod name: by its last {@code -} segment (a v2 Pod name's node hash), so that the nodes it can link to go with it. */
    public int sliceOf(String podName) {
        return sliceOfKey(podName.substring(podName.lastIndexOf('-') + 1));
    }

    private int sliceOfKey(String key) {
        return Math.floorMod(key.substring(key.lastIndexOf('-') + 1).hashCode(), slices);
    }

    /**
     * The slice of a line naming a Workflow node ({@link LineProjection#nodeNames}): that of the Pod names it can link
     * ({@link NodeLinker}'s suffix link: the names ending with the node name's hash, or the Workflow's own name for its root).
     */
    int sliceOfNode(LogEvent line) {
        String name = line.event().nodeName().orElseThrow();
        String wf = line.event().workflow().orElseThrow().name();
        return sliceOfKey(name.equals(wf) ? name : NodeNaming.hash(name));
    }

    /** The slice of a line kept whole at this place: its Pod's (completed), a handler line its pair's; -1 for none. */
    int sliceOfLine(long place, LogEvent line) {
        ControllerEvent e = completed.getOrDefault(place, line.event());
        var pod = e.pod();
        if (pod.isPresent()) {
            return sliceOf(pod.get().name());
        }
        LogEvent pair = pairOf.get(place);
        return pair == null ? -1 : pair.event().pod().map(p -> sliceOf(p.name())).orElse(-1);
    }

    /** The line kept whole at this place as the facts hold it: completed if completion changed it. */
    LogEvent completed(long place, LogEvent line) {
        ControllerEvent e = completed.get(place);
        return e == null ? line : line.withEvent(e);
    }

    /** Whether the handler line at this place is left out of the facts (its scheduling line was only counted). */
    public boolean dropped(long place) {
        return Arrays.binarySearch(dropped, place) >= 0;
    }

    /** The place of the handler line paired with the line at this place, or -1. */
    public long handlerPlace(long place) {
        Long h = handlerOf.get(place);
        return h == null ? -1 : h;
    }

    /** The line a handler line at this place is paired with (its skeleton: event, stream and place, no text), or null. */
    public LogEvent pairOfHandler(long place) {
        return pairOf.get(place);
    }

    /** The place among the correlated lines of a line at this place as read: less the handler lines left out before it. */
    public int correlated(long place) {
        int k = Arrays.binarySearch(dropped, place);
        return (int) (place - (k >= 0 ? k : -k - 1));
    }

    /** The places of the handler lines left out, in place order. */
    public List<Long> droppedPlaces() {
        return Arrays.stream(dropped).boxed().toList();
    }

    /** The places of the lines kept whole that no slice holds (naming no Pod, paired with none), in place order. */
    public List<Long> namelessPlaces() {
        return Arrays.stream(nameless).boxed().toList();
    }

    /** The exports, each Workflow exported without a namespace placed. */
    public ExportedObjects objects() {
        return objects;
    }

    public Set<EvidenceKind> available() {
        return available;
    }

    /** The names the lines kept whole join, completed, for the components (with the files' {@link LineProjection#edges}). */
    public Set<List<String>> edges() {
        return edges;
    }
}
