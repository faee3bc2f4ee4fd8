package dev.argoforensics.wording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Something a rule says, as data: a key into the words of the report's language and the values its
 * placeholders take (Strings, numbers, booleans, or nested messages for the parts that depend on
 * the case). The words themselves live in one place ({@code en.yaml} beside this class, read by
 * {@link Words}); a rule decides which message applies and with what values, never how it reads.
 *
 * <p>Three shapes: a keyed message, a sequence (parts written one after the other, as an
 * explanation's sentences), and a literal (text with no key, which no rule uses: tests build findings
 * with it, and the JSON report gives no code for it).
 */
public sealed interface Message permits Message.Keyed, Message.Sequence, Message.Literal {
    /** An empty part, for a placeholder whose piece does not apply. */
    Message NOTHING = new Sequence(List.of());

    /** @param args name, value, name, value… (a value may be a {@code Message}) */
    static Message of(String key, Object... args) {
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException(key + ": arguments come in name/value pairs");
        }
        return new Keyed(key, Arguments.of(args));
    }

    static Message literal(String text) {
        return new Literal(text);
    }

    static Message sequence(List<Message> parts) {
        return new Sequence(List.copyOf(parts));
    }

    /** The key of a keyed message ("" for a literal; the first part's key for a sequence). */
    String code();

    /** The same message with every String value (and literal text) passed through {@code f}: how redaction reaches the values. */
    Message mapStrings(UnaryOperator<String> f);

    /** @param args the values by placeholder name, in the order given: read-only (held compactly, as {@link Arguments}) */
    record Keyed(String key, Map<String, Object> args) implements Message {
        public Keyed {
            args = Arguments.copyOf(args);
        }

        @Override
        public String code() {
            return key;
        }

        @Override
        public Message mapStrings(UnaryOperator<String> f) {
            Map<String, Object> out = new LinkedHashMap<>();
            args.forEach((k, v) -> out.put(k, v instanceof String s ? f.apply(s) : v instanceof Message m ? m.mapStrings(f) : v));
            return new Keyed(key, out);
        }
    }

    record Sequence(List<Message> parts) implements Message {
        @Override
        public String code() {
            return parts.isEmpty() ? "" : parts.get(0).code();
        }

        @Override
        public Message mapStrings(UnaryOperator<String> f) {
            List<Message> out = new ArrayList<>(parts.size());
            parts.forEach(p -> out.add(p.mapStrings(f)));
            return new Sequence(List.copyOf(out));
        }
    }

    record Literal(String text) implements Message {
        @Override
        public String code() {
            return "";
        }

        @Override
        public Message mapStrings(UnaryOperator<String> f) {
            return new Literal(f.apply(text));
        }
    }
}
