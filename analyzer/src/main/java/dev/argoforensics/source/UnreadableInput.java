package dev.argoforensics.source;

import dev.argoforensics.text.ControlCharacters;

/**
 * An input that could not be read, or was skipped, and why. Path and reason are kept apart, so that a
 * file named {@code x: y.log} stays whole; both show control characters as {@code \xNN} (a file name
 * or a link target may hold an escape sequence or a line break).
 *
 * @param path   the path as the report shows it
 * @param reason what was expected and what was found
 */
public record UnreadableInput(String path, String reason) implements Comparable<UnreadableInput> {
    public UnreadableInput {
        path = ControlCharacters.visible(path);
        reason = ControlCharacters.visible(reason);
    }

    @Override
    public int compareTo(UnreadableInput o) {
        int c = path.compareTo(o.path);
        return c != 0 ? c : reason.compareTo(o.reason);
    }

    @Override
    public String toString() {
        return path + ": " + reason;
    }
}
