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

    /** Lines of a transcript's other commands' output, read as exports (a {@code kubectl describe pod} between two {@code kubectl logs}). */
    private long output;

    /** A line of another command's output in a transcript, read as an export: other output beside the log's lines, never unparsed. */
    void output() {
        output++;
    }

    /** Lines that may be text around a quoted excerpt ({@link FurnitureLine#prose}): their count, the first few as unparsed samples. */
    private long proseCandidates;
    /**
     * The first candidates by line (a file read newest first meets its last lines first): reason and text, apart for those outside
     * any Markdown container that holds log lines (no fenced block with a record in it, no quote, no code span), which are counted
     * apart too; and those of the fenced block being read, until its end shows whether it held a record.
     */
    private final java.util.TreeMap<Long, String[]> insideSamples = new java.util.TreeMap<>();
    private long outsideCandidates;
    private final java.util.TreeMap<Long, String[]> outsideSamples = new java.util.TreeMap<>();
    private long blockCandidates;
    private final java.util.TreeMap<Long, String[]> blockSamples = new java.util.TreeMap<>();
    private long prose;

    /** Where a candidate stands among the file's Markdown containers. */
    enum Where {
        /** In no container: the or comment's own text. */
        OUTSIDE,
        /** In the fenced block being read: text around if the block holds no record ({@link #blockEnded}). */
        IN_BLOCK,
        /** In a quote or a code span, or in a block that holds records: a line of the paste that is none. */
        INSIDE
    }

    /** A line that is text around a quoted excerpt if the file turns out to quote controller lines with times of day. */
    void proseCandidate(long line, String reason, String text) {
        proseCandidate(line, reason, text, Where.INSIDE);
    }

    /**
     * As {@link #proseCandidate(long, String, String)}; {@code where} says whether it is also text around the excerpt in a file that
     * quotes its log lines in Markdown containers ({@link #settleProse(boolean, boolean, Unparsed)}).
     */
    void proseCandidate(long line, String reason, String text, Where where) {
        proseCandidates++;
        switch (where) {
            case OUTSIDE -> outsideCandidates++;
            case IN_BLOCK -> blockCandidates++;
            default -> { }
        }
        held(where == Where.OUTSIDE ? outsideSamples : where == Where.IN_BLOCK ? blockSamples : insideSamples, line, reason, text);
    }

    /** The fenced block being read ended ({@code records}: it held a log line): its candidates are inside it, or text around. */
    void blockEnded(boolean records) {
        if (!records) {
            outsideCandidates += blockCandidates;
        }
        java.util.TreeMap<Long, String[]> to = records ? insideSamples : outsideSamples;
        blockSamples.forEach((line, sample) -> held(to, line, sample[0], sample[1]));
        blockCandidates = 0;
        blockSamples.clear();
    }

    private static void held(java.util.TreeMap<Long, String[]> samples, long line, String reason, String text) {
        samples.put(line, new String[] {reason, text});
        if (samples.size() > FileAssembler.UNPARSED_SAMPLES) {
            samples.pollLastEntry();
        }
    }

    /**
     * Settles the candidates once the file is read: text around an excerpt if it quoted controller lines
     * with times of day ({@code excerpt}), otherwise unparsed lines as any other, each sample given to {@code unparsed}.
     *
     * @return the lines to count as unparsed
     */
    long settleProse(boolean excerpt, Unparsed unparsed) {
        return settleProse(excerpt, false, unparsed);
    }

    /**
     * As {@link #settleProse(boolean, Unparsed)}; {@code inContainers}: the file quoted its log lines in Markdown containers (a
     * fenced block, a quote, code spans), so the candidates outside every container that holds log lines are the or
     * comment's text around them (prose); a candidate inside one stays unparsed (a line among the quoted records that is none).
     * The fenced block last read must have ended ({@link #blockEnded}).
     */
    long settleProse(boolean excerpt, boolean inContainers, Unparsed unparsed) {
        if (excerpt) {
            prose = proseCandidates;
            return 0;
        }
        if (inContainers) {
            prose = outsideCandidates;
            insideSamples.forEach((line, sample) -> unparsed.sample(line, sample[0], sample[1]));
            return proseCandidates - outsideCandidates;
        }
        // Each map holds the first of its own: together, their first are the first of all.
        java.util.TreeMap<Long, String[]> all = new java.util.TreeMap<>(insideSamples);
        all.putAll(outsideSamples);
        all.entrySet().stream().limit(FileAssembler.UNPARSED_SAMPLES).forEach(e -> unparsed.sample(e.getKey(), e.getValue()[0], e.getValue()[1]));
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
        return new Furniture(omissions, prompts, markup, filteringPrompts, commands, prose + output, answerLines, List.copyOf(answers.values()));
    }
}
