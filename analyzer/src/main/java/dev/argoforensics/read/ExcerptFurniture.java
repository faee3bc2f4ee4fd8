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

    private long answerLines;
    /** kubectl's NotFound answers by line (the first few), each with its command and bound as the reading found them. */
    private final java.util.TreeMap<Long, dev.argoforensics.accounting.PastedAnswer> answers = new java.util.TreeMap<>();

    /** kubectl's answer that an object did not exist: counted apart, the first few kept for the correlation. */
    void answer(long line, dev.argoforensics.accounting.PastedAnswer answer) {
        answerLines++;
        answers.put(line, answer);
        if (answers.size() > Furniture.MAX_ANSWERS) {
            answers.pollLastEntry();
        }
    }

    /** Lines that may be text around a quoted excerpt ({@link FurnitureLine#prose}): their count, the first few as unparsed samples. */
    private long proseCandidates;
    /** The first candidates by line (a file read newest first meets its last lines first): reason and text. */
    private final java.util.TreeMap<Long, String[]> proseSamples = new java.util.TreeMap<>();
    private long prose;

    /** A line that is text around a quoted excerpt if the file turns out to quote controller lines with times of day. */
    void proseCandidate(long line, String reason, String text) {
        proseCandidates++;
        proseSamples.put(line, new String[] {reason, text});
        if (proseSamples.size() > FileAssembler.UNPARSED_SAMPLES) {
            proseSamples.pollLastEntry();
        }
    }

    /**
     * Settles the candidates once the file is read: text around an excerpt if it quoted controller lines
     * with times of day ({@code excerpt}), otherwise unparsed lines as any other, each sample given to {@code unparsed}.
     *
     * @return the lines to count as unparsed
     */
    long settleProse(boolean excerpt, Unparsed unparsed) {
        if (excerpt) {
            prose = proseCandidates;
            return 0;
        }
        proseSamples.forEach((line, sample) -> unparsed.sample(line, sample[0], sample[1]));
        return proseCandidates;
    }

    interface Unparsed {
        void sample(long line, String reason, String text);
    }

    Furniture summary() {
        List<String> commands = new ArrayList<>();
        for (String c : commandsByLine.values()) {
            if (!commands.contains(c) && commands.size() < Furniture.MAX_COMMANDS) {
                commands.add(c);
            }
        }
        return new Furniture(omissions, prompts, markup, filteringPrompts, commands, prose, answerLines, List.copyOf(answers.values()));
    }
}
