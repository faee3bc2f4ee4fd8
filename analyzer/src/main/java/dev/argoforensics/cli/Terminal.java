package dev.argoforensics.cli;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What standard output is connected to, for the one decision that depends on it: colours (with
 * {@code --color auto}), only when standard output is an interactive terminal, never when
 * {@code NO_COLOR} is set (https://no-color.org) or the terminal is dumb. Standard input plays no
 * part: {@code analyze … < /dev/null} on a terminal is still in colour.
 */
record Terminal(boolean interactive, boolean noColor, boolean dumb) {
    /** Output to a pipe or file, as in tests and scripts. */
    static final Terminal NONE = new Terminal(false, false, false);

    static Terminal detect(Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return new Terminal(stdoutIsTerminal(), noColor != null && !noColor.isEmpty(), "dumb".equals(env.get("TERM")));
    }

    boolean colour() {
        return interactive && !noColor && !dumb;
    }

    /**
     * Whether file descriptor 1 is a terminal. Java has no isatty, and {@link System#console()} (before Java 22) is null as soon
     * as standard input is redirected: on Linux the descriptor's link names the device; elsewhere on Unix {@code test -t 1}
     * answers with our standard output as its own; on Windows the console is all there is to ask.
     */
    static boolean stdoutIsTerminal() {
        Path fd = Path.of("/proc/self/fd/1");
        if (Files.isSymbolicLink(fd)) {
            try {
                return isTerminalDevice(Files.readSymbolicLink(fd).toString());
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
            return System.console() != null;
        }
        try {
            Process test = new ProcessBuilder("test", "-t", "1").redirectOutput(Redirect.INHERIT).redirectError(Redirect.DISCARD).start();
            return test.waitFor() == 0;
        } catch (IOException e) {
            return System.console() != null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** {@code /dev/pts/3}, {@code /dev/tty1}, {@code /dev/console}: a terminal; a pipe, a socket or a file is not. */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }
}
