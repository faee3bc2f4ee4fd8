package dev.argoforensics.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A log file's excerpt furniture (see {@link FurnitureLine}): lines counted apart from records and from
 * unparsed lines, and what they tell about the excerpt.
 *
 * @param omissions        omission marks ({@code ...}, {@code [...]}, {@code <snip>}): lines were left out there
 * @param prompts          shell prompts
 * @param markup           Markdown fences and collapsible-section tags
 * @param filteringPrompts prompts whose command selects lines (a pipe, {@code grep}, …)
 * @param commands         the prompts' commands, the first {@link #MAX_COMMANDS} distinct ones in file order,
 *                         control characters shown as {@code \xNN}: what the excerpt was produced and filtered by
 */
public record Furniture(long omissions, long prompts, long markup, long filteringPrompts, List<String> commands) {
    public static final Furniture NONE = new Furniture(0, 0, 0, 0, List.of());
    static final int MAX_COMMANDS = 5;
    static final int MAX_COMMAND_LENGTH = 300;

    public Furniture {
        commands = List.copyOf(commands);
    }

    /** Furniture lines in all. */
    public long lines() {
        return omissions + prompts + markup;
    }

    /** True if lines may be missing between the lines the excerpt shows: an omission mark, or a prompt that filtered. */
    public boolean gapped() {
        return omissions + filteringPrompts > 0;
    }

    /** "3 excerpt lines (1 shell prompt, 2 Markdown fences or tags)"; "" for none. */
    public String describe() {
        if (lines() == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (prompts > 0) {
            parts.add(StreamAssembler.count(prompts, "shell prompt"));
        }
        if (omissions > 0) {
            parts.add(omissions + (omissions == 1 ? " omission mark" : " omission marks") + " (..., [...], <snip>)");
        }
        if (markup > 0) {
            parts.add(markup + " Markdown " + (markup == 1 ? "fence or tag" : "fences or tags"));
        }
        return StreamAssembler.count(lines(), "excerpt furniture line") + " (" + String.join(", ", parts)
                + ")";
    }

    /** True if the command selects lines (a pipe, {@code grep}, …): "filtered by", else "produced by". */
    public static boolean filters(String command) {
        return FurnitureLine.filters(command);
    }

    /** The same furniture with other commands (redaction). */
    public Furniture withCommands(List<String> newCommands) {
        return new Furniture(omissions, prompts, markup, filteringPrompts, newCommands);
    }
}
