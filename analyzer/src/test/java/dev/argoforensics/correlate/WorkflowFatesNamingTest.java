package dev.argoforensics.correlate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.event.WorkflowRef;
import java.util.Iterator;
import java.util.Set;
import java.util.Spliterator;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A pasted Pod row named as Argo names a Workflow's Pods ({@code <workflow>-<hash>}, {@code <workflow>-<template>-<hash>}) goes
 * to the Workflow with the longest name of the paste that its name starts with, in the same namespace (session 32). The other
 * Workflows are looked up by the Pod's dashes, not walked per row (#17: a walk made rows × Workflows).
 */
class WorkflowFatesNamingTest {
    /** The Workflows of a paste, as a set that answers look-ups and refuses to be walked. */
    private static Set<WorkflowRef> lookUpOnly(WorkflowRef... refs) {
        TreeSet<WorkflowRef> set = new TreeSet<>(Set.of(refs));
        return new java.util.AbstractSet<>() {
            @Override
            public boolean contains(Object o) {
                return set.contains(o);
            }

            @Override
            public int size() {
                return set.size();
            }

            @Override
            public Iterator<WorkflowRef> iterator() {
                throw new AssertionError("the Workflows walked for one Pod row");
            }

            @Override
            public Spliterator<WorkflowRef> spliterator() {
                throw new AssertionError("the Workflows walked for one Pod row");
            }

            @Override
            public Stream<WorkflowRef> stream() {
                throw new AssertionError("the Workflows walked for one Pod row");
            }
        };
    }

    private static final WorkflowRef BUILD = new WorkflowRef("ci", "build");
    private static final WorkflowRef BUILD_X = new WorkflowRef("ci", "build-x");

    @Test
    void aPodOfTheWorkflowsShapeIsItsWhenNoLongerNameOfThePasteMatches() {
        Set<WorkflowRef> all = lookUpOnly(BUILD, new WorkflowRef("ci", "deploy"));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD, "build-1234567890", all));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD, "build-main-1234567890", all));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD, "build-x-main-42", all), "no Workflow build-x in this paste");
    }

    @Test
    void aLongerNameOfTheSameNamespaceTakesThePod() {
        Set<WorkflowRef> all = lookUpOnly(BUILD, BUILD_X);
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "build-x-1234", all));
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "build-x-main-1234", all));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD_X, "build-x-main-1234", all));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD, "build-xy-1234", all), "build-x is a prefix of build-xy, not at a dash");
    }

    @Test
    void aLongerNameInAnotherNamespaceDoesNotTakeThePod() {
        Set<WorkflowRef> all = lookUpOnly(BUILD, new WorkflowRef("prod", "build-x"));
        assertTrue(WorkflowFates.namedAsItsPod(BUILD, "build-x-1234", all));
    }

    @Test
    void aNameNotOfArgosShapeIsNotTheWorkflowsPod() {
        Set<WorkflowRef> all = lookUpOnly(BUILD);
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "build", all));
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "builder-1234", all));
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "build-main", all));
        assertFalse(WorkflowFates.namedAsItsPod(BUILD, "build-main-12345678901", all), "more than ten digits");
    }
}
