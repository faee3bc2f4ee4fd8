package dev.argoforensics.cli;

/**
 * An expected failure of a command: printed as one line and a hint, exit status 2, and a stack
 * trace only with {@code --debug}.
 */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String hint;

    CliFailure(String message, String hint, Throwable cause) {
        super(message, cause);
        this.hint = hint;
    }

    CliFailure(String message, String hint) {
        this(message, hint, null);
    }

    String hint() {
        return hint;
    }
}
