package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.ManagedExportSniffer;
import dev.argoforensics.source.SourceStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;

/**
 * Reads the line exports of managed clusters' log services: CloudWatch Logs' S3 export lines and CSV
 * exports whose column holds an audit Event (each handed on as a document with the Event in
 * {@code @message} or the CSV's own columns, so the same classification reads it), and {@code journalctl -u kubelet}
 * text (each line the timeline shows read into a {@link NodeLogEntry}). Every other line is counted.
 */
public final class ExportLineReader {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What a line export gave: the objects, and the lines of other kinds by label. */
    public record Sinks(Consumer<ObjectDocument> documents, Consumer<NodeLogEntry> nodeLogs, Map<String, Integer> kinds,
                        List<ObjectFileReader.Problem> problems) {
    }

    public ObjectFileReader.Result read(InputFile file, ManagedExportSniffer.LineExport shape, ObservedAt takenAt, Sinks sinks) throws IOException {
        try (SourceStream in = SourceStream.open(file, true)) {
            long objects;
            if (shape == ManagedExportSniffer.LineExport.AUDIT_CSV) {
                objects = csv(file, in, takenAt, sinks);
            } else {
                objects = lines(file, in, shape, takenAt, sinks);
            }
            in.transferTo(OutputStream.nullOutputStream());
            if (in.damage() != null) {
                sinks.problems().add(new ObjectFileReader.Problem(in.endLine(), in.damage() + ": the lines before it were read"));
            }
            String format = shape == ManagedExportSniffer.LineExport.AUDIT_CSV ? "CSV" : shape == ManagedExportSniffer.LineExport.AUDIT_LINES
                    ? "timestamped JSON lines" : "kubelet journal";
            return new ObjectFileReader.Result(format, in.sha256(), in.lines(), objects, takenAt, List.of());
        }
    }

    private long lines(InputFile file, SourceStream in, ManagedExportSniffer.LineExport shape, ObservedAt takenAt, Sinks sinks) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        long number = 0;
        long objects = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            number++;
            String t = line.replace("\uFEFF", "").strip();
            if (t.isEmpty() || t.startsWith("#") || shape == ManagedExportSniffer.LineExport.KUBELET_JOURNAL && t.startsWith("-- ")) {
                continue;
            }
            if (shape == ManagedExportSniffer.LineExport.AUDIT_LINES) {
                int space = t.indexOf(' ');
                if (space < 0 || space + 1 >= t.length() || t.charAt(space + 1) != '{') {
                    sinks.problems().add(new ObjectFileReader.Problem(number, "expected \"<time> {audit Event JSON}\", found \"" + cut(t) + "\""));
                    continue;
                }
                ObjectNode node = NODES.objectNode();
                node.put("@timestamp", t.substring(0, space));
                node.put("@message", t.substring(space + 1));
                sinks.documents().accept(new ObjectDocument(file.at(number), node, takenAt));
                objects++;
            } else {
                objects += journal(file.at(number), t, sinks) ? 1 : 0;
            }
        }
        return objects;
    }

    /** One journal line: a kubelet line the timeline shows, another line (counted by its identifier), or not a journal line. */
    private static boolean journal(dev.argoforensics.source.SourceRef at, String t, Sinks sinks) {
        Matcher m = ManagedExportSniffer.JOURNAL.matcher(t);
        if (!m.matches()) {
            sinks.problems().add(new ObjectFileReader.Problem(at.line(), "expected a journalctl line (\"Dec 01 10:00:00 node kubelet[123]: …\"), found \""
                    + cut(t) + "\""));
            return false;
        }
        String ident = m.group("ident");
        NodeLogEntry e = null;
        if (ident.equals("kubelet") || ident.equals("hyperkube")) {
            Integer year = m.group("iso") == null ? null : Integer.valueOf(m.group("iso").substring(0, 4));
            try {
                e = KubeletLine.read(at, m.group("text"), m.group("host"), year);
            } catch (RefusedObject r) {
                sinks.problems().add(new ObjectFileReader.Problem(at.line(), r.getMessage()));
                return false;
            }
        }
        if (e == null) {
            sinks.kinds().merge(ident + " journal line, another message (ignored)", 1, Integer::sum);
            return false;
        }
        sinks.kinds().merge(ObjectKind.NODE_LOG.label(), 1, Integer::sum);
        sinks.nodeLogs().accept(e);
        return true;
    }

    /** A CSV with a header row: each row becomes a document of its columns, by header name. */
    private static long csv(InputFile file, SourceStream in, ObservedAt takenAt, Sinks sinks) throws IOException {
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        mapper.getFactory().disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        long objects = 0;
        List<String> header = null;
        InputStreamReader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
        try (MappingIterator<String[]> rows = mapper.readerFor(String[].class).readValues(reader)) {
            while (rows.hasNext()) {
                String[] row = rows.next();
                // The row's closing token: its last line (a quoted value may span lines).
                long line = rows.getParser().currentTokenLocation().getLineNr();
                if (header == null) {
                    header = new ArrayList<>();
                    for (String h : row) {
                        header.add(h.replace("\uFEFF", "").strip());
                    }
                    continue;
                }
                if (row.length == 1 && row[0].isBlank()) {
                    continue;
                }
                ObjectNode node = NODES.objectNode();
                for (int i = 0; i < row.length && i < header.size(); i++) {
                    node.put(header.get(i), row[i]);
                }
                sinks.documents().accept(new ObjectDocument(file.at(Math.max(1, line)), node, takenAt));
                objects++;
            }
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            sinks.problems().add(new ObjectFileReader.Problem(1, "not valid CSV: " + cause.getMessage().lines().findFirst().orElse("")
                    + ": reading stopped here"));
        }
        return objects;
    }

    private static String cut(String t) {
        return t.length() > 80 ? t.substring(0, 80) + "…" : t;
    }
}
