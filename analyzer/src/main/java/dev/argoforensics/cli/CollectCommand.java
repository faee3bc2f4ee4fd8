package dev.argoforensics.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code argo-forensics collect -n NS [--workflow NAME]}: the shell script that gathers the evidence,
 * printed or written. It runs nothing: the tool never reaches a cluster.
 */
@Command(name = "collect",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Prints (or with --script writes) a POSIX sh script that saves the evidence for analyze.",
            "It uses read-only kubectl commands: the log of every workflow-controller replica and of its previous container "
                    + "(--timestamps), the Workflows, their Pods, WorkflowTaskResults and Events as YAML stamped '# taken-at:', into "
                    + "logs/, snapshots/ and events/; then where managed clusters keep audit logs, and the analyze command to run. It "
                    + "runs nothing itself. Every name is checked against Kubernetes' naming rules and single-quoted: a name that could "
                    + "inject shell is refused (exit 2). What expires when: docs/collect.md."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:the script was printed or written.", "2:bad usage, or a name that is not a Kubernetes name.", HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {
            "  argo-forensics collect -n ml-train --workflow train-resnet-5c8xw | sh",
            "  argo-forensics collect -n ml-train --script collect.sh",
            "  ./collect.sh && argo-forensics analyze evidence-ml-train",
            "  argo-forensics collect -n jobs --controller-namespace argo-system \\",
            "      --controller-selector app.kubernetes.io/component=workflow-controller"})
final class CollectCommand implements Callable<Integer> {
    static final String DEFAULT_CONTROLLER_NAMESPACE = "argo";
    static final String DEFAULT_CONTROLLER_SELECTOR = "app=workflow-controller";

    @Spec
    CommandSpec spec;

    @Option(names = {"-n", "--namespace"}, required = true, paramLabel = "NAMESPACE",
            description = "The namespace of the Workflows.")
    String namespace;

    @Option(names = "--workflow", paramLabel = "NAME",
            description = "Only this Workflow, its Pods and task results (default: every Workflow of the namespace).")
    String workflow;

    @Option(names = "--controller-namespace", paramLabel = "NAMESPACE", defaultValue = DEFAULT_CONTROLLER_NAMESPACE,
            description = "The workflow-controller's namespace (default: ${DEFAULT-VALUE}).")
    String controllerNamespace;

    @Option(names = "--controller-selector", paramLabel = "SELECTOR", defaultValue = DEFAULT_CONTROLLER_SELECTOR,
            description = "The label selector of the workflow-controller's Pods (default: ${DEFAULT-VALUE}, as the release"
                + " manifests label them; the Helm chart's: app.kubernetes.io/component=workflow-controller).")
    String controllerSelector;

    @Option(names = "--dir", paramLabel = "FOLDER",
            description = "The folder the script saves into (default: evidence-NAMESPACE, or evidence-NAMESPACE-NAME with --workflow).")
    String dir;

    @Option(names = "--no-node-events", negatable = false,
            description = "Leave out the Events about Nodes (namespace default), e.g. where RBAC forbids reading them.")
    boolean noNodeEvents;

    @Option(names = "--script", paramLabel = "FILE",
            description = "Write the script to FILE, executable, instead of printing it.")
    Path script;

    @Override
    public Integer call() {
        CollectScript collect = script();
        PrintWriter err = spec.commandLine().getErr();
        if (script == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(collect.text());
            out.flush();
            return 0;
        }
        write(collect.text());
        err.println("wrote " + script + "; run it with: sh " + script + ", then: argo-forensics analyze " + collect.folder());
        err.flush();
        return 0;
    }

    /** The checked names, in the script they give; the first name that fails is refused. */
    CollectScript script() {
        String ns = KubeNames.namespace("-n/--namespace", namespace);
        String wf = workflow == null ? null : KubeNames.workflow("--workflow", workflow);
        String controllerNs = KubeNames.namespace("--controller-namespace", controllerNamespace);
        String selector = KubeNames.selector("--controller-selector", controllerSelector);
        String folder = KubeNames.folder("--dir", dir != null ? dir : "evidence-" + ns + (wf == null ? "" : "-" + wf));
        List<String> line = new ArrayList<>(List.of(Main.NAME, "collect", "-n", ns));
        if (wf != null) {
            line.addAll(List.of("--workflow", wf));
        }
        if (!controllerNs.equals(DEFAULT_CONTROLLER_NAMESPACE)) {
            line.addAll(List.of("--controller-namespace", controllerNs));
        }
        if (!selector.equals(DEFAULT_CONTROLLER_SELECTOR)) {
            line.addAll(List.of("--controller-selector", selector));
        }
        if (dir != null) {
            line.addAll(List.of("--dir", folder));
        }
        if (noNodeEvents) {
            line.add("--no-node-events");
        }
        return new CollectScript(String.join(" ", line), ns, wf, controllerNs, selector, folder, !noNodeEvents);
    }

    private void write(String text) {
        try {
            Files.writeString(script, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CliFailure("cannot write the script to " + script + ": " + e.getMessage(), "give --script a file in a folder you can write to", e);
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(script);
            permissions.addAll(Set.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE));
            // Executable only for whoever may read it: the umask's choice for reading is kept.
            permissions.removeIf(p -> p == PosixFilePermission.GROUP_EXECUTE && !permissions.contains(PosixFilePermission.GROUP_READ)
                    || p == PosixFilePermission.OTHERS_EXECUTE && !permissions.contains(PosixFilePermission.OTHERS_READ));
            Files.setPosixFilePermissions(script, permissions);
        } catch (UnsupportedOperationException | IOException e) {
            // A file system without POSIX permissions (Windows): 'sh FILE' runs it all the same.
        }
    }
}
