package dev.argoforensics.catalog;

import java.util.Map;

/** A real-shaped line the catalog promises to read, with the attributes it must yield. */
public record CatalogSample(String line, Map<String, String> expect) {
}
