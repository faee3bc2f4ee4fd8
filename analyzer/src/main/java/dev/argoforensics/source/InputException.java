package dev.argoforensics.source;

/** An input the user named cannot be used at all; the message says which and why. */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
        super(message);
    }
}
