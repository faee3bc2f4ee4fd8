package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.snapshot.PodTable;
import dev.argoforensics.snapshot.UnreadExport;
import java.util.List;
import java.util.Set;

/**
 * What every group of one input holds alike ({@link ClusterFacts#context}): the context lines ({@link Grouping}: starts,
 * worker numbers, leader election, the lines the bindings call context, lines naming nothing), each with its place among
 * the input's lines, and the values every group's share carries whole. Made once per input and sent once to wherever
 * its groups run; {@link GroupFacts#of} joins it with a group's own {@link GroupShare}.
 *
 * @param events        the context lines, in input order
 * @param places        per line, its index in {@link ClusterFacts#events()}
 * @param podOfLine     per line, the Pod it is about (whichever group holds the Pod's name), else null
 * @param handlerOfLine per line, the place of its paired {@code Removing finalizers during a delete} line, else -1
 * @param podTables     every {@code kubectl get pods} table (each Pod picks its rows)
 * @param unread        every object the exports held that could not be read (few; each finding picks those naming its Pod or Workflow)
 * @param copies        which runs are one run's lines given twice ({@link RunCopies}, session 61): derived once from the whole input
 */
public record GroupContext(List<LogEvent> events, int[] places, List<PodKey> podOfLine, int[] handlerOfLine, List<PodTable> podTables,
                           Set<EvidenceKind> available, List<ControllerProcess> processes, RunClocks clocks, List<UnreadExport> unread,
                           RunCopies copies) {
    public GroupContext {
        copies = copies == null ? RunCopies.NONE : copies;
    }
}
