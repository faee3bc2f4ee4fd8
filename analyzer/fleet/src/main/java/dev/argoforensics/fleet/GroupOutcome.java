package dev.argoforensics.fleet;

import java.io.Serializable;

/** What one group's correlation and rules gave: the rule outcomes as bytes ({@code read.WireForm}), or why it failed. */
record GroupOutcome(String cluster, int index, byte[] outcomes, String failure) implements Serializable {
}
