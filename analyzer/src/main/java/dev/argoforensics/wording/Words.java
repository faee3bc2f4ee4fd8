package dev.argoforensics.wording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The words of one language the report writes: every finding's summary, explanation, confidence
 * reason and clearance, keyed as the rules key their {@link Message}s. Read from {@code en.yaml} (one
 * file per language, as Checkstyle's messages and insights-core's CONTENT keep a rule's words out of
 * its logic). A template's {@code {name}} is replaced by the value of that name; {@code {{} writes a
 * brace. A missing key or value is a programming error and fails at once, so the sample reports
 * catch it.
 */
public final class Words {
    private static final Words ENGLISH = load("en.yaml");

    private final Map<String, String> templates;

    private Words(Map<String, String> templates) {
        this.templates = templates;
    }

    public static Words english() {
        return ENGLISH;
    }

    /** Every key this language has (for the test that each is used and well formed). */
    public java.util.Set<String> keys() {
        return templates.keySet();
    }

    public String template(String key) {
        String t = templates.get(key);
        if (t == null) {
            throw new IllegalArgumentException("no words for message key " + key + " in en.yaml");
        }
        return t;
    }

    public String render(Message m) {
        StringBuilder b = new StringBuilder(128);
        render(m, b);
        return b.toString();
    }

    private void render(Message m, StringBuilder b) {
        if (m instanceof Message.Literal l) {
            b.append(l.text());
        } else if (m instanceof Message.Sequence s) {
            s.parts().forEach(p -> render(p, b));
        } else {
            Message.Keyed k = (Message.Keyed) m;
            fill(k, template(k.key()), b);
        }
    }

    private void fill(Message.Keyed k, String t, StringBuilder b) {
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c != '{') {
                b.append(c);
                i++;
                continue;
            }
            if (t.startsWith("{{}", i)) {
                b.append('{');
                i += 3;
                continue;
            }
            int close = t.indexOf('}', i);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed placeholder in the words of " + k.key());
            }
            String name = t.substring(i + 1, close);
            if (!k.args().containsKey(name)) {
                throw new IllegalArgumentException("message " + k.key() + " has no value for {" + name + "}");
            }
            Object v = k.args().get(name);
            if (v instanceof Message nested) {
                render(nested, b);
            } else {
                b.append(v);
            }
            i = close + 1;
        }
    }

    private static Words load(String resource) {
        try (InputStream in = Words.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(in);
            Map<String, String> out = new TreeMap<>();
            flatten("", root, out);
            return new Words(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the report's words " + resource, e);
        }
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        if (node.isTextual()) {
            out.put(prefix, node.asText());
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            flatten(prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey(), f.getValue(), out);
        }
    }
}
