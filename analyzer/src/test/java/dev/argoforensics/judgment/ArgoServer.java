package dev.argoforensics.judgment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the Argo server (or CLI) writes for a user's {@code argo retry}: read in {@code workflow/util/util.go}
 * {@code FormulateRetryWorkflow}. Shared by the AF015 look-alike ({@code workflow-retried}, Corpus) and session 45's
 * {@link ScenariosRerun}; it draws nothing.
 */
final class ArgoServer {
    private ArgoServer() {
    }

    /**
     * {@code argo retry} of {@code w} if it is still there (the same UID) and in one of the phases {@code phases} accepts: the
     * failed or errored Pod nodes go (their Pods deleted by the server, a {@code NotFound} where one is already gone), their
     * ancestors are reset to {@code Running}, and the Workflow is written {@code Running} without the completed label. The first
     * step, run again, runs {@code again} and exits 0. Returns whether the retry was written.
     */
    static boolean retry(Kube kube, Controller c, K8s.Workflow w, long again, java.util.Set<String> phases) {
        K8s.Workflow live = kube.workflows.get(w.key());
        if (live == null || !live.uid.equals(w.uid) || !phases.contains(live.status.phase)) {
            return false;
        }
        K8s.Status st = live.status.copy();
        for (K8s.Node n : new ArrayList<>(st.nodes.values())) {
            if ("Pod".equals(n.type) && ("Failed".equals(n.phase) || "Error".equals(n.phase))) {
                st.nodes.remove(n.id);
                st.nodes.values().forEach(o -> o.children.remove(n.id));
                kube.deletePod(w.namespace + "/" + n.podName, null, null, "argo-server");
            }
        }
        for (K8s.Node n : st.nodes.values()) {
            if ("Failed".equals(n.phase) || "Error".equals(n.phase)) {
                n.phase = "Running";
                n.message = "";
                n.finishedAt = null;
                n.finishedNanos = 0;
            }
        }
        st.phase = "Running";
        st.message = "";
        st.finishedAt = null;
        Map<String, String> labels = new LinkedHashMap<>(live.labels);
        labels.remove(K8s.LABEL_COMPLETED);
        labels.put("workflows.argoproj.io/phase", "Running");
        K8s.Step s = w.spec.stepList.get(0);
        s.finishAt = -1;
        s.mainDuration = again;
        s.exitCode = 0;
        kube.updateWorkflow(w.key(), w.uid, live.resourceVersion, st, labels, c.release.version);
        return true;
    }
}
