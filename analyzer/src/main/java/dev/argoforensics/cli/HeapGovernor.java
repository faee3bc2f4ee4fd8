package dev.argoforensics.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryNotificationInfo;
import java.lang.management.MemoryPoolMXBean;
import javax.management.NotificationEmitter;

/**
 * Keeps the serial collector's old generation near what is live on Java 23 and newer, as Java 17's serial collector
 * does by itself.
 *
 * <p>On Java 17 (and 21) a young collection that has to grow the old generation to promote into it is followed at once
 * by a full collection, which compacts the old generation and sizes it by {@code MinHeapFreeRatio}/{@code
 * MaxHeapFreeRatio} (the launcher's 20/60). The serial collector's rewrite in JDK 23-24 (JDK-8331557, JDK-8333786) dropped
 * that step: the old generation grows with every promotion and is collected only when the heap reaches its maximum, a
 * quarter of the machine's memory by default (docs/performance.md, "Session 60": the incident slice at 1.14 GB of peak
 * RSS on Java 25 against 0.68 GB on 17, and a test program with 150 MB live grew its old generation to the 4 GB it was
 * allowed). So, on those runtimes, a usage threshold is set on the old generation at what it has committed; a young
 * collection that promotes past it (the old generation grew) is answered with a full collection, and the threshold is
 * set again at what that left committed. Java 17's own policy, one notification late; nothing else about the heap
 * changes, and a heap the user bounds ({@code -Xmx}) is still theirs.
 *
 * <p>Nothing is done under another collector (no {@code Tenured Gen} pool: G1, the parallel collector of {@code index}),
 * on Java 22 or older, or with {@code -Dargo.forensics.heapGovernor=false}.
 */
final class HeapGovernor {
    /** The serial collector's old generation, as the JVM names its pool. */
    static final String SERIAL_OLD = "Tenured Gen";
    /** The first Java release whose serial collector no longer follows an old generation's growth with a full collection. */
    static final int FIRST_RELEASE = 23;

    private HeapGovernor() {
    }

    /**
     * Installs the governor if the runtime needs it (see the class comment); true if it did. A runtime that refuses it (no
     * management module, a threshold it will not take) runs without it: the analysis never fails for want of it.
     */
    static boolean installIfNeeded() {
        String setting = System.getProperty("argo.forensics.heapGovernor", "auto");
        if (setting.equals("false") || (setting.equals("auto") && Runtime.version().feature() < FIRST_RELEASE)) {
            return false;
        }
        try {
            return install();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static boolean install() {
        MemoryPoolMXBean old = serialOld();
        if (old == null || !old.isUsageThresholdSupported()) {
            return false;
        }
        NotificationEmitter emitter = (NotificationEmitter) ManagementFactory.getMemoryMXBean();
        emitter.addNotificationListener((notification, handback) -> {
            if (MemoryNotificationInfo.MEMORY_THRESHOLD_EXCEEDED.equals(notification.getType())) {
                System.gc();
                arm(old);
            }
        }, null, null);
        arm(old);
        return true;
    }

    /** The threshold at what the old generation has committed now: crossed when it grows. */
    private static void arm(MemoryPoolMXBean old) {
        long committed = old.getUsage().getCommitted();
        if (committed > 0) {
            old.setUsageThreshold(committed);
        }
    }

    private static MemoryPoolMXBean serialOld() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getName().equals(SERIAL_OLD)) {
                return p;
            }
        }
        return null;
    }
}
