package dev.argoforensics.fleet;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.wording.Words;
import java.io.Serializable;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One line of the per-input accounting ({@code DIR/inputs}): what reading an object gave, as the
 * engine counted it, or why it was not read. Nothing listed is left out of it.
 *
 * @param cluster  null for an object with no {@code cluster=NAME} segment
 * @param path     the display path ({@code cluster=NAME/rest}), or the URI of an object not placed in a cluster
 * @param kind     log, snapshot, ignored, unreadable; or listing (not placed) and failed (the cluster's analysis failed)
 * @param events   records read as events (the engine's count: kept or only counted)
 * @param kept     of those, the lines the reading kept (its events of interest: what the cluster's stitch task holds); null
 *                 for an object that is not a log read
 * @param held     the rounds' flow: of a log read, the entries its cluster's table holds of it (lines kept whole, the Pods, Workflow
 *                 nodes and name lists its other lines name: what the cluster's round-2 task holds, weighed against
 *                 {@code --cluster-held}); null otherwise
 * @param problems the file's problems (damage, cut lines, encoding) and unreadable reasons, in words, one per line
 */
public record InputRow(String cluster, String path, String kind, String format, String sha256, Long lines, Long events, Long kept,
                       Long held, Long unparsed, long problemCount, String problems, String notes) implements Serializable {

    public static final StructType SCHEMA = new StructType()
            .add("cluster", DataTypes.StringType)
            .add("path", DataTypes.StringType)
            .add("kind", DataTypes.StringType)
            .add("format", DataTypes.StringType)
            .add("sha256", DataTypes.StringType)
            .add("lines", DataTypes.LongType)
            .add("events", DataTypes.LongType)
            .add("kept", DataTypes.LongType)
            .add("held", DataTypes.LongType)
            .add("unparsed", DataTypes.LongType)
            .add("problemCount", DataTypes.LongType, false)
            .add("problems", DataTypes.StringType)
            .add("notes", DataTypes.StringType);

    /** An object not read, with why. */
    public static InputRow unread(String cluster, String path, String kind, String reason) {
        return new InputRow(cluster, path, kind, null, null, null, null, null, null, null, 1, reason, null);
    }

    /** The same row with the lines its reading kept and (the rounds' flow) the entries its cluster's table holds of it, or null. */
    public InputRow withKept(Long kept, Long held) {
        return new InputRow(cluster, path, kind, format, sha256, lines, events, kept, held, unparsed, problemCount, problems, notes);
    }

    /** What the engine's reading of one file gave. */
    public static InputRow of(String cluster, InputSummary s) {
        String problems = s.problems().stream().map(InputRow::problem).collect(Collectors.joining("\n"));
        String notes = s.notes().stream().map(Words.english()::render).collect(Collectors.joining("\n"));
        return new InputRow(cluster, s.file().displayPath(), s.file().kind().name().toLowerCase(Locale.ROOT), s.format(), s.sha256(),
                s.lines(), s.events(), null, null, s.unparsed(), s.problems().size(), problems.isEmpty() ? null : problems, notes.isEmpty() ? null : notes);
    }

    private static String problem(UnparsedLine u) {
        return u.source().file() + ":" + u.source().line() + ": " + u.reason();
    }

    public Row toRow() {
        return RowFactory.create(cluster, path, kind, format, sha256, lines, events, kept, held, unparsed, problemCount, problems, notes);
    }
}
