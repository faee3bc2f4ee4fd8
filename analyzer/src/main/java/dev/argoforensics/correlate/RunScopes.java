package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which Workflows each controller run's informers hold, as its own lines state it (session 49): its namespace and its instance ID.
 * Argo v3.4-v4.1 (read at the tags: {@code cmd/workflow-controller/main.go}, {@code workflow/controller/controller.go},
 * {@code config.go}, {@code util.InstanceIDRequirement}) lists and watches Workflows and Pods in {@code managedNamespace} only
 * ({@code --managed-namespace}, the install namespace under {@code --namespaced}; every namespace when empty), and only those whose
 * {@code workflows.argoproj.io/controller-instanceid} label equals its instance ID (with none, only those without the label). There
 * is no other selector (no shard). So a run with another namespace or another instance ID never holds the Workflow, and its queue
 * coming round without it says nothing of it.
 *
 * <p>What states it: the line {@code updateConfig} logs at every load of the ConfigMap (empty message,
 * {@code managedNamespace=…}, every release, signal {@code controller-scope}); v4's start banner ({@code instanceID}, printed even
 * when empty); v3's {@code Configuration:} dump (signal {@code controller-configuration}: {@code instanceID:} when set, omitted when
 * empty); the task-result informer's {@code Watching task results} (signal {@code task-result-watch}, every release, logged in
 * {@code Run} after the banner: its label selector holds {@code util.InstanceIDRequirement}, {@link #watchedInstanceId}; session
 * 59). Besides, a run that took up a Workflow of namespace N ({@code Processing workflow}) holds N: its managed namespace is N
 * or every one. The first statement of each run counts (the one it started with; a later ConfigMap load does not rebuild the
 * informers' namespace). Derived once per group from its lines (the statements are context every group reads).
 */
public final class RunScopes {
    /** Signal of the {@code managedNamespace} line. */
    public static final String SCOPE_SIGNAL = "controller-scope";
    /** Signal of v3's {@code Configuration:} dump. */
    public static final String CONFIGURATION_SIGNAL = "controller-configuration";
    /** Signal of the task-result informer's {@code Watching task results} line (its {@code labelSelector}). */
    public static final String TASK_RESULT_WATCH_SIGNAL = "task-result-watch";
    /** Signal of {@code Configuration updated}, a load's first line from v3.6.12 and v3.7.3 on (v4 too), where the dump was before. */
    public static final String CONFIG_LOAD_SIGNAL = "controller-config-load";
    private static final String INSTANCE_ID_LABEL = "workflows.argoproj.io/controller-instanceid";

    private final Map<Integer, String> managedNamespace = new HashMap<>();
    private final Map<Integer, String> instanceId = new HashMap<>();
    private final Map<Integer, Set<String>> processedIn = new HashMap<>();
    /**
     * Runs whose later Configuration dump (a reload of the ConfigMap) stated another instance ID than the first, or that reloaded it
     * without a dump after stating one (session 59 breaker).
     */
    private final Set<Integer> idRestated = new HashSet<>();
    /**
     * Per run, each reload's effect on its instance ID from the moment of the reload, in the run's order (session 60): the ID a
     * reload's dump stated ("" none), or null where a reload stated none (the live ID open from then on). Before the first of them
     * the run's first statement ({@link #instanceId}) holds.
     */
    private final Map<Integer, List<IdFrom>> reloads = new HashMap<>();

    /** From {@code from} on (the run's own clock, a line of its load), the run's instance ID is {@code id}; null: open. */
    private record IdFrom(Timestamp from, String id) {
    }

    private RunScopes() {
    }

    public static RunScopes of(List<LogEvent> events) {
        return of(events, List.of());
    }

    /** As {@link #of(List)}, with the namespaces each run's passes named, counted or kept ({@link ControllerProcess.Work#namespaces()}). */
    public static RunScopes of(List<LogEvent> events, List<ControllerProcess> processes) {
        RunScopes s = new RunScopes();
        for (ControllerProcess p : processes) {
            if (!p.work().namespaces().isEmpty()) {
                s.processedIn.computeIfAbsent(p.id(), k -> new HashSet<>()).addAll(p.work().namespaces());
            }
        }
        Set<Integer> dumpInLoad = new HashSet<>(); // runs whose current load of the ConfigMap logged its dump (v3.4-v3.7.2)
        Map<Integer, Timestamp> loadBegan = new HashMap<>(); // the current load's "Configuration updated", where logged
        for (LogEvent e : events) {
            if (e.event() instanceof Signal sig && CONFIG_LOAD_SIGNAL.equals(sig.name())) {
                loadBegan.put(e.stream(), e.time());
                dumpInLoad.remove(e.stream());
            } else if (e.event() instanceof Signal sig && SCOPE_SIGNAL.equals(sig.name())) {
                // updateConfig's last line, at every load: a load after the run stated its instance ID is a reload (session 59
                // breaker). From v3.6.12 and v3.7.3 on (and v4) a reload logs "Configuration updated" and no dump: the run's
                // Workflow informer and Pod controller read Config.InstanceID live at each list and watch, the start's banner and
                // task-result watch keep the old one. Which Workflows the run held after it is not shown, as after a dump that
                // restates another ID.
                Timestamp began = loadBegan.remove(e.stream());
                if (s.instanceId.containsKey(e.stream()) && !dumpInLoad.contains(e.stream())) {
                    s.idRestated.add(e.stream());
                    // Open from the load's first line: its new configuration is read from there on (session 60).
                    s.reloads.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(new IdFrom(began != null ? began : e.time(), null));
                }
                dumpInLoad.remove(e.stream());
                if (sig.attribute("managedNamespace") != null) {
                    s.managedNamespace.putIfAbsent(e.stream(), sig.attribute("managedNamespace"));
                }
            } else if (e.event() instanceof Signal sig && CONFIGURATION_SIGNAL.equals(sig.name())) {
                dumpInLoad.add(e.stream());
                String id = sig.attribute("instanceId");
                String first = s.instanceId.putIfAbsent(e.stream(), id == null ? "" : id);
                if (first != null && !first.equals(id == null ? "" : id)) {
                    // A reload: the Workflow informer's list and watch read the live instance ID (tweakListRequestListOptions,
                    // v3.6), the Lease keeps its start name: which Workflows the run listed later is not shown (session 49 breaker).
                    s.idRestated.add(e.stream());
                }
                if (first != null) {
                    // A reload's dump restating the ID in force keeps it (session 60). One stating another ID (or none) leaves it
                    // open from the reload on (session 60 breaker): the tweak options read Config.InstanceID at each List and Watch
                    // call only, so the running watch (5-10 minutes) keeps the old selector and the informer's cache keeps the old
                    // ID's Workflows until a relist, which no line shows; resyncs and the watch still queue them, and the run goes
                    // on processing them. From the reload the run holds the old ID's Workflows and, as its next watch sees them,
                    // the new one's: no one ID.
                    List<IdFrom> rs = s.reloads.computeIfAbsent(e.stream(), k -> new ArrayList<>());
                    String inForce = rs.isEmpty() ? first : rs.get(rs.size() - 1).id();
                    String stated = id == null ? "" : id;
                    rs.add(new IdFrom(e.time(), stated.equals(inForce) ? stated : null));
                }
            } else if (e.event() instanceof Signal sig && TASK_RESULT_WATCH_SIGNAL.equals(sig.name())) {
                // Logged once per Run, with the instance ID the run's informers were built with: stated as the banner states it.
                String id = watchedInstanceId(sig.attribute("labelSelector"));
                if (id != null) {
                    s.instanceId.putIfAbsent(e.stream(), id);
                }
            } else if (e.event() instanceof ControllerStarted st && st.instanceId() != null) {
                s.instanceId.putIfAbsent(e.stream(), st.instanceId());
            } else if (e.event() instanceof WorkflowProcessing p && p.wf() != null && p.wf().namespace() != null
                    && !p.wf().namespace().isEmpty()) {
                s.processedIn.computeIfAbsent(e.stream(), k -> new HashSet<>()).add(p.wf().namespace());
            }
        }
        return s;
    }

    /**
     * The instance ID a task-result watch's label selector requires ({@code labels.Selector.String()}, requirements joined by
     * {@code ,}): {@code workflows.argoproj.io/controller-instanceid=<id>} (or {@code ==}) gives the ID, {@code !…controller-instanceid}
     * none (""); null where the selector states neither (absent, cut, or a form no release prints).
     */
    public static String watchedInstanceId(String labelSelector) {
        if (labelSelector == null) {
            return null;
        }
        for (String req : labelSelector.split(",")) {
            String r = req.strip();
            if (r.equals("!" + INSTANCE_ID_LABEL)) {
                return "";
            }
            for (String op : new String[] {"==", "="}) {
                if (r.startsWith(INSTANCE_ID_LABEL + op)) {
                    String id = r.substring(INSTANCE_ID_LABEL.length() + op.length());
                    return id.isEmpty() || id.contains("=") || id.contains(" ") ? null : id;
                }
            }
        }
        return null;
    }

    /** Whether a run's scope holds a Workflow: shown to, shown not to, or not shown. */
    public enum Coverage { COVERED, OUTSIDE, UNSHOWN }

    /**
     * Whether the run {@code stream} holds a Workflow of {@code namespace} whose instance ID is {@code workflowInstanceId} ("" none,
     * null not known). {@code sameLease}: the run is tied by hand-overs of the Lease to a run whose scope held the Workflow; the
     * Lease is named {@code workflow-controller-<instanceID>} ({@code workflow-controller} without one, {@code main.go}), so the two
     * share the instance ID unless their lines say otherwise.
     */
    public Coverage covers(int stream, String namespace, String workflowInstanceId, boolean sameLease) {
        String managed = managedNamespace.get(stream);
        boolean nsOutside = managed != null && !managed.isEmpty() && !managed.equals(namespace);
        boolean nsHeld = (managed != null && (managed.isEmpty() || managed.equals(namespace)))
                || processedIn.getOrDefault(stream, Set.of()).contains(namespace);
        String id = instanceId.get(stream);
        boolean idOutside = id != null && workflowInstanceId != null && !id.equals(workflowInstanceId);
        boolean idHeld = !idRestated.contains(stream) && ((id != null && id.equals(workflowInstanceId)) || (sameLease && !idOutside));
        if (nsOutside || idOutside) {
            return Coverage.OUTSIDE;
        }
        return nsHeld && idHeld ? Coverage.COVERED : Coverage.UNSHOWN;
    }

    /** The run's managed namespace as it stated it ("" every namespace), null where not stated. */
    public String managedNamespace(int stream) {
        return managedNamespace.get(stream);
    }

    /** The run's instance ID as stated ("" none), null where not stated. */
    public String instanceId(int stream) {
        return instanceId.get(stream);
    }

    /**
     * The run's instance ID as stated, where nothing after the statement leaves it open for the rest of the run (a reload of the
     * ConfigMap that restates no ID or another one: its Workflow informer then lists by the live ID); null otherwise. What two runs'
     * IDs say of the Workflows they held over their whole runs reads this (session 59 breaker).
     */
    public String instanceIdThroughout(int stream) {
        return idRestated.contains(stream) ? null : instanceId.get(stream);
    }

    /**
     * The run's instance ID in force over its own moments {@code from} to {@code to} (its clock; one moment where they are equal): its
     * first statement ({@link #instanceId}), then what each ConfigMap reload stated from the reload on, a reload's dump restating
     * the ID in force keeping it, one stating another (or none) or a reload without a dump leaving it open (the informer's cache
     * keeps the old ID's Workflows until a relist no line shows; session 60 breaker); null where not stated, left open by a reload at or before {@code to}, or
     * changed by a reload inside the span. Each of AF012 and AF001 asks this at the moments it compares two runs (session 60): a
     * reload that changes the ID splits two runs' scopes from it on, one that omits it never reads as the same ID.
     */
    public String instanceIdOver(int stream, Timestamp from, Timestamp to) {
        String id = instanceId.get(stream);
        for (IdFrom r : reloads.getOrDefault(stream, List.of())) {
            if (!r.from().comparable(from) || !r.from().comparable(to)) {
                return null; // a reload whose moment cannot be placed against the span's
            }
            if (r.from().compareInstant(from) <= 0) {
                id = r.id();
            } else if (r.from().compareInstant(to) <= 0 && (r.id() == null || !r.id().equals(id))) {
                return null;
            }
        }
        return id;
    }

    /** {@link #instanceIdOver} at one moment. */
    public String instanceIdAt(int stream, Timestamp at) {
        return instanceIdOver(stream, at, at);
    }

    /** Both runs' instance IDs are stated at their moments and differ: disjoint Workflows there ({@code util/instanceid}). */
    public boolean instanceIdsDiffer(int a, Timestamp fromA, Timestamp toA, int b, Timestamp fromB, Timestamp toB) {
        String ia = instanceIdOver(a, fromA, toA);
        String ib = instanceIdOver(b, fromB, toB);
        return ia != null && ib != null && !ia.equals(ib);
    }

    /** Whether the run took up a Workflow of the namespace (so it held that namespace). */
    public boolean processedIn(int stream, String namespace) {
        return processedIn.getOrDefault(stream, Set.of()).contains(namespace);
    }
}
