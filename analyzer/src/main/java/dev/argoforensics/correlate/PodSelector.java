package dev.argoforensics.correlate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A deletecollection's selectors as its request URI gave them ({@link dev.argoforensics.snapshot.AuditRecord#selector}, decoded,
 * {@code labelSelector=…; fieldSelector=…}), parsed by the API server's grammar (session 52): a label selector is requirements
 * joined by commas, each {@code key}, {@code !key}, {@code key=v}, {@code key==v}, {@code key!=v}, {@code key in (v1,v2)},
 * {@code key notin (v1,v2)}, {@code key>n} or {@code key<n} (k8s.io/apimachinery {@code pkg/labels/selector.go} {@code Parse}); a field
 * selector is terms joined by commas, each {@code field=v}, {@code field==v} or {@code field!=v}, where a backslash escapes
 * {@code ,}, {@code =}, {@code \} ({@code pkg/fields/selector.go} {@code ParseSelector}). All requirements of both must hold. Several
 * {@code labelSelector} (or {@code fieldSelector}) parameters: the API server reads the first ({@code runtime.Convert_Slice_string_To_string}),
 * and so does this (s52 breaker: reading all of them as requirements took a Pod away from a collection whose first selector matched it).
 *
 * @param requirements every requirement, label and field alike
 */
record PodSelector(List<Requirement> requirements) {
    PodSelector {
        requirements = List.copyOf(requirements);
    }

    /** What a requirement tests. */
    enum Op { EXISTS, NOT_EXISTS, EQUALS, NOT_EQUALS, IN, NOT_IN, GREATER, LESS }

    /**
     * One requirement.
     *
     * @param field  a field selector's term ({@code metadata.name}), else a label's
     * @param key    the label key or the field's path
     * @param values the values it names (one for equality, several for a set, none for existence)
     */
    record Requirement(boolean field, String key, Op op, List<String> values) {
        Requirement {
            values = List.copyOf(values);
        }

        /** The requirement as the selector wrote it, for a report: {@code app=etl}, {@code tier notin (a,b)}. */
        String text() {
            return switch (op) {
                case EXISTS -> key;
                case NOT_EXISTS -> "!" + key;
                case EQUALS -> key + "=" + values.get(0);
                case NOT_EQUALS -> key + "!=" + values.get(0);
                case IN -> key + " in (" + String.join(",", values) + ")";
                case NOT_IN -> key + " notin (" + String.join(",", values) + ")";
                case GREATER -> key + ">" + values.get(0);
                case LESS -> key + "<" + values.get(0);
            };
        }

        /**
         * Whether a value (null: the label is absent) satisfies it, as the API server decides ({@code Requirement.Matches}):
         * {@code !=} and {@code notin} hold for an absent label; {@code >} and {@code <} need an integer value.
         */
        boolean holds(String value) {
            return switch (op) {
                case EXISTS -> value != null;
                case NOT_EXISTS -> value == null;
                case EQUALS, IN -> value != null && values.contains(value);
                case NOT_EQUALS, NOT_IN -> value == null || !values.contains(value);
                case GREATER, LESS -> {
                    if (value == null) {
                        yield false;
                    }
                    try {
                        long v = Long.parseLong(value);
                        long bound = Long.parseLong(values.get(0));
                        yield op == Op.GREATER ? v > bound : v < bound;
                    } catch (NumberFormatException e) {
                        yield false;
                    }
                }
            };
        }
    }

