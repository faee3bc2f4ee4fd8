package dev.argoforensics.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The controller's own messages that name no Pod, no Workflow and no namespace in any release: the
 * catalog's {@code nameless} section. A grep for names drops every such record, so a controller run
 * that holds them around a moment was read whole there, not as an excerpt grepped for names. A
 * message that may name something ({@code Waited for K8S request} and its URL, a leader line and the
 * controller Pod's name) is not listed: it is no evidence either way. Decided from what the quick
 * head read gives (the catalog entry, or the message), at one hash lookup for a line the catalog
 * does not know and none for one it does.
 */
public final class NamelessMessages {
    static final NamelessMessages NONE = new NamelessMessages(Set.of(), Set.of(), List.of());

    private final Set<String> entries;
    private final Set<String> messages;
    private final List<String> prefixes;

    private NamelessMessages(Set<String> entries, Set<String> messages, List<String> prefixes) {
        this.entries = Set.copyOf(entries);
        this.messages = Set.copyOf(messages);
        this.prefixes = List.copyOf(prefixes);
    }

    /** @param known the catalog's entry ids, each listed entry must be one of them */
    static NamelessMessages read(JsonNode n, Set<String> known) {
        if (n.isMissingNode()) {
            return NONE;
        }
        Set<String> entries = new HashSet<>();
        for (JsonNode id : n.path("entries")) {
            if (!known.contains(id.asText())) {
                throw new CatalogException("nameless: entries: no catalog entry " + id.asText());
            }
            entries.add(id.asText());
        }
        Set<String> messages = new HashSet<>();
        n.path("messages").forEach(m -> messages.add(m.asText()));
        List<String> prefixes = new ArrayList<>();
        for (JsonNode p : n.path("prefixes")) {
            if (p.asText().isEmpty()) {
                throw new CatalogException("nameless: prefixes: an empty prefix would take every message");
            }
            prefixes.add(p.asText());
        }
        return new NamelessMessages(entries, messages, prefixes);
    }

    /**
     * Whether a record of this entry (null: a message the catalog does not know) and message names no Pod,
     * Workflow or namespace.
     */
    public boolean namesNothing(CatalogEntry entry, String message) {
        if (entry != null) {
            return entries.contains(entry.id());
        }
        if (message == null) {
            return false;
        }
        if (messages.contains(message)) {
            return true;
        }
        for (String p : prefixes) {
            if (message.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** As {@link #namesNothing(CatalogEntry, String)} for a kept record: its entry's id, or null and its message. */
    public boolean namesNothing(String catalogId, String message) {
        return catalogId != null ? entries.contains(catalogId) : namesNothing((CatalogEntry) null, message);
    }
}
