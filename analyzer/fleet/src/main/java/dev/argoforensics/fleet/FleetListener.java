package dev.argoforensics.fleet;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.spark.executor.ShuffleWriteMetrics;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import scala.jdk.javaapi.CollectionConverters;

/**
 * On the driver, while a scan runs: prints a line for each cluster task as it finishes (the lines the
 * tasks add to the accumulator named {@link #PROGRESS}), so that a long scan is not silent, and sums
 * what Spark's tasks wrote to shuffle files, for the run's last line (what v1 moves between tasks:
 * findings and accounting rows, never log lines).
 */
final class FleetListener extends SparkListener {
    /** The name of the collection accumulator each cluster task adds its progress line to. */
    static final String PROGRESS = "argo-forensics-fleet cluster done";

    private final Consumer<String> out;
    private final AtomicLong shuffleBytes = new AtomicLong();
    private final AtomicLong shuffleRecords = new AtomicLong();
    private final AtomicLong tasks = new AtomicLong();

    FleetListener(Consumer<String> out) {
        this.out = out;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        tasks.incrementAndGet();
        TaskMetrics m = end.taskMetrics();
        if (m != null) {
            ShuffleWriteMetrics w = m.shuffleWriteMetrics();
            shuffleBytes.addAndGet(w.bytesWritten());
            shuffleRecords.addAndGet(w.recordsWritten());
        }
        if (end.taskInfo() == null) {
            return;
        }
        for (AccumulableInfo a : CollectionConverters.asJava(end.taskInfo().accumulables())) {
            if (a.name().isDefined() && PROGRESS.equals(a.name().get()) && a.update().isDefined() && a.update().get() instanceof List<?> lines) {
                for (Object line : lines) {
                    out.accept(String.valueOf(line));
                }
            }
        }
    }

    /** Bytes Spark's tasks wrote to shuffle files so far. */
    long shuffleBytes() {
        return shuffleBytes.get();
    }

    long shuffleRecords() {
        return shuffleRecords.get();
    }

    long tasks() {
        return tasks.get();
    }
}