    /** A selector the API server's grammar does not read (it would have refused the request with 400). */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    /** The selectors of {@code selector} ("labelSelector=…; fieldSelector=…"); no requirement at all: every Pod of the namespace. */
    static PodSelector parse(String selector) throws Unreadable {
        List<Requirement> out = new ArrayList<>();
        if (selector == null || selector.isBlank()) {
            return new PodSelector(out);
        }
        boolean label = false;
        boolean field = false;
        for (String part : selector.split("; ")) {
            // s52 breaker: Go's url.ParseQuery drops a pair holding a ';' or a malformed %-escape (which the record keeps as written):
            // the API server never read it, and the next pair of that name (or none: every Pod) selected instead. No valid label key
            // or value, Pod name, node or phase holds either character, so a selector showing one is not read as a requirement.
            if (part.indexOf(';') >= 0 || part.indexOf('%') >= 0) {
                throw new Unreadable("\"" + part + "\" holds a ';' or a '%' the API server's query parsing drops the parameter for");
            }
            if (part.startsWith("labelSelector=")) {
                // s52 breaker: several labelSelector parameters: the API server reads the first only (runtime.Convert_Slice_string_To_string).
                if (!label) {
                    out.addAll(labels(part.substring("labelSelector=".length())));
                }
                label = true;
            } else if (part.startsWith("fieldSelector=")) {
                if (!field) {
                    out.addAll(fields(part.substring("fieldSelector=".length())));
                }
                field = true;
            } else {
                throw new Unreadable("\"" + part + "\" is no labelSelector or fieldSelector");
            }
        }
        return new PodSelector(out);
    }

    /** A label selector ({@code pkg/labels/selector.go}'s grammar). */
    static List<Requirement> labels(String s) throws Unreadable {
        List<Requirement> out = new ArrayList<>();
        Lexer lx = new Lexer(s);
        if (lx.peek() == null) {
            return out;
        }
        while (true) {
            out.add(labelRequirement(lx));
            String t = lx.next();
            if (t == null) {
                return out;
            }
            if (!t.equals(",")) {
                throw new Unreadable("expected \",\" after a requirement, found \"" + t + "\"");
            }
        }
    }

    private static Requirement labelRequirement(Lexer lx) throws Unreadable {
        String t = lx.next();
        if (t == null) {
            throw new Unreadable("a requirement expected after \",\"");
        }
        if (t.equals("!")) {
            String key = lx.next();
            checkKey(key);
            return new Requirement(false, key, Op.NOT_EXISTS, List.of());
        }
        checkKey(t);
        String op = lx.peek();
        if (op == null || op.equals(",")) {
            return new Requirement(false, t, Op.EXISTS, List.of());
        }
        lx.next();
        switch (op) {
            case "=", "==", "!=" -> {
                String v = lx.peek();
                if (v == null || v.equals(",")) {
                    v = ""; // an empty value is valid (app=)
                } else {
                    lx.next();
                    checkValue(v);
                }
                return new Requirement(false, t, op.equals("!=") ? Op.NOT_EQUALS : Op.EQUALS, List.of(v));
            }
            case ">", "<" -> {
                String v = lx.next();
                checkValue(v);
                try {
                    Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new Unreadable("\"" + v + "\" is no integer for " + op);
                }
                return new Requirement(false, t, op.equals(">") ? Op.GREATER : Op.LESS, List.of(v));
            }
            case "in", "notin" -> {
                if (!"(".equals(lx.next())) {
                    throw new Unreadable("expected \"(\" after " + op);
                }
                Set<String> values = new TreeSet<>();
                String pending = ""; // the value since the last comma ("" until one is read: "(a,,b)" holds an empty value)
                boolean any = false;
                while (true) {
                    String v = lx.next();
                    if (v == null) {
                        throw new Unreadable("a set not closed");
                    }
                    if (v.equals(")") || v.equals(",")) {
                        if (v.equals(")") && !any && pending.isEmpty()) {
                            throw new Unreadable("an empty set after " + op);
                        }
                        values.add(pending);
                        pending = "";
                        any = true;
                        if (v.equals(")")) {
                            break;
                        }
                    } else {
                        checkValue(v);
                        if (!pending.isEmpty()) {
                            throw new Unreadable("expected \",\" or \")\" in a set, found \"" + v + "\"");
                        }
                        pending = v;
                    }
                }
                return new Requirement(false, t, op.equals("in") ? Op.IN : Op.NOT_IN, List.copyOf(values));
            }
            default -> throw new Unreadable("\"" + op + "\" is no operator");
        }
    }

