package dev.argoforensics.analysis;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.NodePhaseChanged;

/**
 * The names a trigger line makes of interest: the Pod a cleanup line names, the Workflow (and node)
 * an error line names. A node phase change concerns us only when it turns to Error or Failed.
 */
final class TriggerNames {
    private TriggerNames() {
    }

    static void add(CatalogMatch m, Interest interest) {
        ControllerEvent ev = m.event();
        if (ev instanceof NodePhaseChanged p && !"Error".equals(p.toPhase()) && !"Failed".equals(p.toPhase())) {
            return;
        }
        ev.pod().ifPresent(p -> interest.addPod(p.name()));
        ev.workflow().ifPresent(w -> interest.addWorkflow(w.name()));
        ev.nodeId().ifPresent(interest::addName);
        ev.nodeName().ifPresent(interest::addName);
    }
}
