package dev.argoforensics.cli;

import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code argo-forensics completion bash|zsh|fish}: a completion script made from the command model. */
@Command(name = "completion",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Prints a completion script for bash, zsh or fish to standard output.",
            "bash and zsh share picocli's script (zsh runs it through bashcompinit); fish gets its own, with the commands, "
                    + "their options and the values an option takes. The build writes the bash script to "
                    + "analyzer/target/argo-forensics_completion."},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {HelpText.DONE, "2:bad usage (a shell other than bash, zsh or fish)."},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  # bash or zsh, this shell only",
            "  source <(argo-forensics completion bash)",
            "  # bash, every shell",
            "  argo-forensics completion bash > /etc/bash_completion.d/argo-forensics",
            "  # zsh, every shell",
            "  echo 'source <(argo-forensics completion zsh)' >> ~/.zshrc",
            "  # fish",
            "  argo-forensics completion fish \\",
            "      > ~/.config/fish/completions/argo-forensics.fish"})
final class CompletionCommand implements Runnable {
    /** The shells a script is made for. */
    enum Shell {
        BASH, ZSH, FISH
    }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "SHELL", defaultValue = "bash",
            description = "bash (default), zsh or fish.")
    Shell shell;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(shell == Shell.FISH ? FishCompletion.script(Main.NAME, spec.root()) : AutoComplete.bash(Main.NAME, spec.root().commandLine()));
        out.flush();
    }
}
