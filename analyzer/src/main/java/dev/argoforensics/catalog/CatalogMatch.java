package dev.argoforensics.catalog;

import dev.argoforensics.event.Attributes;
import dev.argoforensics.event.ControllerEvent;

/** A record recognised by a catalog entry: the entry, the attributes it extracted and the event. */
public record CatalogMatch(CatalogEntry entry, Attributes attributes, ControllerEvent event) {
}
