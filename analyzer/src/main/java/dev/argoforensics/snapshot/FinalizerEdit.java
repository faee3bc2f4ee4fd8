package dev.argoforensics.snapshot;

import java.util.List;

/** What a logged patch request body does to {@code metadata.finalizers}. */
public sealed interface FinalizerEdit {

    /** True if the Pod no longer carries the finalizer after this edit; false if it may. */
    boolean removes(String finalizer);

    /** A merge or strategic-merge patch that sets the whole list ({@code null} sets it empty). */
    record SetTo(List<String> finalizers) implements FinalizerEdit {
        public SetTo {
            finalizers = List.copyOf(finalizers);
        }

        @Override
        public boolean removes(String finalizer) {
            return !finalizers.contains(finalizer);
        }

        @Override
        public String toString() {
            return "set finalizers to " + finalizers;
        }
    }

    /** A strategic-merge patch with {@code $deleteFromPrimitiveList/finalizers}. */
    record Deleted(List<String> finalizers) implements FinalizerEdit {
        public Deleted {
            finalizers = List.copyOf(finalizers);
        }

        @Override
        public boolean removes(String finalizer) {
            return finalizers.contains(finalizer);
        }

        @Override
        public String toString() {
            return "deleted finalizers " + finalizers;
        }
    }

    /** A JSON patch touching {@code /metadata/finalizers}: which entry it removes needs the object's prior state. */
    record JsonPatch(List<String> operations) implements FinalizerEdit {
        public JsonPatch {
            operations = List.copyOf(operations);
        }

        @Override
        public boolean removes(String finalizer) {
            return false;
        }

        @Override
        public String toString() {
            return "JSON patch " + String.join(", ", operations);
        }
    }
}
