package dev.argoforensics.line;

import dev.argoforensics.text.ControlCharacters;

/**
 * Removes what a terminal adds and a reader does not need: ANSI colour sequences (logrus colours
 * its TTY output) and trailing white space (logrus pads TTY messages; CRLF files leave a '\r').
 */
public final class Terminal {
    private static final char ESC = '\u001b';

    private Terminal() {
    }

    /**
     * Text from the inputs with its control characters shown as {@code \xNN} (tab kept): an escape
     * sequence in a log line (colours, a window title, concealed text) must not act on a terminal or
     * hide in a report.
     */
    public static String visible(String s) {
        return ControlCharacters.visible(s);
    }

    /** The line without ANSI colour sequences and trailing white space, as the readers see it. */
    public static String clean(String line) {
        String s = line.indexOf(ESC) >= 0 ? stripAnsi(line) : line;
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }

    /**
     * Drops CSI sequences ({@code ESC [ params letter}), the only ones logrus writes, and character-set designations ({@code ESC ( B}),
     * which {@code tput sgr0} writes before its reset on xterm-like terminals: kubetail ends each line it colours with them (session 51:
     * before, the {@code ( B} left at the line's end made its last field look cut).
     */
    static String stripAnsi(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ESC && i + 2 < s.length() && (s.charAt(i + 1) == '(' || s.charAt(i + 1) == ')')
                    && Character.isLetterOrDigit(s.charAt(i + 2))) {
                i += 3;
                continue;
            }
            if (c == ESC && i + 1 < s.length() && s.charAt(i + 1) == '[') {
                int j = i + 2;
                while (j < s.length() && !Character.isLetter(s.charAt(j))) {
                    j++;
                }
                i = j + 1;
                continue;
            }
            b.append(c);
            i++;
        }
        return b.toString();
    }
}
