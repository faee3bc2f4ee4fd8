package dev.argoforensics.report;

import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Where a report comes from, so that a reader can check it and its author can reproduce it: the
 * command line, the analysis clock, every input with its size and SHA-256, the Argo versions the
 * logs show, how many lines were read, and how their time zones were taken.
 *
 * @param commandLine  the arguments after the program name ({@code --redact-key} masked)
 * @param clock        the analysis clock ({@code --now}, else the start of the run)
 * @param clockGiven   true when the clock came from {@code --now}
 * @param inputs       one per input file, in path order
 * @param argoVersions the Argo releases the controller runs point to, in the order of the runs
 * @param lines        totals over all inputs
 * @param zones        log records by how their time zone was known
 * @param redacted     identifiers were replaced by pseudonyms ({@code --redact})
 * @param scope        what the report is about ({@code --since}, {@code -n}, {@code --workflow}, {@code --pod}); {@link Scope#ALL} for everything
 * @param outOfScope   how many findings the scope left out (after {@code --min-confidence})
 */
public record Provenance(List<String> commandLine, Timestamp clock, boolean clockGiven, List<InputDigest> inputs,
                         List<ArgoVersion> argoVersions, LineCounts lines, Map<ZoneBasis, Long> zones, boolean redacted, Scope scope,
                         int outOfScope) {

    public Provenance {
        commandLine = List.copyOf(commandLine);
        inputs = List.copyOf(inputs);
        argoVersions = List.copyOf(argoVersions);
        zones = Collections.unmodifiableMap(zones.isEmpty() ? new EnumMap<>(ZoneBasis.class) : new EnumMap<>(zones));
        scope = scope == null ? Scope.ALL : scope;
    }

    /** The same provenance of a report scoped so, leaving out so many findings. */
    public Provenance withScope(Scope value, int leftOut) {
        return new Provenance(commandLine, clock, clockGiven, inputs, argoVersions, lines, zones, redacted, value, leftOut);
    }

    public Provenance withRedaction(List<String> maskedCommandLine, List<InputDigest> maskedInputs, List<ArgoVersion> maskedVersions,
                                    Scope maskedScope) {
        return new Provenance(maskedCommandLine, clock, clockGiven, maskedInputs, maskedVersions, lines, zones, true, maskedScope, outOfScope);
    }

    /**
     * One input file as stored.
     *
     * @param bytes  its size, null if it could not be read
     * @param sha256 null if it was not read (ignored or unreadable)
     */
    public record InputDigest(String path, Long bytes, String sha256) {
    }

    /**
     * An Argo release the logs point to.
     *
     * @param release     the release or range with the evidence that bounds it, as the catalog's
     *                    fingerprinting describes it ("v4.1.3 (Starting Workflow Controller version=v4.1.3)")
     * @param controllers the controller runs whose lines point to it
     */
    public record ArgoVersion(String release, List<String> controllers) {
        public ArgoVersion {
            controllers = List.copyOf(controllers);
        }
    }

    /**
     * Totals over the inputs.
     *
     * @param logLines           physical lines of log files
     * @param logRecords         of which records read
     * @param logContinuation    of which continuations of a record (joined pieces, a Go panic's stack)
     * @param logBlank           of which empty
     * @param logUnparsed        of which not readable as a record
     * @param logFurniture       of which excerpt furniture (shell prompts, omission marks, Markdown fences)
     * @param objects            exported objects read
     * @param objectsUnreadable  objects or documents that could not be read
     * @param ignoredFiles       files that are not evidence
     */
    public record LineCounts(long logLines, long logRecords, long logContinuation, long logBlank, long logUnparsed, long logFurniture, long objects, long objectsUnreadable,
                             long ignoredFiles) {
    }
}
