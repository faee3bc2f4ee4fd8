package dev.argoforensics.cli;

import java.util.Map;

/**
 * What the output is connected to, for the one decision that depends on it: colours, only on an
 * interactive terminal, never when {@code NO_COLOR} is set (https://no-color.org) or the terminal
 * is dumb.
 */
record Terminal(boolean interactive, boolean noColor, boolean dumb) {
    /** Output to a pipe or file, as in tests and scripts. */
    static final Terminal NONE = new Terminal(false, false, false);

    static Terminal detect(Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return new Terminal(System.console() != null, noColor != null && !noColor.isEmpty(), "dumb".equals(env.get("TERM")));
    }

    boolean colour() {
        return interactive && !noColor && !dumb;
    }
}
