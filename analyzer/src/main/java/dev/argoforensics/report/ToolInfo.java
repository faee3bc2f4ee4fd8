package dev.argoforensics.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tool's name and version, as written into every report. */
public record ToolInfo(String name, String version) {
    public static final String NAME = "argo-forensics";

    /** The version Maven stamped into the jar's resources. */
    public static ToolInfo current() {
        Properties p = new Properties();
        try (InputStream in = ToolInfo.class.getResourceAsStream("/argo-forensics-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ToolInfo(NAME, p.getProperty("version", "unknown"));
    }
}
