package dev.argoforensics.catalog;

/** The message catalog resource is malformed: a build-time defect, reported with the entry at fault. */
public class CatalogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CatalogException(String message) {
        super(message);
    }

    public CatalogException(String message, Throwable cause) {
        super(message, cause);
    }
}
