package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * What one group's correlation and rules gave: the rule outcomes as bytes ({@code read.WireForm}), or why it failed; in the
 * rounds' flow, if the group was cut at {@code --group-lines}, its name and the cut's description (the accounting's row).
 */
record GroupOutcome(String cluster, int index, byte[] outcomes, String failure, String cutGroup, String cut) implements Serializable {
}
