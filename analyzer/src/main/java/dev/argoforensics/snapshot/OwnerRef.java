package dev.argoforensics.snapshot;

/** An {@code ownerReferences} entry. */
public record OwnerRef(String kind, String name, String uid, boolean controller) {
}
