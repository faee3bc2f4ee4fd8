package dev.argoforensics.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import dev.argoforensics.bench.GenerateCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code argo-forensics} command. */
@Command(name = "argo-forensics",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = "Offline forensic analyzer for Argo Workflows controller logs and exported objects.",
        subcommands = {AnalyzeCommand.class, FormatsCommand.class, TimelineCommand.class, GenerateCommand.class})
public final class Main implements Runnable {
    /** Exit code for a bad command line or unusable inputs. */
    static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, false, StandardCharsets.UTF_8);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs a command line with the given streams and returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
