package dev.argoforensics.read;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Where an analysis spends its time, for profiling: with {@code -Dargo.forensics.phases=true}
 * (e.g. through {@code JAVA_OPTS} with the launcher) each phase's wall time since the previous mark
 * goes to stderr. With {@code -Dargo.forensics.phases=live} each mark also collects the whole heap
 * first and prints what is still reachable there: the live set at that point (a full collection at
 * every mark, so the run's own timings and peak memory are not the ordinary run's). With
 * {@code -Dargo.forensics.phases=histogram} each mark also prints the largest classes of that live set
 * ({@code argo.forensics.phases.classes} of them, 25 by default), as {@code jcmd PID GC.class_histogram} would at that
 * moment. Each mark also gives the process's CPU time (all threads: readers, workers, the JIT compilers,
 * the collector) since the previous mark and in all, where the JVM reports it, so a stage's CPU can be told
 * from its wall time on a loaded machine. Off by default; nothing in a report depends on it.
 */
public final class PhaseTimes {
    private static final String MODE = System.getProperty("argo.forensics.phases", "false");
    private static final boolean HISTOGRAM = "histogram".equals(MODE);
    private static final boolean LIVE = "live".equals(MODE) || HISTOGRAM;
    private static final boolean ON = "true".equals(MODE) || LIVE;
    private static final long START = System.nanoTime();
    private static long last = START;
    private static long lastCpu = cpu();

    private PhaseTimes() {
    }

    public static synchronized void mark(String phase) {
        if (!ON) {
            return;
        }
        long now = System.nanoTime();
        long cpuNow = cpu();
        String live = "";
        if (LIVE) {
            System.gc();
            live = String.format(Locale.ROOT, "  live %5d MB", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() >> 20);
        }
        System.err.printf(Locale.ROOT, "phase %-32s %8.3f s (at %.3f s)  cpu %8.3f s (in all %.3f s)%s%n", phase,
                (now - last) / 1e9, (now - START) / 1e9, (cpuNow - lastCpu) / 1e9, cpuNow / 1e9, live);
        if (HISTOGRAM) {
            System.err.print(histogram(Integer.getInteger("argo.forensics.phases.classes", 25)));
        }
        last = System.nanoTime();
        lastCpu = cpu();
    }

    /** The process's CPU time in nanoseconds (all its threads), or -1 where the JVM does not report it. */
    private static long cpu() {
        if (!ON) {
            return 0;
        }
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }

    /** The first {@code classes} rows of the heap's class histogram (live objects: the histogram collects first). */
    private static String histogram(int classes) {
        try {
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            String[] lines = String.valueOf(out).split("\n");
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < lines.length && i < classes + 3; i++) {
                b.append("  ").append(lines[i]).append('\n');
            }
            if (lines.length > 0) {
                b.append("  ").append(lines[lines.length - 1]).append('\n');
            }
            return b.toString();
        } catch (javax.management.JMException e) {
            return "  (no class histogram: " + e + ")\n";
        }
    }
}
