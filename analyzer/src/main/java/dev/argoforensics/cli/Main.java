package dev.argoforensics.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code argo-forensics} command. */
@Command(name = "argo-forensics",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = "Offline forensic analyzer for Argo Workflows controller logs and exported objects.",
        subcommands = {AnalyzeCommand.class})
public final class Main implements Runnable {
    /** Exit code for a bad command line or unusable inputs. */
    static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (for tests and the launcher). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
