package dev.argoforensics.read;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LogRecord;

/**
 * The names a trigger line makes of interest: the Pod a cleanup line names, the Workflow (and node)
 * an error line names. A node phase change concerns us only when it turns to Error or Failed. A
 * record at warning level or above makes what it names of interest whatever its message, so a rule
 * whose signature the catalog does not list yet still sees the lines around it.
 */
final class TriggerNames {
    private TriggerNames() {
    }

    /** The record keys that name a Workflow, a Pod or a node in the controller's lines, all releases. */
    private static final String[] WORKFLOW_KEYS = {"workflow", "Workflow"};
    private static final String[] POD_KEYS = {"podName", "pod", "PodName"};
    private static final String[] NODE_KEYS = {"nodeName", "nodeID", "nodeId", "node"};

    /** Warning, error, fatal or panic. */
    static boolean warns(Level level) {
        return level != null && level.compareTo(Level.WARN) >= 0;
    }

    /**
     * The names a warning or error record gives, from the event the catalog made of it (if any) and
     * from its keys; a {@code key} of the form namespace/name names a Workflow (the work queue's key).
     */
    static void addNamed(LogRecord record, ControllerEvent event, Interest interest) {
        if (event != null) {
            addNames(event, interest);
        }
        for (String k : WORKFLOW_KEYS) {
            record.value(k).filter(v -> !v.isEmpty()).ifPresent(interest::addWorkflow);
        }
        for (String k : POD_KEYS) {
            record.value(k).filter(v -> !v.isEmpty()).ifPresent(interest::addPod);
        }
        for (String k : NODE_KEYS) {
            record.value(k).filter(v -> !v.isEmpty()).ifPresent(interest::addName);
        }
        record.value("key").ifPresent(key -> {
            String[] parts = key.split("/");
            if (parts.length == 2 && !parts[1].isEmpty()) {
                interest.addWorkflow(parts[1]);
            } else if (parts.length >= 3 && !parts[1].isEmpty()) {
                interest.addPod(parts[1]); // the cleanup queue's namespace/pod/action
            }
        });
    }

    static void add(CatalogMatch m, Interest interest) {
        ControllerEvent ev = m.event();
        if (ev instanceof NodePhaseChanged p && !"Error".equals(p.toPhase()) && !"Failed".equals(p.toPhase())) {
            return;
        }
        addNames(ev, interest);
        String redacted = m.attributes().redactedName();
        if (redacted != null) {
            // A name the user redacted names nothing, but the lines that carry it are kept to be counted and said:
            // its letters ({@code pod-name} of {@code <pod-name>}) are what the token search sees (a {@code ***} has none).
            String core = redacted.replaceAll("[^A-Za-z0-9._-]+", " ").strip();
            for (String token : core.split(" ")) {
                if (!token.isEmpty()) {
                    interest.addName(token);
                }
            }
        }
    }

    /** The Pod, Workflow and node the event names. */
    private static void addNames(ControllerEvent ev, Interest interest) {
        ev.pod().ifPresent(p -> interest.addPod(p.name()));
        ev.workflow().ifPresent(w -> interest.addWorkflow(w.name()));
        ev.nodeId().ifPresent(interest::addName);
        ev.nodeName().ifPresent(interest::addName);
    }
}
