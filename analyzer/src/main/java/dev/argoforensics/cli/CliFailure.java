package dev.argoforensics.cli;

/**
 * An expected failure of a command: printed as one line and a hint, exit status 2 (bad usage, an
 * input or output that cannot be used) or 3 (the command failed on the way, e.g. the disk filled up),
 * and a stack trace only with {@code --debug}.
 */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String hint;
    private final int exitCode;

    CliFailure(String message, String hint, Throwable cause, int exitCode) {
        super(message, cause);
        this.hint = hint;
        this.exitCode = exitCode;
    }

    CliFailure(String message, String hint, Throwable cause) {
        this(message, hint, cause, Main.EXIT_USAGE);
    }

    CliFailure(String message, String hint) {
        this(message, hint, null);
    }

    String hint() {
        return hint;
    }

    int exitCode() {
        return exitCode;
    }
}
