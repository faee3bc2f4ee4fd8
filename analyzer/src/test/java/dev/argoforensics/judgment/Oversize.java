package dev.argoforensics.judgment;

import dev.argoforensics.judgment.K8s.Workflow;

/**
 * The sizes of B7 (node-status compression and the request limits) for the AF013 scenarios: a Workflow's JSON as
 * {@code Workflow to be dehydrated} logs it, {@code MAX_WORKFLOW_SIZE} and etcd's request limit.
 */
final class Oversize {
    /** The controller's default {@code MAX_WORKFLOW_SIZE} (workflow/packer). */
    static final long DEFAULT_MAX_WORKFLOW_SIZE = 1_048_576L;
    /** etcd's default {@code --max-request-bytes} (1.5 MiB): a larger update is refused with {@code request is too large}. */
    static final long ETCD_MAX_REQUEST_BYTES = 1_572_864L;

    private Oversize() {
    }

    /** The Workflow's JSON length: {@code base} (metadata, spec, nodes) plus what its status has grown by while it ran. */
    static long size(Workflow wf, long now, long base) {
        Long started = wf.status.startedAt;
        if (wf.spec.statusGrowthPerSecond <= 0 || started == null) {
            return base;
        }
        long seconds = Math.max(0, now / Go.SECOND - started);
        return base + wf.spec.statusGrowthPerSecond * seconds;
    }
}
