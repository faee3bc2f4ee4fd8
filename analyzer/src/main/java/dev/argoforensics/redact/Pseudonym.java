package dev.argoforensics.redact;

/** One replaced identifier, as the {@code --redact-map} file lists it. */
public record Pseudonym(String pseudonym, IdentifierKind kind, String original) {
}
