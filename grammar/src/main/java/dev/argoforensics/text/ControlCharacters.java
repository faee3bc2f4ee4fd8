package dev.argoforensics.text;

/**
 * Text from the inputs shown as text: file names, symbolic link targets and the system's messages
 * about them reach the terminal, standard error and the reports, and a control character in them (an
 * escape sequence, a line break) must neither act on a terminal nor start a new block of Markdown.
 */
public final class ControlCharacters {
    private ControlCharacters() {
    }

    /** The text with its control characters (C0, DEL, C1; tab kept) shown as {@code \xNN}. */
    public static String visible(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f);
            if (control && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format("\\x%02x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
