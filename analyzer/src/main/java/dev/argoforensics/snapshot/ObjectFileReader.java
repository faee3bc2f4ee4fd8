package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.SourceStream;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streams the objects of one snapshot file: a single object, a {@code kind: List} or a typed list
 * ({@code PodList}; its items are read one at a time, never the whole list as one tree), several
 * YAML documents, or JSON values one after another (JSON lines). Each object comes with the line where
 * it starts and, if the file says when it was taken, that time.
 */
public final class ObjectFileReader {
    private static final int SNIFF_BYTES = 64 * 1024;
    private static final Pattern TAKEN_AT = Pattern.compile("^#\\s*taken-at:\\s*(\\S+)");

    private final ObjectMapper json = mapper(JsonFactory.builder().enable(JsonReadFeature.ALLOW_YAML_COMMENTS).build());
    private final ObjectMapper yaml = mapper(new YAMLFactory());

    /** Leaves the stream open after the last object so the remaining lines can still be counted. */
    private static ObjectMapper mapper(JsonFactory factory) {
        factory.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        return new ObjectMapper(factory);
    }

    /**
     * What a file gave.
     *
     * @param takenAt  the time every object of the file was taken at, if the command line or the file said; else null
     * @param problems a syntax error (reading stops there) or an unreadable {@code # taken-at:} comment
     */
    public record Result(String format, String sha256, long lines, long objects, ObservedAt takenAt, List<Problem> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    /** Something in the file that could not be read, at its line. */
    public record Problem(long line, String reason) {
    }

    /** What the top of a file says: JSON or YAML, and a {@code # taken-at:} comment if there is one. */
    private record Head(boolean json, String takenAt, long takenAtLine) {
    }

    /**
     * @param commandLine the time {@code --snapshot-time} gives for this file, or null; it wins over
     *                    the file's own {@code # taken-at:} comment
     */
    public Result read(InputFile file, ObservedAt commandLine, Consumer<ObjectDocument> sink) throws IOException {
        List<Problem> problems = new ArrayList<>();
        try (SourceStream in = SourceStream.open(file, true)) {
            BufferedInputStream buffered = new BufferedInputStream(in, SNIFF_BYTES);
            Head head = head(buffered);
            ObservedAt takenAt = commandLine != null ? commandLine : takenAt(head, problems);
            ObjectMapper mapper = head.json() ? json : yaml;
            Reading reading = new Reading(mapper, file, takenAt, sink);
            try (JsonParser p = mapper.getFactory().createParser(buffered)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) {
                    if (t == JsonToken.START_OBJECT) {
                        reading.object(p, null);
                    } else if (t == JsonToken.START_ARRAY) {
                        reading.array(p, null);
                    } else {
                        // A bare scalar document (an empty YAML document reads as null): nothing to read.
                        p.skipChildren();
                    }
                }
            } catch (JsonProcessingException e) {
                long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                problems.add(new Problem(Math.max(1, line), "not valid " + (head.json() ? "JSON" : "YAML") + ": " + e.getOriginalMessage()));
            }
            // Count every line, also those after a syntax error.
            buffered.transferTo(OutputStream.nullOutputStream());
            return new Result(head.json() ? "JSON" : "YAML", in.sha256(), in.lines(), reading.objects, takenAt, problems);
        }
    }

    private static ObservedAt takenAt(Head head, List<Problem> problems) {
        if (head.takenAt() == null) {
            return null;
        }
        try {
            Timestamp t = Timestamp.parseRfc3339(head.takenAt(), null, false);
            if (t.zone() == ZoneBasis.ASSUMED_UTC) {
                problems.add(new Problem(head.takenAtLine(), "# taken-at: \"" + head.takenAt() + "\" has no zone; write it as RFC 3339 (…Z or …+01:00)"));
                return null;
            }
            return ObservedAt.stated(t, ObservationBasis.TAKEN_AT_COMMENT);
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(head.takenAtLine(), "# taken-at: \"" + head.takenAt() + "\" is not an RFC 3339 time"));
            return null;
        }
    }

    /** The objects of one file as they are read. */
    private static final class Reading {
        private final ObjectMapper mapper;
        private final InputFile file;
        private final ObservedAt takenAt;
        private final Consumer<ObjectDocument> sink;
        long objects;

        Reading(ObjectMapper mapper, InputFile file, ObservedAt takenAt, Consumer<ObjectDocument> sink) {
            this.mapper = mapper;
            this.file = file;
            this.takenAt = takenAt;
            this.sink = sink;
        }

        /**
         * Reads one object; the items of a list are handed out one by one.
         *
         * @param listed the list this object is an item of (its kind and apiVersion, read so far), or null
         */
        void object(JsonParser p, ObjectNode listed) throws IOException {
            long line = p.currentTokenLocation().getLineNr();
            ObjectNode top = mapper.createObjectNode();
            boolean hadItems = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("items") && value == JsonToken.START_ARRAY) {
                    hadItems = true;
                    array(p, top);
                } else {
                    top.set(name, mapper.readTree(p));
                }
            }
            if (hadItems) {
                return;
            }
            if (listed != null && !top.has("kind")) {
                itemKind(listed, top);
            }
            objects++;
            sink.accept(new ObjectDocument(file.at(Math.max(1, line)), top, takenAt));
        }

        void array(JsonParser p, ObjectNode listed) throws IOException {
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                if (t == JsonToken.START_OBJECT) {
                    object(p, listed);
                } else {
                    p.skipChildren();
                }
            }
        }

        /**
         * Items of a typed list ({@code PodList}, as the API and {@code kubectl cluster-info dump} write
         * them) carry no kind of their own: the list's kind says it, if it came before the items.
         */
        private static void itemKind(ObjectNode list, ObjectNode item) {
            String kind = list.path("kind").asText("");
            if (kind.endsWith("List") && kind.length() > "List".length()) {
                item.put("kind", kind.substring(0, kind.length() - "List".length()));
                JsonNode apiVersion = list.get("apiVersion");
                if (apiVersion != null && !item.has("apiVersion")) {
                    item.set("apiVersion", apiVersion);
                }
            }
        }
    }

    /** Reads the leading comment lines: JSON if the first content starts with '{' or '['. */
    private static Head head(BufferedInputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        byte[] bytes = in.readNBytes(SNIFF_BYTES);
        in.reset();
        String text = new String(bytes, StandardCharsets.UTF_8);
        String takenAt = null;
        long takenAtLine = 0;
        long lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            String t = line.replace("\uFEFF", "").strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!t.startsWith("#")) {
                return new Head(t.startsWith("{") || t.startsWith("["), takenAt, takenAtLine);
            }
            Matcher m = TAKEN_AT.matcher(t);
            if (m.find() && takenAt == null) {
                takenAt = m.group(1);
                takenAtLine = lineNumber;
            }
        }
        return new Head(false, takenAt, takenAtLine);
    }
}
