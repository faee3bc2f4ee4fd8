package dev.argoforensics.analysis;

import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderChange;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Places every record in a controller stream: one run of one replica. A rotated set is read oldest
 * piece first as one stream; within it, lines are split by the replica a collector names (stern,
 * a log store's pod field) and a new run starts at {@code Starting Workflow Controller}. The
 * replica's name comes from the collector, the CRI log path, or the leader-election identity the
 * controller logged; otherwise the file's name stands for it. Ordinals follow the input: set by set,
 * file by file, line by line; the order within a stream is the order it was written in.
 */
final class ControllerStreams {
    /** {@code …/pods/<namespace>_<pod>_<uid>/<container>/0.log} and {@code …/containers/<pod>_<namespace>_<container>-<id>.log}. */
    private static final Pattern POD_DIR = Pattern.compile("(?:^|/)pods/[^/_]+_([^/_]+)_[^/]+/[^/]+/[^/]+$");
    private static final Pattern CONTAINER_LINK = Pattern.compile("(?:^|/)containers/([^/_]+)_[^/_]+_[^/]+\\.log(?:\\.[^/]*)?$");

    /** The result: events in ordinal order, the streams, and notes for files. */
    record Result(List<LogEvent> events, List<ControllerProcess> processes, Map<String, List<String>> notesByPath) {
    }

    static Result assign(List<RotatedSet> sets, Map<InputFile, FileRead> reads) {
        List<LogEvent> events = new ArrayList<>();
        List<Stream> streams = new ArrayList<>();
        long ordinal = 0;
        for (RotatedSet set : sets) {
            Map<String, Stream> current = new LinkedHashMap<>();
            Map<String, Integer> incarnations = new HashMap<>();
            for (InputFile file : set.oldestFirst()) {
                FileRead read = reads.get(file);
                if (read == null) {
                    continue;
                }
                String podFromPath = podFromPath(file.displayPath());
                for (ReadRecord r : read.records()) {
                    String origin = r.line().origin() != null ? r.line().origin() : podFromPath;
                    ReplicaSource from = r.line().origin() != null ? ReplicaSource.COLLECTOR
                            : podFromPath != null ? ReplicaSource.CRI_PATH : ReplicaSource.FILE;
                    String key = origin != null ? origin : fileName(set.name());
                    Stream s = current.get(key);
                    if (s == null || (r.event() instanceof ControllerStarted && s.count > 0)) {
                        s = new Stream(streams.size(), key, from, incarnations.merge(key, 1, Integer::sum));
                        current.put(key, s);
                        streams.add(s);
                    }
                    LogEvent e = new LogEvent(file.at(r.line().firstLine()), r.line().lastLine(), r.time(), r.line().envelopeTime(),
                            r.line().envelope(), r.format(), r.level(), r.catalogId(), r.event(), r.text(), s.id, ordinal++);
                    s.add(e, r, file);
                    events.add(e);
                }
            }
        }
        Map<String, List<String>> notes = new HashMap<>();
        List<ControllerProcess> processes = new ArrayList<>();
        for (Stream s : streams) {
            processes.add(s.process());
            s.outOfOrderNotes(notes);
        }
        return new Result(events, processes, notes);
    }

    /** The Pod a node's CRI log path names, or null. */
    static String podFromPath(String path) {
        Matcher m = POD_DIR.matcher(path);
        if (m.find()) {
            return m.group(1);
        }
        m = CONTAINER_LINK.matcher(path);
        return m.find() ? m.group(1) : null;
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** A stream being assembled. */
    private static final class Stream {
        final int id;
        final String key;
        final ReplicaSource from;
        final int incarnation;
        final Set<String> files = new LinkedHashSet<>();
        final List<LogEvent> events = new ArrayList<>();
        ReleaseEvidence releases = ReleaseEvidence.NONE;
        String leaderIdentity;
        Leadership leadership = Leadership.UNKNOWN;
        long count;

        Stream(int id, String key, ReplicaSource from, int incarnation) {
            this.id = id;
            this.key = key;
            this.from = from;
            this.incarnation = incarnation;
        }

        void add(LogEvent e, ReadRecord r, InputFile file) {
            count++;
            files.add(file.displayPath());
            events.add(e);
            releases = releases.and(r.releases());
            ControllerEvent ev = r.event();
            if (ev instanceof LeaderElection le) {
                leadership(le);
            }
        }

        private void leadership(LeaderElection le) {
            switch (le.change()) {
                case DISABLED -> leadership = Leadership.SINGLE_INSTANCE;
                case STARTED_LEADING -> {
                    if (!"single-instance".equals(le.identity())) {
                        leadership = Leadership.LEADER;
                        if (le.identity() != null) {
                            leaderIdentity = le.identity();
                        }
                    }
                }
                case ACQUIRING, NEW_LEADER -> {
                    if (leadership == Leadership.UNKNOWN) {
                        leadership = Leadership.STANDBY;
                    }
                }
                case STOPPED_LEADING -> {
                    if (le.identity() != null && !"single-instance".equals(le.identity())) {
                        leaderIdentity = le.identity();
                    }
                }
                default -> throw new IllegalStateException(le.change().name());
            }
        }

        ControllerProcess process() {
            boolean renamed = from == ReplicaSource.FILE && leaderIdentity != null;
            Timestamp first = events.isEmpty() ? null : events.get(0).time();
            Timestamp last = events.isEmpty() ? null : events.get(events.size() - 1).time();
            return new ControllerProcess(id, renamed ? leaderIdentity : key, renamed ? ReplicaSource.LEADER_ELECTION : from, incarnation,
                    releases.describe(), leadership, List.copyOf(files), first, last, count);
        }

        /** Lines are never reordered; stretches that go back in time are pointed out, with their first place. */
        void outOfOrderNotes(Map<String, List<String>> notes) {
            int backwards = 0;
            LogEvent firstBack = null;
            for (int i = 1; i < events.size(); i++) {
                if (events.get(i).time().isBefore(events.get(i - 1).time())) {
                    backwards++;
                    if (firstBack == null) {
                        firstBack = events.get(i);
                    }
                }
            }
            if (firstBack != null) {
                notes.computeIfAbsent(firstBack.source().file(), k -> new ArrayList<>()).add(backwards
                        + " line(s) earlier than the line before them in the same stream (first at " + firstBack.source()
                        + "); kept in file order");
            }
        }
    }
}
