package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap governor: off where it is not needed (Java 22 and older, another collector, asked off), and on a Java 23+
 * runtime's serial collector it keeps the old generation near what is live where without it the old generation grows
 * toward the heap's maximum. The second part runs in JVMs of their own on a Java 23 or newer runtime found on the
 * machine (the test's own, {@code ARGO_FORENSICS_TEST_JAVA}, or one under {@code /usr/lib/jvm}); without one it is skipped.
 */
class HeapGovernorTest {

    @TempDir
    Path dir;

    @Test
    void offWhenAskedOrUnderAnotherCollectorOrAnOlderRuntime() {
        String was = System.getProperty("argo.forensics.heapGovernor");
        try {
            System.setProperty("argo.forensics.heapGovernor", "false");
            assertFalse(HeapGovernor.installIfNeeded(), "asked off");
        } finally {
            restore(was);
        }
        boolean serial = ManagementFactory.getMemoryPoolMXBeans().stream().map(MemoryPoolMXBean::getName)
                .anyMatch(HeapGovernor.SERIAL_OLD::equals);
        if (!serial || Runtime.version().feature() < HeapGovernor.FIRST_RELEASE) {
            assertFalse(HeapGovernor.installIfNeeded(), "this JVM's collector or release needs no governor");
        }
    }

    @Test
    void onJava23AndNewerTheSerialOldGenerationStaysNearWhatIsLive() throws IOException, InterruptedException {
        Optional<Path> java = newerJava();
        Assumptions.assumeTrue(java.isPresent(), "no Java 23 or newer runtime on this machine");
        // 60 MB live throughout, 1.5 GB allocated: every object lives long enough to be promoted, then dies in the old generation.
        long[] off = churn(java.get(), "false");
        long[] on = churn(java.get(), "true");
        assertEquals(0, off[1], "without the governor: no notification acted on");
        assertTrue(off[0] > 600, "without the governor the old generation grows toward the 1 GB maximum: " + off[0] + " MB committed");
        assertTrue(on[1] > 0, "the governor collected: " + on[1] + " times");
        // Java 25 on two loaded cores: 317 MB against 999 (the notification comes a few young collections late).
        assertTrue(on[0] < off[0] / 2, "with the governor the old generation stays under half of that: " + on[0] + " MB committed");
    }

    /** The old generation's largest committed size (MB) and the governor's collections, from a JVM of its own. */
    private long[] churn(Path java, String governor) throws IOException, InterruptedException {
        Path out = dir.resolve("churn-" + governor + ".txt");
        Process p = new ProcessBuilder(List.of(java.toString(), "-XX:+UseSerialGC", "-Xmn16m", "-XX:MinHeapFreeRatio=20",
                "-XX:MaxHeapFreeRatio=60", "-Xms64m", "-Xmx1g", "-Dargo.forensics.heapGovernor=" + governor, "-cp",
                System.getProperty("java.class.path"), Churn.class.getName()))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), "the churn ends");
        String said = Files.readString(out, StandardCharsets.UTF_8).strip();
        assertEquals(0, p.exitValue(), said);
        String[] parts = said.split(" ");
        assertEquals(Boolean.parseBoolean(governor), Boolean.parseBoolean(parts[0]), "installed: " + said);
        return new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])};
    }

    /** Allocates objects that live through a few young collections and die in the old generation; prints what it saw. */
    static final class Churn {
        public static void main(String[] args) {
            boolean installed = HeapGovernor.installIfNeeded();
            MemoryPoolMXBean old = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getName().equals(HeapGovernor.SERIAL_OLD)).findFirst().orElseThrow();
            long fullBefore = fullCollections();
            Object[] ring = new Object[60_000];
            Random r = new Random(17);
            long most = 0;
            for (int i = 0; i < 1_500_000; i++) {
                ring[i % ring.length] = new byte[1000 + r.nextInt(48)];
                if ((i & 0x3fff) == 0) {
                    most = Math.max(most, old.getUsage().getCommitted());
                }
            }
            most = Math.max(most, old.getUsage().getCommitted());
            System.out.println(installed + " " + most / (1024 * 1024) + " " + (installed ? fullCollections() - fullBefore : 0));
        }

        private static long fullCollections() {
            return ManagementFactory.getGarbageCollectorMXBeans().stream().filter(g -> g.getName().equals("MarkSweepCompact"))
                    .mapToLong(g -> g.getCollectionCount()).sum();
        }
    }

    /** A Java 23 or newer runtime: this JVM's, ARGO_FORENSICS_TEST_JAVA's, or the newest under /usr/lib/jvm. */
    private static Optional<Path> newerJava() throws IOException {
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        String given = System.getenv("ARGO_FORENSICS_TEST_JAVA");
        if (given != null && !given.isBlank()) {
            homes.add(Path.of(given));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> s = Files.list(jvms)) {
                s.sorted().forEach(homes::add);
            }
        }
        for (Path home : homes) {
            Path release = home.resolve("release");
            Path bin = home.resolve("bin").resolve("java");
            if (Files.isRegularFile(release) && Files.isExecutable(bin) && feature(Files.readString(release, StandardCharsets.UTF_8))
                    >= HeapGovernor.FIRST_RELEASE) {
                return Optional.of(bin);
            }
        }
        return Optional.empty();
    }

    private static int feature(String release) {
        for (String line : release.split("\n")) {
            if (line.startsWith("JAVA_VERSION=\"")) {
                String v = line.substring("JAVA_VERSION=\"".length());
                int end = 0;
                while (end < v.length() && Character.isDigit(v.charAt(end))) {
                    end++;
                }
                return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
            }
        }
        return 0;
    }

    private static void restore(String was) {
        if (was == null) {
            System.clearProperty("argo.forensics.heapGovernor");
        } else {
            System.setProperty("argo.forensics.heapGovernor", was);
        }
    }
}
