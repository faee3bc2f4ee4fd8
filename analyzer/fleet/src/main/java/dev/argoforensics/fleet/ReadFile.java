package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * A log object after its second task: the engine's reading of it as bytes
 * ({@link dev.argoforensics.read.FileReading#encode()}), or why nothing of it could be read.
 *
 * @param kept the lines the reading keeps (its events), counted in the file's task so that its cluster's stitch task can
 *             weigh its files against {@code --cluster-lines} before it decodes any of them; 0 if unreadable
 */
record ReadFile(String cluster, String display, byte[] reading, long kept, String unreadable) implements Serializable {
    static ReadFile of(String cluster, String display, dev.argoforensics.read.FileReading reading) {
        return new ReadFile(cluster, display, reading.encode(), reading.events().size(), null);
    }

    static ReadFile unreadable(String cluster, String display, String why) {
        return new ReadFile(cluster, display, null, 0, why);
    }
}
