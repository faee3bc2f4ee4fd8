package dev.argoforensics.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The POSIX sh script {@code collect} prints: read-only kubectl commands that save the evidence the
 * analyzer reads, in the layout it reads ({@code logs/}, {@code snapshots/}, {@code events/}), each
 * YAML export below a {@code # taken-at:} line. Every name in it was checked by {@link KubeNames}
 * and is single-quoted; names that come from the cluster at run time (the controller's Pods) are only
 * ever expanded inside double quotes, after a check of their own. The text depends on the options
 * alone: the same command line gives the same script.
 *
 * @param commandLine how the script was asked for, for its header
 * @param namespace   the Workflows' namespace
 * @param workflow    one Workflow, or null for every Workflow of the namespace
 * @param controllerNamespace the workflow-controller's namespace
 * @param controllerSelector  the label selector of the workflow-controller's Pods
 * @param folder      where the evidence goes
 * @param nodeEvents  whether to export the Events about Nodes (namespace {@code default}) too
 */
record CollectScript(String commandLine, String namespace, String workflow, String controllerNamespace, String controllerSelector,
        String folder, boolean nodeEvents) {
    /** The label that ties an Argo Pod or WorkflowTaskResult to its Workflow. */
    static final String WORKFLOW_LABEL = "workflows.argoproj.io/workflow";

    String text() {
        List<String> s = new ArrayList<>();
        header(s);
        s.add("set -u -f # unset variables are errors; no file-name globbing of what kubectl prints");
        s.add("");
        s.add("dir=" + KubeNames.quoted(folder));
        s.add("ns=" + KubeNames.quoted(namespace));
        s.add("controller_ns=" + KubeNames.quoted(controllerNamespace));
        s.add("controller_selector=" + KubeNames.quoted(controllerSelector));
        s.add("failed=0");
        s.add("");
        functions(s);
        s.add("mkdir -p \"$dir/logs\" \"$dir/snapshots\" \"$dir/events\" || exit 1");
        s.add("");
        s.add("# 1. Events first: the API server keeps them about an hour (kube-apiserver --event-ttl).");
        s.add("save events/events.yaml get events -n \"$ns\" -o yaml");
        if (nodeEvents) {
            s.add("# Events about Nodes (a drain, a scale-down) are kept in the namespace default.");
            s.add("save events/node-events.yaml get events -n default --field-selector involvedObject.kind=Node -o yaml");
        }
        s.add("");
        s.add("# 2. Pods, before pod GC or the Workflow's TTL deletes them; then the Workflow and its task results.");
        String pods = workflow == null ? KubeNames.quoted(WORKFLOW_LABEL) : KubeNames.quoted(WORKFLOW_LABEL + "=" + workflow);
        if (workflow == null) {
            s.add("save snapshots/pods.yaml get pods -n \"$ns\" -l " + pods + " -o yaml");
            s.add("save snapshots/workflows.yaml get workflows -n \"$ns\" -o yaml");
            s.add("save snapshots/workflowtaskresults.yaml get workflowtaskresults -n \"$ns\" -o yaml");
        } else {
            String name = KubeNames.quoted(workflow);
            s.add("save " + KubeNames.quoted("snapshots/pods-" + workflow + ".yaml") + " get pods -n \"$ns\" -l " + pods + " -o yaml");
            s.add("save " + KubeNames.quoted("snapshots/workflow-" + workflow + ".yaml") + " get workflow " + name + " -n \"$ns\" -o yaml");
            s.add("save " + KubeNames.quoted("snapshots/workflowtaskresults-" + workflow + ".yaml") + " get workflowtaskresults -n \"$ns\" -l "
                    + pods + " -o yaml");
        }
        s.add("");
        s.add("# 3. The log of every workflow-controller replica, and of its previous container if it restarted.");
        s.add("if replicas=$(kubectl get pods -n \"$controller_ns\" -l \"$controller_selector\" -o name); then");
        s.add("  [ -n \"$replicas\" ] || warn \"no Pod in namespace $controller_ns matches $controller_selector: no controller log\"");
        s.add("  for replica in $replicas; do");
        s.add("    controller_log \"${replica#pod/}\"");
        s.add("  done");
        s.add("else");
        s.add("  warn \"could not list the workflow-controller Pods: no controller log\"");
        s.add("fi");
        s.add("");
        auditPointers(s);
        s.add("");
        s.add("if [ \"$failed\" -gt 0 ]; then");
        s.add("  echo \"collect: $failed step(s) failed (above); what was saved is in $dir\" >&2");
        s.add("else");
        s.add("  echo \"collect: saved in $dir\" >&2");
        s.add("fi");
        s.add("echo \"next: argo-forensics analyze $dir\" >&2");
        s.add("[ \"$failed\" -eq 0 ]");
        return String.join("\n", s) + "\n";
    }

    private void header(List<String> s) {
        s.add("#!/bin/sh");
        s.add("# Evidence for argo-forensics, written by: " + commandLine);
        s.add("# " + (workflow == null ? "Every Workflow" : "Workflow " + workflow) + " in namespace " + namespace
                + "; workflow-controller Pods in namespace " + controllerNamespace + " with labels " + controllerSelector + ".");
        s.add("# It runs kubectl get and kubectl logs (read only) against kubectl's current context, and saves into");
        s.add("# " + folder + "/: logs/, snapshots/ and events/, each YAML file with a first line '# taken-at: <UTC>'.");
        s.add("# Run it now: Events expire after about an hour, Pods at pod GC, logs at rotation (docs/collect.md).");
        s.add("# It needs a POSIX sh, kubectl and date; it changes nothing in the cluster. Then run:");
        s.add("#   argo-forensics analyze " + folder);
    }

    private static void functions(List<String> s) {
        s.add("warn() { echo \"collect: $*\" >&2; failed=$((failed + 1)); }");
        s.add("");
        s.add("# save FILE KUBECTL-ARGS...: what kubectl prints, below '# taken-at:' with the time it finished");
        s.add("# (no earlier than the objects it shows). A failed command leaves no file.");
        s.add("save() {");
        s.add("  file=$1");
        s.add("  shift");
        s.add("  part=\"$dir/${file%/*}/.${file##*/}.part\"");
        s.add("  if kubectl \"$@\" >\"$part\"; then");
        s.add("    { printf '# taken-at: %s\\n' \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"; cat \"$part\"; } >\"$dir/$file\"");
        s.add("    echo \"collect: $dir/$file\" >&2");
        s.add("  else");
        s.add("    warn \"kubectl $* failed: $dir/$file not written\"");
        s.add("  fi");
        s.add("  rm -f \"$part\"");
        s.add("}");
        s.add("");
        s.add("# controller_log POD: its log with kubectl's RFC 3339 time on every line, as logs/POD.log; the");
        s.add("# previous container's (before its last restart) as logs/POD.log.1, which the analyzer reads first.");
        s.add("# A log has no comment line: its lines carry their own times.");
        s.add("controller_log() {");
        s.add("  pod=$1");
        s.add("  case $pod in");
        s.add("    '' | *[!a-z0-9.-]*) warn \"skipped a controller Pod with an unexpected name: $pod\"; return ;;");
        s.add("  esac");
        s.add("  part=\"$dir/logs/.$pod.log.part\"");
        s.add("  if kubectl logs -n \"$controller_ns\" \"$pod\" --timestamps >\"$part\"; then");
        s.add("    mv \"$part\" \"$dir/logs/$pod.log\" && echo \"collect: $dir/logs/$pod.log\" >&2");
        s.add("  else");
        s.add("    warn \"kubectl logs of $pod failed: no log for it\"");
        s.add("  fi");
        s.add("  if error=$(kubectl logs -n \"$controller_ns\" \"$pod\" --timestamps --previous 2>&1 >\"$part\"); then");
        s.add("    mv \"$part\" \"$dir/logs/$pod.log.1\" && echo \"collect: $dir/logs/$pod.log.1 (previous container)\" >&2");
        s.add("  else");
        s.add("    case $error in");
        s.add("      *'previous terminated container'*'not found'*) echo \"collect: $pod has not restarted: no previous container log\" >&2 ;;");
        s.add("      *) warn \"kubectl logs --previous of $pod failed: $error\" ;;");
        s.add("    esac");
        s.add("  fi");
        s.add("  rm -f \"$part\"");
        s.add("}");
        s.add("");
    }

    private void auditPointers(List<String> s) {
        s.add("# 4. Optional, not collected here: the API server's audit log says who deleted a Pod or removed its");
        s.add("#    finalizer. It is not in the Kubernetes API; save it as " + folder + "/audit/<any name> (docs/formats.md):");
        s.add("#    self-managed: the file of kube-apiserver --audit-log-path on each control-plane node (JSON lines)");
        s.add("#    GKE: gcloud logging read 'logName:\"cloudaudit.googleapis.com%2Factivity\" AND resource.type=\"k8s_cluster\""
                + " AND protoPayload.resourceName:\"namespaces/" + namespace + "/pods\"' --freshness=1d --format json");
        s.add("#    EKS (control-plane logging with audit on): aws logs filter-log-events --log-group-name /aws/eks/CLUSTER/cluster"
                + " --log-stream-name-prefix kube-apiserver-audit --filter-pattern '\"" + namespace + "\"' --start-time MS");
        s.add("#    AKS (diagnostic setting kube-audit or kube-audit-admin): the records in its storage account, Event Hub or"
                + " Log Analytics (AzureDiagnostics | where Category == \"kube-audit\")");
        if (workflow != null) {
            s.add("#    If the Workflow's nodes are offloaded (status.offloadNodeStatusVersion), kubectl shows none of them:");
            s.add("#    argo get -n " + namespace + " " + workflow + " -o yaml > " + folder + "/snapshots/argo-get-" + workflow + ".yaml");
        }
    }
}
