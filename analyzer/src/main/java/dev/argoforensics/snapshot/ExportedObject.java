package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;

/** An exported object the analyzer reads, decoded to what it uses, with the line where it starts. */
public sealed interface ExportedObject permits PodSnapshot, WorkflowSnapshot, TaskResultSnapshot, ClusterEvent, AuditRecord, NodeLogEntry,
        PodTable, UnreadExport {
    SourceRef source();
}
