package dev.argoforensics.cli;

import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code argo-forensics completion}: the bash/zsh completion script, from picocli's generator. */
@Command(name = "completion",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Prints a completion script for bash and zsh to standard output.",
            "The build also writes it to analyzer/target/argo-forensics_completion."},
        footer = {"", "Examples:",
            "  source <(argo-forensics completion)                       # this shell only",
            "  argo-forensics completion > /etc/bash_completion.d/argo-forensics"})
final class CompletionCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(Main.NAME, spec.root().commandLine()));
        out.flush();
    }
}
