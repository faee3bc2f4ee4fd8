package dev.argoforensics.line;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.quicktheories.core.Gen;

/** Go's {@code strconv.Quote}, as logrus and slog write quoted keys and values, and generators of text to quote. */
final class GoStrings {
    private GoStrings() {
    }

    /** {@code strconv.Quote}: Go escapes, printable runes as they are, others as \x, \\u or \\U escapes. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case 7 -> b.append("\\a");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case 11 -> b.append("\\v");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        b.append(String.format("\\x%02x", cp));
                    } else if (printable(cp)) {
                        b.appendCodePoint(cp);
                    } else if (cp < 0x10000) {
                        b.append(String.format("\\u%04x", cp));
                    } else {
                        b.append(String.format("\\U%08x", cp));
                    }
                }
            }
        });
        return b.append('"').toString();
    }

    /** Close to Go's {@code unicode.IsPrint}: what strconv.Quote leaves as it is. */
    static boolean printable(int cp) {
        if (cp == ' ') {
            return true;
        }
        int type = Character.getType(cp);
        return type != Character.CONTROL && type != Character.FORMAT && type != Character.SURROGATE && type != Character.PRIVATE_USE
                && type != Character.UNASSIGNED && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
                && type != Character.SPACE_SEPARATOR;
    }

    /** Any Unicode scalar value (no lone surrogates: they have no UTF-8). */
    static Gen<Integer> codePoints() {
        return integers().between(0, 0x10FFFF - 0x800).map(i -> i >= 0xD800 ? i + 0x800 : i);
    }

    /** Text from any code points, weighted towards the characters that matter to quoting. */
    static Gen<String> text(int maxLength) {
        List<Integer> special = List.of((int) '"', (int) '\\', (int) ' ', (int) '=', (int) '\n', (int) '\t', 0, 0x7f, (int) 'µ', 0xe9, 0x2028,
                0x1F600, (int) '[', (int) '{', (int) ':', (int) '/');
        Gen<Integer> anyOrSpecial = integers().between(0, 3).zip(codePoints(), integers().between(0, special.size() - 1),
                (pick, any, s) -> pick == 0 ? special.get(s) : pick == 1 ? any : 'a' + Math.floorMod(any, 26));
        return lists().of(anyOrSpecial).ofSizeBetween(0, maxLength).map(cps -> {
            StringBuilder b = new StringBuilder();
            cps.forEach(b::appendCodePoint);
            return b.toString();
        });
    }
}
