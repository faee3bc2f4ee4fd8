package dev.argoforensics.rules;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rule's table of what it derives from one Workflow (a function of the Workflow's history alone, such as its task-result
 * lines), holding only the Workflows asked for last. The rules look at the Pods in name order, a Workflow's Pods together, and
 * at the Workflows in name order: a Workflow's derivation is asked for again and again, then no more (or once more, in its own
 * turn). A table of every Workflow for the whole evaluation was the largest thing alive in the rules where every Workflow is of
 * interest ({@code --timelines all} on a busy log: AF006's task-result lines of 66,431 Workflows, ~55 MB at once; AF002's of
 * 26,411; docs/performance.md, sessions 49 and 51). One let go is derived again when asked for: the same value, so what a rule
 * finds does not depend on what the table holds, only its CPU does.
 */
final class Recent<K, V> extends LinkedHashMap<K, V> {
    /** Workflows held: far more than interleave in the Pods' name order (a Workflow named as a prefix of another's Pods). */
    static final int HELD = 64;

    private final int held;

    Recent() {
        this(HELD);
    }

    /** Holding {@code held} Workflows (tests: 1, every other Workflow derived again; or all of them, as before). */
    Recent(int held) {
        super(2 * Math.min(held, HELD), 0.75f, true);
        this.held = held;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > held;
    }
}
