package dev.argoforensics.rules;

import dev.argoforensics.correlate.GroupBindings;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.NodeMessageChanged;
import dev.argoforensics.event.ControllerEvent.Signal;
import dev.argoforensics.event.ControllerEvent.WorkerNumbers;
import dev.argoforensics.event.ControllerEvent.WorkflowProcessing;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.NodeStatus;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the rules read beyond a Pod's or Workflow's own histories, so that a group of the correlation gives each rule
 * what the whole input gives it (see {@link GroupBindings}). The context, read from every group's
 * {@link dev.argoforensics.correlate.Correlation#events()}: controller starts and worker numbers ({@link Reconciliation}:
 * AF001, AF003), every {@code Processing workflow} (AF001's passed-over Workflows, by replica), the executor's refused
 * writes (AF011 ties them to a Pod by node or namespace). The tags: every Workflow whose update was contended is in
 * the one group AF012 runs in ({@link Rule#clusterWide()}); every Workflow a lock's lines or exports name, holders
 * included, is in one group, so AF014 sees each lock's holders and waiters together.
 */
public final class RuleBindings implements GroupBindings {
    public static final String CONTENTION = "contention";
    public static final String LOCKS = "locks";
    private static final Set<String> LOCK_SIGNALS = Set.of("lock-acquired", "lock-released", "locks-released-all", "lock-acquired-node",
            "lock-wait-node", "lock-wait-workflow");

    @Override
    public boolean context(LogEvent line) {
        return line.event() instanceof ControllerStarted || line.event() instanceof WorkerNumbers || line.event() instanceof WorkflowProcessing
                || TaskResultWriteForbidden.executorRefusal(line) || scopeLine(line);
    }

    /** A run's statement of its namespace or instance ID (AF001's {@code WorkflowAbsent}: each run's scope, in every group). */
    private static boolean scopeLine(LogEvent line) {
        return line.event() instanceof Signal s && (dev.argoforensics.correlate.RunScopes.SCOPE_SIGNAL.equals(s.name())
                || dev.argoforensics.correlate.RunScopes.CONFIGURATION_SIGNAL.equals(s.name())
                || dev.argoforensics.correlate.RunScopes.TASK_RESULT_WATCH_SIGNAL.equals(s.name())
                || dev.argoforensics.correlate.RunScopes.CONFIG_LOAD_SIGNAL.equals(s.name()));
    }

    @Override
    public List<String> tags(LogEvent line) {
        if (TwoActiveControllers.contention(line)) {
            return List.of(CONTENTION);
        }
        return lockLine(line) ? List.of(LOCKS) : List.of();
    }

    @Override
    public List<String> workflows(LogEvent line) {
        if (!(line.event() instanceof Signal s) || !LOCK_SIGNALS.contains(s.name()) || s.attribute("holder") == null) {
            return List.of();
        }
        // As SyncLocks resolves a holder key: <ns>/<wf>[/<nodeID>], or (before v3.5.11) the Workflow or node ID alone.
        String key = s.attribute("holder");
        String[] parts = key.split("/");
        if (parts.length >= 2) {
            return List.of(parts[1]);
        }
        List<String> out = new ArrayList<>(List.of(key));
        int dash = key.lastIndexOf('-');
        String rest = dash < 0 ? "" : key.substring(dash + 1);
        if (!rest.isEmpty() && rest.chars().allMatch(Character::isDigit)) {
            out.add(key.substring(0, dash));
        }
        return out;
    }

    @Override
    public List<String> tags(WorkflowSnapshot export) {
        boolean locks = !export.synchronization().holding().isEmpty() || !export.synchronization().waiting().isEmpty();
        for (NodeStatus n : export.nodes().values()) {
            locks |= LockWaiting.parse(n.message()) != null;
        }
        return locks ? List.of(LOCKS) : List.of();
    }

    private static boolean lockLine(LogEvent line) {
        if (line.event() instanceof NodeMessageChanged m) {
            return LockWaiting.parse(m.message()) != null;
        }
        if (line.event() instanceof Signal s) {
            return LOCK_SIGNALS.contains(s.name()) || ("workflow-message".equals(s.name()) && LockWaiting.parse(s.attribute("message")) != null);
        }
        return false;
    }
}
