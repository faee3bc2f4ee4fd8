package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Node;
import dev.argoforensics.judgment.K8s.Pod;
import dev.argoforensics.judgment.K8s.Status;
import dev.argoforensics.judgment.K8s.Step;
import dev.argoforensics.judgment.K8s.TaskResult;
import dev.argoforensics.judgment.K8s.Workflow;
import dev.argoforensics.judgment.Kube.Origin;
import dev.argoforensics.judgment.Kube.Result;
import dev.argoforensics.judgment.LogSink.Envelope;
import dev.argoforensics.judgment.Rec.Dur;
import dev.argoforensics.judgment.Rec.KTime;
import dev.argoforensics.judgment.Rec.Level;
import dev.argoforensics.judgment.Rec.StrList;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One Argo workflow-controller deployment, modelled from reference argo-controller-logs.md §5-§6
 * and lifecycle-and-failures.md A4/B2: a pod informer with its label selector and the
 * significant-change filter; {@code commonPodEvent} with the delay formula; the pod cleanup queue
 * (de-duplication by key, delayed adds, rate-limited retries, workers that patch the Pod as found in
 * the informer cache); the Workflow informer with its completed-label filter and delete handler;
 * and the Workflow operator (task-result and pod reconciliation, {@code Workflow pod is missing},
 * persistence, {@code queuePodsForCleanup}). Each start is an incarnation with its own caches,
 * queues and log file; a stall keeps the Workflow workers from dequeuing while the pod side goes on.
 *
 * <p>The pod cleanup queue is client-go's rate-limited delaying work queue as Argo uses it (session 54; read in client-go's
 * {@code util/workqueue} at the versions the modelled tags' go.mod name: v0.24.3 for v3.4.18, v3.5.4 and v3.5.15, v0.32.2 for
 * v3.6.19, v0.33.1 for v3.7.1, v3.7.18 and v4.0.10, v0.35.4 for v4.1.2 (v4.1.3 is not in the mirror): the same in each):
 * <ul>
 *   <li>The queue itself holds a key at most once. Adding a key that waits to be taken changes nothing; adding a key a
 *       worker is processing marks it dirty, and when the worker is done the key goes back into the queue, with no delay.</li>
 *   <li>In front of it, the delaying part keeps at most one waiting entry per key. {@code AddAfter} with a positive delay
 *       creates that entry, or, when one already waits, moves it to the new time if that is earlier (never later). When
 *       an entry's time comes it is dropped and its key added to the queue as above. {@code AddAfter} with a delay of zero
 *       or less adds to the queue at once and does not touch a waiting entry.</li>
 *   <li>{@code AddRateLimited} is {@code AddAfter} with the rate limiter's delay for the key, which with the default
 *       controller limiter is never below 5 ms (per-key exponential backoff, or the 10/s bucket if longer). So it always
 *       goes through the waiting entry: an entry waiting for a later time (a finalizer release held to its deadline, a
 *       delayed {@code deletePod}) is moved up to now, and no copy of it is left to run again when the old time comes.</li>
 * </ul>
 * Argo calls {@code AddRateLimited} in {@code queuePodForCleanup} (every release) and {@code AddAfter} in
 * {@code queuePodForCleanupAfter}; from v3.6.5 (the pod package) {@code queuePodForCleanupAfter} with a delay of zero or
 * less logs {@code queueing pod for cleanup now, rather than delayed} and calls {@code AddRateLimited}, while v3.4 and v3.5
 * pass that delay to {@code AddAfter}, which adds at once. The model drops the limiter's few milliseconds on a first add
 * (the key is added now, unless the bucket is empty: then it waits the bucket's delay) and keeps {@code cRetry}'s delay for a
 * failed try put back.
 *
 * <p>Session 55: the worker ({@code processNextPodCleanupItem}, read at v3.4.18, v3.5.15, v3.6.19, v3.7.6, v4.0.10 and v4.1.2)
 * defers {@code Forget} and {@code Done} to the end of every try, after a failed try's {@code AddRateLimited}. The limiter
 * ({@code DefaultControllerRateLimiter}: the max of a per-item exponential limiter, 5 ms doubling up to 1000 s, and a bucket of
 * 10/s with a burst of 100 shared by every add; client-go v0.24.3, v0.32.2, v0.33.1, v0.35.4) counts the item's adds since its
 * last {@code Forget}, so a failed try is put back 5 ms later (doubled once per other add of the key during the try), or after
 * the bucket's wait: never after a backoff that grows from one failure to the next. A try is put back only if its error is
 * transient ({@code IsTransientErr}) or, from v3.6.0, a {@code Conflict}; a patch the API server (or a proxy in front of it)
 * answers with a gateway timeout ({@code the server was unable to return a response in the time allotted}, a {@code Timeout}
 * status) is transient from v4.0.0 only ({@link Release#timeoutTransient}): v3.4-v3.7 drop the item. Such a try waits the
 * request timeout ({@link #REQUEST_TIMEOUT}) before it fails, its worker busy all along.
 */
final class Controller {
    private static final long MS = Go.MILLI;
    private static final long RECENTLY_STARTED = 10 * Go.SECOND;
    private static final long RECENTLY_DELETED = 2 * Go.MINUTE;
    private static final long TASK_RESULT_TIMEOUT = 10 * Go.MINUTE;
    private static final long DEFAULT_REQUEUE = 10 * Go.SECOND;
    /**
     * How long after its own write the model takes a lagging informer copy as the ordinary watch delay (at most a few
     * ms, 4 s when the scenarios slow the Workflow watch) rather than a stale copy for the guard.
     */
    private static final long OWN_WRITE_WINDOW = 5 * Go.SECOND;
    private static final long MINIMUM_DELAY = 2 * Go.MINUTE;
    private static final long DEFAULT_DELETE_DELAY = 5 * Go.SECOND;
    /** How long a Pod patch waits before the gateway timeout answers it (kube-apiserver's {@code --request-timeout}, 1m by default). */
    static final long REQUEST_TIMEOUT = 60 * Go.SECOND;
    static final String REMOVE_FINALIZER = "removeFinalizer";
    static final String LABEL_POD_COMPLETED = "labelPodCompleted";
    static final String DELETE_POD = "deletePod";
    static final String TERMINATE_CONTAINERS = "terminateContainers";
    static final String KILL_CONTAINERS = "killContainers";
    static final String DELETE_POD_BY_UID = "deletePodByUID";
    /** The reasons v4's automatic restart takes as an infrastructure failure ({@code isRestartableReason}). */
    private static final Set<String> RESTARTABLE_REASONS = Set.of("Evicted", "NodeShutdown", "NodeAffinity", "UnexpectedAdmissionError");

    // ---- configuration ------------------------------------------------------------------------
    final String name;
    final Release release;
    final LogFormat format;
    final Envelope envelope;
    final String instanceId;
    final List<String> namespaces;
    /**
     * {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} of the running Deployment's Pod template: read where a Pod is built and where the
     * cleanup patch drops the finalizer, by whichever process runs then (session 59: a rollout may change it, {@link #setFinalizerEnv}).
     */
    String finalizerEnv;
    /** The env the controller was started with (session 59: the corpus's description). */
    final String initialFinalizerEnv;
    /** Session 59: the env's changes by rollouts, for the corpus's description ({@code ""}: none). */
    String finalizerEnvChanges = "";
    final int normalWorkers;
    final int podCleanupWorkers = 4;
    boolean leaderElection;
    final boolean standby;
    final String controllerNamespace;
    final long rotateBytes;
    final boolean gzipWhole;
    /** The node pool its Workflows' Pods run on (spec.nodeSelector). */
    String nodePool = "general";
    /**
     * Session 56: this controller's clock minus the cluster's, in ns ({@link NodeClocks#controllerOffset}): its lines, the status
     * times it stamps and the {@code now} of its pod-GC delays read it; the model's events stay in the cluster's time.
     */
    long clockOffset;
    private final Sim sim;
    private final Kube kube;
    private final Truth truth;
    private final Sim.Rng rng;
    private final Path logDir;
    private final long seed;

    // ---- state across incarnations ------------------------------------------------------------
    private Inc inc;
    /**
     * Session 46 ({@link ScenariosPodEvents}): the config map's {@code nodeEvents: {sendAsPod: true}}: a Pod node's
     * {@code WorkflowNode<Phase>} event has its Pod as object. Only the slog releases log the events.
     */
    boolean nodeEventsSendAsPod;
    private Inc standbyInc;
    private int incarnations;
    private String deployHash;
    private String normalHash;
    /** The Deployment was changed to {@code LEADER_ELECTION_DISABLE=true} (AF012 scenarios). */
    boolean electionDisabled;
    /** Changes to the Pod template (env) that give the ReplicaSet another hash. */
    String templateSalt = "";
    /** {@code MAX_WORKFLOW_SIZE}. */
    long maxWorkflowSize = Oversize.DEFAULT_MAX_WORKFLOW_SIZE;
    /**
     * v4's {@code failedPodRestart: {enabled: true}} in the controller's config (maxRestarts 3, the default); v4 only (v4.0.10's
     * {@code pod_restart.go} and {@code shouldAutoRestartPod} are v4.1.2's).
     */
    boolean failedPodRestart;
    /**
     * Session 35 ({@code ScenariosDataHang}): on a release that sets a completed phase before it checks the task results
     * ({@link Release#phaseBeforeResults}, v3.5.4), the Workflow's phase is set and only its completion waits for the results,
     * with no requeue of its own. Off elsewhere, so that the other families' v3.5.4 corpora stay as they were (their model holds
     * the phase back, as v3.5.6+ do).
     */
    boolean phaseBeforeResults;
    /**
     * Session 40: {@code POD_NAMES=v1} in the controller's environment (read in {@code workflow/util/pod_name.go} at v3.4.18, v3.5.4,
     * v3.6.19, v3.7.18 and v4.1.2: every release the model has supports it): a Pod node's Pod is named by the node's ID
     * ({@code <workflow>-<fnv32a of the node name>}, no template in it), and a Workflow started gets the annotation
     * {@code workflows.argoproj.io/pod-name-format: v1}. Every line that names a Pod then carries that name (the lines take the
     * Pod's name from the Pod). Off (v2, the default) everywhere but {@code ScenariosPodNamesV1}'s controller.
     */
    boolean podNamesV1;
    private String replicaHost;
    private final List<Path> files = new ArrayList<>();
    /** Workflow keys whose completion persist panics the controller (the crash scenario). */
    final Set<String> crashAfterCompletionOf = new HashSet<>();
    /**
     * Workflow keys the next process's Workflow informer lists from an apiserver whose watch cache lags: it gets
     * the version before the latest update, and the current one only after the lag (ns).
     */
    final Map<String, Long> staleListOnStart = new HashMap<>();
    /**
     * Workflow keys the next process's Workflow informer lists at the version they were created at (a copy from before
     * the Workflow started, #16294's {@code Phase=}): the current one arrives after the lag (ns).
     */
    final Map<String, Long> replayFirstOnStart = new HashMap<>();
    /**
     * Session 59 ({@link ScenariosPatchForbidden}): from {@code patchForbiddenFrom} until {@code patchForbiddenUntil} the controller's
     * Role lacks {@code patch} on pods: every Pod patch the cleanup sends is refused (403 Forbidden), which is no transient error
     * ({@code IsTransientErr}: quota only), so the item is not retried.
     */
    private long patchForbiddenFrom = -1;
    private long patchForbiddenUntil = -1;

    /** The Role loses {@code patch} on pods now, until {@code until} (Long.MAX_VALUE: for good). */
    void patchForbidden(long until) {
        patchForbiddenFrom = sim.now();
        patchForbiddenUntil = until;
    }

    /** Until then the API answers this controller's Pod patches with a timeout (a slow webhook on Pod updates). */
    private long patchBrownoutUntil = -1;
    private long patchBrownoutFrom = -1;
    private long lines;

    /** A semaphore or mutex in the controller's memory: its limit, holders (Workflow keys) and waiters in queue order. */
    private static final class LockState {
        final int limit;
        final java.util.LinkedHashSet<String> holders = new java.util.LinkedHashSet<>();
        final List<String> waiting = new ArrayList<>();

        LockState(int limit) {
            this.limit = limit;
        }
    }

    /** One running process: its caches, queues and log. */
    private final class Inc {
        final int id;
        final String replica;
        final LogSink sink;
        final int workflowWorkers;
        long cursor;
        boolean alive = true;
        boolean informersStarted;
        boolean wfWorkersStarted;
        boolean cleanupWorkersStarted;
        boolean podWatchStalled;
        final Map<String, Pod> pods = new HashMap<>();
        final Map<String, Workflow> wfs = new HashMap<>();
        final Map<String, Workflow> mine = new HashMap<>();
        /** When this process wrote its copy in {@code mine}: the stale-read guard's memory. */
        final Map<String, Long> mineAt = new HashMap<>();
        final Map<String, TaskResult> trs = new HashMap<>();
        /** Synchronization locks as this process holds them in memory (B6), rebuilt at start from the Workflows not completed. */
        final Map<String, LockState> locks = new HashMap<>();
        long lastPodDelivery;
        long lastWfDelivery;
        long lastTrDelivery;
        // Workflow queue.
        final ArrayDeque<String> wfFifo = new ArrayDeque<>();
        final Set<String> wfQueued = new HashSet<>();
        final Set<String> wfProcessing = new HashSet<>();
        final Set<String> wfDirty = new HashSet<>();
        /** AF003's truth: when each key in {@code wfQueued} joined the queue (it waits from then until a worker takes it). */
        final Map<String, Long> wfQueuedAt = new HashMap<>();
        int wfBusy;
        long stallUntil;
        boolean stalledForever;
        // Pod cleanup queue.
        final ArrayDeque<String> cFifo = new ArrayDeque<>();
        final Map<String, Origin> cQueued = new HashMap<>();
        final Set<String> cProcessing = new HashSet<>();
        final Map<String, Origin> cDirty = new HashMap<>();
        final Map<String, Long> cWaiting = new HashMap<>();
        final Map<String, Origin> cWaitingOrigin = new HashMap<>();
        final Map<String, Integer> cFailures = new HashMap<>();
        /** When the try of each key being processed ends (its patch answered). */
        final Map<String, Long> cTryEnds = new HashMap<>();
        int cBusy;
        double bucketTokens = 100;
        long bucketAt;

        Inc(int id, String replica, LogSink sink, int workflowWorkers) {
            this.id = id;
            this.replica = replica;
            this.sink = sink;
            this.workflowWorkers = workflowWorkers;
            this.cursor = sim.now();
        }
    }

    Controller(String name, Release release, LogFormat format, Envelope envelope, String instanceId, List<String> namespaces,
               String finalizerEnv, int normalWorkers, boolean leaderElection, boolean standby, long rotateBytes, boolean gzipWhole,
               Sim sim, Kube kube, Truth truth, long seed, Path logDir) {
        this.name = name;
        this.release = release;
        this.format = format;
        this.envelope = envelope;
        this.instanceId = instanceId;
        this.namespaces = List.copyOf(namespaces);
        this.finalizerEnv = finalizerEnv;
        this.initialFinalizerEnv = finalizerEnv;
        this.normalWorkers = normalWorkers;
        this.leaderElection = leaderElection;
        this.standby = standby;
        this.controllerNamespace = namespaces.get(0);
        this.rotateBytes = rotateBytes;
        this.gzipWhole = gzipWhole;
        this.sim = sim;
        this.kube = kube;
        this.truth = truth;
        this.seed = seed;
        this.rng = new Sim.Rng(seed);
        this.leaseRng = new Sim.Rng(Sim.seed(seed, 561));
        this.takeoverRng = new Sim.Rng(Sim.seed(seed, 597));
        this.logDir = logDir;
        this.deployHash = safe(rng.hex(9) + rng.between(0, 9));
        this.normalHash = deployHash;
        this.replicaHost = rng.pick(kube.nodes);
        kube.podWatches.add(new Kube.PodWatch() {
            @Override
            public boolean matches(Pod p) {
                return namespaces.contains(p.namespace) && p.labels.containsKey(K8s.LABEL_WORKFLOW)
                        && "false".equals(p.labels.get(K8s.LABEL_COMPLETED)) && instanceId.equals(p.labels.get(K8s.LABEL_INSTANCE));
            }

            @Override
            public void event(char type, Pod old, Pod cur) {
                deliverPod(type, old, cur);
            }
        });
        kube.workflowWatches.add(new Kube.WorkflowWatch() {
            @Override
            public boolean matches(Workflow w) {
                return namespaces.contains(w.namespace) && instanceId.equals(w.instanceId);
            }

            @Override
            public void event(char type, Workflow old, Workflow cur) {
                deliverWorkflow(type, old, cur);
            }
        });
        kube.taskResultWatches.add(new Kube.TaskResultWatch() {
            @Override
            public boolean matches(TaskResult t) {
                return namespaces.contains(t.namespace) && instanceId.equals(t.instanceId);
            }

            @Override
            public void event(char type, TaskResult cur) {
                deliverTaskResult(type, cur);
            }
        });
    }

    boolean up() {
        return inc != null && inc.alive;
    }

    List<Path> files() {
        return files;
    }

    long lines() {
        return lines;
    }

    /**
     * Session 57: whether the controller's {@code ARGO_POD_STATUS_CAPTURE_FINALIZER} turns the finalizer on. Every release that has
     * it compares the env with {@code == "true"}, both where the Pod is built (workflowpod.go) and where the cleanup patch drops
     * the finalizer (v3.6.0 controller.go, then pod/queue.go), read at every tag of v3.6.0-rc3 to v4.1.2: {@code "True"}, {@code
     * "1"} or {@code "t"} (which Go's ParseBool would take) leave the Pods without the finalizer, not holding them. Before, the
     * Pods were built by ParseBool and released by the exact match: the finalizer added and never removed, a Pod no release makes.
     */
    static boolean finalizerEnabled(String env) {
        return "true".equals(env);
    }

    // ---- logging ------------------------------------------------------------------------------

    private long tick() {
        inc.cursor = Math.max(inc.cursor, sim.now()) + rng.between(15_000L, 350_000L);
        return inc.cursor;
    }

    private void emit(Rec r) {
        if (r.time > collectedUntil || uncollectedReplicas.contains(inc.replica)) {
            return; // session 45: not in the log as collected (ScenariosRetryUnseen)
        }
        inc.sink.write(r.shifted(clockOffset));
        lines++;
    }

    /**
     * Session 45 ({@link ScenariosRetryUnseen}): the log as collected ends here ({@code kubectl logs} taken then, the process going
     * on): lines stamped after it are not written. {@link Long#MAX_VALUE} (every other controller): the whole log.
     */
    long collectedUntil = Long.MAX_VALUE;

    /** Session 45: the replicas whose log nobody collected (a hand-over's new leader, {@link ScenariosRetryUnseen}). */
    final Set<String> uncollectedReplicas = new HashSet<>();

    /** Session 45: the first standby replica's log is not collected, from its start ({@link ScenariosRetryUnseen}). */
    boolean firstStandbyUncollected;

    private void log(Level level, String msg, Object... kv) {
        emit(Rec.of(tick(), level, msg, kv));
    }

    /** A pod-controller line: v4 adds component=pod_controller; v3 has no inherited fields. */
    private void pc(Level level, String msg, Object... kv) {
        if (release.slog) {
            Object[] all = new Object[kv.length + 2];
            all[0] = "component";
            all[1] = "pod_controller";
            System.arraycopy(kv, 0, all, 2, kv.length);
            log(level, msg, all);
        } else {
            log(level, msg, kv);
        }
    }

    /** An operator line: v4 component=workflow_worker, workflow, namespace; v3 namespace, workflow. */
    private void op(Workflow wf, Level level, String msg, Object... kv) {
        int extra = release.slog ? 6 : 4;
        Object[] all = new Object[kv.length + extra];
        int i = 0;
        if (release.slog) {
            all[i++] = "component";
            all[i++] = "workflow_worker";
        }
        all[i++] = "namespace";
        all[i++] = wf.namespace;
        all[i++] = "workflow";
        all[i++] = wf.name;
        System.arraycopy(kv, 0, all, i, kv.length);
        log(level, msg, all);
    }

    private void klog(String fileLine, String msg) {
        emit(Rec.klog(tick(), 'I', fileLine, msg));
    }

    /**
     * client-go's "attempting to acquire" line (B4): v4.1 words it with a {@code lock} key, v4.0 writes v0.33's klog text through
     * its own logger (an Info slog line, no keys), v3 as klog.
     */
    private void leaseAttempt(String lease) {
        if (release.leaseLockKey) {
            log(Level.INFO, "Attempting to acquire leader lease...", "lock", lease);
        } else if (release.slog) {
            log(Level.INFO, "attempting to acquire leader lease " + lease + "...");
        } else {
            klog("leaderelection.go:257", "attempting to acquire leader lease " + lease + "...");
        }
    }

    /** client-go's "acquired" line, as {@link #leaseAttempt}. */
    private void leaseAcquired(String lease) {
        if (release.leaseLockKey) {
            log(Level.INFO, "Successfully acquired lease", "lock", lease);
        } else if (release.slog) {
            log(Level.INFO, "successfully acquired lease " + lease);
        } else {
            klog("leaderelection.go:271", "successfully acquired lease " + lease);
        }
    }

    // ---- start, stop, crash -------------------------------------------------------------------

    private String newReplicaName() {
        return "workflow-controller-" + deployHash + "-" + safe(rng.alnum(5));
    }

    /**
     * Kubernetes' safe alphabet ({@code k8s.io/apimachinery/pkg/util/rand}): a ReplicaSet's pod-template-hash and the 5 characters a
     * ReplicaSet's Pod gets after it are written in it (no vowels, no 0, 1, 3).
     */
    static final String SAFE_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

    /**
     * The letters and digits drawn, mapped one for one onto {@link #SAFE_ALPHABET} (session 62: real-shaped controller Pod names with
     * the same draws; before, a hex hash and any letter or digit but vowels).
     */
    static String safe(String drawn) {
        StringBuilder b = new StringBuilder(drawn.length());
        for (char c : drawn.toCharArray()) {
            int i = Character.isDigit(c) ? c - '0' : Character.isLetter(c) ? 10 + Character.toLowerCase(c) - 'a' : -1;
            b.append(i < 0 ? c : SAFE_ALPHABET.charAt(i % SAFE_ALPHABET.length()));
        }
        return b.toString();
    }

    private LogSink sink(String replica, int restartCount, boolean isStandby) {
        Path file = switch (envelope) {
            case RAW -> logDir.resolve(replica + (restartCount > 0 ? ".restart-" + restartCount : "") + ".log");
            case KUBECTL_TIMESTAMPS -> logDir.resolve(replica + (restartCount > 0 ? ".restart-" + restartCount : "") + ".timestamps.log");
            case CRI -> logDir.resolve("node-" + replicaHost.substring(0, replicaHost.indexOf('.'))).resolve("var/log/pods")
                    .resolve(controllerNamespace + "_" + replica + "_" + podUid(replica)).resolve("workflow-controller")
                    .resolve(restartCount + ".log");
            case DOCKER_JSON -> {
                String id = rng.hex(64);
                yield logDir.resolve("node-" + replicaHost.substring(0, replicaHost.indexOf('.'))).resolve("var/lib/docker/containers")
                        .resolve(id).resolve(id + "-json.log");
            }
        };
        boolean gz = gzipWhole && envelope == Envelope.RAW && !isStandby;
        return new LogSink(file, envelope, format, rotateBytes, gz, Sim.seed(seed, incarnations * 7919L + replica.hashCode()));
    }

    private final Map<String, String> podUids = new HashMap<>();

    private String podUid(String replica) {
        return podUids.computeIfAbsent(replica, r -> rng.uuid());
    }

    /**
     * Starts the controller (a new Pod of the Deployment, or the same Pod's container restarted).
     *
     * @param workers      --workflow-workers
     * @param sameReplica  a container restart in the same Pod (after a crash)
     */
    void start(int workers, boolean sameReplica) {
        if (!sameReplica) {
            // The ReplicaSet's hash follows the Pod template: other arguments, another hash; the same ones, the same hash.
            deployHash = workers == normalWorkers && templateSalt.isEmpty() ? normalHash
                    : safe(Integer.toHexString((normalHash + workers + templateSalt).hashCode() & 0x7fffffff)) + "d";
        }
        Inc before = inc;
        String replica = sameReplica && inc != null ? inc.replica : newReplicaName();
        int restartCount = sameReplica && inc != null ? restarts.merge(replica, 1, Integer::sum) : 0;
        if (!sameReplica) {
            replicaHost = rng.pick(kube.nodes);
        }
        incarnations++;
        Inc me = new Inc(incarnations, replica, sink(replica, restartCount, false), workers);
        // cmd/workflow-controller/main.go (v3.4.18 to v4.1.2 alike): with LEADER_ELECTION_DISABLE=true it logs the two
        // single-instance lines and then calls Run; with election on, Run (whose first line is the banner) is called only from
        // client-go's OnStartedLeading, after the Lease is taken, and no 'starting leading' is logged.
        if (leaderElection && !electionDisabled) {
            String lease = controllerNamespace + "/workflow-controller-" + instanceId;
            String holder = leaseHolder;
            if (holder != null && !holder.equals(replica)) {
                // Session 49: ReleaseOnCancel is false in main.go, so a stopped leader never gives the Lease up, and the identity
                // (LEADER_ELECTION_IDENTITY) is the Pod's name: a new Pod finds another holder's record. client-go counts the
                // Lease as valid until LeaseDuration (15 s) after it first saw that record, however old the record's renewTime,
                // and retries every RetryPeriod (5 s, jitter factor 1.2): it takes the Lease at the first try past 15 s. Its
                // OnNewLeader names the old holder after the first, failed try (the 'lock is held' line is V(4): not logged).
                // A container restarted in the same Pod has the holder's identity and renews at once (below).
                inc = me;
                leaseAttempt(lease);
                log(Level.INFO, "new leader", "leader", holder);
                long waited = 0;
                while (waited <= 15 * Go.SECOND) {
                    waited += leaseRng.between(5_000, 11_000) * Go.MILLI;
                }
                inc = before; // not up until it leads: what happens meanwhile waits for its informers' lists
                waiting = me;
                long first = me.cursor;
                sim.at(first + waited, () -> {
                    if (waiting != me) {
                        return; // stopped while it waited
                    }
                    waiting = null;
                    inc = me;
                    lead(me, lease, workers, sameReplica);
                });
                return;
            }
            inc = me;
            leaseAttempt(lease);
            lead(me, lease, workers, sameReplica);
            return;
        }
        inc = me;
        log(Level.INFO, "Leader election is turned off. Running in single-instance mode");
        log(Level.INFO, "starting leading", "id", "single-instance");
        run(me, workers, sameReplica);
    }

    /** The Lease taken (client-go's acquire returns), OnNewLeader naming this replica, OnStartedLeading calling Run. */
    private void lead(Inc me, String lease, int workers, boolean sameReplica) {
        leaseAcquired(lease);
        leaseHolder = me.replica;
        log(Level.INFO, "new leader", "leader", me.replica);
        tick(); // OnStartedLeading's goroutine starting Run (the draw the 'starting leading' line took: the corpora keep theirs)
        run(me, workers, sameReplica);
    }

    private void run(Inc me, int workers, boolean sameReplica) {
        banner();
        workerNumbers(workers);
        if (release.slog) {
            log(Level.INFO, "Starting CronWorkflow controller", "instanceID", instanceId);
            log(Level.INFO, "Starting workflow garbage collector controller", "workers", 4);
        } else {
            log(Level.INFO, "Starting CronWorkflow controller");
            log(Level.INFO, "Starting workflow garbage collector controller (retentionWorkers 4)");
        }
        log(Level.INFO, "Performing periodic GC", "periodicity", new Dur(5 * Go.MINUTE));
        sim.at(inc.cursor + rng.between(40 * MS, 140 * MS), () -> startInformers(me));
        sim.at(sim.now() + 5 * Go.MINUTE, () -> stats(me));
        sim.at(sim.now() + 20 * Go.MINUTE, () -> resync(me));
        backlogAtStart();
        if (standby && !sameReplica && !electionDisabled) {
            startStandby(me.replica);
        }
    }

    /**
     * Session 49: the identity in the Lease's record (the last replica that took it; a stopped leader does not release it).
     * Null before the first start: the corpus's first run creates the Lease (or finds it released).
     */
    private String leaseHolder;

    /** Session 49: a started process still waiting for the Lease (not yet running its workers); null: none. */
    private Inc waiting;

    /** Session 49: the draws of the Lease waits, on a stream of their own (the other draws are as they were without them). */
    private final Sim.Rng leaseRng;

    /** Session 57: the draws of a standby's take-over after the leader's process died, on a stream of their own (salt 597). */
    private final Sim.Rng takeoverRng;

    /** Session 57: kubelet's crash-loop back-off of each replica's controller container: {last restart, back-off}. */
    private final Map<String, long[]> backoffs = new HashMap<>();

    /** kubelet's initial and longest crash-loop back-off (pkg/kubelet: 10 s doubling to 5 min). */
    static final long BACKOFF_INITIAL = 10 * Go.SECOND;
    static final long BACKOFF_MAX = 300 * Go.SECOND;

    /**
     * Session 57: kubelet's back-off for a container that exited at {@code exitedAt} (kuberuntime_manager.go {@code doBackOff} on
     * client-go's {@code flowcontrol.Backoff}, keyed by the Pod and container): with no entry, or the last restart more than twice the
     * longest back-off (10 min) before the exit, it restarts at once and the entry starts at 10 s; else it waits out the entry's
     * back-off from the exit, and the entry doubles (at most 5 min). {@code entry} is {last restart, back-off} (null: none);
     * {@code latency} the restart's own time (the pod worker's sync, the process's start). Returns {wait, restart, back-off}.
     */
    static long[] crashLoopBackoff(long[] entry, long exitedAt, long latency) {
        boolean fresh = entry == null || exitedAt - entry[0] > 2 * BACKOFF_MAX;
        long wait = fresh ? 0 : entry[1];
        return new long[] {wait, exitedAt + wait + latency, fresh ? BACKOFF_INITIAL : Math.min(2 * entry[1], BACKOFF_MAX)};
    }

    /** The wait kubelet puts before restarting {@code replica}'s container, exited now; the restart ({@code latency} after it) recorded. */
    private long crashLoopWait(String replica, long latency) {
        long[] b = crashLoopBackoff(backoffs.get(replica), sim.now(), latency);
        backoffs.put(replica, new long[] {b[1], b[2]});
        return b[0];
    }

    /**
     * Session 57: how long after the leader's process died now its standby takes the Lease (main.go, v3.6.0 to v4.1.2 alike:
     * {@code LEADER_ELECTION_LEASE_DURATION} 15 s, {@code _RENEW_DEADLINE} 10 s, {@code _RETRY_PERIOD} 5 s by default). The leader
     * renewed every retry period, the last 0-5 s before it died; the standby's tries come every retry period stretched by client-go's
     * jitter factor 1.2 (5-11 s apart), and the first after that renewal sees a changed record; it acquires at its first try more than
     * the lease duration after it saw that change (client-go times the lease from its own observation). So 10 s at the least: a
     * container that restarts within that renews the Lease under its own identity (the Pod's name) first, as before session 57.
     */
    private long takeoverAfter() {
        long observed = -takeoverRng.between(0, 5_000) * MS + takeoverRng.between(0, 11_000) * MS;
        long t = observed;
        while (t - observed <= 15 * Go.SECOND) {
            t += takeoverRng.between(5_000, 11_000) * MS;
        }
        return t;
    }

    /** Session 57: an old leader's container restart after a take-over still to come; the controller is not settled until it has. */
    private int restartsPending;

    /** Up, with no container restart still to come (a crash loop's next crash waits for this). */
    boolean settled() {
        return up() && restartsPending == 0 && waiting == null;
    }

    private final Map<String, Integer> restarts = new HashMap<>();

    private void banner() {
        if (release.slog) {
            log(Level.INFO, "Starting Workflow Controller", "version", release.version, "instanceID", instanceId, "defaultRequeueTime",
                    new Dur(10 * Go.SECOND), "gitCommit", release == Release.V4_0 ? "c81e2a3b9d0f4e5a6b7c8d9e0f1a2b3c4d5e6f70"
                            : "5fdad0fe6f6d740c55d8289f26c912ab711ca407", "gitTag", release.version,
                    "gitTreeState", "clean", "buildDate", release == Release.V4_0 ? "2026-07-14T09:02:11Z" : "2026-09-02T11:20:31Z",
                    "goVersion", release == Release.V4_0 ? "go1.24.4" : "go1.24.7");
        } else {
            log(Level.INFO, "Starting Workflow Controller", "version", release.version, "defaultRequeueTime", new Dur(10 * Go.SECOND));
        }
    }

    private void workerNumbers(int workers) {
        // The keys by release (§5.6): v3.4.13-v3.5.11 workflowWorkers, workflowTtlWorkers, podCleanup; v3.5.12+ cronWorkflowWorkers;
        // v3.6.0+ workflowArchive.
        List<Object> kv = new ArrayList<>(List.of("workflowWorkers", workers, "workflowTtlWorkers", 4, "podCleanup", podCleanupWorkers));
        if (release.cronWorkersKey) {
            kv.addAll(List.of("cronWorkflowWorkers", 8));
        }
        if (release.archiveKey) {
            kv.addAll(List.of("workflowArchive", 8));
        }
        log(Level.INFO, "Current Worker Numbers", kv.toArray());
    }

    private void startStandby(String leader) {
        String replica = newReplicaName();
        Inc main = inc;
        Inc s = new Inc(-1, replica, sink(replica, 0, true), 0);
        if (firstStandbyUncollected) {
            uncollectedReplicas.add(replica);
            firstStandbyUncollected = false;
        }
        standbyInc = s;
        inc = s;
        inc.cursor = sim.now() + rng.between(200 * MS, 1500 * MS);
        tick(); // no banner: Run is not called until this replica leads (the draw kept: other content unchanged)
        String lease = controllerNamespace + "/workflow-controller-" + instanceId;
        leaseAttempt(lease);
        log(Level.INFO, "new leader", "leader", leader);
        inc = main;
        sim.at(sim.now() + 5 * Go.MINUTE + rng.between(0, 3 * Go.SECOND), () -> stats(s));
    }

    /** A second replica of the same Deployment (the same ReplicaSet hash as {@code other}'s Pods). */
    void sameDeploymentAs(Controller other) {
        normalHash = other.normalHash;
        deployHash = other.deployHash;
        templateSalt = other.templateSalt;
        electionDisabled = other.electionDisabled;
    }

    /** Whether a standby replica is running (it could take over the Lease). */
    boolean hasStandby() {
        return standbyInc != null && standbyInc.alive && up();
    }

    /**
     * A leader hand-over (B4): the leader cannot renew the Lease (its renew deadline passes), logs {@code stopped
     * leading} and exits; the standby acquires the Lease once it has expired, {@code gap} after, and starts its workers;
     * the old container restarts as a standby naming the new leader. The two never work at once.
     */
    void handOver(long gap) {
        if (!hasStandby()) {
            return;
        }
        String lease = controllerNamespace + "/workflow-controller-" + instanceId;
        Inc old = inc;
        if (release.leaseLockKey) {
            log(Level.INFO, "Failed to renew lease", "lock", lease, "err", "context deadline exceeded");
        } else if (release.slog) {
            // v4.0: client-go v0.33's klog line through Argo's logger (B4): the v3.7 text as the message, no keys.
            log(Level.INFO, "failed to renew lease " + lease + ": timed out waiting for the condition");
        } else {
            klog("leaderelection.go:288", "failed to renew lease " + lease + ": timed out waiting for the condition");
        }
        log(Level.INFO, "stopped leading", "id", old.replica);
        old.alive = false;
        files.addAll(old.sink.close());
        Inc s = standbyInc;
        standbyInc = null;
        inc = null;
        sim.after(gap, () -> standbyLeads(s, lease, old, -1));
    }

    /**
     * The standby {@code s} takes the Lease (the hand-over's, or session 57's after the leader's process died) and starts its workers;
     * the old leader's container restarts and waits as the standby, {@code oldBack} after now (-1: 2-8 s, drawn), the kubelet's
     * back-off added from the old container's exit.
     */
    private void standbyLeads(Inc s, String lease, Inc old, long oldBack) {
        if (!s.alive) {
            return;
        }
        s.alive = false;
        incarnations++;
        Inc leader = new Inc(incarnations, s.replica, s.sink, normalWorkers);
        leader.cursor = Math.max(s.cursor, sim.now());
        inc = leader;
        leaseAcquired(lease);
        leaseHolder = leader.replica;
        log(Level.INFO, "new leader", "leader", leader.replica);
        banner(); // OnStartedLeading calls Run: its banner now, not when the standby started; no 'starting leading'
        workerNumbers(normalWorkers);
        backlogAtStart();
        sim.at(leader.cursor + rng.between(40 * MS, 140 * MS), () -> startInformers(leader));
        sim.at(sim.now() + 5 * Go.MINUTE, () -> stats(leader));
        sim.at(sim.now() + 20 * Go.MINUTE, () -> resync(leader));
        // The old Pod's container restarts and waits as the standby.
        long back;
        if (oldBack < 0) {
            long latency = rng.between(2 * Go.SECOND, 8 * Go.SECOND);
            back = latency + crashLoopWait(old.replica, latency);
        } else {
            back = oldBack;
        }
        restartsPending++;
        sim.after(back, () -> {
            restartsPending--;
            if (inc != leader || !leader.alive) {
                return;
            }
            int restartCount = restarts.merge(old.replica, 1, Integer::sum);
            Inc standby = new Inc(-1, old.replica, sink(old.replica, restartCount, true), 0);
            standbyInc = standby;
            inc = standby;
            inc.cursor = sim.now();
            tick(); // a standby: no banner until it leads
            leaseAttempt(lease);
            log(Level.INFO, "new leader", "leader", leader.replica);
            inc = leader;
            sim.at(sim.now() + 5 * Go.MINUTE + rng.between(0, 3 * Go.SECOND), () -> stats(standby));
        });
    }

    /** Scaled to zero: both replicas go, with everything in memory. */
    void stop() {
        if (waiting != null) {
            waiting.alive = false;
            files.addAll(waiting.sink.close());
            waiting = null;
        }
        if (inc != null && inc.alive) {
            inc.alive = false;
            files.addAll(inc.sink.close());
        }
        if (standbyInc != null && standbyInc.alive) {
            standbyInc.alive = false;
            files.addAll(standbyInc.sink.close());
            standbyInc = null;
        }
    }

    /** A Go panic in a worker: the process dies; the container restarts in the same Pod a few seconds later. */
    void crash() {
        if (!up()) {
            return;
        }
        long t = tick();
        String where = release.slog ? "github.com/argoproj/argo-workflows/v4" : "github.com/argoproj/argo-workflows/v3";
        String[] panic = {"panic: runtime error: invalid memory address or nil pointer dereference",
            "[signal SIGSEGV: segmentation violation code=0x1 addr=0x40 pc=0x1f3c2a4]", "",
            "goroutine " + rng.between(200, 900) + " [running]:",
            where + "/workflow/controller.(*WorkflowController).processNextPodCleanupItem.func1()",
            "\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:627 +0x44",
            "created by " + where + "/workflow/controller.(*WorkflowController).runPodCleanup in goroutine " + rng.between(100, 300),
            "\t/go/src/github.com/argoproj/argo-workflows/workflow/controller/controller.go:598 +0x9c"};
        for (String line : panic) {
            emit(Rec.raw(t, line));
        }
        Inc dead = inc;
        boolean standbyThere = hasStandby();
        dead.alive = false;
        files.addAll(dead.sink.close());
        // Session 57: kubelet restarts the container at once the first time, then after its crash-loop back-off (10 s doubling to
        // 5 min, reset after 10 min without a restart); a standby takes the Lease over if that outlasts its wait for the Lease.
        long latency = rng.between(2 * Go.SECOND, 9 * Go.SECOND);
        long back = latency + crashLoopWait(dead.replica, latency);
        if (standbyThere) {
            long takeover = takeoverAfter();
            if (takeover < back) {
                Inc s = standbyInc;
                standbyInc = null;
                inc = null;
                String lease = controllerNamespace + "/workflow-controller-" + instanceId;
                sim.after(takeover, () -> standbyLeads(s, lease, dead, back - takeover));
                return;
            }
        }
        sim.after(back, () -> {
            inc = dead;
            start(normalWorkers, true);
        });
    }

    /**
     * Session 48 ({@link ScenariosStall}): the next run to start (a restart, or the standby taking the Lease over) has its Workflow
     * workers busy for this long from its start-up (a backlog worked through under client-side throttling); 0: none. Used once.
     */
    long backlogAtNextStart;

    private void backlogAtStart() {
        if (backlogAtNextStart > 0) {
            long length = backlogAtNextStart;
            backlogAtNextStart = 0;
            stall(sim.now() + length);
        }
    }

    /** The Workflow workers are all busy (a slow API, throttling) until {@code until}; pod cleanup goes on. */
    void stall(long until) {
        if (!up()) {
            return;
        }
        Inc me = inc;
        me.stallUntil = Math.max(me.stallUntil, until);
        sim.at(until, () -> wfDispatch(me));
        long t = sim.now() + rng.between(20 * Go.SECOND, 60 * Go.SECOND);
        while (t < until - 10 * Go.SECOND) {
            long at = t;
            sim.at(at, () -> throttled(me));
            t += rng.between(30 * Go.SECOND, 120 * Go.SECOND);
        }
    }

    void stallForever() {
        if (up()) {
            inc.stalledForever = true;
            Inc me = inc;
            long t = sim.now() + rng.between(20 * Go.SECOND, 60 * Go.SECOND);
            for (int i = 0; i < 40; i++) {
                long at = t;
                sim.at(at, () -> throttled(me));
                t += rng.between(30 * Go.SECOND, 120 * Go.SECOND);
            }
        }
    }

    /**
     * The Workflow watch breaks and the informer relists from an apiserver whose watch cache lags: the Workflow
     * comes back at the version before its latest update, and the current one arrives {@code lag} later.
     */
    void staleRelist(String key, long lag) {
        if (!up() || !inc.informersStarted) {
            return;
        }
        Inc me = inc;
        Workflow live = kube.workflows.get(key);
        Workflow previous = kube.previousVersion.get(key);
        Workflow cached = me.wfs.get(key);
        if (live == null || previous == null || cached == null || !previous.uid.equals(live.uid)) {
            return;
        }
        Workflow stale = previous.copy();
        wfEvent(me, 'M', cached, stale);
        sim.after(lag, () -> {
            Workflow now = kube.workflows.get(key);
            if (me == inc && me.alive && now != null && now.uid.equals(stale.uid)) {
                wfEvent(me, 'M', stale, now.copy());
            }
        });
    }

    /** From now until {@code until} the API times out this controller's Pod patches (pod cleanup fails and is retried). */
    void patchBrownout(long until) {
        patchBrownoutFrom = sim.now();
        patchBrownoutUntil = until;
    }

    /**
     * Session 59 ({@link ScenariosEnvRollout}): the Deployment's Pod template gets {@code env} for the finalizer variable (the next
     * process started reads it; call it between {@link #stop} and {@link #start}), and the ReplicaSet another hash ({@code salt}).
     */
    void setFinalizerEnv(String env, String salt) {
        finalizerEnvChanges += ", then " + (env.isEmpty() ? "unset" : env) + " from " + Go.k8s(sim.now() / Go.SECOND);
        finalizerEnv = env;
        templateSalt = salt;
    }

    /** Whether this controller's Pods carry the status-capture finalizer (the env exactly {@code "true"}, v3.6.0+). */
    boolean podsCarryFinalizer() {
        return finalizerEnabled(finalizerEnv) && release.statusFinalizer;
    }

    /** The time the Pod patches stop timing out from (the current or last brownout), or -1. */
    long brownoutUntil() {
        return patchBrownoutUntil;
    }

    /** The brownout going on ends at {@code until} (not before now). */
    void endBrownoutAt(long until) {
        patchBrownoutUntil = Math.max(sim.now(), until);
    }

    /**
     * When the cleanup item {@code key} is next taken or answered in the running process: its try's end if a worker has it,
     * else its waiting entry's time, else now if it is queued; -1 if it is nowhere.
     */
    long cleanupNext(String key) {
        if (!up()) {
            return -1;
        }
        Long end = inc.cTryEnds.get(key);
        if (end != null) {
            return end;
        }
        Long t = inc.cWaiting.get(key);
        if (t != null) {
            return t;
        }
        return inc.cQueued.containsKey(key) || inc.cDirty.containsKey(key) ? sim.now() : -1;
    }

    /** The pod informer's watch hangs: no more pod events reach this process (its cache goes stale). */
    void stallPodWatch() {
        if (up()) {
            inc.podWatchStalled = true;
        }
    }

    private void throttled(Inc me) {
        if (me != inc || !me.alive) {
            return;
        }
        long waited = rng.between(1_000 * MS, 9_000 * MS) + rng.between(0, 999_999);
        String ns = rng.pick(namespaces);
        String url = "https://10.96.0.1:443/apis/argoproj.io/v1alpha1/namespaces/" + ns + "/workflowtemplates/" + ns + "-template";
        if (release.slog) {
            log(Level.INFO, "Waited for K8S request", "latency", new Dur(waited), "verb", "GET", "url", url);
        } else {
            klog("request.go:697", "Waited for " + Go.duration(waited) + " due to client-side throttling, not priority and fairness, request: GET:"
                    + url);
        }
    }

    private void stats(Inc me) {
        if (!me.alive) {
            return;
        }
        Inc saved = inc;
        inc = me;
        long alloc = rng.between(6000, 14000);
        emit(Rec.logrus(tick(), "Alloc=" + alloc + " TotalAlloc=" + (alloc * 4 + rng.between(0, 9000)) + " Sys=" + rng.between(30000, 60000)
                + " NumGC=" + rng.between(10, 400) + " Goroutines=" + rng.between(100, 260)));
        inc = saved;
        sim.at(sim.now() + 5 * Go.MINUTE, () -> stats(me));
    }

    private void resync(Inc me) {
        if (me != inc || !me.alive) {
            return;
        }
        List<String> keys = new ArrayList<>();
        for (Workflow w : me.wfs.values()) {
            if (!w.completedLabel()) {
                keys.add(w.key());
            }
        }
        keys.sort(null);
        for (String key : keys) {
            wfEnqueue(me, key);
        }
        sim.at(sim.now() + 20 * Go.MINUTE, () -> resync(me));
    }

    /** Closes the log files at the end of the evidence. */
    void finish() {
        stop();
    }

    // ---- informers ----------------------------------------------------------------------------

    private void startInformers(Inc me) {
        if (me != inc || !me.alive) {
            return;
        }
        me.informersStarted = true;
        me.lastPodDelivery = me.lastWfDelivery = me.lastTrDelivery = sim.now();
        for (Workflow w : kube.workflows.values()) {
            if (namespaces.contains(w.namespace) && instanceId.equals(w.instanceId)) {
                Workflow snap = w.copy();
                Long lag = staleListOnStart.remove(w.key());
                Workflow previous = kube.previousVersion.get(w.key());
                Long replay = replayFirstOnStart.remove(w.key());
                Workflow first = kube.firstVersion.get(w.key());
                if (replay != null && first != null && first.uid.equals(w.uid)) {
                    lag = replay;
                    previous = first;
                }
                if (lag != null && previous != null && previous.uid.equals(w.uid)) {
                    // Listed from a lagging watch cache: the version before the latest update, the current one after the lag.
                    Workflow stale = previous.copy();
                    snap = stale;
                    String key = w.key();
                    sim.after(lag, () -> {
                        Workflow live = kube.workflows.get(key);
                        if (me == inc && me.alive && live != null && live.uid.equals(stale.uid)) {
                            wfEvent(me, 'M', stale, live.copy());
                        }
                    });
                }
                me.wfs.put(snap.key(), snap);
                if (!snap.completedLabel()) {
                    if (snap.status.lockHeld != null) {
                        // The sync manager's start: the holders of the Workflows not labelled completed (a completed one holds nothing).
                        me.locks.computeIfAbsent(snap.status.lockHeld, k -> new LockState(w.spec.lockLimit)).holders.add(snap.key());
                    }
                    wfEnqueue(me, snap.key());
                }
            }
        }
        for (TaskResult t : kube.taskResults.values()) {
            if (namespaces.contains(t.namespace) && instanceId.equals(t.instanceId)) {
                me.trs.put(t.key(), t.copy());
            }
        }
        for (Pod p : new ArrayList<>(kube.pods.values())) {
            if (namespaces.contains(p.namespace) && "false".equals(p.labels.get(K8s.LABEL_COMPLETED))
                    && instanceId.equals(p.labels.get(K8s.LABEL_INSTANCE))) {
                podEvent(me, 'A', null, p.copy());
            }
        }
        // Caches synced: the workers start.
        sim.at(me.cursor + rng.between(0, 40 * MS), () -> {
            if (me == inc && me.alive) {
                me.wfWorkersStarted = true;
                wfDispatch(me);
            }
        });
        sim.at(me.cursor + rng.between(40 * MS, 150 * MS), () -> {
            if (me == inc && me.alive) {
                me.cleanupWorkersStarted = true;
                cDispatch(me);
            }
        });
    }

    /** A watch event reaches the informer a few milliseconds after the write, now and then a little later; in order. */
    private long deliveryTime(long last) {
        long latency = rng.chance(0.99) ? rng.between(MS / 2, 6 * MS) : rng.between(6 * MS, 60 * MS);
        return Math.max(sim.now() + latency, last + 1_000);
    }

    private void deliverPod(char type, Pod old, Pod cur) {
        Inc me = inc;
        if (me == null || !me.alive || !me.informersStarted || me.podWatchStalled) {
            return;
        }
        long t = deliveryTime(me.lastPodDelivery);
        me.lastPodDelivery = t;
        sim.at(t, () -> {
            if (me == inc && me.alive && !me.podWatchStalled) {
                podEvent(me, type, old, cur);
            }
        });
    }

    private void deliverWorkflow(char type, Workflow old, Workflow cur) {
        Inc me = inc;
        if (me == null || !me.alive || !me.informersStarted) {
            return;
        }
        long t = deliveryTime(me.lastWfDelivery) + workflowWatchLag;
        me.lastWfDelivery = t;
        sim.at(t, () -> {
            if (me == inc && me.alive) {
                wfEvent(me, type, old, cur);
            }
        });
    }

    /** Extra delay of the Workflow watch (a busy Workflow informer), set by scenarios where the garbage collector wins. */
    long workflowWatchLag;

    /**
     * Extra delay of the task-result watch (a busy informer, session 37: #14625's "task result cache has not been synced in
     * time"), set for a while by {@code ScenariosOutputShapes}; 0 elsewhere.
     */
    long taskResultWatchLag;

    private void deliverTaskResult(char type, TaskResult cur) {
        Inc me = inc;
        if (me == null || !me.alive || !me.informersStarted) {
            return;
        }
        long t = deliveryTime(me.lastTrDelivery) + taskResultWatchLag;
        me.lastTrDelivery = t;
        sim.at(t, () -> {
            if (me == inc && me.alive) {
                if (type == 'D') {
                    me.trs.remove(cur.key());
                } else {
                    me.trs.put(cur.key(), cur);
                    wfEnqueue(me, cur.namespace + "/" + cur.workflow);
                }
            }
        });
    }

    /** What {@code significantPodChange} compares: finalizer-, condition- and owner-only changes are not significant. */
    private static boolean significant(Pod a, Pod b) {
        return !Objects.equals(a.hostNode, b.hostNode) || !Objects.equals(a.phase, b.phase) || !Objects.equals(a.podIp, b.podIp)
                || !Objects.equals(a.deletionTimestamp, b.deletionTimestamp) || !a.labels.equals(b.labels)
                || !a.annotations.equals(b.annotations) || !ctr(a.main).equals(ctr(b.main)) || !ctr(a.wait).equals(ctr(b.wait));
    }

    private static String ctr(K8s.Ctr c) {
        if (c == null) {
            return "";
        }
        return c.state + "/" + c.exitCode + "/" + c.startedAt + "/" + c.finishedAt;
    }

    private void podEvent(Inc me, char type, Pod old, Pod cur) {
        switch (type) {
            case 'A' -> {
                me.pods.put(cur.key(), cur);
                podEventLine("add pod event", cur.name);
                wfEnqueue(me, cur.namespace + "/" + cur.workflow);
                if (cur.deletionTimestamp != null || me.workflowWorkers == 0) {
                    deletionSeen(me, cur);
                }
                commonPodEvent(me, cur, cur.deletionTimestamp != null && release.deletingUpdateIsDelete);
            }
            case 'M' -> {
                Pod prev = me.pods.put(cur.key(), cur);
                if (prev != null && prev.resourceVersion == cur.resourceVersion) {
                    return;
                }
                if (prev != null && !significant(prev, cur)) {
                    pc(Level.INFO, "insignificant pod change", "key", cur.key());
                    return;
                }
                podEventLine("update pod event", cur.name);
                wfEnqueue(me, cur.namespace + "/" + cur.workflow);
                if (cur.deletionTimestamp != null || me.workflowWorkers == 0) {
                    deletionSeen(me, cur);
                }
                commonPodEvent(me, cur, cur.deletionTimestamp != null && release.deletingUpdateIsDelete);
            }
            default -> {
                me.pods.remove(old.key());
                podEventLine("delete pod event", old.name);
                wfEnqueue(me, old.namespace + "/" + old.workflow);
                deletionSeen(me, old);
                commonPodEvent(me, old, true);
            }
        }
    }

    /**
     * An {@code add}, {@code update} or {@code delete pod event} line: the pod package's (v3.6.5+). Before it the informer's
     * handlers queue the Workflow without a line and {@code commonPodEvent} does not exist (§5.3); {@code insignificant pod
     * change} is logged by every release.
     */
    private void podEventLine(String msg, String pod) {
        if (release.podEvents) {
            pc(Level.INFO, msg, "pod", pod);
        }
    }

    /** A {@code queueing pod for cleanup…} line: the pod package's (v3.6.5+); earlier releases queue without a line (§5.3). */
    private void queueLine(Level level, String msg, Object... kv) {
        if (release.podEvents) {
            pc(level, msg, kv);
        }
    }

    /** {@code cleaning up pod} and {@code failed to clean-up pod}: v3.6.5+ name the namespace and Pod, earlier only key and action. */
    private void cleanupLine(Level level, String msg, String key, String action, String ns, String podName, String error) {
        List<Object> kv = new ArrayList<>(List.of("key", key, "action", action));
        if (release.podEvents) {
            kv.addAll(List.of("namespace", ns, "podName", podName));
        }
        if (error != null) {
            kv.addAll(List.of("error", error));
        }
        pc(level, msg, kv.toArray());
    }

    /**
     * AF003's truth: this process's pod event handler saw one of a Workflow's Pods being deleted (or gone), the event that puts
     * the Workflow on the workers' queue, while the Workflow existed in the API, not being deleted and not completed (it still
     * needed reconciling); in a process without Workflow workers, any event of the Pod (its listing's add, an update: each puts
     * the Workflow on a queue no worker takes from, session 48: the late-label-after-down Workflows, active and there, waited
     * 3m5s in such a run for the next process's pass). Recorded with when the Workflow had joined this process's queue, if it was waiting there already (a
     * pod event before, the start-up listing, a resync), else now; every release alike (the rule reads only v3.6.5+'s lines).
     */
    private void deletionSeen(Inc me, Pod pod) {
        String key = pod.namespace + "/" + pod.workflow;
        Workflow live = kube.workflows.get(key);
        if (live == null || !live.uid.equals(pod.workflowUid) || live.deletionTimestamp != null || live.status.completed()) {
            return;
        }
        Long queuedAt = me.wfQueued.contains(key) ? me.wfQueuedAt.get(key) : null;
        truth.podDeletionSeen(live.uid, pod.name, name + "/" + me.replica + "#" + me.id, me.workflowWorkers, sim.now(),
                queuedAt != null ? queuedAt : sim.now());
    }

    /** {@code commonPodEvent} (reference §6.3). */
    private void commonPodEvent(Inc me, Pod pod, boolean deleting) {
        if (!release.podEvents) {
            return; // v3.6.5+ (the pod package)
        }
        String action = null;
        long minimumDelay;
        String path;
        boolean hasFinalizer = pod.hasStatusFinalizer();
        if (deleting && hasFinalizer) {
            pc(Level.INFO, "Removing finalizers during a delete", "pod.Finalizers", new StrList(pod.finalizers));
            action = REMOVE_FINALIZER;
            minimumDelay = MINIMUM_DELAY;
            path = "pod-delete-handler";
        } else {
            Workflow owner = me.wfs.get(pod.namespace + "/" + pod.workflow);
            boolean orphaned = owner == null || !owner.uid.equals(pod.workflowUid);
            if (!orphaned) {
                return;
            }
            String gc = pod.annotations.getOrDefault(K8s.ANN_POD_GC, "");
            if (gc.startsWith("OnPodSuccess/") && "Succeeded".equals(pod.phase)) {
                action = DELETE_POD;
            } else if (hasFinalizer) {
                action = REMOVE_FINALIZER;
            }
            minimumDelay = 0;
            path = "orphan";
        }
        if (action == null) {
            return;
        }
        String annotation = pod.annotations.get(K8s.ANN_POD_GC);
        long podGcDelay = Truth.podGcDelay(annotation);
        long effective = Math.max(podGcDelay, minimumDelay);
        long last = pod.lastTransition();
        long t = tick();
        // The controller's time.Now() against the Pod's lastTransitionTime: its own clock (session 56); the queue waits real time.
        long delay = last >= 0 && effective > 0 ? last * Go.SECOND + effective - (t + clockOffset) : 0;
        Rec.PodGc gcValue = podGcValue(annotation);
        if (release.slog) {
            emit(Rec.of(t, Level.INFO, "queuing pod delay", "component", "pod_controller", "action", action, "namespace", pod.namespace,
                    "podName", pod.name, "podGC", gcValue, "delay", new Dur(delay)));
        } else {
            emit(Rec.of(t, Level.INFO, "queuing poddelay" + Go.duration(delay), "action", action, "namespace", pod.namespace, "podGC", gcValue,
                    "podName", pod.name));
        }
        Origin origin = new Origin(path, delay, t);
        String key = pod.namespace + "/" + pod.name + "/" + action;
        if (delay > 0) {
            queueLine(Level.INFO, "queueing pod for cleanup after", "namespace", pod.namespace, "podName", pod.name, "action", action, "after",
                    new Dur(delay));
            cAddAfter(me, key, t + delay, origin);
        } else {
            queueLine(Level.INFO, "queueing pod for cleanup", "namespace", pod.namespace, "podName", pod.name, "action", action);
            cAdd(me, key, origin);
        }
    }

    private static Rec.PodGc podGcValue(String annotation) {
        if (annotation == null) {
            return new Rec.PodGc("", "");
        }
        int slash = annotation.indexOf('/');
        return new Rec.PodGc(annotation.substring(0, slash), annotation.substring(slash + 1));
    }

    private void wfEvent(Inc me, char type, Workflow old, Workflow cur) {
        switch (type) {
            case 'A' -> {
                me.wfs.put(cur.key(), cur);
                if (!cur.completedLabel()) {
                    wfEnqueue(me, cur.key());
                }
            }
            case 'M' -> {
                Workflow prev = me.wfs.put(cur.key(), cur);
                if (prev != null && prev.resourceVersion == cur.resourceVersion) {
                    return;
                }
                boolean passedBefore = prev == null || !prev.completedLabel();
                if (passedBefore && cur.completedLabel()) {
                    // FilteringResourceEventHandler: no longer passing the filter is an OnDelete (A4).
                    workflowDeleteHandler(me, prev != null ? prev : cur);
                } else if (!cur.completedLabel()) {
                    wfEnqueue(me, cur.key());
                }
            }
            default -> {
                Workflow prev = me.wfs.remove(old.key());
                me.mine.remove(old.key());
                if (prev == null || !prev.completedLabel()) {
                    workflowDeleteHandler(me, old);
                }
            }
        }
    }

    /** The Workflow "delete" handler (v3.6.0+): removeFinalizer for the Workflow's Pods that still carry the finalizer. */
    private void workflowDeleteHandler(Inc me, Workflow w) {
        if (!release.statusFinalizer) {
            return;
        }
        List<Pod> pods = new ArrayList<>();
        for (Pod p : me.pods.values()) {
            if (p.namespace.equals(w.namespace) && w.name.equals(p.workflow) && p.hasStatusFinalizer()) {
                pods.add(p);
            }
        }
        pods.sort((a, b) -> a.name.compareTo(b.name));
        for (Pod p : pods) {
            queueLine(Level.INFO, "queueing pod for cleanup", "namespace", p.namespace, "podName", p.name, "action", REMOVE_FINALIZER);
            cAdd(me, p.namespace + "/" + p.name + "/" + REMOVE_FINALIZER, new Origin("workflow-delete-handler", null, inc.cursor));
        }
    }

    // ---- the pod cleanup queue (client-go's rate-limited delaying queue: the class comment) ----------------------

    /**
     * {@code AddRateLimited}: through the delaying queue, so a waiting entry of the key is moved to now (not left behind). The
     * limiter counts the add (until the next try's {@code Forget}) and takes a token of the bucket; its few ms are dropped, the
     * bucket's wait (when more than 100 adds came within the last 10 s) is not.
     */
    private void cAdd(Inc me, String key, Origin origin) {
        long wait = limiterWhen(me, key);
        if (wait > 5 * MS << 4) {
            cAddAfter(me, key, sim.now() + wait, origin);
            return;
        }
        if (me.cWaiting.remove(key) != null) {
            me.cWaitingOrigin.remove(key);
        }
        qAdd(me, key, origin);
    }

    /**
     * client-go's {@code DefaultControllerRateLimiter.When}: the max of the item's exponential delay (5 ms times 2 to the number of
     * adds since its last {@code Forget}, at most 1000 s; the count goes up by one) and the shared bucket's (10/s, burst 100).
     */
    private long limiterWhen(Inc me, String key) {
        int exp = me.cFailures.getOrDefault(key, 0);
        me.cFailures.put(key, exp + 1);
        long backoff = exp >= 18 ? 1000 * Go.SECOND : Math.min(1000 * Go.SECOND, 5 * MS << exp);
        long now = sim.now();
        me.bucketTokens = Math.min(100, me.bucketTokens + (now - me.bucketAt) / 1e8);
        me.bucketAt = now;
        me.bucketTokens -= 1;
        long bucketWait = me.bucketTokens >= 0 ? 0 : (long) (-me.bucketTokens * 1e8);
        return Math.max(backoff, bucketWait);
    }

    /** Whether the cleanup item {@code key} is anywhere in the running process's queue: waiting, queued, being processed or dirty. */
    boolean cleanupPending(String key) {
        if (!up()) {
            return false;
        }
        return inc.cWaiting.containsKey(key) || inc.cQueued.containsKey(key) || inc.cProcessing.contains(key) || inc.cDirty.containsKey(key);
    }

    /** The queue's own {@code Add}: once per key; a key being processed is marked dirty and re-queued when done. */
    private void qAdd(Inc me, String key, Origin origin) {
        if (me.cProcessing.contains(key)) {
            me.cDirty.putIfAbsent(key, origin);
            return;
        }
        Origin queued = me.cQueued.get(key);
        if (queued != null) {
            me.cQueued.put(key, queued.merged(origin));
            return;
        }
        me.cQueued.put(key, origin);
        me.cFifo.add(key);
        cDispatch(me);
    }

    /**
     * {@code queuePodForCleanupAfter} with a delay of 0 or less: v3.6.5+ call {@code AddRateLimited}, v3.4/v3.5
     * {@code AddAfter}, which adds at once and leaves any waiting entry of the key to run again when due.
     */
    private void cAddNow(Inc me, String key, Origin origin) {
        if (release.podEvents) {
            cAdd(me, key, origin);
        } else {
            qAdd(me, key, origin);
        }
    }

    /** {@code AddAfter} with a positive delay: one waiting entry per key, moved only earlier. */
    private void cAddAfter(Inc me, String key, long readyAt, Origin origin) {
        Long waiting = me.cWaiting.get(key);
        if (waiting != null && waiting <= readyAt) {
            if (waiting == readyAt) {
                me.cWaitingOrigin.put(key, me.cWaitingOrigin.get(key).merged(origin));
            }
            return;
        }
        me.cWaiting.put(key, readyAt);
        me.cWaitingOrigin.put(key, origin);
        sim.at(readyAt, () -> {
            if (me == inc && me.alive && Objects.equals(me.cWaiting.get(key), readyAt)) {
                me.cWaiting.remove(key);
                qAdd(me, key, me.cWaitingOrigin.remove(key));
            }
        });
    }

    /**
     * A failed try's {@code AddRateLimited}: the limiter's delay ({@link #limiterWhen}); the worker's deferred {@code Forget}
     * follows ({@link #forgetAndDone}), so the next failure starts from 5 ms again.
     */
    private void cRetry(Inc me, String key, Origin origin) {
        cAddAfter(me, key, sim.now() + limiterWhen(me, key), origin);
    }

    /** The end of every try (the worker's deferred {@code Forget} and {@code Done}): the count reset, a dirty key re-queued. */
    private void forgetAndDone(Inc me, String key) {
        me.cFailures.remove(key);
        me.cTryEnds.remove(key);
        me.cProcessing.remove(key);
        me.cBusy--;
        Origin dirty = me.cDirty.remove(key);
        if (dirty != null) {
            qAdd(me, key, dirty);
        }
        cDispatch(me);
    }

    private void cDispatch(Inc me) {
        if (me != inc || !me.alive || !me.cleanupWorkersStarted) {
            return;
        }
        while (me.cBusy < podCleanupWorkers && !me.cFifo.isEmpty()) {
            String key = me.cFifo.poll();
            Origin origin = me.cQueued.remove(key);
            me.cProcessing.add(key);
            me.cBusy++;
            sim.at(me.cursor + rng.between(40_000L, 3 * MS), () -> cProcess(me, key, origin));
        }
    }

    private void cProcess(Inc me, String key, Origin origin) {
        if (me != inc || !me.alive) {
            return;
        }
        String[] parts = key.split("/");
        String ns = parts[0];
        String podName = parts[1];
        String action = parts[2];
        String uidPrecondition = parts.length > 3 ? parts[3] : null;
        cleanupLine(Level.INFO, "cleaning up pod", key, action, ns, podName, null);
        Pod cached = me.pods.get(ns + "/" + podName);
        long latency = rng.latency(3 * MS, 25 * MS, 250 * MS);
        // A patch sent while the API times this controller's Pod patches out waits the request timeout, then fails.
        boolean timedOut = cached != null && me.cursor + latency >= patchBrownoutFrom && me.cursor + latency < patchBrownoutUntil
                && !"terminateContainers".equals(action);
        me.cTryEnds.put(key, me.cursor + (timedOut ? REQUEST_TIMEOUT + latency : latency));
        sim.at(me.cursor + (timedOut ? REQUEST_TIMEOUT + latency : latency), () -> {
            if (me != inc || !me.alive) {
                return;
            }
            Result r = Result.OK;
            if (timedOut) {
                kube.auditTimedOutPatch(ns, podName, name);
                cleanupLine(Level.WARN, "failed to clean-up pod", key, action, ns, podName,
                        "the server was unable to return a response in the time allotted, but may still be processing the request (patch pods "
                                + podName + ")");
                if (release.timeoutTransient) {
                    cRetry(me, key, origin);
                }
                forgetAndDone(me, key);
                return;
            }
            boolean removing = cached != null && finalizerEnabled(finalizerEnv) && cached.hasStatusFinalizer();
            // getPodCleanupPatch: a label patch always has a body; a finalizer or delete patch only where it drops the finalizer (an
            // empty patch sends nothing). A refused patch fails the item (deletePod's delete is not sent after it).
            boolean sendsPatch = LABEL_POD_COMPLETED.equals(action) || (removing && (REMOVE_FINALIZER.equals(action)
                    || DELETE_POD.equals(action) || DELETE_POD_BY_UID.equals(action)));
            long answered = sim.now();
            if (sendsPatch && answered >= patchForbiddenFrom && answered < patchForbiddenUntil) {
                kube.auditForbiddenPatch(ns, podName, name);
                cleanupLine(Level.WARN, "failed to clean-up pod", key, action, ns, podName, "pods \"" + podName + "\" is forbidden: User \""
                        + AuditLog.CONTROLLER_SA + "\" cannot patch resource \"pods\" in API group \"\" in the namespace \"" + ns + "\"");
                forgetAndDone(me, key);
                return;
            }
            if (cached != null) {
                boolean removeFinalizer = removing;
                Long rv = removeFinalizer ? cached.resourceVersion : null;
                String podKey = ns + "/" + podName;
                switch (action) {
                    case LABEL_POD_COMPLETED -> r = kube.patchPod(podKey, null, rv, q -> {
                        q.labels.put(K8s.LABEL_COMPLETED, "true");
                        if (removeFinalizer) {
                            q.finalizers.remove(K8s.STATUS_FINALIZER);
                        }
                    }, new Origin("label-pod-completed", null, me.cursor), name);
                    case REMOVE_FINALIZER -> {
                        if (removeFinalizer) {
                            r = kube.patchPod(podKey, null, rv, q -> q.finalizers.remove(K8s.STATUS_FINALIZER), origin, name);
                        }
                    }
                    case DELETE_POD -> {
                        if (removeFinalizer) {
                            r = kube.patchPod(podKey, null, rv, q -> q.finalizers.remove(K8s.STATUS_FINALIZER),
                                    new Origin("pod-gc-delete", null, me.cursor), name);
                        }
                        if (r == Result.OK) {
                            kube.deletePod(podKey, null, null, name);
                        }
                    }
                    case DELETE_POD_BY_UID -> {
                        // v4 (automatic restart): as deletePod, with a UID precondition on the delete.
                        if (removeFinalizer) {
                            r = kube.patchPod(podKey, null, rv, q -> q.finalizers.remove(K8s.STATUS_FINALIZER),
                                    new Origin("pod-gc-delete", null, me.cursor), name);
                        }
                        if (r == Result.OK) {
                            kube.deletePod(podKey, null, uidPrecondition, name);
                        }
                    }
                    case TERMINATE_CONTAINERS -> {
                        if ("Pending".equals(cached.phase)) {
                            // A Pending Pod has no container to signal: it is deleted (logs §6.1).
                            queueLine(Level.INFO, "queueing pod for cleanup", "namespace", ns, "podName", podName, "action", DELETE_POD);
                            cAdd(me, ns + "/" + podName + "/" + DELETE_POD, new Origin("delete-pending", null, me.cursor));
                        } else {
                            signalRound(me, ns, podName, podKey, cached, false);
                        }
                    }
                    case KILL_CONTAINERS -> signalRound(me, ns, podName, podKey, cached, true);
                    default -> {
                    }
                }
            } else if (DELETE_POD.equals(action)) {
                // Not in the cache (labelled completed meanwhile): the patch has nothing to patch, the delete by name still
                // goes (pod controller, every release).
                kube.deletePod(ns + "/" + podName, null, null, name);
            }
            finishCleanup(me, key, action, ns, podName, origin, r);
        });
    }

    /** The kill command in every container the cache shows running: SIGTERM, then SIGKILL after the grace (B8). */
    private void signalRound(Inc me, String ns, String podName, String podKey, Pod cached, boolean kill) {
        List<K8s.Ctr> ctrs = new ArrayList<>(cached.execCtrs());
        if (cached.sidecar != null) {
            ctrs.add(cached.sidecar);
        }
        for (K8s.Ctr ctr : ctrs) {
            if (ctr.running()) {
                kube.signal(podKey, cached.uid, ctr.name, kill);
                pc(Level.INFO, "signaled container", "namespace", ns, "pod", podName, "container", ctr.name, "stdout", "",
                        "stderr", "", "error", "<nil>");
            }
        }
        if (!kill) {
            long grace = cached.terminationGrace * Go.SECOND;
            queueLine(Level.INFO, "queueing pod for cleanup after", "namespace", ns, "podName", podName, "action", KILL_CONTAINERS, "after",
                    new Dur(grace));
            cAddAfter(me, ns + "/" + podName + "/" + KILL_CONTAINERS, me.cursor + grace, new Origin("kill-containers", null, me.cursor));
        }
    }

    private void finishCleanup(Inc me, String key, String action, String ns, String podName, Origin origin, Result r) {
        if (r == Result.CONFLICT) {
            cleanupLine(Level.WARN, "failed to clean-up pod", key, action, ns, podName, "Operation cannot be fulfilled on pods \"" + podName
                    + "\": the object has been modified; please apply your changes to the latest version and try again");
            cRetry(me, key, origin);
        }
        forgetAndDone(me, key);
    }

    // ---- the Workflow queue and workers --------------------------------------------------------

    private void wfEnqueue(Inc me, String key) {
        if (me.wfProcessing.contains(key)) {
            me.wfDirty.add(key);
            return;
        }
        if (me.wfQueued.add(key)) {
            me.wfQueuedAt.put(key, sim.now());
            me.wfFifo.add(key);
            wfDispatch(me);
        }
    }

    private void wfEnqueueAfter(Inc me, String key, long delay) {
        sim.after(delay, () -> {
            if (me == inc && me.alive) {
                wfEnqueue(me, key);
            }
        });
    }

    private void wfDispatch(Inc me) {
        if (me != inc || !me.alive || !me.wfWorkersStarted || me.stalledForever || sim.now() < me.stallUntil) {
            return;
        }
        while (me.wfBusy < me.workflowWorkers && !me.wfFifo.isEmpty()) {
            String key = me.wfFifo.poll();
            me.wfQueued.remove(key);
            me.wfQueuedAt.remove(key);
            me.wfProcessing.add(key);
            me.wfBusy++;
            sim.at(me.cursor + rng.between(50_000L, 2 * MS), () -> reconcile(me, key));
        }
    }

    private void wfDone(Inc me, String key) {
        if (me != inc || !me.alive) {
            return;
        }
        me.wfProcessing.remove(key);
        me.wfBusy--;
        if (me.wfDirty.remove(key)) {
            wfEnqueue(me, key);
        }
        wfDispatch(me);
    }

    /** The Workflow as this process knows it: the informer's copy, or its own last write if that is newer. */
    private Workflow current(Inc me, String key) {
        Workflow cached = me.wfs.get(key);
        Workflow mine = me.mine.get(key);
        if (cached == null) {
            return null;
        }
        if (mine != null && mine.uid.equals(cached.uid) && mine.resourceVersion > cached.resourceVersion) {
            return mine;
        }
        return cached;
    }

    private boolean fulfilled(Node n) {
        return Truth.fulfilled(n, release.version);
    }

    // ---- the operator -------------------------------------------------------------------------

    private void reconcile(Inc me, String key) {
        if (me != inc || !me.alive) {
            return;
        }
        Workflow cached = me.wfs.get(key);
        Workflow mine = me.mine.get(key);
        Long mineAt = me.mineAt.get(key);
        if (cached != null && mine != null && mineAt != null && mine.uid.equals(cached.uid) && cached.resourceVersion < mine.resourceVersion
                && sim.now() - mineAt > OWN_WRITE_WINDOW) {
            // The informer holds a copy older than this process's own last write, well after the write: a stale copy
            // (B3). The guard of the release catches it; the process remembers its writes until it restarts. Within the
            // window the model reads its own write (current()), as it always did.
            staleCopy(me, key, mine);
            return;
        }
        Workflow base = current(me, key);
        if (base == null || base.completedLabel()) {
            sim.after(rng.between(MS, 3 * MS), () -> wfDone(me, key));
            return;
        }
        Workflow wf = base.copy();
        Status s = wf.status;
        if (release.slog) {
            op(wf, Level.INFO, "Processing workflow", "phase", s.phase, "resourceVersion", String.valueOf(base.resourceVersion));
        } else if (release.processingKeys) {
            op(wf, Level.INFO, "Processing workflow", "Phase", s.phase, "ResourceVersion", String.valueOf(base.resourceVersion));
        } else {
            op(wf, Level.INFO, "Processing workflow"); // v3.4.x, v3.5.0-v3.5.2: no keys (§5.4)
        }
        truth.workflowProcessed(wf.uid, name + "/" + me.replica + "#" + me.id, sim.now());
        List<TaskResult> results = new ArrayList<>();
        for (TaskResult t : me.trs.values()) {
            if (t.namespace.equals(wf.namespace) && t.workflow.equals(wf.name)) {
                results.add(t);
            }
        }
        op(wf, Level.INFO, "Task-result reconciliation", "numObjs", results.size());
        boolean changed = false;
        for (TaskResult t : results) {
            Node n = s.nodes.get(t.name);
            // v3.6.19 marks every result labelled completed in its completion map, a completed node's too (a result labelled
            // after a stop or a deadline failed its node). The model keeps a completed node's flag otherwise (a "false" result
            // of a completed node is marked incomplete each pass and, its Pod gone 2m, forced complete again below), and its
            // v3.7.18 and v4.1.3 leave a fulfilled node's flag as it is.
            boolean open = n != null && (release.taskResultSynced ? !fulfilled(n) : !fulfilled(n) || t.completed);
            if (n != null && "Pod".equals(n.type) && open && !Objects.equals(n.taskResultSynced, t.completed)) {
                n.taskResultSynced = t.completed;
                changed = true;
            }
        }
        changed |= forceTaskResults(me, wf, results);
        if (s.phase.isEmpty() || "Pending".equals(s.phase)) {
            if (wf.spec.lock == null || acquireLock(me, wf)) {
                startWorkflow(wf);
                changed = true;
                long deadline = workflowDeadline(wf);
                if (deadline >= 0) {
                    // "Workflow needs to requeue on its deadline" (operate, at the start only).
                    wfEnqueueAfter(me, key, Math.max(0, deadline - sim.now()) + rng.between(MS, 5 * MS));
                }
            } else {
                changed |= waitForLock(me, wf);
            }
        } else {
            boolean aborted = false;
            List<Node> recreate = new ArrayList<>();
            for (Node n : new ArrayList<>(s.nodes.values())) {
                if ("Pod".equals(n.type) && n.podCreated && fulfilled(n)) {
                    fulfilledPodUnchanged(wf, n, me.pods.get(wf.namespace + "/" + n.podName));
                }
                if (!"Pod".equals(n.type) || !n.podCreated || fulfilled(n)) {
                    continue;
                }
                Pod p = me.pods.get(wf.namespace + "/" + n.podName);
                boolean live = p != null && ("Running".equals(p.phase) || "Pending".equals(p.phase));
                if (live && wf.shutdown != null) {
                    // applyExecutionControl (B8): argo stop / argo terminate. The pod controller signals a Running Pod's
                    // containers (terminateContainers, killContainers after the grace) and deletes a Pending one; the node fails
                    // at once, whatever main then exits with.
                    op(wf, Level.INFO, "Terminating pod as part of workflow shutdown", "podName", p.name, "shutdownStrategy", wf.shutdown);
                    executionControl(me, wf, n, p, "workflow shutdown with strategy:  " + wf.shutdown);
                    changed = true;
                    continue;
                }
                long deadline = workflowDeadline(wf);
                if (live && deadline >= 0 && sim.now() > deadline) {
                    // The Workflow's activeDeadlineSeconds has passed (B8): the same, with the deadline's line and message.
                    // v3 logs the deadline under the key " workflowDeadline" (a leading space), v4 under "workflowDeadline".
                    op(wf, Level.INFO, "Terminating pod which has exceeded workflow deadline", "podName", p.name,
                            release.slog ? "workflowDeadline" : " workflowDeadline", new KTime(deadline));
                    executionControl(me, wf, n, p, "Step exceeded its deadline");
                    changed = true;
                    continue;
                }
                if (p != null && release.outputsCheck && "Succeeded".equals(p.phase) && outputsMissing(stepOf(wf, n), n)) {
                    // assessNodeStatus (v3.6.11+, session 34): the template declares a required output artifact that is not on
                    // the node (the data executor reports the result alone), so the new phase Succeeded is dropped for the old one
                    // at every pass. This comes before podReconciliation's task-result check, and the new state is not Succeeded,
                    // so the pass goes on (no "pod reconciliation didn't complete"); the node stays unfulfilled, its Pod with its
                    // status finalizer, and the forced completion never applies (it needs a completed phase).
                    // Session 37: a template declaring output parameters whose result has not reached the task-result informer
                    // with them (#14625's case: the placeholder or nothing yet; the model's result carries its outputs when it is
                    // labelled completed, so "synced" stands for "outputs on the node") is held the same way until it does.
                    op(wf, Level.INFO, release.outputsHeldLine, release.slog ? "updated.phase" : "new.phase", "Succeeded");
                    truth.heldForOutputs(p.uid, sim.now());
                    if (Objects.equals(p.main.exitCode, n.exitCode)) {
                        nodeUnchanged(wf, n); // the phase kept and nothing else new (a new exit code would be "node changed")
                    }
                    continue;
                }
                if (p != null) {
                    // A result the executor never managed to create (its writes refused) is not complete either (inferred, B5).
                    boolean incomplete = Boolean.FALSE.equals(n.taskResultSynced)
                            || (p.wait != null && p.wait.startedAt != null && results.stream().noneMatch(t -> t.name.equals(n.id)));
                    if (release.forcedCompletion && K8s.terminal(p.phase) && incomplete && p.wait != null && p.wait.terminated() && p.wait.exitCode != null
                            && p.wait.exitCode != 0) {
                        // v3.5.11+: a wait that did not exit normally will not complete its result; the controller does.
                        if (release.auxContainer) {
                            op(wf, Level.WARN, "marking its taskResult as completed since aux container did not exit normally", "nodeID", n.id,
                                    "container", "wait", "exitCode", p.wait.exitCode, "reason", p.wait.reason);
                        } else {
                            op(wf, Level.WARN, "marking its taskResult as completed since wait container did not exit normally", "nodeID", n.id,
                                    "exitCode", p.wait.exitCode, "reason", p.wait.reason);
                        }
                        n.taskResultSynced = true;
                        changed = true;
                        truth.taskResultForced(wf.namespace, wf.name, wf.uid, n.id, sim.now(), "wait container did not exit normally");
                    }
                    if (release.incompleteCheck && K8s.terminal(p.phase) && Boolean.FALSE.equals(n.taskResultSynced) && assessesSucceeded(p)) {
                        if (release.failedFallsThrough) {
                            // Before #15150 (AF007.md): assessNodeStatus ran first and logged what it assessed (the warnings,
                            // "Pod failed: ", node changed at Info); the new state is not stored.
                            assess(wf, n.copy(), p);
                        }
                        // D "Taskresult of the node not yet completed" (not at Info), and the pass stops here.
                        op(wf, Level.INFO, "pod reconciliation didn't complete, will retry");
                        truth.taskResultBlocked(p.uid, sim.now());
                        aborted = true;
                        break;
                    }
                    changed |= assess(wf, n, p);
                } else {
                    boolean recent = sim.now() - n.startedAt * Go.SECOND < RECENTLY_STARTED;
                    op(wf, Level.INFO, "Workflow pod is missing", "nodeName", n.name, "nodePhase", n.phase, "recentlyStarted", recent);
                    if ("Pending".equals(n.phase)) {
                        // B2 case 1: a Pending node is left as it is. The steps that follow call executeTemplate for it, whose
                        // createWorkflowPod finds no Pod in the informer and creates it again (same name; v4's automatic restart
                        // goes this way): a Pod deleted while Pending is replaced. A Pod still in the API but out of the informer
                        // (labelled completed by a stale cleanup item, #8022) answers "already exists", and the node stays
                        // Pending for good (AF005).
                        truth.nodeLeftWithPodMissing(wf.namespace, wf.name, wf.uid, n.id, sim.now());
                        recreate.add(n);
                        continue;
                    }
                    if (recent) {
                        wfEnqueueAfter(me, key, RECENTLY_STARTED);
                        continue;
                    }
                    markError(wf, n, "pod deleted");
                    changed = true;
                }
            }
            if (aborted) {
                wfEnqueueAfter(me, key, DEFAULT_REQUEUE + rng.between(0, 50 * MS));
            } else {
                for (Node n : recreate) {
                    // "already exists" (the Pod still in the API) changes nothing in the Workflow: no update for it.
                    changed |= !kube.pods.containsKey(wf.namespace + "/" + n.podName);
                    createPod(wf, n, stepOf(wf, n));
                }
                changed |= advance(me, wf);
            }
        }
        long work = rng.latency(3 * MS, 30 * MS, 200 * MS);
        if (!changed) {
            sim.at(me.cursor + work, () -> wfDone(me, key));
            return;
        }
        noteRegression(wf, base);
        if (wf.status.completed() && wf.status.lockHeld != null) {
            releaseLocks(me, wf);
        }
        long size = Oversize.size(wf, sim.now(), 1400 + 650 * s.nodes.size() + rng.between(0, 300));
        op(wf, Level.INFO, "Workflow to be dehydrated", "Workflow Size", size);
        wf.requestBytes = size;
        long compressed = size;
        if (size > maxWorkflowSize) {
            // Over MAX_WORKFLOW_SIZE: the nodes go to status.compressedNodes (gzip, base64).
            compressed = Math.round(size * wf.spec.compressionRatio) + rng.between(0, 400);
            wf.requestBytes = compressed;
        }
        if (size > maxWorkflowSize && compressed > maxWorkflowSize) {
            // B7: compressed still too large and no offloading configured: marked Error, sent with the uncompressed nodes.
            String err = "workflow is longer than maximum allowed size. compressed size " + compressed + " > maxSize " + maxWorkflowSize
                    + "Tried to offload but encountered error: offload node status is not supported";
            if (release.slog) {
                op(wf, Level.WARN, "Failed to dehydrate", "error", err);
            } else {
                op(wf, Level.WARN, "Failed to dehydrate: " + err);
            }
            truth.workflowTooLarge(wf.uid, sim.now(), "compressed size " + compressed + " > maxSize " + maxWorkflowSize);
            complete(wf, "Error", err);
            wf.requestBytes = size;
        }
        Workflow read = base;
        sim.at(me.cursor + work, () -> persist(me, key, wf, read));
    }

    private void persist(Inc me, String key, Workflow wf0, Workflow read) {
        if (me != inc || !me.alive) {
            return;
        }
        Workflow wf = wf0;
        if (wf.requestBytes > Oversize.ETCD_MAX_REQUEST_BYTES) {
            // etcd refuses the request; the controller writes the version it had read, marked Error (B7).
            String err = "etcdserver: request is too large";
            if (release.slog) {
                op(wf, Level.WARN, "Error updating workflow", "error", err, "reason", "");
            } else {
                op(wf, Level.WARN, "Error updating workflow: " + err + " ");
            }
            truth.workflowTooLarge(wf.uid, sim.now(), "request of " + wf.requestBytes + " bytes refused");
            wf = read.copy();
            wf.requestBytes = kube.workflowBytes.getOrDefault(wf.uid, 0L) + 2 * err.length() + 120;
            complete(wf, "Error", err);
            if (wf.requestBytes > Oversize.ETCD_MAX_REQUEST_BYTES) {
                if (release.slog) {
                    op(wf, Level.WARN, "Error updating workflow with size error", "error", err);
                } else {
                    op(wf, Level.WARN, "Error updating workflow with size error: " + err);
                }
                sim.after(rng.between(MS, 3 * MS), () -> wfDone(me, key));
                return;
            }
        }
        persistNow(me, key, wf, read);
    }

    private void persistNow(Inc me, String key, Workflow wf, Workflow read) {
        Map<String, String> labels = new LinkedHashMap<>(wf.labels);
        long newRv = kube.updateWorkflow(key, wf.uid, wf.resourceVersion, wf.status, labels, release.version, wf.podNameFormat);
        if (newRv == Kube.CONFLICT_RV) {
            String err = "Operation cannot be fulfilled on workflows.argoproj.io \"" + wf.name
                    + "\": the object has been modified; please apply your changes to the latest version and try again";
            if (release.slog) {
                op(wf, Level.WARN, "Error updating workflow", "error", err, "reason", "Conflict");
            } else {
                op(wf, Level.WARN, "Error updating workflow: " + err + " Conflict");
            }
            op(wf, Level.INFO, "Re-applying updates on latest version and retrying update");
            Workflow latest = kube.workflows.get(key);
            if (latest != null && latest.uid.equals(wf.uid) && latest.completedLabel()) {
                op(wf, Level.INFO, "Failed to re-apply update", "error", "must never update completed workflows");
                sim.after(rng.between(MS, 3 * MS), () -> wfDone(me, key));
                return;
            }
            newRv = latest == null || !latest.uid.equals(wf.uid) ? Kube.GONE
                    : kube.updateWorkflow(key, wf.uid, latest.resourceVersion, wf.status, labels, release.version, wf.podNameFormat);
            if (newRv >= 0) {
                if (release.slog) {
                    op(wf, Level.INFO, "Update retry attempt successful", "attempt", 1);
                } else {
                    op(wf, Level.INFO, "Update retry attempt 1 successful");
                }
            }
        }
        if (newRv < 0) {
            op(wf, Level.WARN, release.slog ? "Error updating workflow" : "Error updating workflow: workflows.argoproj.io \"" + wf.name
                    + "\" not found NotFound", release.slog ? new Object[] {"error", "workflows.argoproj.io \"" + wf.name + "\" not found",
                        "reason", "NotFound"} : new Object[0]);
            sim.after(rng.between(MS, 3 * MS), () -> wfDone(me, key));
            return;
        }
        wf.resourceVersion = newRv;
        kube.workflowBytes.put(wf.uid, wf.requestBytes);
        me.mine.put(key, wf.copy());
        me.mineAt.put(key, sim.now());
        op(wf, Level.INFO, "Workflow update successful", "phase", wf.status.phase, "resourceVersion", String.valueOf(newRv));
        if (release.slog) {
            nodeEvents(wf, read);
        }
        if (wf.status.completed() && crashAfterCompletionOf.remove(key)) {
            crash();
            return;
        }
        queuePodsForCleanup(me, wf);
        // checkReconciliationComplete (deleteTaskResults) and the GC controller's TTL (its informer takes Workflows labelled
        // completed) wait for the completion where the phase came first (v3.5.4, phaseBeforeResults); queuePodsForCleanup reads the phase.
        boolean marked = wf.status.completed() && (!phaseFirst() || wf.completedLabel());
        if (marked) {
            sim.after(rng.between(5 * MS, 60 * MS), () -> kube.deleteTaskResults(wf.namespace, wf.name));
        }
        if (marked && wf.spec.ttlAfterCompletion >= 0) {
            sim.after(wf.spec.ttlAfterCompletion * Go.SECOND + rng.between(0, 2 * Go.SECOND), () -> ttlDelete(wf.key(), wf.uid));
        }
        sim.after(rng.between(MS, 5 * MS), () -> wfDone(me, key));
    }

    /**
     * v4's {@code WorkflowNode<Phase>} events after a successful update (session 44): {@code persistUpdates} calls
     * {@code recordNodePhaseChangeEvents(orig, written)} once {@code wfClient.Update} (or its re-apply) succeeded, none after a
     * failed one (v4.0.10, v4.1.2; {@code nodeEvents} enabled, its default): per node whose phase differs from the copy the pass
     * started from, an event of the new phase, preceded by an ephemeral {@code Running} one where the node went from
     * {@code Pending} to an end; a new node gets one if {@code Running}, both if it ended. The event broadcaster logs each
     * ({@code Event occurred}, through the klog adapter into the controller's logger, {@code component=workflow_worker}) on its
     * own goroutine: written here right after the update's line, at its time, no draw (so the run's other lines and times are
     * those it had without them; only the key order of later slog lines, drawn per line from the file's stream, moves).
     * Not modelled: the daemoned node's Running counted as completed, {@code Workflow<Phase>} events (recorded before the
     * update), {@code sendAsPod}, the broadcaster dropping events on a full queue.
     */
    private void nodeEvents(Workflow wf, Workflow read) {
        for (Node n : wf.status.nodes.values()) {
            Node old = read == null ? null : read.status.nodes.get(n.id);
            if (old != null && java.util.Objects.equals(old.phase, n.phase)) {
                continue;
            }
            if (old == null && !"Running".equals(n.phase) && !n.completedPhase()) {
                continue;
            }
            if (n.completedPhase() && (old == null || "Pending".equals(old.phase))) {
                nodeEvent(wf, n, "Running");
            }
            nodeEvent(wf, n, n.phase);
        }
    }

    private void nodeEvent(Workflow wf, Node n, String phase) {
        String message = phase + " node " + n.name + (n.message == null || n.message.isEmpty() ? "" : ": " + n.message);
        Rec.ObjRef object = new Rec.ObjRef(wf.namespace, wf.name);
        String kind = "Workflow";
        String apiVersion = "argoproj.io/v1alpha1";
        if (nodeEventsSendAsPod) {
            // Session 46: recordNodePhaseEvent with nodeEvents.sendAsPod (operator.go, read at v4.1.2): getPodByNode answers an
            // error for a node that is not a Pod node (logged at Info, the event then the Workflow's), the Pod from the pod
            // informer for a Pod node (the event the Pod's), or nothing where the informer no longer has it (the Workflow's).
            if (!"Pod".equals(n.type)) {
                op(wf, Level.INFO, "Error getting pod from workflow node", "error", "expected node type Pod, got " + n.type);
            } else if (n.podName != null && inc.pods.containsKey(wf.namespace + "/" + n.podName)) {
                object = new Rec.ObjRef(wf.namespace, n.podName);
                kind = "Pod";
                apiVersion = "v1";
            }
        }
        emit(Rec.of(inc.cursor, Level.INFO, "Event occurred", "component", "workflow_worker", "object", object,
                "fieldPath", "", "kind", kind, "apiVersion", apiVersion,
                "type", "Succeeded".equals(phase) || "Running".equals(phase) ? "Normal" : "Warning", "reason", "WorkflowNode" + phase,
                "message", message));
    }

    private void ttlDelete(String key, String uid) {
        Workflow w = kube.workflows.get(key);
        if (w == null || !w.uid.equals(uid)) {
            return;
        }
        if (!up()) {
            sim.after(Go.MINUTE, () -> ttlDelete(key, uid));
            return;
        }
        if (release.slog) {
            log(Level.INFO, "Deleting garbage collected workflow", "workflow", key);
        } else {
            log(Level.INFO, "Deleting garbage collected workflow '" + key + "'");
        }
        kube.deleteWorkflow(key, false, name + "-ttl");
    }

    /**
     * {@code applyExecutionControl}'s stop of a Pending or Running Pod (B8): {@code terminateContainers} queued (the pod
     * controller deletes a Pending Pod, signals a Running one's containers) and the node failed with the message at once
     * ({@code handleExecutionControlError}: {@code markNodePhase}, which sets {@code taskResultSynced} from v3.7.18, as for
     * {@code pod deleted}, *inferred*).
     */
    private void executionControl(Inc me, Workflow wf, Node n, Pod p, String message) {
        queueLine(Level.INFO, "queueing pod for cleanup", "namespace", p.namespace, "podName", p.name, "action", TERMINATE_CONTAINERS);
        cAdd(me, p.namespace + "/" + p.name + "/" + TERMINATE_CONTAINERS, new Origin("terminate-containers", null, me.cursor));
        if (release.taskResultSynced) {
            n.taskResultSynced = true;
        }
        phaseLine(wf, n, "Failed");
        n.message = message;
        if (release.slog) {
            op(wf, Level.INFO, "node message changed", "node", n.id, "message", n.message);
        } else {
            op(wf, Level.INFO, "node " + n.id + " message: " + n.message);
        }
        finish(wf, n, me.cursor);
    }

    /** {@code getWorkflowDeadline}: the Workflow's start truncated to the second plus its activeDeadlineSeconds (ns), or -1. */
    private static long workflowDeadline(Workflow wf) {
        if (wf.spec.activeDeadlineSeconds < 0 || wf.status.startedAt == null) {
            return -1;
        }
        return (wf.status.startedAt + wf.spec.activeDeadlineSeconds) * Go.SECOND;
    }

    /**
     * Whether {@code assessNodeStatus} makes the node {@code Succeeded}: only then does an incomplete result stop the pass
     * ({@code newState.Succeeded() && IsTaskResultIncomplete}, every modelled release). A Pod {@code Succeeded}, or
     * {@code Failed} only by a sidecar's 137/143. A Pod failed otherwise is assessed {@code Failed} at once, its result
     * incomplete or not (PodGC's {@code Failed} for a lost node, with the containers' last reports still running).
     */
    private boolean assessesSucceeded(Pod p) {
        if ("Succeeded".equals(p.phase)) {
            return true;
        }
        if (release.failedFallsThrough && "Failed".equals(p.phase) && p.statusMessage == null && fallsThrough(p)
                && (p.wait == null || !p.wait.running())) {
            // (a running wait keeps the phase up to v3.6.4: no Succeeded to stop on; a resource or data template's Pod has none)
            return true;
        }
        return "Failed".equals(p.phase) && p.statusMessage == null && p.main.terminated() && p.wait != null && p.wait.terminated()
                && Integer.valueOf(0).equals(p.main.exitCode) && Integer.valueOf(0).equals(p.wait.exitCode) && p.sidecar != null
                && p.sidecar.exitCode != null && (p.sidecar.exitCode == 137 || p.sidecar.exitCode == 143);
    }

    /**
     * Before #15150, whether {@code inferFailedReason} ends {@code Succeeded} for a {@code Failed} Pod without a message: no
     * container waiting, and every terminated one of main and wait exited 0 (a running one is skipped with a warning).
     */
    private static boolean fallsThrough(Pod p) {
        for (K8s.Ctr c : p.execCtrs()) {
            if ("waiting".equals(c.state) || (c.terminated() && (c.exitCode == null || c.exitCode != 0))) {
                return false;
            }
        }
        return !execEnded(p);
    }

    /** main ended, and wait too where the Pod has one (a resource or data template's has none). */
    private static boolean execEnded(Pod p) {
        return p.main.terminated() && (p.wait == null || p.wait.terminated());
    }

    /**
     * {@code assessNodeStatus}'s {@code getExitCode} with the phase unchanged (session 41): main's exit code is copied into the
     * node's {@code outputs.exitCode} as soon as the informer shows main terminated, whatever phase the node gets (read at
     * v3.4.18, v3.5.4, v3.5.15, v3.6.19, v3.7.18, v4.0.10 and v4.1.2, {@code operator.go}): a Running node whose Pod still
     * runs {@code wait} (or a sidecar) is changed by it and stored, and up to v3.6 the pass logs {@code node changed} with the
     * same old and new phase. Before, the model wrote the code only with the terminal phase, so no export taken mid-run held it.
     */
    private boolean storeExitCode(Workflow wf, Node n, Pod p) {
        if (!p.main.terminated() || p.main.exitCode == null || p.main.exitCode.equals(n.exitCode)) {
            return false;
        }
        n.exitCode = p.main.exitCode;
        if (release.nodeChangedAtInfo) {
            op(wf, Level.INFO, "node changed", "nodeID", n.id, "old.phase", n.phase, "new.phase", n.phase, "old.message", n.message,
                    "new.message", n.message, "old.progress", "0/1", "new.progress", "0/1");
        }
        return true;
    }

    /**
     * Session 43: {@code assessNodeStatus}'s last line when its assessment equals the node ({@code !reflect.DeepEqual(old, new)}
     * false): I {@code node unchanged} ({@code nodeID}) up to v3.6 (read in {@code operator.go} at v3.4.18, v3.5.15 and
     * v3.6.19; Debug from v3.7.0, so in no Info log of v3.7.18, v4.0.10 or v4.1.3). {@code podReconciliation} assesses every Pod
     * the informer lists for the Workflow, so a pass logs it for each Pod whose node it leaves as it is.
     */
    private void nodeUnchanged(Workflow wf, Node n) {
        if (release.nodeChangedAtInfo) {
            op(wf, Level.INFO, "node unchanged", "nodeID", n.id);
        }
    }

    /**
     * Session 43: the Pods of fulfilled nodes still in the informer (not yet labelled completed: a running Workflow's finished
     * steps keep their status finalizer, {@code removeFinalizer}, not the label) are assessed at every pass too. Modelled where the
     * model can say the assessment equals the node: a {@code Succeeded} Pod of a {@code Succeeded} node whose main exit code is
     * stored ({@code node unchanged}). A {@code Failed} Pod's pass would log {@code Pod failed: <message>} first (inferFailedReason
     * runs every time): not written, as before.
     */
    private void fulfilledPodUnchanged(Workflow wf, Node n, Pod p) {
        if (release.nodeChangedAtInfo && p != null && "Succeeded".equals(p.phase) && "Succeeded".equals(n.phase)
                && Objects.equals(p.main.exitCode, n.exitCode)) {
            nodeUnchanged(wf, n);
        }
    }

    /** Pod node phase from the Pod, as {@code assessNodeStatus} does; Pod-node transitions are not at Info from v3.7. */
    private boolean assess(Workflow wf, Node n, Pod p) {
        if (failedPodRestart && release.slog && "Failed".equals(p.phase)) {
            Boolean restarted = autoRestart(wf, n, p);
            if (restarted != null) {
                return restarted;
            }
        }
        if (n.restartingPodUid != null && !n.restartingPodUid.equals(p.uid)) {
            // The Pod created again: its Pending assessment replaces the message with getPendingReason's (none here,
            // *inferred*); RestartingPodUID is cleared once it runs.
            n.message = "";
            if ("Running".equals(p.phase) || "Succeeded".equals(p.phase)) {
                n.restartingPodUid = null;
            }
        }
        String phase = switch (p.phase) {
            case "Succeeded" -> "Succeeded";
            case "Failed" -> "Failed";
            case "Running" -> "Running";
            default -> "Pending";
        };
        // A Running Pod whose main has ended while wait still saves the result is assessed Running: assessNodeStatus logs
        // "leaving phase un-changed: wait (v4.1: aux) container is not yet terminated " only where the new phase is a completed
        // one (and, v3.5.15+, the Pod not Failed), which a Running Pod never gives (read at v3.4.18, v3.5.4, v3.5.15, v3.6.19,
        // v3.7.18, v4.0.10 and v4.1.2; session 41: the model wrote it here before). Its exit code is stored below.
        if ("Running".equals(phase) && p.main.terminated() && p.sidecar != null && p.sidecar.running()) {
            // podHasContainerNeedingTermination: every reconcile of the Running Pod asks the pod controller to stop the rest (B8).
            // (Modelled for Pods with a sidecar only: a wait-only Pod's wait ends on its own moments after main.)
            queueLine(Level.INFO, "queueing pod for cleanup", "namespace", p.namespace, "podName", p.name, "action", TERMINATE_CONTAINERS);
            cAdd(inc, p.namespace + "/" + p.name + "/" + TERMINATE_CONTAINERS, new Origin("terminate-containers", null, inc.cursor));
        }
        if (phase.equals(n.phase)) {
            if (storeExitCode(wf, n, p)) {
                return true;
            }
            nodeUnchanged(wf, n);
            return false;
        }
        String oldPhase = n.phase;
        String oldMessage = n.message;
        long oldFinishedNanos = n.finishedNanos;
        Long oldFinishedAt = n.finishedAt;
        Integer oldExitCode = n.exitCode;
        n.phase = phase;
        n.hostNode = p.hostNode;
        if (!K8s.terminal(phase) && p.main.terminated() && p.main.exitCode != null) {
            n.exitCode = p.main.exitCode; // getExitCode, whatever the phase (storeExitCode)
        }
        if (K8s.terminal(phase)) {
            long fin = Math.max(p.main.finishedNanos, p.wait == null ? -1 : p.wait.finishedNanos);
            n.finishedNanos = fin > 0 ? fin : sim.now() + clockOffset;
            n.finishedAt = K8s.sec(n.finishedNanos);
            n.exitCode = p.main.exitCode;
            if ("Failed".equals(phase) && (p.main.exitCode == null || p.main.exitCode == 0) && p.wait != null
                    && (p.wait.exitCode == null || p.wait.exitCode == 0) && p.sidecar != null && p.sidecar.exitCode != null && (p.sidecar.exitCode == 137 || p.sidecar.exitCode == 143)) {
                // inferFailedReason ignores a sidecar's 137/143: the node succeeds, "Pod failed: " with no message.
                if (release.slog) {
                    op(wf, Level.INFO, "ignoring exit code", "exitCode", p.sidecar.exitCode, "containerName", p.sidecar.name);
                } else {
                    // v3 logs it from logrus's global logger (log.Infof in operator.go, v3.4-v3.7): no namespace or workflow
                    log(Level.INFO, "Ignoring " + p.sidecar.exitCode + " exit code of container '" + p.sidecar.name + "'");
                }
                if (release.slog) {
                    op(wf, Level.INFO, "Pod failed", "message", "", "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
                } else {
                    op(wf, Level.INFO, "Pod failed: ", "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
                }
                phase = "Succeeded";
                n.phase = phase;
            }
            if ("Failed".equals(phase) && p.statusMessage != null) {
                // inferFailedReason: the Pod's own message first (the kubelet's eviction or shutdown, lifecycle A2).
                n.message = p.statusMessage;
            } else if ("Failed".equals(phase) && p.hostNode == null) {
                // inferFailedReason on a Pod with no container status at all (never bound: PodGC's gcUnscheduledTerminating
                // marked it Failed): "can't find failed message for pod", every release (read at v3.4.18, v3.5.4, v3.5.15,
                // v3.6.19, v3.7.6, v4.0.9 and v4.1.2, operator.go).
                n.message = "can't find failed message for pod " + p.name + " namespace " + p.namespace;
            } else if ("Failed".equals(phase) && !execEnded(p)) {
                // inferFailedReason on a Pod failed with containers that never ended (PodGC's Failed for a lost node: the
                // kubelet's last report kept): a waiting one is an Error, a running one is skipped with a warning.
                String message = null;
                boolean mainOk = false;
                boolean waitOk = false;
                for (K8s.Ctr c : p.execCtrs()) {
                    if ("waiting".equals(c.state)) {
                        phase = "Error";
                        message = "Pod failed before " + c.name + " container starts due to " + c.waitingReason + ": ";
                        break;
                    }
                    if (!c.terminated()) {
                        if (release.slog) {
                            op(wf, Level.WARN, "Pod phase was Failed but container did not have terminated state", "podName", p.name,
                                    "containerName", c.name);
                        } else {
                            log(Level.WARN, "Pod " + p.name + " phase was Failed but " + c.name + " did not have terminated state");
                        }
                        continue;
                    }
                    if (c.exitCode != null && c.exitCode == 0) {
                        mainOk |= c == p.main;
                        waitOk |= c == p.wait;
                        continue;
                    }
                    String reason = c.reason == null ? "Error" : c.reason;
                    message = c.name + ": " + reason + " (exit code " + c.exitCode + ")" + (c.message != null ? ": " + c.message : "");
                    phase = c == p.main ? "Failed" : "Error";
                    break;
                }
                if (message == null && release.failedFallsThrough) {
                    // Before #15150: no terminated container failed, so the Pod "succeeded" (AF007.md, "Releases before #15150").
                    phase = "Succeeded";
                    message = "";
                    op(wf, Level.INFO, "Pod failed: ", "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
                }
                if (message == null) {
                    message = mainOk ? "pod failed: wait container did not complete successfully"
                            : waitOk ? "pod failed: main container did not complete successfully"
                            : "pod failed: neither main nor wait container completed successfully";
                }
                n.phase = phase;
                n.message = message;
                if (release.failedFallsThrough && p.wait != null && p.wait.running()) {
                    // Up to v3.6.4 a wait container not terminated keeps the node's phase whatever inferFailedReason said
                    // (assessNodeStatus, read at v3.4.18 and v3.5.4: "leaving phase un-changed"; a Failed Pod exempt only from
                    // v3.6.5, #14263). The node stays as it was and ends "pod deleted" once the Pod is gone: AF007's, never a
                    // stored false success (that needs a Pod without wait: docs/rules/AF016.md).
                    if (!"Succeeded".equals(phase)) {
                        op(wf, Level.INFO, "Pod failed: " + message, "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
                    }
                    op(wf, Level.INFO, "leaving phase un-changed: wait container is not yet terminated ", "new.phase", phase);
                    n.phase = oldPhase;
                    n.message = oldMessage;
                    n.finishedNanos = oldFinishedNanos;
                    n.finishedAt = oldFinishedAt;
                    n.exitCode = oldExitCode;
                    return false;
                }
            } else if ("Failed".equals(phase)) {
                K8s.Ctr failed = (p.main.exitCode != null && p.main.exitCode != 0) || p.wait == null ? p.main : p.wait;
                String reason = failed.reason == null || failed.reason.equals("Completed") ? "Error" : failed.reason;
                n.message = (release.containerPrefix ? failed.name + ": " : "") + reason + " (exit code " + failed.exitCode + ")"
                        + (failed.message != null ? ": " + failed.message : "");
                if (failed == p.wait && failed.message != null) {
                    // inferFailedReason: the executor's own failure (its termination message) makes the node Error (B5).
                    phase = "Error";
                    n.phase = phase;
                }
            }
        }
        if (release.nodeChangedAtInfo) {
            op(wf, Level.INFO, "node changed", "nodeID", n.id, "old.phase", oldPhase, "new.phase", phase, "old.message", oldMessage,
                    "new.message", n.message, "old.progress", "0/1", "new.progress", "Succeeded".equals(phase) ? "1/1" : "0/1");
        }
        if ("Failed".equals(phase) || "Error".equals(phase)) {
            if (release.slog) {
                op(wf, Level.INFO, "Pod failed", "message", n.message, "displayName", n.displayName, "templateName", n.templateName, "pod",
                        p.name);
            } else {
                op(wf, Level.INFO, "Pod failed: " + n.message, "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
            }
        }
        if (failedPodRestart && release.slog && "Failed".equals(p.phase) && p.statusMessage == null) {
            // Every Pod seen Failed goes through the restart check; one whose main ran does not qualify.
            restartCheck(wf, p);
            op(wf, Level.INFO, "Pod restart check: pod does not qualify for restart", "podName", p.name, "podReason", p.statusReason == null ? "" : p.statusReason);
        }
        return true;
    }

    private void restartCheck(Workflow wf, Pod p) {
        op(wf, Level.INFO, "Pod restart check: analyzing pod status", "podName", p.name, "podPhase", p.phase, "podReason",
                p.statusReason == null ? "" : p.statusReason, "podMessage", p.statusMessage == null ? "" : p.statusMessage, "containerStatuses",
                p.execCtrs().size() + (p.sidecar == null ? 0 : 1), "initContainerStatuses", 0);
    }

    /**
     * v4.1's automatic restart (operator.go {@code assessNodeStatus}, {@code shouldAutoRestartPod}, pod_restart.go) for a
     * Pod seen {@code Failed} by a controller with {@code failedPodRestart} enabled: {@code Pod failed} (the Pod's own
     * message), then, unless this Pod's restart was already begun ({@code RestartingPodUID}, node {@code Pending}: nothing),
     * {@code Pod restart check: analyzing pod status}; a Pod whose main never started and whose reason is an
     * infrastructure failure qualifies (at most 3 restarts): the node goes back to {@code Pending} with {@code Pod
     * auto-restarting due to <reason>: <message>} and the Pod is deleted by UID ({@code deletePodByUID}, its finalizer
     * removed first), after which the node's Pod is created again with the same name. A Pod with the kubelet's message
     * that does not qualify fails its node with that message. Returns null for a Pod without one: the usual assessment
     * (whose restart check follows its {@code Pod failed}).
     */
    private Boolean autoRestart(Workflow wf, Node n, Pod p) {
        if (p.statusMessage == null) {
            return null; // inferFailedReason's other paths: the usual assessment logs its own "Pod failed"
        }
        op(wf, Level.INFO, "Pod failed", "message", p.statusMessage, "displayName", n.displayName, "templateName", n.templateName, "pod", p.name);
        if (p.uid.equals(n.restartingPodUid) && "Pending".equals(n.phase)) {
            return false;
        }
        restartCheck(wf, p);
        boolean neverStarted = p.main.startedAt == null;
        boolean qualifies = neverStarted && RESTARTABLE_REASONS.contains(p.statusReason);
        if (!qualifies || n.failedPodRestarts >= 3) {
            if (!qualifies) {
                op(wf, Level.INFO, "Pod restart check: pod does not qualify for restart", "podName", p.name, "podReason", p.statusReason);
            } else {
                op(wf, Level.INFO, "Pod has exceeded max auto-restart attempts", "podName", p.name, "nodeID", n.id, "currentRestarts",
                        n.failedPodRestarts, "maxRestarts", 3);
            }
            if ("Failed".equals(n.phase)) {
                return false;
            }
            n.phase = "Failed";
            n.message = p.statusMessage;
            n.hostNode = p.hostNode;
            n.finishedNanos = sim.now() + clockOffset;
            n.finishedAt = K8s.sec(n.finishedNanos);
            return true;
        }
        if (!p.uid.equals(n.restartingPodUid)) {
            n.failedPodRestarts++;
            n.restartingPodUid = p.uid;
            op(wf, Level.INFO, "Pod qualifies for automatic restart - marking as pending", "podName", p.name, "nodeID", n.id, "restartCount",
                    n.failedPodRestarts, "reason", p.statusReason, "message", p.statusMessage);
            n.phase = "Pending";
            n.message = "Pod auto-restarting due to " + p.statusReason + ": " + p.statusMessage;
            n.hostNode = p.hostNode;
            truth.podRestartedByController(p.uid, sim.now());
        }
        queueLine(Level.INFO, "queueing pod for cleanup by UID", "namespace", p.namespace, "podName", p.name, "uid", p.uid, "action", DELETE_POD_BY_UID);
        cAdd(inc, p.namespace + "/" + p.name + "/" + DELETE_POD_BY_UID + "/" + p.uid, new Origin("delete-pod-by-uid", null, inc.cursor));
        return true;
    }

    private void markError(Workflow wf, Node n, String message) {
        long t;
        if ("pod deleted".equals(message)) {
            truth.nodeMarkedPodDeleted(wf.namespace, wf.name, wf.uid, n.id, sim.now(), kube.pods.get(wf.namespace + "/" + n.podName));
        }
        if (release.slog) {
            op(wf, Level.ERROR, "marking node as error", "nodeName", n.name, "error", message);
        } else if (release.markErrorLine) {
            op(wf, Level.ERROR, "Mark error node", "error", message, "nodeName", n.name);
        }
        if (release.taskResultSynced) {
            n.taskResultSynced = true;
        }
        phaseLine(wf, n, "Error");
        n.message = message;
        if (release.slog) {
            op(wf, Level.INFO, "node message changed", "node", n.id, "message", message);
        } else {
            op(wf, Level.INFO, "node " + n.id + " message: " + message);
        }
        t = inc.cursor;
        finish(wf, n, t);
    }

    private void phaseLine(Workflow wf, Node n, String to) {
        String from = n.phase == null ? "" : n.phase;
        if (release.slog) {
            op(wf, Level.INFO, "node phase changed", "node", n.id, "fromPhase", from, "toPhase", to);
        } else {
            op(wf, Level.INFO, "node " + n.id + " phase " + from + " -> " + to);
        }
        n.phase = to;
    }

    private void finish(Workflow wf, Node n, long t) {
        n.finishedNanos = t + clockOffset + rng.between(10_000, 900_000);
        n.finishedAt = K8s.sec(n.finishedNanos);
        if (release.slog) {
            op(wf, Level.INFO, "node finished", "node", n.id, "finishedAt", new KTime(n.finishedNanos));
        } else {
            op(wf, Level.INFO, "node " + n.id + " finished: " + Go.goTimeString(n.finishedNanos));
        }
    }

    private void initNode(Workflow wf, Node n) {
        wf.status.nodes.put(n.id, n);
        n.startedAt = K8s.sec(sim.now() + clockOffset);
        if (release.slog) {
            op(wf, Level.INFO, "node initialized", "node", n.id, "phase", n.phase, "message", "");
        } else {
            op(wf, Level.INFO, n.type + " node " + n.id + " initialized " + n.phase);
        }
    }

    private void startWorkflow(Workflow wf) {
        Status s = wf.status;
        if (release.slog) {
            op(wf, Level.INFO, "updated phase", "fromPhase", s.phase, "toPhase", "Running");
        } else {
            op(wf, Level.INFO, "Updated phase " + s.phase + " -> Running");
        }
        if (!s.message.isEmpty()) {
            // A waiter that acquired its lock: the waiting message goes (markWorkflowPhase, inferred).
            if (release.slog) {
                op(wf, Level.INFO, "updated message", "fromMessage", s.message, "toMessage", "");
            } else {
                op(wf, Level.INFO, "Updated message " + s.message + " -> ");
            }
            s.message = "";
        }
        s.phase = "Running";
        s.startedAt = K8s.sec(sim.now() + clockOffset);
        wf.labels.put("workflows.argoproj.io/phase", "Running");
        // setWfPodNamesAnnotation, with markWorkflowRunning (operator.go, v3.4.18 to v4.1.2): the controller's POD_NAMES (v2
        // unless set), written on every Workflow it starts and persisted with this pass's update (session 41: v2 too).
        wf.podNameFormat = podNamesV1 ? "v1" : "v2";
        if (!wf.spec.steps) {
            Node n = podNode(wf, wf.name, wf.name, wf.spec.stepList.get(0).template, 0);
            n.podName = wf.name;
            initNode(wf, n);
            createPod(wf, n, wf.spec.stepList.get(0));
        } else {
            Node root = new Node();
            root.id = wf.name;
            root.name = wf.name;
            root.displayName = wf.name;
            root.type = wf.spec.dag ? "DAG" : "Steps";
            root.templateName = wf.spec.entrypoint;
            root.phase = "Running";
            initNode(wf, root);
            if (wf.spec.gate != null) {
                startGated(wf, root);
            } else if (wf.spec.dag) {
                startTasks(wf, root);
            } else {
                startStep(wf, 0);
            }
        }
        s.currentStep = 0;
    }

    private Node podNode(Workflow wf, String id, String nodeName, String template, int step) {
        Node n = new Node();
        n.id = id;
        n.name = nodeName;
        n.displayName = nodeName.contains(".") ? nodeName.substring(nodeName.lastIndexOf('.') + 1) : nodeName;
        n.type = "Pod";
        n.templateName = template;
        n.phase = "Pending";
        n.stepIndex = step;
        if (release.taskResultSynced) {
            n.taskResultSynced = true;
        }
        return n;
    }

    /**
     * Session 45: a DAG fan-out's tasks (no dependencies), each started in the first pass as {@code executeDAGTask} does (read in
     * {@code workflow/controller/dag.go} at v3.6.19, v3.7.18, v4.1.2): {@code All of node <name> dependencies [] completed} (v4 {@code
     * All of node dependencies completed}, {@code nodeName}, {@code dependencies}), then its Pod node under the DAG's node.
     */
    private void startTasks(Workflow wf, Node root) {
        int k = 0;
        for (Step step : group(wf, 0)) {
            String nodeName = root.name + "." + taskName(step);
            if (release.slog) {
                op(wf, Level.INFO, "All of node dependencies completed", "nodeName", nodeName, "dependencies", new StrList(List.of()));
            } else {
                op(wf, Level.INFO, "All of node " + nodeName + " dependencies [] completed");
            }
            startPodNode(wf, root, 0, k++, step);
        }
        wf.status.currentStep = 0;
    }

    /**
     * Session 46 ({@link ScenariosDagGate}): a gated DAG's first pass starts its first task (no dependencies); the fan-out's tasks
     * depend on it, so {@code executeDAGTask} returns for each without a line while it is unfulfilled.
     */
    private void startGated(Workflow wf, Node root) {
        Step first = wf.spec.stepList.get(0);
        String nodeName = root.name + "." + taskName(first);
        dependenciesCompleted(wf, nodeName, List.of());
        gatedTask(wf, root, 0, 0, first);
        wf.status.currentStep = 0;
    }

    /** {@code All of node <name> dependencies [<deps>] completed} (v4: {@code nodeName}, {@code dependencies}). */
    private void dependenciesCompleted(Workflow wf, String nodeName, List<String> deps) {
        if (release.slog) {
            op(wf, Level.INFO, "All of node dependencies completed", "nodeName", nodeName, "dependencies", new StrList(deps));
        } else {
            op(wf, Level.INFO, "All of node " + nodeName + " dependencies [" + String.join(" ", deps) + "] completed");
        }
    }

    /** A gated DAG's task node (a Pod node under the DAG's boundary), the child of {@code parent} (the DAG or the task it depends on). */
    private void gatedTask(Workflow wf, Node parent, int g, int k, Step step) {
        String nodeName = wf.name + "." + taskName(step);
        Node n = podNode(wf, wf.name + "-" + Go.fnv(nodeName), nodeName, step.template, g);
        n.siblingIndex = k;
        n.boundaryId = wf.name;
        n.podName = podName(wf, step, nodeName, n.id);
        initNode(wf, n);
        if (!parent.children.contains(n.id)) {
            parent.children.add(n.id);
        }
        createPod(wf, n, step);
    }

    /**
     * {@code checkParallelism}'s line where a template's active children reached its {@code parallelism} (operator.go, read at
     * v3.6.19, v3.7.18, v4.1.2): {@code template (node <id>) active children parallelism exceeded <n>}, v4 {@code node}, {@code
     * parallelism}.
     */
    private void parallelismExceeded(Workflow wf, String nodeId, int parallelism) {
        if (release.slog) {
            op(wf, Level.INFO, "template active children parallelism exceeded", "node", nodeId, "parallelism", parallelism);
        } else {
            op(wf, Level.INFO, "template (node " + nodeId + ") active children parallelism exceeded " + parallelism);
        }
    }

    /**
     * Session 46: a pass over a gated DAG ({@link K8s.Gate}; read in {@code workflow/controller/operator.go} {@code checkParallelism}
     * and {@code workflow/controller/node_counters.go}, {@code dag.go} {@code executeDAG}, {@code executeDAGTask}, {@code
     * assessDAGPhase}, at v3.6.19, v3.7.18, v4.1.2). {@code executeTemplate} of the DAG checks its template first:
     * <ul>
     * <li>template-level {@code failFast: true} and a child node {@code Failed} or {@code Error} (its boundary the DAG): nothing
     * of the DAG runs in this pass ({@code ErrParallelismReached}, no line); once no child Pod is active ({@code Pending} or
     * {@code Running} with its Pod in the informer) the DAG is marked {@code Failed} {@code template has failed or errored
     * children and failFast enabled} and the Workflow fails with that message. The tasks not started are never started.</li>
     * <li>{@code parallelism} and as many active child Pods: the line above, nothing else.</li>
     * <li>else {@code executeDAG}: each fan-out task (the targets, in order) recurses into the first task (nothing while it is
     * unfulfilled); a task with no node logs {@code All of node … dependencies [<first>] completed}, then its Pod template's check
     * against the boundary's active children: at the limit the line above and the next task; else its node and Pod.
     * {@code assessDAGPhase}: {@code Running} while a task has no node or an unfulfilled one (the DAG-level {@code dag.failFast},
     * its default, decides nothing more here); then the outbound nodes and the phase of the first target not succeeded.</li>
     * </ul>
     * The first task always succeeds in the plans (a failed one would omit the fan-out: not modelled).
     */
    private boolean advanceGated(Inc me, Workflow wf) {
        Status s = wf.status;
        K8s.Gate gate = wf.spec.gate;
        Node root = s.nodes.get(wf.name);
        if (root == null) {
            return false;
        }
        if (fulfilled(root)) {
            // The DAG failed by failFast in an earlier pass whose Workflow completion waited for a result.
            if (s.completed() || !phaseFirst() && resultsPending(me, wf)) {
                return false;
            }
            complete(wf, root.phase, stopped(wf, root.message));
            return true;
        }
        int active = 0;
        int activePods = 0;
        int unsuccessful = 0;
        for (Node n : s.nodes.values()) {
            if (!"Pod".equals(n.type) || !wf.name.equals(n.boundaryId)) {
                continue;
            }
            if ("Pending".equals(n.phase) || "Running".equals(n.phase)) {
                active++;
                if (me.pods.containsKey(wf.namespace + "/" + n.podName)) {
                    activePods++;
                }
            }
            if ("Failed".equals(n.phase) || "Error".equals(n.phase)) {
                unsuccessful++;
            }
        }
        if (gate.failFast && unsuccessful > 0) {
            if (activePods > 0) {
                return false;
            }
            String message = "template has failed or errored children and failFast enabled";
            phaseLine(wf, root, "Failed");
            root.message = message;
            if (release.slog) {
                op(wf, Level.INFO, "node message changed", "node", root.id, "message", message);
            } else {
                op(wf, Level.INFO, "node " + root.id + " message: " + message);
            }
            finish(wf, root, me.cursor);
            if (!phaseFirst() && resultsPending(me, wf)) {
                return true;
            }
            complete(wf, "Failed", stopped(wf, message));
            return true;
        }
        if (activePods >= gate.parallelism) {
            parallelismExceeded(wf, root.id, gate.parallelism);
            return false;
        }
        Step firstStep = wf.spec.stepList.get(0);
        Node first = s.nodes.get(wf.name + "-" + Go.fnv(wf.name + "." + taskName(firstStep)));
        if (first == null || !fulfilled(first)) {
            return false;
        }
        boolean changed = false;
        boolean allStarted = true;
        List<Step> fan = group(wf, 1);
        List<Node> nodes = new ArrayList<>();
        for (int k = 0; k < fan.size(); k++) {
            Step step = fan.get(k);
            String nodeName = wf.name + "." + taskName(step);
            Node n = s.nodes.get(wf.name + "-" + Go.fnv(nodeName));
            if (n != null) {
                nodes.add(n);
                continue;
            }
            dependenciesCompleted(wf, nodeName, List.of(taskName(firstStep)));
            if (active >= gate.parallelism) {
                parallelismExceeded(wf, root.id, gate.parallelism);
                allStarted = false;
                continue;
            }
            gatedTask(wf, first, 1, k, step);
            active++;
            changed = true;
            allStarted = false;
        }
        if (!allStarted) {
            return changed;
        }
        Node failed = null;
        for (Node n : nodes) {
            if (!fulfilled(n)) {
                return changed;
            }
            if (failed == null && !"Succeeded".equals(n.phase)) {
                failed = n;
            }
        }
        if (!phaseFirst() && resultsPending(me, wf)) {
            return changed;
        }
        List<String> outbound = new ArrayList<>();
        for (Node n : nodes) {
            outbound.add(n.id);
        }
        if (release.slog) {
            op(wf, Level.INFO, "Outbound nodes set", "nodeID", root.id, "outbound", new StrList(outbound));
        } else {
            op(wf, Level.INFO, "Outbound nodes of " + root.id + " set to [" + String.join(" ", outbound) + "]");
        }
        String phase = failed == null ? "Succeeded" : failed.phase;
        phaseLine(wf, root, phase);
        finish(wf, root, me.cursor);
        complete(wf, phase, failed == null ? "" : stopped(wf, root.message));
        return true;
    }

    /** A step's name under its Steps group or DAG: the DAG task's own name where it has one, else its template's. */
    private static String taskName(Step step) {
        return step.task != null ? step.task : step.template;
    }

    private void startStep(Workflow wf, int g) {
        Step step = wf.spec.stepList.get(g);
        String groupName = wf.name + "[" + g + "]";
        Node group = new Node();
        group.name = groupName;
        group.id = wf.name + "-" + Go.fnv(groupName);
        group.displayName = "[" + g + "]";
        group.type = "StepGroup";
        group.templateName = wf.spec.entrypoint;
        group.phase = "Running";
        group.boundaryId = wf.name;
        initNode(wf, group);
        wf.status.nodes.get(wf.name).children.add(group.id);
        startPodNode(wf, group, g);
    }

    private void startPodNode(Workflow wf, Node group, int g) {
        // The group's steps in order (a parallel group: every one at once, session 30).
        int k = 0;
        for (Step step : group(wf, g)) {
            startPodNode(wf, group, g, k++, step);
        }
        wf.status.currentStep = g;
    }

    private void startPodNode(Workflow wf, Node group, int g, int k, Step step) {
        String nodeName = group.name + "." + taskName(step);
        if (step.retryLimit >= 0) {
            // Session 39 (executeTemplate, read at v3.6.19, v3.7.18, v4.0.10, v4.1.2): a template with a retryStrategy gets a Retry
            // node under the step's name (D "Inject a retry node", not at Info) and its first attempt "<name>(0)", a Pod node.
            Node retry = new Node();
            retry.id = wf.name + "-" + Go.fnv(nodeName);
            retry.name = nodeName;
            retry.displayName = taskName(step);
            retry.type = "Retry";
            retry.templateName = step.template;
            retry.phase = "Running";
            retry.boundaryId = wf.name;
            retry.stepIndex = g;
            retry.siblingIndex = k;
            initNode(wf, retry);
            if (!group.children.contains(retry.id)) {
                group.children.add(retry.id);
            }
            startAttempt(wf, retry, step, 0);
            return;
        }
        Node n = podNode(wf, wf.name + "-" + Go.fnv(nodeName), nodeName, step.template, g);
        n.siblingIndex = k;
        n.boundaryId = wf.name;
        n.podName = podName(wf, step, nodeName, n.id);
        initNode(wf, n);
        if (!group.children.contains(n.id)) {
            group.children.add(n.id);
        }
        createPod(wf, n, step);
    }

    /**
     * {@code GeneratePodName} for a step's Pod node: v2 (the default) {@code <workflow>-<template>-<fnv32a of the node name>}, v1
     * ({@link #podNamesV1}) the node's ID. (The root node's Pod of a single-template Workflow is the Workflow's name in both.)
     */
    private String podName(Workflow wf, Step step, String nodeName, String nodeId) {
        return podNamesV1 ? nodeId : wf.name + "-" + step.template + "-" + Go.fnv(nodeName);
    }

    /**
     * Attempt {@code a} of a Retry node: the Pod node {@code <retry>(a)}, its ID and its Pod's name ({@code GeneratePodName}, POD_NAMES
     * v2, the default) hashed from that name, so every attempt's Pod shares the {@code <workflow>-<template>-} prefix.
     */
    private void startAttempt(Workflow wf, Node retry, Step step, int a) {
        String nodeName = retry.name + "(" + a + ")";
        Node n = podNode(wf, wf.name + "-" + Go.fnv(nodeName), nodeName, step.template, retry.stepIndex);
        n.siblingIndex = retry.siblingIndex;
        n.attempt = a;
        n.boundaryId = wf.name;
        n.podName = podName(wf, step, nodeName, n.id);
        initNode(wf, n);
        retry.children.add(n.id);
        createPod(wf, n, step.attempt(a));
    }

    /**
     * {@code processNodeRetries} (read at v3.6.19, v3.7.18, v4.0.10, v4.1.2; no backoff, no expression modelled) for a Retry node
     * whose last attempt is fulfilled: succeeded, the node succeeds; failed or errored, the policy decides (unset is OnFailure: an
     * Error, a {@code pod deleted} attempt among them, is not retried), then the limit ({@code attempts > limit}: no more); else the
     * next attempt is created in the same pass. Returns whether anything changed.
     */
    private boolean retryStep(Workflow wf, Node retry) {
        if (fulfilled(retry) || retry.children.isEmpty()) {
            return false;
        }
        Node last = wf.status.nodes.get(retry.children.get(retry.children.size() - 1));
        if (last == null || !fulfilled(last)) {
            return false;
        }
        if ("Succeeded".equals(last.phase)) {
            phaseLine(wf, retry, "Succeeded");
            finish(wf, retry, inc.cursor);
            return true;
        }
        Step step = stepOf(wf, retry);
        if (step.backoffSeconds > 0) {
            // Session 40 (processNodeRetries, read at v3.6.19 and v4.1.2): the backoff comes before the policy. While now is before
            // the last attempt's finishedAt (seconds, as stored) + duration * factor^(attempts - 1), and attempts <= limit, the
            // Retry node takes the message "Backoff for <humanize.Duration>" and the Workflow is requeued after the wait; past it,
            // the pass logs the execution deadline (none set without maxDuration: the zero time) and clears the message.
            // Session 43 (read at v3.6.19, v3.7.18, v4.0.10, v4.1.2): maxDuration first (the first attempt's startedAt + it: past
            // that, the Retry node ends with the last attempt's phase, "Max duration limit exceeded"), the cap (v3.7.0+) on the
            // wait, then a wait ending after that deadline ends it too ("Backoff would exceed max duration limit").
            int attempts = retry.children.size();
            long maxDeadline = -1;
            if (step.backoffMaxDurationSeconds > 0) {
                Node first = wf.status.nodes.get(retry.children.get(0));
                maxDeadline = (first.startedAt != null ? first.startedAt * Go.SECOND : sim.now() + clockOffset) + step.backoffMaxDurationSeconds * Go.SECOND;
                if (sim.now() + clockOffset > maxDeadline) {
                    op(wf, Level.INFO, "Max duration limit exceeded. Failing...");
                    return endRetry(wf, retry, last.phase, "Max duration limit exceeded");
                }
            }
            long wait = step.backoffSeconds * Go.SECOND * (step.backoffFactor > 0 ? (long) Math.pow(step.backoffFactor, attempts - 1) : 1);
            if (release.backoffCap && step.backoffCapSeconds > 0) {
                wait = Math.min(wait, step.backoffCapSeconds * Go.SECOND);
            }
            long deadline = (last.finishedAt != null ? last.finishedAt * Go.SECOND : last.finishedNanos) + wait;
            if (maxDeadline >= 0 && deadline > maxDeadline) {
                op(wf, Level.INFO, "Backoff would exceed max duration limit. Failing...");
                return endRetry(wf, retry, last.phase, "Backoff would exceed max duration limit");
            }
            if (sim.now() + clockOffset < deadline && attempts <= step.retryLimit) {
                wfEnqueueAfter(inc, wf.key(), wait);
                return retryMessage(wf, retry, "Backoff for " + humanizeDuration(wait));
            }
            // With maxDuration the next attempt's Pod gets activeDeadlineSeconds to that deadline (opts.executionDeadline): not
            // modelled; ScenariosV40's attempts end long before it.
            String when = maxDeadline < 0 ? "Mon Jan 01 00:00:00 +0000 (a long while ago)" : humanizeTimestamp(maxDeadline, sim.now() + clockOffset);
            if (release.slog) {
                op(wf, Level.INFO, "node has maxDuration set, setting executionDeadline", "node", retry.name, "executionDeadline", when);
            } else {
                op(wf, Level.INFO, "node has maxDuration set, setting executionDeadline to: " + when, "node", retry.name);
            }
            retryMessage(wf, retry, "");
        }
        String policy = step.retryPolicyActual();
        boolean onFailed = policy.equals("Always") || policy.equals("OnFailure");
        boolean onError = policy.equals("Always") || policy.equals("OnError");
        if (release.slog) {
            op(wf, Level.INFO, "Retry Policy", "policy", policy, "onFailed", onFailed, "onError", onError);
        } else {
            op(wf, Level.INFO, "Retry Policy: " + policy + " (onFailed: " + onFailed + ", onError " + onError + ")");
        }
        String message = null;
        if (("Failed".equals(last.phase) && !onFailed) || ("Error".equals(last.phase) && !onError)) {
            if (release.slog) {
                op(wf, Level.INFO, "Node not set to be retried", "phase", last.phase);
            } else {
                op(wf, Level.INFO, "Node not set to be retried after status: " + last.phase);
            }
            message = last.message;
        } else if (retry.children.size() > step.retryLimit) {
            op(wf, Level.INFO, "No more retries left. Failing...");
            message = "No more retries left";
        }
        if (message != null) {
            return endRetry(wf, retry, last.phase, message);
        }
        if (release.slog) {
            op(wf, Level.INFO, "child nodes failed, trying again", "count", retry.children.size(), "nodeName", retry.name);
        } else {
            op(wf, Level.INFO, retry.children.size() + " child nodes of " + retry.name + " failed. Trying again...");
        }
        startAttempt(wf, retry, step, retry.children.size());
        return true;
    }

    /** {@code markNodePhase} ending the Retry node with {@code phase} and {@code message} (none if empty): its lines, finishedAt. */
    private boolean endRetry(Workflow wf, Node retry, String phase, String message) {
        phaseLine(wf, retry, phase);
        if (!message.isEmpty()) {
            retry.message = message;
            if (release.slog) {
                op(wf, Level.INFO, "node message changed", "node", retry.id, "message", message);
            } else {
                op(wf, Level.INFO, "node " + retry.id + " message: " + message);
            }
        }
        finish(wf, retry, inc.cursor);
        return true;
    }

    /** {@code markNodePhase} with the Retry node's phase and {@code message}: the message line when it changes. */
    private boolean retryMessage(Workflow wf, Node retry, String message) {
        if (message.equals(retry.message == null ? "" : retry.message)) {
            return false;
        }
        retry.message = message;
        if (release.slog) {
            op(wf, Level.INFO, "node message changed", "node", retry.id, "message", message);
        } else {
            op(wf, Level.INFO, "node " + retry.id + " message: " + message);
        }
        return true;
    }

    /**
     * {@code humanize.Duration} (Argo's {@code util/humanize}, v3.7+, from argoproj/pkg's for v3.6: inferred the same): under a
     * minute {@code "<n> seconds"} ({@code "1 second"}, {@code "0 seconds"}), then {@code "<m> minutes <s> seconds"} ({@code "1 minute
     * …"}), then hours and minutes.
     */
    static String humanizeDuration(long nanos) {
        long s = nanos / Go.SECOND;
        if (s < 60) {
            return s == 1 ? "1 second" : s + " seconds";
        }
        if (s < 3600) {
            long m = s / 60;
            return (m == 1 ? "1 minute" : m + " minutes") + " " + (s % 60) + " seconds";
        }
        long h = s / 3600;
        return (h == 1 ? "1 hour" : h + " hours") + " " + (s % 3600 / 60) + " minutes";
    }

    private static final java.time.format.DateTimeFormatter GO_HUMANIZE_TIMESTAMP =
            java.time.format.DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss xx", java.util.Locale.ROOT).withZone(java.time.ZoneOffset.UTC);

    /**
     * Argo's {@code humanize.Timestamp} (util/humanize, read at v4.0.10): the time as Go's {@code "Mon Jan 02 15:04:05 -0700"}
     * (the controller's zone: UTC here), then go-humanize's {@code Time} relative to {@code now} in brackets: {@code now} under a
     * second, {@code 1 second}, {@code <n> seconds}, {@code 1 minute}, {@code <n> minutes}, {@code 1 hour}, {@code <n> hours},
     * {@code 1 day}, {@code <n> days} (whole units, truncated), {@code from now} after now, {@code ago} before.
     */
    static String humanizeTimestamp(long at, long now) {
        java.time.Instant t = java.time.Instant.ofEpochSecond(Math.floorDiv(at, Go.SECOND), Math.floorMod(at, Go.SECOND));
        String label = at > now ? "from now" : "ago";
        long diff = Math.abs(at - now);
        String rel;
        if (diff < Go.SECOND) {
            rel = "now";
        } else if (diff < 2 * Go.SECOND) {
            rel = "1 second " + label;
        } else if (diff < Go.MINUTE) {
            rel = diff / Go.SECOND + " seconds " + label;
        } else if (diff < 2 * Go.MINUTE) {
            rel = "1 minute " + label;
        } else if (diff < 60 * Go.MINUTE) {
            rel = diff / Go.MINUTE + " minutes " + label;
        } else if (diff < 120 * Go.MINUTE) {
            rel = "1 hour " + label;
        } else if (diff < 24 * 60 * Go.MINUTE) {
            rel = diff / (60 * Go.MINUTE) + " hours " + label;
        } else if (diff < 48 * 60 * Go.MINUTE) {
            rel = "1 day " + label;
        } else {
            rel = diff / (24 * 60 * Go.MINUTE) + " days " + label;
        }
        return GO_HUMANIZE_TIMESTAMP.format(t) + " (" + rel + ")";
    }

    /** The steps of group {@code g}: the step and its parallel siblings. */
    private static List<Step> group(Workflow wf, int g) {
        Step first = wf.spec.stepList.get(g);
        List<Step> all = new ArrayList<>();
        all.add(first);
        all.addAll(first.parallel);
        return all;
    }

    /** The step a Pod node runs. */
    /**
     * What {@code assessNodeStatus}'s outputs check sees missing on a Succeeded Pod's node: a required artifact the executor never
     * reports (session 34), or declared output parameters whose result has not brought them yet (session 37).
     */
    private static boolean outputsMissing(Step s, Node n) {
        return s.missingOutputArtifact || (s.declaresOutputParameters && !Boolean.TRUE.equals(n.taskResultSynced));
    }

    private static Step stepOf(Workflow wf, Node n) {
        List<Step> g = group(wf, Math.max(0, n.stepIndex));
        Step s = g.get(Math.min(n.siblingIndex, g.size() - 1));
        return n.attempt >= 0 ? s.attempt(n.attempt) : s;
    }

    private void createPod(Workflow wf, Node n, Step step) {
        Workflow live = kube.workflows.get(wf.key());
        boolean afterCompletion = live != null && live.uid.equals(wf.uid) && live.completedLabel();
        if (kube.pods.containsKey(wf.namespace + "/" + n.podName)) {
            if (afterCompletion) {
                truth.actedAfterCompletion(wf.uid, sim.now(), "found Pod " + n.podName + " existing");
            }
            if (release.slog) {
                op(wf, Level.INFO, "Failed pod creation: already exists", "nodeName", n.name, "nodeID", n.id, "podName", n.podName);
            } else {
                op(wf, Level.INFO, "Failed pod " + n.name + " (" + n.podName + ") creation: already exists");
            }
            if (wf.uid.equals(kube.pods.get(wf.namespace + "/" + n.podName).workflowUid)) {
                // Pod names are deterministic: the controller gets the existing Pod and goes on with it (another controller, or
                // its own earlier pass whose update was lost, created it).
                n.podCreated = true;
            }
            return;
        }
        Pod p = new Pod();
        p.namespace = wf.namespace;
        p.name = n.podName;
        p.uid = rng.uuid();
        p.workflow = wf.name;
        p.workflowUid = wf.uid;
        p.labels.put(K8s.LABEL_WORKFLOW, wf.name);
        p.labels.put(K8s.LABEL_COMPLETED, "false");
        p.labels.put(K8s.LABEL_INSTANCE, instanceId);
        p.annotations.put(K8s.ANN_NODE_NAME, n.name);
        p.annotations.put(K8s.ANN_NODE_ID, n.id);
        p.annotations.put("kubectl.kubernetes.io/default-container", "main");
        if (wf.spec.podGc.set() && release.podGcAnnotation) {
            p.annotations.put(K8s.ANN_POD_GC, wf.spec.podGc.annotation());
        }
        if (podsCarryFinalizer()) {
            p.finalizers.add(K8s.STATUS_FINALIZER);
        }
        p.nodePool = nodePool;
        if (step.serviceAccount != null) {
            p.serviceAccount = step.serviceAccount;
        }
        if (step.sidecar != null) {
            p.sidecar = new K8s.Ctr(step.sidecar);
            p.sidecarImage = "fluent/fluent-bit:3.1.9";
        }
        p.executorImage = "quay.io/argoproj/argoexec:" + release.version;
        p.argoDeadline = workflowDeadline(wf);
        long planned = step.finishAt > 0 ? step.finishAt - sim.now() : step.mainDuration;
        p.args = List.of("sleep " + Math.max(1, planned / Go.SECOND) + "; echo " + step.template + "-done");
        if (step.noWait()) {
            // A resource or data template (session 32): main is the executor (operator.go executeResource / executeData:
            // argoexec resource <action>, argoexec data <source>) and workflowpod.go adds no wait container (v3.4.0-v4.1).
            p.template = step.type;
            p.resourceAction = step.resourceAction;
            p.wait = null;
            p.image = p.executorImage;
            p.args = List.of();
        }
        Truth.PodFacts facts = truth.podCreated(p, step.podClass, step.ofInterest, name, release.version, n.name);
        kube.createPod(p, step);
        facts.createdAt = sim.now();
        n.podCreated = true;
        if (afterCompletion) {
            truth.actedAfterCompletion(wf.uid, sim.now(), "created Pod " + p.name);
        }
        if (release.slog) {
            op(wf, Level.INFO, "Created pod", "nodeName", n.name, "nodeID", n.id, "podName", p.name);
        } else {
            op(wf, Level.INFO, "Created pod: " + n.name + " (" + p.name + ")");
        }
    }

    // ---- synchronization (B6) ------------------------------------------------------------------

    private static String lockType(String lock) {
        return lock.contains("/Mutex/") ? "mutex" : "semaphore";
    }

    /**
     * The Workflow-level lock ({@code TryAcquire}): free and not behind other waiters, it is taken and the lock logs
     * {@code <lock> acquired by <holder>. Lock availability: <free>/<limit>} (v4 {@code acquired}); otherwise the
     * Workflow joins the queue. A refusal while a completed Workflow holds the lock is AF014's truth.
     */
    private boolean acquireLock(Inc me, Workflow wf) {
        String lock = wf.spec.lock;
        String holder = wf.key();
        LockState l = me.locks.computeIfAbsent(lock, k -> new LockState(wf.spec.lockLimit));
        if (l.holders.contains(holder)) {
            wf.status.lockHeld = lock;
            wf.status.lockWaiting = null;
            return true;
        }
        int free = l.limit - l.holders.size();
        int position = l.waiting.indexOf(holder);
        if (free <= 0 || (position < 0 ? l.waiting.size() >= free : position >= free)) {
            if (position < 0) {
                l.waiting.add(holder);
            }
            for (String h : l.holders) {
                Workflow held = kube.workflows.get(h);
                if (held != null && held.completedLabel()) {
                    truth.lockRefused(held.uid, holder, lock, sim.now());
                }
            }
            return false;
        }
        l.waiting.remove(holder);
        l.holders.add(holder);
        int available = l.limit - l.holders.size();
        if (release.slog) {
            op(wf, Level.INFO, "acquired", "lockType", lockType(lock), "name", lock, "holderKey", holder, "available", available, "limit", l.limit);
        } else {
            log(Level.INFO, lock + " acquired by " + holder + ". Lock availability: " + available + "/" + l.limit, "lockType", lockType(lock),
                    "name", lock);
        }
        wf.status.lockHeld = lock;
        wf.status.lockWaiting = null;
        return true;
    }

    /** Not acquired: W {@code Workflow processing has been postponed due to concurrency limit}, the Workflow Pending with the lock's message. */
    private boolean waitForLock(Inc me, Workflow wf) {
        Status s = wf.status;
        LockState l = me.locks.get(wf.spec.lock);
        op(wf, Level.WARN, "Workflow processing has been postponed due to concurrency limit");
        String message = "Waiting for " + wf.spec.lock + " lock. Lock status: " + (l.limit - l.holders.size()) + "/" + l.limit;
        boolean changed = false;
        if (s.phase.isEmpty()) {
            if (release.slog) {
                op(wf, Level.INFO, "updated phase", "fromPhase", "", "toPhase", "Pending");
            } else {
                op(wf, Level.INFO, "Updated phase  -> Pending");
            }
            s.phase = "Pending";
            wf.labels.put("workflows.argoproj.io/phase", "Pending");
            changed = true;
        }
        if (!message.equals(s.message)) {
            if (release.slog) {
                op(wf, Level.INFO, "updated message", "fromMessage", s.message, "toMessage", message);
            } else {
                op(wf, Level.INFO, "Updated message " + s.message + " -> " + message);
            }
            s.message = message;
            changed = true;
        }
        if (!wf.spec.lock.equals(s.lockWaiting)) {
            s.lockWaiting = wf.spec.lock;
            changed = true;
        }
        return changed;
    }

    /**
     * A completed Workflow's locks are released before its update is written ({@code ReleaseAll}): the holder's line,
     * the lock's, {@code Released all acquired locks}; the waiters are queued at once. AF014's positive loses it: no line,
     * the holding stays in memory and in {@code status.synchronization}.
     */
    private void releaseLocks(Inc me, Workflow wf) {
        String lock = wf.status.lockHeld;
        String holder = wf.key();
        if (wf.spec.lockReleaseLost) {
            truth.lockReleaseLost(wf.uid, sim.now());
            return;
        }
        LockState l = me.locks.get(lock);
        if (l != null && l.holders.remove(holder)) {
            int available = l.limit - l.holders.size();
            if (release.slog) {
                log(Level.INFO, "Lock released", "holderKey", holder, lockType(lock), lock);
                op(wf, Level.INFO, "Lock has been released", "key", holder, "availableLocks", available);
            } else {
                log(Level.INFO, holder + " released a lock from " + lock);
                log(Level.INFO, "Lock has been released by " + holder + ". Available locks: " + available, "lockType", lockType(lock), "name", lock);
            }
            for (String waiter : l.waiting) {
                wfEnqueue(me, waiter);
            }
        }
        op(wf, Level.INFO, "Released all acquired locks", "key", wf.name);
        wf.status.lockHeld = null;
    }

    /** Steps forward once the current Pod node is fulfilled; completes the Workflow at the end. */
    private boolean advance(Inc me, Workflow wf) {
        Status s = wf.status;
        if (phaseFirst() && (K8s.terminal(s.phase) || "Error".equals(s.phase))) {
            // v3.5.4: the phase was set at the end of the run; markWorkflowPhase, called again with the same phase, logs no phase
            // change and marks the Workflow completed once checkReconciliationComplete allows it.
            if (resultIncomplete(wf)) {
                return false;
            }
            complete(wf, s.phase, s.message);
            return true;
        }
        if (wf.spec.gate != null) {
            return advanceGated(me, wf);
        }
        if (!wf.spec.steps) {
            Node root = s.nodes.get(wf.name);
            if (root == null || !fulfilled(root)) {
                return false;
            }
            if (!phaseFirst() && resultsPending(me, wf)) {
                return false;
            }
            complete(wf, root.phase, stopped(wf, root.message));
            return true;
        }
        int g = s.currentStep;
        List<Step> steps = group(wf, g);
        Node[] podNodes = new Node[steps.size()];
        Node group = null;
        List<Node> retries = new ArrayList<>();
        for (Node n : s.nodes.values()) {
            // A step with a retryStrategy is its Retry node (its attempts are that node's children, not the group's).
            if (("Pod".equals(n.type) && n.attempt < 0 || "Retry".equals(n.type)) && n.stepIndex == g && n.siblingIndex < podNodes.length) {
                podNodes[n.siblingIndex] = n;
                if ("Retry".equals(n.type)) {
                    retries.add(n);
                }
            }
            if ("StepGroup".equals(n.type) && n.name.equals(wf.name + "[" + g + "]") || "DAG".equals(n.type) && n.id.equals(wf.name)) {
                group = n;
            }
        }
        if (group != null && "Running".equals(group.phase) && java.util.Arrays.asList(podNodes).contains(null)) {
            // argo retry removed the failed Pod node and reset its ancestors to Running: that step runs again.
            for (int k = 0; k < podNodes.length; k++) {
                if (podNodes[k] == null) {
                    startPodNode(wf, group, g, k, steps.get(k));
                }
            }
            return true;
        }
        boolean retried = false;
        for (Node n : retries) {
            retried |= retryStep(wf, n);
        }
        if (group == null) {
            return retried;
        }
        // The group ends when every step of it has (executeStepGroup); it failed if one did, named by the first that did.
        Node podNode = null;
        for (Node n : podNodes) {
            if (n == null || !fulfilled(n)) {
                return retried;
            }
            if (podNode == null && !"Succeeded".equals(n.phase)) {
                podNode = n;
            }
        }
        boolean ok = podNode == null;
        if (ok) {
            podNode = podNodes[podNodes.length - 1];
        }
        if ((!ok || g + 1 >= wf.spec.stepList.size()) && !phaseFirst() && resultsPending(me, wf)) {
            return retried;
        }
        if (wf.spec.dag) {
            // executeDAG (dag.go, v3.6.19-v4.1.2): assessDAGPhase is Running while any task node is unfulfilled, whatever
            // dag.failFast says (it only stops deciding on the other targets once one failed); then the outbound nodes and the
            // DAG's phase (the failed task's, Failed or Error; no message), and the Workflow takes the root's phase and message.
            List<String> outbound = new ArrayList<>();
            for (Node n : podNodes) {
                outbound.add(n.id);
            }
            if (release.slog) {
                op(wf, Level.INFO, "Outbound nodes set", "nodeID", group.id, "outbound", new StrList(outbound));
            } else {
                op(wf, Level.INFO, "Outbound nodes of " + group.id + " set to [" + String.join(" ", outbound) + "]");
            }
            String phase = ok ? "Succeeded" : podNode.phase;
            phaseLine(wf, group, phase);
            finish(wf, group, me.cursor);
            complete(wf, phase, ok ? "" : stopped(wf, group.message));
            return true;
        }
        phaseLine(wf, group, ok ? "Succeeded" : "Failed");
        if (!ok) {
            group.message = "child '" + podNode.id + "' failed";
            if (release.slog) {
                op(wf, Level.INFO, "node message changed", "node", group.id, "message", group.message);
            } else {
                op(wf, Level.INFO, "node " + group.id + " message: " + group.message);
            }
        }
        finish(wf, group, me.cursor);
        if (ok && g + 1 < wf.spec.stepList.size()) {
            startStep(wf, g + 1);
            return true;
        }
        Node root = s.nodes.get(wf.name);
        phaseLine(wf, root, ok ? "Succeeded" : "Failed");
        if (!ok) {
            root.message = "child '" + group.id + "' failed";
            if (release.slog) {
                op(wf, Level.INFO, "node message changed", "node", root.id, "message", root.message);
            } else {
                op(wf, Level.INFO, "node " + root.id + " message: " + root.message);
            }
        }
        finish(wf, root, me.cursor);
        complete(wf, ok ? "Succeeded" : ("Error".equals(podNode.phase) ? "Error" : "Failed"), ok ? "" : stopped(wf, podNode.message));
        return true;
    }

    /** The message of a Workflow that failed: after a shutdown, {@code Stopped with strategy '<s>'} (inferred from the server's). */
    private static String stopped(Workflow wf, String message) {
        return wf.shutdown != null ? "Stopped with strategy '" + wf.shutdown + "'" : message;
    }

    private void complete(Workflow wf, String phase, String message) {
        Status s = wf.status;
        String from = s.phase;
        if (from.equals(phase)) {
            // The phase set already (v3.5.4's phase before the results, phaseBeforeResults): no phase or message change logged.
        } else if (release.slog) {
            op(wf, Level.INFO, "updated phase", "fromPhase", from, "toPhase", phase);
            if (!message.isEmpty()) {
                op(wf, Level.INFO, "updated message", "fromMessage", "", "toMessage", message);
            }
        } else {
            op(wf, Level.INFO, "Updated phase " + from + " -> " + phase);
            if (!message.isEmpty()) {
                op(wf, Level.INFO, "Updated message  -> " + message);
            }
        }
        if (phaseFirst() && resultIncomplete(wf)) {
            // markWorkflowPhase on v3.5.3-v3.5.5: the phase and its label are set, the completion (finishedAt, the completed label)
            // waits for checkReconciliationComplete; nothing requeues the Workflow for it (its result's update, a resync do).
            s.phase = phase;
            s.message = message;
            wf.labels.put("workflows.argoproj.io/phase", phase);
            return;
        }
        op(wf, Level.INFO, "Marking workflow completed");
        s.phase = phase;
        s.message = message;
        s.finishedAt = K8s.sec(sim.now() + clockOffset);
        wf.labels.put(K8s.LABEL_COMPLETED, "true");
        wf.labels.put("workflows.argoproj.io/phase", phase);
    }

    /** Whether this controller sets a completed phase before it checks the task results (v3.5.4, {@link #phaseBeforeResults}). */
    private boolean phaseFirst() {
        return phaseBeforeResults && release.phaseBeforeResults;
    }

    /** A Pod node whose result the controller holds incomplete ({@code TaskResultsInProgress}). */
    private static boolean resultIncomplete(Workflow wf) {
        for (Node n : wf.status.nodes.values()) {
            if ("Pod".equals(n.type) && Boolean.FALSE.equals(n.taskResultSynced)) {
                return true;
            }
        }
        return false;
    }

    /**
     * D {@code taskresults of workflow are incomplete or still have daemon nodes, so can't mark workflow completed}
     * (v3.5.6+): a Pod node whose result the controller holds incomplete keeps the Workflow from completing; requeued.
     */
    private boolean resultsPending(Inc me, Workflow wf) {
        for (Node n : wf.status.nodes.values()) {
            if ("Pod".equals(n.type) && Boolean.FALSE.equals(n.taskResultSynced)) {
                wfEnqueueAfter(me, wf.key(), DEFAULT_REQUEUE + rng.between(0, 50 * MS));
                return true;
            }
        }
        return false;
    }

    /**
     * The forced completion of a result still labelled {@code "false"} (lifecycle-and-failures.md B1), by release:
     * v3.6.19 (v3.5.12-v3.7.0) once the node is completed, its Pod is not in the informer and the node finished more than
     * 2m ago; v3.7.18 (v3.7.1+) once the node is completed and not (Pod absent and age <= 2m, or age <= 10m); v4.0.10 and
     * v4.1.3 as v3.7 but only for a node {@code Completed()}, taskResultSynced not false. Age = now - the node's finishedAt.
     */
    private boolean forceTaskResults(Inc me, Workflow wf, List<TaskResult> results) {
        if (!release.forcedCompletion) {
            return false; // v3.5.11+
        }
        boolean changed = false;
        long requeue = -1;
        for (TaskResult t : results) {
            Node n = wf.status.nodes.get(t.name);
            if (t.completed || n == null || !"Pod".equals(n.type) || !n.completedPhase() || n.finishedAt == null) {
                continue;
            }
            if (release.forcedNeedsSynced && Boolean.FALSE.equals(n.taskResultSynced)) {
                continue;
            }
            boolean absent = !me.pods.containsKey(wf.namespace + "/" + n.podName);
            long age = sim.now() - n.finishedAt * Go.SECOND;
            boolean force;
            long wait;
            if (release == Release.V3_6 || release == Release.V3_5_15) {
                force = absent && age > RECENTLY_DELETED;
                wait = absent ? RECENTLY_DELETED - age : -1;
            } else {
                force = !((absent && age <= RECENTLY_DELETED) || age <= TASK_RESULT_TIMEOUT);
                wait = absent && age <= RECENTLY_DELETED ? RECENTLY_DELETED - age : TASK_RESULT_TIMEOUT - age;
            }
            if (force) {
                op(wf, Level.INFO, "Marking task result as completed because pod has been deleted for a while.", "nodeID", n.id);
                truth.taskResultForced(wf.namespace, wf.name, wf.uid, n.id, sim.now(), "pod has been deleted for a while");
                if (!Boolean.TRUE.equals(n.taskResultSynced)) {
                    n.taskResultSynced = true;
                    changed = true;
                }
            } else if (wait > 0) {
                // D "Wait for marking task result as completed because pod is recently deleted." and a requeue.
                requeue = requeue < 0 ? wait : Math.min(requeue, wait);
            }
        }
        if (requeue > 0) {
            wfEnqueueAfter(me, wf.key(), requeue + rng.between(MS, 900 * MS));
        }
        return changed;
    }

    /** A stale copy caught by the release's guard (B3): memory of this process's own writes. */
    private void staleCopy(Inc me, String key, Workflow mine) {
        if (!release.staleCopyGuard) {
            throw new IllegalStateException(release.version + " has no stale-copy guard: its processing of a stale copy is not modelled, " + key);
        }
        if (mine.completedLabel()) {
            truth.staleCopyGuarded(mine.uid, sim.now(), release == Release.V3_6 ? "skipped (Debug)" : "rejected");
        }
        if (release == Release.V3_6) {
            // v3.6.17-v3.6.19: the last-seen-version annotation differs; D "Skipping outdated workflow event", requeued.
            wfEnqueueAfter(me, key, Go.SECOND + rng.between(0, 500 * MS));
        } else if (mine.completedLabel()) {
            // v3.7.16+, v4.0.7+: in-memory resourceVersion per UID; a stale copy of a completed Workflow is dropped.
            log(Level.WARN, "Rejecting stale copy of a completed workflow", "key", key);
        } else {
            wfEnqueueAfter(me, key, Go.SECOND + rng.between(0, 500 * MS));
        }
        sim.after(rng.between(MS, 3 * MS), () -> wfDone(me, key));
    }

    /**
     * Truth: this pass changed the phase of the Workflow or of one of its nodes away from the completed state the API
     * already holds for it (a phase regression after completion, persisted or not). A pass that starts a copy read from
     * before the start is not one.
     */
    private void noteRegression(Workflow wf, Workflow read) {
        Workflow live = kube.workflows.get(wf.key());
        if (live == null || !live.uid.equals(wf.uid) || !live.completedLabel()) {
            return;
        }
        if (read.status.phase.isEmpty()) {
            // A copy from before the Workflow started, started again: no completed phase was changed on it (AF009's page);
            // the Pods it creates are AF015's.
            return;
        }
        if (!live.status.phase.equals(wf.status.phase)) {
            truth.phaseRegressed(wf.uid, sim.now(), "workflow " + live.status.phase + " -> " + wf.status.phase);
        }
        for (Node n : wf.status.nodes.values()) {
            Node was = live.status.nodes.get(n.id);
            if (was != null && was.completedPhase() && !was.phase.equals(n.phase)) {
                truth.phaseRegressed(wf.uid, sim.now(), "node " + n.id + " " + was.phase + " -> " + n.phase);
            }
        }
    }

    /** {@code queuePodsForCleanup} after a successful update (reference §6.2). */
    private void queuePodsForCleanup(Inc me, Workflow wf) {
        List<Pod> pods = new ArrayList<>();
        for (Pod p : me.pods.values()) {
            if (p.namespace.equals(wf.namespace) && wf.name.equals(p.workflow)) {
                pods.add(p);
            }
        }
        pods.sort((a, b) -> a.name.compareTo(b.name));
        K8s.PodGc gc = wf.spec.podGc;
        boolean completed = wf.status.completed();
        for (Pod p : pods) {
            Node n = wf.status.nodes.get(p.nodeId());
            if (n == null || !fulfilled(n)) {
                continue;
            }
            String action;
            if (!gc.set()) {
                action = LABEL_POD_COMPLETED;
            } else if ("OnWorkflowCompletion".equals(gc.strategy()) && completed) {
                action = DELETE_POD;
            } else if ("OnWorkflowSuccess".equals(gc.strategy()) && "Succeeded".equals(wf.status.phase)) {
                action = DELETE_POD;
            } else if ("OnPodCompletion".equals(gc.strategy())) {
                action = DELETE_POD;
            } else if ("OnPodSuccess".equals(gc.strategy()) && "Succeeded".equals(p.phase)) {
                action = DELETE_POD;
            } else if ("OnPodSuccess".equals(gc.strategy()) && "Failed".equals(p.phase)) {
                action = LABEL_POD_COMPLETED;
            } else if (completed) {
                action = LABEL_POD_COMPLETED;
            } else if (p.hasStatusFinalizer()) {
                action = REMOVE_FINALIZER;
            } else {
                continue;
            }
            String key = p.namespace + "/" + p.name + "/" + action;
            if (DELETE_POD.equals(action)) {
                long d = gc.deleteDelay().isEmpty() ? DEFAULT_DELETE_DELAY : Truth.parseDuration(gc.deleteDelay());
                if (d > 0) {
                    queueLine(Level.INFO, "queueing pod for cleanup after", "namespace", p.namespace, "podName", p.name, "action", action, "after",
                            new Dur(d));
                    cAddAfter(me, key, me.cursor + d, new Origin("pod-gc-delete", null, me.cursor));
                } else {
                    queueLine(Level.WARN, "queueing pod for cleanup now, rather than delayed", "namespace", p.namespace, "podName", p.name, "action",
                            action, "after", new Dur(d));
                    cAddNow(me, key, new Origin("pod-gc-delete", null, me.cursor));
                }
            } else {
                queueLine(Level.INFO, "queueing pod for cleanup", "namespace", p.namespace, "podName", p.name, "action", action);
                cAdd(me, key, new Origin(REMOVE_FINALIZER.equals(action) ? "queue-pods-for-cleanup" : "label-pod-completed", null, me.cursor));
            }
        }
    }
}
