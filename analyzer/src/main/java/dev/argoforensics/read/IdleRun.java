package dev.argoforensics.read;

import java.util.HashSet;
import java.util.Set;

/**
 * Pass 1b's state at a point of a controller's log (session 50): whether the run in force there has no Workflow workers (its last
 * {@code Current Worker Numbers} stating a count said {@code workflowWorkers=0}, and no start banner came since), and the Workflows
 * processed in it since that line. Carried in file order from chunk to chunk of a file (each chunk's scan says what state it leaves,
 * {@link ScanResult#idleAtEnd}, across machines too) and from piece to piece of a rotated set, oldest first.
 */
final class IdleRun {
    private boolean idle;
    private final Set<String> processed = new HashSet<>();

    /** The run goes on without Workflow workers ({@code idle}) or with them from here; nothing processed in it yet. */
    void enter(boolean idle) {
        this.idle = idle;
        processed.clear();
    }

    boolean idle() {
        return idle;
    }

    /** A {@code Processing workflow} of the Workflow in the run without workers. */
    void processed(String workflow) {
        processed.add(workflow);
    }

    /**
     * Whether a Workflow the Pod may belong to was processed in the run since its worker numbers: the Pod's own name (a Pod named
     * as its Workflow) or one of its '-' prefixes (a v2 Pod name is {@code <workflow>-<template>-<hash>}).
     */
    boolean processedFor(String pod) {
        if (processed.isEmpty()) {
            return false;
        }
        if (processed.contains(pod)) {
            return true;
        }
        for (int i = pod.indexOf('-'); i > 0; i = pod.indexOf('-', i + 1)) {
            if (processed.contains(pod.substring(0, i))) {
                return true;
            }
        }
        return false;
    }
}
