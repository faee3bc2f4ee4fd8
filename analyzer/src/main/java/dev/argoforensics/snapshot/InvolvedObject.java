package dev.argoforensics.snapshot;

/**
 * The object a cluster event is about ({@code involvedObject} in core/v1, {@code regarding} in
 * events.k8s.io/v1).
 *
 * @param uid       "" when the event does not say
 * @param fieldPath the part of the object, for example {@code spec.containers{main}}; "" if none
 */
public record InvolvedObject(String kind, String namespace, String name, String uid, String fieldPath) {
}
