package dev.argoforensics.event;

/**
 * Names a user redacted before pasting a log ({@code podName=<pod-name>}, {@code namespace=<namespace>},
 * {@code xxx-step-b-123}, {@code ***}, {@code [REDACTED]}): not a name but the absence of one. Two
 * Pods redacted to the same placeholder are not one Pod, so such a value is read as <i>no name
 * given</i>: the event names no Pod, Workflow or namespace, and nothing joins through it.
 *
 * <p>The test is Kubernetes' own: Pod, Workflow and namespace names are lowercase DNS-1123
 * (letters, digits, {@code -} and {@code .}), so a value with {@code <}, {@code >}, {@code ‹},
 * {@code {}, {@code *}, {@code [}, uppercase letters or spaces cannot be one. Two shapes are made
 * of legal characters and are taken as placeholders too: {@code redacted} as a whole name, and a
 * name of which a whole dash- or dot-separated part is {@code x} three times or more ({@code xxx},
 * {@code xxxx-step-b}, {@code wf-xxx}). A real name such as {@code xxx-batch} would be taken for a
 * redacted one: its lines then lose their joins (a finding at most less confident, never a wrong
 * one); {@code boxxxer-7}, where the {@code x}s are inside a part, stays a name.
 */
public final class RedactedNames {
    private RedactedNames() {
    }

    /**
     * True if {@code name} (a Pod, Workflow or namespace name as a line gives it) is a placeholder a
     * user wrote in place of the real name.
     */
    public static boolean isPlaceholder(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.') {
                continue; // what a Kubernetes name is made of: the common case, without the Unicode tables
            }
            if (c == '<' || c == '>' || c == '‹' || c == '›' || c == '{' || c == '}' || c == '*' || c == '[' || c == ']'
                    || Character.isWhitespace(c) || Character.isUpperCase(c)) {
                return true; // impossible in a Kubernetes name
            }
        }
        if (name.equals("redacted")) {
            return true;
        }
        return hasXPart(name);
    }

    /** A whole part between {@code -} or {@code .} (or the ends) that is {@code x} at least three times. */
    private static boolean hasXPart(String name) {
        int run = 0;
        boolean wholePart = true;
        for (int i = 0; i <= name.length(); i++) {
            char c = i < name.length() ? name.charAt(i) : '-';
            if (c == '-' || c == '.') {
                if (wholePart && run >= 3) {
                    return true;
                }
                run = 0;
                wholePart = true;
            } else if (c == 'x') {
                run++;
            } else {
                wholePart = false;
            }
        }
        return false;
    }
}
