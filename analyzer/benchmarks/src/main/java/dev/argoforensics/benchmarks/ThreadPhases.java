package dev.argoforensics.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where an {@code analyze} run's time goes by thread and by reading phase, from an async-profiler recording in JFR form
 * (docs/performance.md, session 30). Which thread is busy in which phase answers what two reading threads wait on: a
 * phase whose CPU is mostly one thread's is serial; a run whose CPU is twice its wall on two cores has no core to give.
 *
 * <pre>java -cp analyzer/benchmarks/target/benchmarks.jar dev.argoforensics.benchmarks.ThreadPhases FILE.jfr INTERVAL_MS</pre>
 *
 * A CPU recording ({@code -agentpath:libasyncProfiler.so=start,event=cpu,interval=1ms,threads,jfr,file=FILE.jfr}): each
 * sample is {@code INTERVAL_MS} of CPU. The phases are found from the samples themselves, so no clock has to be
 * matched with the run's: pass 1 from the first to the last sample in {@code LineFrontEnd.scan}, pass 2 from there to the
 * last sample in {@code LineFrontEnd.read} or the assembler, start-up before, correlation, rules and report after.
 *
 * <p>A wall-clock recording ({@code event=wall,interval=5ms}): each sample is a thread seen, running or not, and the
 * table says what the main thread and the reading threads were doing (working, waiting for a chunk, for pass 1, for
 * the workers, idle).
 */
public final class ThreadPhases {
    private static final String[] PHASES = {"start-up", "pass 1", "pass 2", "after reading"};
    private static final String[] GROUPS = {"main", "reader", "worker", "C2", "C1", "GC/VM", "other"};

    private record Sample(long nanos, String thread, boolean sleeping, long weight, List<String> frames) {
        boolean in(String frame) {
            for (String f : frames) {
                if (f.contains(frame)) {
                    return true;
                }
            }
            return false;
        }
    }

