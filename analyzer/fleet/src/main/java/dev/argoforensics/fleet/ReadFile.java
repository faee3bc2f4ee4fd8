package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * A log object after its second task: the engine's reading of it as bytes
 * ({@link dev.argoforensics.read.FileReading#encode()}), or why nothing of it could be read.
 */
record ReadFile(String cluster, String display, byte[] reading, String unreadable) implements Serializable {
}
