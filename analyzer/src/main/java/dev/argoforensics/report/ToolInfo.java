package dev.argoforensics.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The tool's name, version and build commit, as written into every report.
 *
 * @param commit the Git commit the jar was built from, "unknown" when it was built outside a Git
 *               checkout; a trailing "-modified" marks a build from uncommitted changes, except in a linked
 *               {@code git worktree}, where the build plugin sees no changes (docs/reports.md, provenance)
 */
public record ToolInfo(String name, String version, String commit) {
    public static final String NAME = "argo-forensics";
    public static final String UNKNOWN = "unknown";

    /** The version and commit Maven stamped into the jar's resources. */
    public static ToolInfo current() {
        Properties p = new Properties();
        try (InputStream in = ToolInfo.class.getResourceAsStream("/argo-forensics-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String commit = stamped(p, "commit");
        if (!commit.equals(UNKNOWN) && Boolean.parseBoolean(stamped(p, "dirty"))) {
            commit += "-modified";
        }
        return new ToolInfo(NAME, stamped(p, "version"), commit);
    }

    /** A stamped value; a placeholder Maven left unresolved (no Git checkout) is unknown. */
    private static String stamped(Properties p, String key) {
        String v = p.getProperty(key, "");
        return v.isEmpty() || v.startsWith("${") ? UNKNOWN : v;
    }

    /** "argo-forensics 0.1.0 (commit 325db9b861df…)". */
    public String describe() {
        return name + " " + version + " (commit " + commit + ")";
    }
}
