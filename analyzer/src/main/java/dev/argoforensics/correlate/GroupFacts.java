package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.WorkflowRef;
import dev.argoforensics.snapshot.AuditRecord;
import dev.argoforensics.snapshot.ClusterEvent;
import dev.argoforensics.snapshot.NodeLogEntry;
import dev.argoforensics.snapshot.PodSnapshot;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.TaskResultSnapshot;
import dev.argoforensics.snapshot.UnreadExport;
import dev.argoforensics.snapshot.WorkflowSnapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One group's share of the {@link ClusterFacts}, as values: what {@link Correlator#correlate(GroupFacts)} reads, and
 * nothing it would have to derive from lines the group does not hold. A record of records, so it crosses machines as
 * bytes ({@code read.WireForm}); {@link ClusterFacts#slice} makes it.
 *
 * @param events            the group's lines, subject and context, in input order
 * @param podOfLine         per line, the Pod it is about when the group holds the Pod's name, else null
 * @param handlerOfLine     per line, the index of its paired {@code Removing finalizers during a delete} line, else -1
 * @param pods              the group's Pods with what the whole input says of each, in key order
 * @param workflowNames     the Workflow names the group holds; null: every name
 * @param workflowSnapshots the exports of the group's Workflows, earliest observation first
 * @param workflowAudit     the audit records of the group's Workflows (their deletions)
 * @param podTables         every {@code kubectl get pods} table (each Pod picks its rows)
 * @param cut               the group's lines left out by a bound (0: none), see {@code analysis.GroupedAnalysis}
 * @param unread            every object the exports held that could not be read ({@link GroupContext#unread})
 * @param copies            which runs are one run's lines given twice ({@link GroupContext#copies}, session 61)
 */
public record GroupFacts(List<LogEvent> events, List<PodKey> podOfLine, int[] handlerOfLine, Map<PodKey, PodFacts> pods,
                         Set<String> workflowNames, Map<WorkflowRef, List<WorkflowSnapshot>> workflowSnapshots, List<AuditRecord> workflowAudit,
                         List<PodTable> podTables, Set<EvidenceKind> available, List<ControllerProcess> processes, RunClocks clocks, long cut,
                         List<UnreadExport> unread, RunCopies copies) {

    public GroupFacts {
        copies = copies == null ? RunCopies.NONE : copies;
    }

    /**
     * One Pod of the group. Where its streams were read whole (the runs' records naming nothing, {@link StreamExtents}) is
     * read from {@code processes}, which travel whole with every group: small, one entry per run.
     */
    public record PodFacts(PodIdentity identity, List<PodSnapshot> snapshots, NodeLink link,
                           List<TaskResultSnapshot> taskResults, List<ClusterEvent> clusterEvents, List<AuditRecord> auditRecords,
                           List<NodeLogEntry> nodeLogs) {
    }

    public boolean holdsWorkflow(String name) {
        return workflowNames == null || workflowNames.contains(name);
    }

    /**
     * The group's facts from the input's context and the group's own share: the lines of both in input order, each
     * context line about a Pod the group holds given that Pod, each line's handler line where the group holds it. Equal,
     * value for value, to {@link ClusterFacts#slice} of the group (cut by the share's bound where it was cut).
     *
     * @throws IllegalStateException if an uncut group lacks a line's paired handler line
     */
    public static GroupFacts of(GroupContext context, GroupShare share) {
        int n = context.events().size() + share.events().size();
        List<LogEvent> events = new ArrayList<>(n);
        List<PodKey> podOfLine = new ArrayList<>(n);
        int[] places = new int[n];
        int[] handlerPlaces = new int[n];
        int c = 0;
        int s = 0;
        for (int i = 0; i < n; i++) {
            boolean fromContext = s == share.events().size()
                    || c < context.events().size() && context.places()[c] < share.places()[s];
            if (fromContext) {
                PodKey pod = context.podOfLine().get(c);
                pod = pod != null && share.holdsPod(pod.name()) ? pod : null;
                events.add(context.events().get(c));
                podOfLine.add(pod);
                places[i] = context.places()[c];
                handlerPlaces[i] = pod == null ? -1 : context.handlerOfLine()[c];
                c++;
            } else {
                events.add(share.events().get(s));
                podOfLine.add(share.podOfLine().get(s));
                places[i] = share.places()[s];
                handlerPlaces[i] = share.handlerOfLine()[s];
                s++;
            }
        }
        int[] handlerOfLine = new int[n];
        for (int i = 0; i < n; i++) {
            int at = handlerPlaces[i] < 0 ? -1 : Arrays.binarySearch(places, handlerPlaces[i]);
            if (handlerPlaces[i] >= 0 && at < 0 && share.cut() == 0) {
                throw new IllegalStateException("the group lacks the handler line paired with " + events.get(i).source());
            }
            handlerOfLine[i] = Math.max(-1, at);
        }
        return new GroupFacts(events, podOfLine, handlerOfLine, share.pods(), share.workflowNames(), share.workflowSnapshots(),
                share.workflowAudit(), context.podTables(), context.available(), context.processes(), context.clocks(), share.cut(), context.unread(),
                context.copies());
    }
}
