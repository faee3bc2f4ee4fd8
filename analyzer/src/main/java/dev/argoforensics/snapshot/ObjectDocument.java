package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.source.SourceRef;

/**
 * One Kubernetes object read from a snapshot file, with the line where it starts.
 *
 * @param takenAt when the file says (or the command line says) it was taken; null if nobody said
 * @param trimmed where lines were left out of it ({@link Trimmed#NONE}: whole)
 */
public record ObjectDocument(SourceRef source, JsonNode node, ObservedAt takenAt, Trimmed trimmed) {

    public ObjectDocument {
        trimmed = trimmed == null ? Trimmed.NONE : trimmed;
    }

    public ObjectDocument(SourceRef source, JsonNode node, ObservedAt takenAt) {
        this(source, node, takenAt, Trimmed.NONE);
    }

    public ObjectDocument(SourceRef source, JsonNode node) {
        this(source, node, null);
    }

    public String kind() {
        return node.path("kind").asText("");
    }

    public String apiVersion() {
        return node.path("apiVersion").asText("");
    }
}
