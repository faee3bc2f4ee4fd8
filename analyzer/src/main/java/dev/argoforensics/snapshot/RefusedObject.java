package dev.argoforensics.snapshot;

/**
 * A decoder's refusal of an object it cannot read as its kind (an Event without a time, a time that
 * is not RFC 3339): the analysis names the object at its line and reads the others. Any other
 * exception out of a decoder is a fault of the analyzer, and is reported as one.
 */
public final class RefusedObject extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RefusedObject(String message) {
        super(message);
    }

    public RefusedObject(String message, Throwable cause) {
        super(message, cause);
    }
}
