package dev.argoforensics.read;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.line.Terminal;
import java.util.ArrayList;
import java.util.List;

/** One file's excerpt furniture ({@link FurnitureLine}): lines counted apart, and the prompts' commands by line (the first few). */
final class ExcerptFurniture {
    /** Prompt commands held per file while reading, the first by line (a file read newest first meets them last first). */
    private static final int COMMANDS_HELD = 64;

    private long omissions;
    private long prompts;
    private long markup;
    private long filteringPrompts;
    private final java.util.TreeMap<Long, String> commandsByLine = new java.util.TreeMap<>();

    /** A line of a pasted excerpt (before it would be called unparsed): counted apart, a prompt's command kept. */
    void add(FurnitureLine.Line f, long line) {
        switch (f.kind()) {
            case OMISSION -> omissions++;
            case MARKUP -> markup++;
            case PROMPT -> {
                prompts++;
                if (FurnitureLine.filters(f.command())) {
                    filteringPrompts++;
                }
                if (f.command() != null) {
                    String shown = Terminal.visible(f.command().length() > Furniture.MAX_COMMAND_LENGTH
                            ? f.command().substring(0, Furniture.MAX_COMMAND_LENGTH) + "…" : f.command());
                    commandsByLine.put(line, shown);
                    if (commandsByLine.size() > COMMANDS_HELD) {
                        commandsByLine.pollLastEntry();
                    }
                }
            }
            default -> throw new IllegalStateException(f.kind().name());
        }
    }

    Furniture summary() {
        List<String> commands = new ArrayList<>();
        for (String c : commandsByLine.values()) {
            if (!commands.contains(c) && commands.size() < Furniture.MAX_COMMANDS) {
                commands.add(c);
            }
        }
        return new Furniture(omissions, prompts, markup, filteringPrompts, commands);
    }
}
