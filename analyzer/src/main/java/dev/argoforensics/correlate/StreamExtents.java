package dev.argoforensics.correlate;

import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each controller stream held beyond the lines kept for the Pods and Workflows of interest: the
 * records its run read in all ({@link ControllerProcess#events()}, kept or only counted) against the
 * kept ones. A stream is an excerpt for a Pod when every record in it names the Pod or its Workflow: a
 * grep for either (its lines only) drops every line that names neither, and with them the pod event
 * handler's {@code Removing finalizers during a delete}, which names no Pod. So a missing handler line
 * is evidence only in a stream that holds lines such a grep would have dropped. Derived once per
 * correlation; asked per Pod only for a scheduling line that has no handler line.
 */
final class StreamExtents {
    private final Map<Integer, List<LogEvent>> kept = new HashMap<>();
    private final Map<Integer, Long> counted = new HashMap<>();

    private StreamExtents() {
    }

    /**
     * @param kept      the kept records of every stream
     * @param processes the controller runs, {@link LogEvent#stream()} indexing them; a run not listed counts none beyond its kept lines
     */
    static StreamExtents of(List<LogEvent> kept, List<ControllerProcess> processes) {
        StreamExtents x = new StreamExtents();
        for (LogEvent e : kept) {
            x.kept.computeIfAbsent(e.stream(), k -> new ArrayList<>()).add(e);
        }
        x.kept.forEach((stream, lines) -> {
            long read = stream >= 0 && stream < processes.size() ? processes.get(stream).events() : 0;
            x.counted.put(stream, Math.max(0, read - lines.size()));
        });
        return x;
    }

    /**
     * The stream holds a record that names none of these names: one only counted (the reading keeps every
     * line that names something of interest, and a Pod with a release is of interest), or a kept one whose
     * text holds none of them (a line of another Pod or Workflow, a line of the controller's own).
     */
    boolean holdsOtherLines(int stream, List<String> names) {
        if (counted.getOrDefault(stream, 0L) > 0) {
            return true;
        }
        for (LogEvent e : kept.getOrDefault(stream, List.of())) {
            if (names.stream().noneMatch(n -> !n.isEmpty() && e.text().contains(n))) {
                return true;
            }
        }
        return false;
    }
}
