package dev.argoforensics.fleet;

import java.io.Serializable;

/**
 * One object (file) of a cluster, as listed on the driver.
 *
 * @param uri      where it is, as Hadoop names it ({@code s3a://bucket/…/cluster=a/logs/x.log.gz}, {@code file:/…})
 * @param relative its path below the {@code cluster=NAME} segment, with '/' separators
 * @param bytes    its size when listed
 */
public record FleetObject(String uri, String relative, long bytes) implements Serializable {
}
