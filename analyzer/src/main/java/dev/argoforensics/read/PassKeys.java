package dev.argoforensics.read;

/**
 * The Workflow a {@code Processing workflow} record names ({@code namespace/name}), read from the record's text the same way
 * whether the line is kept or only counted (session 48: a run's queue coming round, {@code ControllerProcess.Work#cameRound},
 * must not depend on which lines the selective reading keeps). Reads {@code workflow=} and {@code namespace=} (slog, logrus text,
 * quoted or not) or {@code "workflow":"…"} and {@code "namespace":"…"} (JSON); null when either is not found.
 */
final class PassKeys {
    private PassKeys() {
    }

    static String of(String text) {
        if (text == null) {
            return null;
        }
        String wf = field(text, "workflow");
        String ns = field(text, "namespace");
        return wf == null || ns == null ? null : ns + "/" + wf;
    }

    /** The value of {@code key} as a whole key (after a space, a tab, a brace or a comma), or null. */
    private static String field(String text, String key) {
        for (String form : new String[] {key + "=", "\"" + key + "\":"}) {
            int from = 0;
            while (true) {
                int at = text.indexOf(form, from);
                if (at < 0) {
                    break;
                }
                from = at + 1;
                char before = at == 0 ? ' ' : text.charAt(at - 1);
                if (before != ' ' && before != '\t' && before != '{' && before != ',') {
                    continue;
                }
                int v = at + form.length();
                while (v < text.length() && text.charAt(v) == ' ') {
                    v++;
                }
                if (v >= text.length()) {
                    return null;
                }
                if (text.charAt(v) == '"') {
                    int end = text.indexOf('"', v + 1);
                    return end < 0 ? null : text.substring(v + 1, end);
                }
                int end = v;
                while (end < text.length() && " \t,}".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                return end == v ? null : text.substring(v, end);
            }
        }
        return null;
    }
}
