package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.source.SourceRef;

/** One Kubernetes object read from a snapshot file, with the line where it starts. */
public record ObjectDocument(SourceRef source, JsonNode node) {

    public String kind() {
        return node.path("kind").asText("");
    }

    public String apiVersion() {
        return node.path("apiVersion").asText("");
    }
}
