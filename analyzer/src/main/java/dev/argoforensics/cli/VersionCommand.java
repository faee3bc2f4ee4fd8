package dev.argoforensics.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.argoforensics.report.JsonStyle;
import dev.argoforensics.report.ToolInfo;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code argo-forensics version}: the tool's version and build commit, and the Java runtime it runs on (what a bug report asks). */
@Command(name = "version",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Prints the version, the build commit and the Java runtime.",
            "--version prints the first two on one line."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {HelpText.DONE, "2:bad usage."},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  argo-forensics version",
            "  argo-forensics version -o json | jq -r .commit"})
final class VersionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default) or json: {name, version, commit, java: {version, vendor, vm, home}, os: {name, version, arch}}.")
    ListFormat format;

    @Override
    public Integer call() {
        ToolInfo tool = ToolInfo.current();
        PrintWriter out = spec.commandLine().getOut();
        if (format == ListFormat.JSON) {
            ObjectNode root = JsonStyle.mapper().createObjectNode();
            root.put("name", tool.name()).put("version", tool.version()).put("commit", tool.commit());
            root.putObject("java").put("version", property("java.version")).put("vendor", property("java.vendor"))
                    .put("vm", property("java.vm.name")).put("home", property("java.home"));
            root.putObject("os").put("name", property("os.name")).put("version", property("os.version")).put("arch", property("os.arch"));
            ListFormat.print(out, root);
            return 0;
        }
        out.println(tool.name() + " " + tool.version());
        out.println("  commit  " + tool.commit());
        out.println("  java    " + property("java.version") + " (" + property("java.vendor") + ", " + property("java.vm.name") + ") in "
                + property("java.home"));
        out.println("  os      " + property("os.name") + " " + property("os.version") + " " + property("os.arch"));
        out.flush();
        return 0;
    }

    private static String property(String name) {
        return System.getProperty(name, "unknown");
    }
}
