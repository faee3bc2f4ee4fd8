package dev.argoforensics.cli;

/**
 * Pieces of help text every command shares (annotation values must be constants): the headings of the
 * examples and exit status sections, which the man pages turn into their EXAMPLES and EXIT STATUS.
 */
final class HelpText {
    static final String EXAMPLES = "%nExamples:%n";
    static final String EXIT_STATUS = "%nExit status:%n";
    static final String USAGE = "2:bad usage (an unknown option, a value that cannot be read, options that contradict each other), "
            + "an input that cannot be used, or nothing usable read: the error alone on standard error, no report.";
    static final String FAILED = "3:the command failed on the way: out of memory, a report that could not be written whole (a full disk), "
            + "or an internal error (run again with --debug for the stack trace).";
    static final String DONE = "0:done.";

    private HelpText() {
    }
}
