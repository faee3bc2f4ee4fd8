package dev.argoforensics.cli;

import dev.argoforensics.catalog.MessageCatalog;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.UnmatchedArgumentException;

/** The {@code argo-forensics} command. */
@Command(name = "argo-forensics",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        exitCodeOnInvalidInput = Main.EXIT_USAGE,
        exitCodeOnExecutionException = Main.EXIT_USAGE,
        description = {"Offline forensic analyzer for Argo Workflows controller logs and exported objects.",
            "Nothing leaves your machine: no network access, no cluster access."},
        subcommands = {AnalyzeCommand.class, RulesCommand.class, FormatsCommand.class, TimelineCommand.class, LsCommand.class, IndexCommand.class,
            SearchCommand.class, CompletionCommand.class, VersionCommand.class, CollectCommand.class},
        exitCodeListHeading = HelpText.EXIT_STATUS,
        exitCodeList = {"0:done; for analyze: no reported finding at or above --fail-on.",
            "1:analyze: at least one finding at or above --fail-on; search: no hit.", HelpText.USAGE, HelpText.FAILED},
        footerHeading = HelpText.EXAMPLES,
        footer = {"  # Analyze a folder of logs and one of exports; the text report on stdout",
            "  argo-forensics analyze logs/ snapshots/",
            "  # One self-contained HTML page (the format from --out's extension)",
            "  argo-forensics analyze logs/ snapshots/ --out report.html",
            "  # One Pod's timeline from every source",
            "  argo-forensics timeline --pod my-pod logs/ snapshots/",
            "  # The rules, how each file was read, the version",
            "  argo-forensics rules",
            "  argo-forensics formats logs/",
            "  argo-forensics version -o json",
            "  # Completion for this shell (bash or zsh; fish: completion fish)",
            "  source <(argo-forensics completion bash)"})
public final class Main implements Runnable {
    /** Exit code for a bad command line or unusable inputs. */
    static final int EXIT_USAGE = 2;
    /** Exit code for a command that failed on the way: out of memory, a report not written whole, an internal error. Never 0 or 1, which speak of findings. */
    static final int EXIT_FAILED = 3;
    static final String NAME = "argo-forensics";