    private static void checkKey(String key) throws Unreadable {
        if (key == null || key.isEmpty() || Lexer.SPECIAL.contains(key) || key.equals("in") || key.equals("notin")) {
            throw new Unreadable("a label key expected, found " + (key == null ? "the end" : "\"" + key + "\""));
        }
    }

    private static void checkValue(String v) throws Unreadable {
        if (v == null || Lexer.SPECIAL.contains(v)) {
            throw new Unreadable("a value expected, found " + (v == null ? "the end" : "\"" + v + "\""));
        }
    }

    /** A field selector ({@code pkg/fields/selector.go}): {@code field=v}, {@code ==}, {@code !=}, with backslash escapes. */
    static List<Requirement> fields(String s) throws Unreadable {
        List<Requirement> out = new ArrayList<>();
        if (s.isEmpty()) {
            return out;
        }
        for (String term : splitUnescaped(s, ',')) {
            int i = 0;
            int opAt = -1;
            String op = null;
            while (i < term.length()) {
                char c = term.charAt(i);
                if (c == '\\') {
                    i += 2;
                    continue;
                }
                if (c == '!' && term.startsWith("!=", i)) {
                    opAt = i;
                    op = "!=";
                    break;
                }
                if (c == '=') {
                    opAt = i;
                    op = term.startsWith("==", i) ? "==" : "=";
                    break;
                }
                i++;
            }
            if (op == null) {
                throw new Unreadable("\"" + term + "\" is no field=value term");
            }
            String field = term.substring(0, opAt);
            String value = unescape(term.substring(opAt + op.length()));
            out.add(new Requirement(true, field, op.equals("!=") ? Op.NOT_EQUALS : Op.EQUALS, List.of(value)));
        }
        return out;
    }

    private static List<String> splitUnescaped(String s, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                b.append(c).append(s.charAt(++i));
            } else if (c == sep) {
                out.add(b.toString());
                b.setLength(0);
            } else {
                b.append(c);
            }
        }
        out.add(b.toString());
        return out;
    }

    private static String unescape(String s) throws Unreadable {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                if (i + 1 >= s.length() || "\\,=".indexOf(s.charAt(i + 1)) < 0) {
                    throw new Unreadable("an invalid escape in \"" + s + "\"");
                }
                b.append(s.charAt(++i));
            } else if (c == ',' || c == '=') {
                throw new Unreadable("an unescaped \"" + c + "\" in \"" + s + "\"");
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The label selector's tokens: identifiers, and {@code ! = == != in notin ( ) , > <}; whitespace separates. */
    private static final class Lexer {
        static final Set<String> SPECIAL = Set.of("!", "=", "==", "!=", "(", ")", ",", ">", "<");
        private final List<String> tokens = new ArrayList<>();
        private int at;

        Lexer(String s) throws Unreadable {
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '!' || c == '=') {
                    boolean two = i + 1 < s.length() && s.charAt(i + 1) == '=';
                    tokens.add(two ? s.substring(i, i + 2) : String.valueOf(c));
                    i += two ? 2 : 1;
                } else if ("(),<>".indexOf(c) >= 0) {
                    tokens.add(String.valueOf(c));
                    i++;
                } else {
                    int j = i;
                    while (j < s.length() && !Character.isWhitespace(s.charAt(j)) && "!=(),<>".indexOf(s.charAt(j)) < 0) {
                        j++;
                    }
                    tokens.add(s.substring(i, j));
                    i = j;
                }
            }
        }

        String peek() {
            return at < tokens.size() ? tokens.get(at) : null;
        }

        String next() {
            return at < tokens.size() ? tokens.get(at++) : null;
        }
    }
}