    private ThreadPhases() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ThreadPhases FILE.jfr INTERVAL_MS");
            System.exit(2);
        }
        double interval = Double.parseDouble(args[1]) / 1000.0;
        List<Sample> cpu = new ArrayList<>();
        List<Sample> wall = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(Path.of(args[0]))) {
            String type = e.getEventType().getName();
            boolean isWall = type.equals("profiler.WallClockSample");
            if (!isWall && !type.equals("jdk.ExecutionSample")) {
                continue;
            }
            List<String> frames = new ArrayList<>();
            if (e.getStackTrace() != null) {
                for (RecordedFrame f : e.getStackTrace().getFrames()) {
                    RecordedMethod m = f.getMethod();
                    frames.add(m == null ? "?" : m.getType().getName() + "." + m.getName());
                }
            }
            RecordedThread t = e.getThread("sampledThread");
            String name = t == null ? "?" : t.getJavaName() != null ? t.getJavaName() : t.getOSName();
            boolean sleeping = isWall && "STATE_SLEEPING".equals(e.getString("state"));
            long weight = isWall && e.hasField("samples") ? e.getLong("samples") : 1;
            (isWall ? wall : cpu).add(new Sample(e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano(),
                    name, sleeping, weight, frames));
        }
        if (!cpu.isEmpty()) {
            cpuTable(cpu, interval);
        }
        if (!wall.isEmpty()) {
            wallTable(wall, interval);
        }
    }

    /** Thread name prefixes and their group, the first that applies ("main" and a name holding "GC" aside). */
    private static final String[][] THREAD_GROUPS = {
        {"C2 Compiler", "C2"}, {"C1 Compiler", "C1"}, {"VM Thread", "GC/VM"}, {"argo-forensics-reader", "reader"},
        {"argo-forensics-worker", "worker"},
    };

    /** What a reading thread's sample is in: the first frame of these it holds. */
    private static final String[][] READER_DOING = {
        {"ThreadPoolExecutor.getTask", "idle (no chunk to read)"}, {"PlannedFile.sha256", "SHA-256"},
        {"LineFrontEnd.scan", "pass 1"}, {"LineFrontEnd.read", "pass 2"},
    };

    private static String group(String thread) {
        if (thread.equals("main")) {
            return "main";
        }
        for (String[] g : THREAD_GROUPS) {
            if (thread.startsWith(g[0])) {
                return g[1];
            }
        }
        return thread.contains("GC") ? "GC/VM" : "other";
    }

    /** The phases' bounds in sample time: start, pass 1's first sample, pass 2's first, pass 2's last, end (exclusive). */
    private static long[] bounds(List<Sample> samples) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long scanFirst = Long.MAX_VALUE;
        long scanLast = Long.MIN_VALUE;
        long readLast = Long.MIN_VALUE;
        for (Sample s : samples) {
            first = Math.min(first, s.nanos());
            last = Math.max(last, s.nanos());
            if (s.sleeping()) {
                continue;
            }
            if (s.in("LineFrontEnd.scan")) {
                scanFirst = Math.min(scanFirst, s.nanos());
                scanLast = Math.max(scanLast, s.nanos());
            }
            if (s.in("LineFrontEnd.read") || s.in("FileAssembler")) {
                readLast = Math.max(readLast, s.nanos());
            }
        }
        if (scanFirst == Long.MAX_VALUE || readLast == Long.MIN_VALUE) {
            throw new IllegalArgumentException("no sample in pass 1 or pass 2: not an analyze run of a log, or too few samples");
        }
        return new long[] {first, scanFirst, scanLast, readLast, last + 1};
    }

    private static int phase(long[] b, long nanos) {
        for (int i = PHASES.length - 1; i >= 0; i--) {
            if (nanos >= b[i]) {
                return i;
            }
        }
        return 0;
    }

    private static void cpuTable(List<Sample> samples, double interval) {
        long[] b = bounds(samples);
        double[][] cells = new double[PHASES.length + 1][GROUPS.length];
        for (Sample s : samples) {
            int g = List.of(GROUPS).indexOf(group(s.thread()));
            cells[phase(b, s.nanos())][g] += s.weight() * interval;
            cells[PHASES.length][g] += s.weight() * interval;
        }
        System.out.println("CPU seconds by phase and thread (" + samples.size() + " samples)");
        System.out.println();
        header("| phase | wall (s) |", "|---|---:|", GROUPS);
        for (int p = 0; p <= PHASES.length; p++) {
            double wall = p < PHASES.length ? (b[p + 1] - b[p]) / 1e9 : (b[PHASES.length] - b[0]) / 1e9;
            StringBuilder row = new StringBuilder("| " + (p < PHASES.length ? PHASES[p] : "**all**") + " | " + fmt(wall) + " |");
            double all = 0;
            for (int g = 0; g < GROUPS.length; g++) {
                row.append(' ').append(fmt(cells[p][g])).append(" |");
                all += cells[p][g];
            }
            System.out.println(row.append(' ').append(fmt(all)).append(" |"));
        }
    }

    private static String doing(Sample s) {
        String g = group(s.thread());
        if (g.equals("main")) {
            if (s.sleeping() && s.in("ReadAhead.take")) {
                return "main: waits for the next chunk of pass 2";
            } else if (s.sleeping() && s.in("LogReader.passOne")) {
                return "main: waits for pass 1";
            } else if (s.sleeping() && s.in("Workers.map")) {
                return "main: waits for the workers";
            } else if (s.in("PlannedFile.assemble") || s.in("FileAssembler")) {
                return "main: assembles";
            }
            return s.sleeping() ? "main: waits, other" : "main: runs, other";
        } else if (g.equals("reader")) {
            for (String[] d : READER_DOING) {
                if (s.in(d[0])) {
                    return "reader: " + d[1];
                }
            }
            return "reader: other";
        } else if (g.equals("worker")) {
            return s.in("ThreadPoolExecutor.getTask") ? "worker: idle" : "worker: works";
        }
        return null;
    }

    private static void wallTable(List<Sample> samples, double interval) {
        long[] b = bounds(samples);
        Map<String, double[]> rows = new TreeMap<>();
        for (Sample s : samples) {
            String what = doing(s);
            if (what != null) {
                double[] row = rows.computeIfAbsent(what, k -> new double[PHASES.length + 1]);
                // An idle thread's samples come as one event of many, from its start time on: each to the phase of its own tick.
                for (long k = 0; k < s.weight(); k++) {
                    row[phase(b, s.nanos() + (long) (k * interval * 1e9))] += interval;
                }
                row[PHASES.length] += s.weight() * interval;
            }
        }
        System.out.println("Thread seconds by what the thread was doing, wall clock (" + samples.size() + " samples)");
        StringBuilder walls = new StringBuilder("phases' wall (s):");
        for (int p = 0; p < PHASES.length; p++) {
            walls.append(' ').append(PHASES[p]).append(' ').append(fmt((b[p + 1] - b[p]) / 1e9)).append(p + 1 < PHASES.length ? "," : "");
        }
        System.out.println(walls);
        System.out.println();
        header("| thread: doing |", "|---|", PHASES);
        rows.forEach((what, row) -> {
            StringBuilder line = new StringBuilder("| " + what + " |");
            for (double v : row) {
                line.append(' ').append(fmt(v)).append(" |");
            }
            System.out.println(line);
        });
    }

    /** A Markdown table's head: the first columns given, one numeric column per name, then "all". */
    private static void header(String first, String firstRule, String[] columns) {
        StringBuilder head = new StringBuilder(first);
        StringBuilder rule = new StringBuilder(firstRule);
        for (String c : columns) {
            head.append(' ').append(c).append(" |");
            rule.append("---:|");
        }
        System.out.println(head.append(" all |"));
        System.out.println(rule.append("---:|"));
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