    private final Terminal terminal;
    /** What the input {@code -} reads: the process's standard input, or what a caller of {@link #run(InputStream, PrintWriter, PrintWriter, String...)} gives. */
    private InputStream stdin = System.in;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "On an error, print the stack trace too.")
    boolean debug;

    Main(Terminal terminal) {
        this.terminal = terminal;
    }

    /** For picocli's generators (completion script, man page), which build the command tree themselves. */
    public Main() {
        this(Terminal.NONE);
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, false, StandardCharsets.UTF_8);
        // A thread of our own that dies (the catalog's preload) prints no stack trace; the command fails with status 3.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> stray = e);
        int code;
        try {
            // Reading the catalog (YAML) takes ~0.2 s of a cold JVM: overlap it with parsing the command line.
            MessageCatalog.preload();
            // Java 23+'s serial collector lets the old generation grow to the heap's maximum: keep it near what is live.
            HeapGovernor.installIfNeeded();
            code = run(out, err, Terminal.detect(System.getenv()), args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(err);
        }
        if (stray != null && code != EXIT_FAILED) {
            code = aborted(err, stray instanceof OutOfMemoryError ? null : stray, false);
        }
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** What a thread other than the command's died of, or null. */
    private static volatile Throwable stray;

    /**
     * Running out of memory, anywhere: one line saying so, and what to do, never a stack trace,
     * never a status that speaks of findings.
     */
    static int outOfMemory(PrintWriter err) {
        long heapMiB = Runtime.getRuntime().maxMemory() / (1024 * 1024);
        long moreGiB = Math.max(4, (2 * heapMiB + 1023) / 1024); // twice what it had, in whole GiB, at least 4
        err.println(NAME + ": out of memory (the Java heap is " + heapMiB + " MiB); "
                + (OutputOptions.stdoutBegun() ? "the report on standard output is cut short" : "nothing was reported"));
        err.println("hint: give it more with ARGO_FORENSICS_JAVA_OPTS=-Xmx" + moreGiB + "g, keep fewer timelines with --timelines none, "
                + "or narrow the analysis with --since, --workflow or --namespace");
        err.flush();
        return EXIT_FAILED;
    }

    /**
     * Any other error (a StackOverflowError, a bug): one line and a hint, the stack trace only with --debug,
     * status 3. {@code e} null: out of memory.
     */
    static int aborted(PrintWriter err, Throwable e, boolean debug) {
        if (e == null || e instanceof OutOfMemoryError) {
            return outOfMemory(err);
        }
        String cut = OutputOptions.stdoutBegun() ? "; the report on standard output is cut short" : "";
        if (e instanceof StackOverflowError) {
            err.println(NAME + ": the analysis nested too deeply and ran out of stack (StackOverflowError)" + cut);
            err.println("hint: give it more with ARGO_FORENSICS_JAVA_OPTS=-Xss64m, narrow it with --since or --workflow, and report it "
                    + "with the command line you used");
        } else {
            err.println(NAME + ": internal error: " + e + cut);
            err.println("hint: run again with --debug for the stack trace, and report it with the command line you used");
        }
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return EXIT_FAILED;
    }

    /** Runs a command line with the given streams, as on a pipe, and returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return run(out, err, Terminal.NONE, args);
    }

    /** As {@link #run(PrintWriter, PrintWriter, String...)}, with {@code in} as standard input (what {@code -} reads). */
    public static int run(InputStream in, PrintWriter out, PrintWriter err, String... args) {
        return run(in, out, err, Terminal.NONE, args);
    }

    static int run(PrintWriter out, PrintWriter err, Terminal terminal, String... args) {
        return run(System.in, out, err, terminal, args);
    }

    private static int run(InputStream in, PrintWriter out, PrintWriter err, Terminal terminal, String... args) {
        CommandLine cl = commandLine(terminal);
        ((Main) cl.getCommand()).stdin = in;
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(Main::badUsage);
        cl.setExecutionExceptionHandler(Main::failed);
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(err);
        } catch (Error e) { // picocli hands on errors (StackOverflowError, …) as they are: said here in one line, status 3
            return aborted(err, e, debugRequested(cl.getParseResult()));
        }
    }

    /** The command tree, as the launcher, the completion script and the man page see it. */
    static CommandLine commandLine(Terminal terminal) {
        CommandLine cl = new CommandLine(new Main(terminal));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setUsageHelpAutoWidth(true); // help at the terminal's width (80 columns on a pipe)
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(terminal.colour() ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
        return cl;
    }

    Terminal terminal() {
        return terminal;
    }

    InputStream stdin() {
        return stdin;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command line picocli cannot read: one line saying why, one hint. */
    private static int badUsage(ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(NAME + ": " + e.getMessage().strip().replace('\n', ' '));
        String hint = "see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for the options and examples";
        if (e instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            hint = "did you mean " + String.join(" or ", u.getSuggestions()) + "? " + hint;
        }
        err.println("hint: " + hint);
        err.flush();
        return EXIT_USAGE;
    }

    /** A command that failed: one line and a hint; the stack trace only with --debug. */
    private static int failed(Exception e, CommandLine cl, ParseResult parsed) {
        PrintWriter err = cl.getErr();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof VirtualMachineError || t instanceof StackOverflowError) {
                return aborted(err, t, debugRequested(parsed)); // thrown in a worker thread, it arrives wrapped
            }
        }
        if (!(e instanceof CliFailure f)) {
            return aborted(err, e, debugRequested(parsed));
        }
        err.println(NAME + ": " + f.getMessage());
        err.println("hint: " + f.hint());
        if (debugRequested(parsed)) {
            e.printStackTrace(err);
        }
        err.flush();
        return f.exitCode();
    }

    private static boolean debugRequested(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
