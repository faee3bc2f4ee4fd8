package dev.argoforensics.index;

import dev.argoforensics.analysis.AnalysisOptions;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.report.ToolInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.Map;

/**
 * What an index was built with. Documents are reused only by the same index layout, tool version and
 * build commit (the index keeps what the analysis read of each file, and two snapshot builds of one version
 * may read a line differently),
 * message catalog, {@code --log-tz}, chunk size and longest line (pass 1 judges a file's time direction
 * per chunk, and its result is kept per file);
 * anything else rebuilds the index from the files.
 *
 * @param layout     the version of the index's own layout ({@link #LAYOUT})
 * @param catalog    SHA-256 of the message catalog resource
 * @param logZone    the {@code --log-tz} zone, or "" for none
 * @param chunkBytes the analysis's chunk size and longest line, as {@code <chunk>,<line>}
 */
record IndexIdentity(String layout, String tool, String catalog, String logZone, String chunkBytes) {
    /** Changes whenever the documents' fields or the manifest change meaning. */
    static final String LAYOUT = "6";

    private static final String KEY_LAYOUT = "argo-forensics.index.layout";
    private static final String KEY_TOOL = "argo-forensics.tool";
    private static final String KEY_CATALOG = "argo-forensics.catalog";
    private static final String KEY_ZONE = "argo-forensics.logZone";
    private static final String KEY_CHUNK = "argo-forensics.chunkBytes";

    /** This build of the tool with the standard catalog and these options. */
    static IndexIdentity current(AnalysisOptions options) {
        ZoneId zone = options.logZone();
        ToolInfo tool = ToolInfo.current();
        return new IndexIdentity(LAYOUT, tool.version() + "+" + tool.commit(), catalogSha256(), zone == null ? "" : zone.getId(),
                options.chunkBytes() + "," + options.maxLineBytes());
    }

    static IndexIdentity fromCommit(Map<String, String> userData) {
        return new IndexIdentity(userData.getOrDefault(KEY_LAYOUT, ""), userData.getOrDefault(KEY_TOOL, ""),
                userData.getOrDefault(KEY_CATALOG, ""), userData.getOrDefault(KEY_ZONE, ""), userData.getOrDefault(KEY_CHUNK, ""));
    }

    Map<String, String> commitData() {
        return Map.of(KEY_LAYOUT, layout, KEY_TOOL, tool, KEY_CATALOG, catalog, KEY_ZONE, logZone, KEY_CHUNK, chunkBytes);
    }

    private static String catalogSha256() {
        try (InputStream in = MessageCatalog.class.getResourceAsStream(MessageCatalog.RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + MessageCatalog.RESOURCE);
            }
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
