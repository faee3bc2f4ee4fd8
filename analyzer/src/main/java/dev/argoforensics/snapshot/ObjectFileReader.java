package dev.argoforensics.snapshot;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.SourceStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;

/**
 * Streams the objects of one snapshot file: a single object, a {@code kind: List} (its items are
 * read one at a time, never the whole list as one tree), several YAML documents, or JSON values one
 * after another. Each object comes with the line where it starts.
 */
public final class ObjectFileReader {
    private final ObjectMapper json = mapper(new JsonFactory());
    private final ObjectMapper yaml = mapper(new YAMLFactory());

    /** Leaves the stream open after the last object so the remaining lines can still be counted. */
    private static ObjectMapper mapper(JsonFactory factory) {
        factory.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        return new ObjectMapper(factory);
    }

    /** What a file gave. */
    public record Result(String format, String sha256, long lines, long objects, String error, long errorLine) {
    }

    public Result read(InputFile file, Consumer<ObjectDocument> sink) throws IOException {
        boolean isJson;
        long objects = 0;
        String error = null;
        long errorLine = 0;
        try (SourceStream in = SourceStream.open(file, true)) {
            BufferedInputStream buffered = new BufferedInputStream(in, 64 * 1024);
            isJson = startsWithBrace(buffered);
            ObjectMapper mapper = isJson ? json : yaml;
            JsonFactory factory = mapper.getFactory();
            try (JsonParser p = factory.createParser(buffered)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) {
                    if (t == JsonToken.START_OBJECT) {
                        objects += readTop(p, mapper, file, sink);
                    } else if (t == JsonToken.START_ARRAY) {
                        objects += readArray(p, mapper, file, sink);
                    } else {
                        // A bare scalar document (an empty YAML document reads as null): nothing to read.
                        p.skipChildren();
                    }
                }
            } catch (JsonProcessingException e) {
                error = e.getOriginalMessage();
                errorLine = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            }
            // Count every line, also those after a syntax error.
            buffered.transferTo(OutputStream.nullOutputStream());
            return new Result(isJson ? "JSON" : "YAML", in.sha256(), in.lines(), objects, error, errorLine);
        }
    }

    /** Reads one top-level object; the items of a List are handed out one by one. */
    private long readTop(JsonParser p, ObjectMapper mapper, InputFile file, Consumer<ObjectDocument> sink) throws IOException {
        long line = p.currentTokenLocation().getLineNr();
        ObjectNode top = mapper.createObjectNode();
        long items = 0;
        boolean hadItems = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            if (name.equals("items") && value == JsonToken.START_ARRAY) {
                hadItems = true;
                items += readArray(p, mapper, file, sink);
            } else {
                top.set(name, mapper.readTree(p));
            }
        }
        if (hadItems) {
            return items;
        }
        sink.accept(new ObjectDocument(file.at(Math.max(1, line)), top));
        return 1;
    }

    private long readArray(JsonParser p, ObjectMapper mapper, InputFile file, Consumer<ObjectDocument> sink) throws IOException {
        long n = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
            if (t == JsonToken.START_OBJECT) {
                n += readTop(p, mapper, file, sink);
            } else {
                p.skipChildren();
            }
        }
        return n;
    }

    private static final int SNIFF_BYTES = 64 * 1024;

    private static boolean startsWithBrace(BufferedInputStream in) throws IOException {
        in.mark(SNIFF_BYTES);
        try {
            int b;
            boolean comment = false;
            for (int read = 0; read < SNIFF_BYTES && (b = in.read()) >= 0; read++) {
                if (comment) {
                    comment = b != '\n';
                    continue;
                }
                if (b == '#') {
                    comment = true;
                } else if (!Character.isWhitespace(b) && b != 0xEF && b != 0xBB && b != 0xBF) {
                    return b == '{' || b == '[';
                }
            }
            return false;
        } finally {
            in.reset();
        }
    }
}
