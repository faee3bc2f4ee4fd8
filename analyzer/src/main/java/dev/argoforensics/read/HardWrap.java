package dev.argoforensics.read;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.ChunkPlanner;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.LogEntryDocument;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A terminal copy hard-wrapped at a fixed width: a record longer than the terminal (80, 120, 160, 200
 * columns, a console's width) was copied as several physical lines, the first ones exactly that
 * wide, the others starting mid-record (mid-key, mid-value, inside a quoted string or a JSON
 * object). Read line by line, such a paste gives records cut short and unparsed fragments, and no
 * finding.
 *
 * <p>The width is decided from the evidence of the file's first lines ({@link #HEAD_LINES}), never
 * guessed: lines of one exact length (the longest a record line reaches, a few others aside) that
 * are followed by a line that starts no record, and whose joining with those fragments reads as a
 * whole record where the first piece alone does not. Then, in the whole file, a line of that width
 * followed by such fragments is joined with them when the joined text reads as a whole record; it
 * cites its first line, the others count as continuation lines, and the file's note says how many
 * were joined at what width. A log whose lines are merely long, lines cut short by a console (each
 * followed by the next record), or records that happen to share one length join nothing.
 *
 * <p>Only a file read as one chunk (up to {@link dev.argoforensics.source.ChunkPlanner#CHUNK_BYTES},
 * or compressed) is looked at: pastes are small, and a file split among workers cannot join across
 * a chunk's end.
 */
final class HardWrap {
    /** Lines looked at to decide the width. */
    static final int HEAD_LINES = 2048;
    /** Characters looked at to decide the width, at most. */
    private static final long HEAD_CHARS = 1L << 20;
    /** No terminal is narrower; a shorter line of some length is no evidence of a width. */
    static final int MIN_WIDTH = 40;
    /** Candidate widths tried, longest first. */
    private static final int CANDIDATES = 3;
    /** A klog message is free text, so a joined klog line always reads whole: klog joins alone need this many. */
    private static final int KLOG_ONLY_JOINS = 3;

    private HardWrap() {
    }

    /**
     * Plans files in chunks of {@code chunkBytes}, a hard-wrapped copy always in one, and so a file that quotes in Markdown in its
     * head: its blockquotes are told apart in the order the file has them (another earlier comment each). A file whose first quote
     * comes later is read in chunks, and the assembler numbers each chunk's blockquotes in the file ({@link ChunkResult.Quotes}).
     */
    static ChunkPlanner planner(long chunkBytes, int maxLineBytes) {
        return new ChunkPlanner(chunkBytes, f -> {
            try {
                LineChunk whole = new LineChunk(f, 0, 0, -1);
                return width(whole, maxLineBytes) > 0 || quotesInHead(whole, maxLineBytes);
            } catch (IOException e) {
                return false; // the reading says what is wrong with the file
            }
        }, f -> LogEntryDocument.of(f) != LogEntryDocument.Shape.NONE, EnvelopeDecoder::heldForNext, CarriedPrompt.of(maxLineBytes));
    }

    /** Whether a line among the chunk's first {@link #HEAD_LINES} is quoted in Markdown ({@code > …}). */
    private static boolean quotesInHead(LineChunk chunk, int maxLineBytes) throws IOException {
        try (ChunkLineReader reader = new ChunkLineReader(chunk, n -> { }, maxLineBytes)) {
            String line;
            for (int i = 0; i < HEAD_LINES && (line = reader.next()) != null; i++) {
                if (EnvelopeDecoder.markdownQuote(line)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The width the chunk's lines were wrapped at, or 0: only for a chunk that is the whole file, as a file is read in one chunk. */
    static int width(LineChunk chunk, int maxLineBytes) throws IOException {
        if (!chunk.whole() || !chunk.file().compressed() && java.nio.file.Files.size(chunk.file().path()) > ChunkPlanner.CHUNK_BYTES) {
            return 0;
        }
        List<String> head = new ArrayList<>();
        try (ChunkLineReader reader = new ChunkLineReader(chunk, n -> { }, maxLineBytes)) {
            long chars = 0;
            String line;
            while (head.size() < HEAD_LINES && chars < HEAD_CHARS && (line = reader.next()) != null) {
                // A line cut for its length is no piece of a wrapped copy.
                head.add(reader.cut() != null ? "" : line);
                chars += line.length();
            }
        }
        return width(head);
    }

    /** The width {@code head}'s lines were wrapped at, or 0 (see the class comment). */
    static int width(List<String> head) {
        TreeMap<Integer, Integer> byLength = new TreeMap<>();
        int nonBlank = 0;
        for (String line : head) {
            if (!line.isBlank()) {
                nonBlank++;
                if (line.length() >= MIN_WIDTH) {
                    byLength.merge(line.length(), 1, Integer::sum);
                }
            }
        }
        // Lines longer than the width: a few (prose around a paste) are allowed, a record among them is not.
        int allowedLonger = Math.max(1, nonBlank / 50);
        int longer = 0;
        int tried = 0;
        Checker checker = null;
        for (Map.Entry<Integer, Integer> e : byLength.descendingMap().entrySet()) {
            if (longer > allowedLonger || tried >= CANDIDATES) {
                break;
            }
            if (e.getValue() >= 2) {
                tried++;
                if (checker == null) {
                    checker = new Checker();
                }
                if (evidence(head, e.getKey(), checker)) {
                    return e.getKey();
                }
            }
            longer += e.getValue();
        }
        return 0;
    }

    /** Whether {@code head} shows records wrapped at {@code width}. */
    private static boolean evidence(List<String> head, int width, Checker checker) {
        for (String line : head) {
            if (line.length() > width && checker.startsRecord(line)) {
                return false; // a record the terminal did not wrap: no terminal this wide
            }
        }
        int joins = 0;
        int klogJoins = 0;
        int repairs = 0;
        int failed = 0;
        for (int i = 0; i < head.size(); i++) {
            if (head.get(i).length() != width) {
                continue;
            }
            StringBuilder joined = new StringBuilder(head.get(i));
            int j = i + 1;
            while (j < head.size() && head.get(j - 1).length() == width && checker.piece(joined.toString(), head.get(j), width)) {
                joined.append(head.get(j));
                j++;
            }
            if (j == i + 1) {
                continue;
            }
            LogRecord whole = checker.whole(joined.toString());
            if (whole == null) {
                failed++;
            } else if (whole.format() == RecordFormat.KLOG) {
                klogJoins++;
            } else {
                joins++;
                if (checker.whole(head.get(i)) == null) {
                    repairs++;
                }
            }
            i = j - 1;
        }
        int confirmed = joins + klogJoins;
        if (failed > confirmed) {
            return false;
        }
        return joins >= 2 || joins >= 1 && repairs >= 1 || klogJoins >= KLOG_ONLY_JOINS;
    }

    /** Reads a line (or joined pieces) as the reader would, with a decoder of its own: whether it starts or is a whole record. */
    static final class Checker {
        private final RecordParser parser = new RecordParser();

        /** The record the text is, unwrapped, or null. */
        private LogRecord record(String text) {
            UnwrappedLine u = EnvelopeDecoder.continuing(null).decode(text, 1);
            if (u == null) {
                return null;
            }
            LineParse p = parser.parse(u.record(), 2000, u.cut());
            return p instanceof LineParse.Parsed parsed ? parsed.record() : null;
        }

        /** Whether the line starts a record (whole or cut short): then it is no continuation. */
        boolean startsRecord(String line) {
            return record(line) != null;
        }

        /**
         * Whether the line can be a wrapped record's continuation: not blank, no record of its own, and no line a paste puts between
         * outputs ({@link #pasteFurniture}).
         */
        boolean fragment(String line) {
            return !line.isBlank() && !pasteFurniture(line) && !startsRecord(line);
        }

        /**
         * Whether {@code line} is the piece after {@code before} (the pieces held so far): a {@link #fragment}, or a piece that reads as
         * a prompt, a fence or a heading where the record before is cut short without it and whole with it (its message holds
         * {@code $ …} or three backticks at the terminal's width: session 52's breaker; before, the record was left cut short and its
         * tail read as a prompt), or where the piece is as wide as the terminal, so wrapped on (a middle piece: session 61's breaker,
         * a value holding {@code ### } at the wrap). A record whole by itself keeps the prompt after it apart, as
         * {@link #pasteFurniture} says.
         */
        boolean piece(String before, String line, int width) {
            if (fragment(line)) {
                return true;
            }
            if (line.isBlank() || !pasteFurniture(line) || startsRecord(line) || whole(before) != null) {
                return false;
            }
            // the tail that makes the record whole; or a middle piece (session 61's breaker: a value holding "### " at the wrap, a
            // Markdown heading's shape since that session): a record cut short before it, and the piece itself as wide as the
            // terminal, so wrapped on; the pieces are given back as they were unless the whole joined text reads as a record
            return whole(before + line) != null || line.length() == width && record(before) != null;
        }

        /**
         * A shell prompt with its command ({@code $ kubectl -n argo logs -p --prefix -l app=workflow-controller}) or Markdown around a
         * paste (a fence, a collapsible section's tag): the terminal starts it on a line of its own after the output before it, so it
         * is never the rest of a wrapped record, whatever the joined text would read as. Session 52: two records of one length (one
         * template, another minute), each followed by a {@code kubectl logs} prompt, read as a copy wrapped at that width; each
         * prompt was joined to the record before it as its tail (the record still read whole: the command's words as a value's), so
         * the prompts were lost, and with them the {@code -p} that keeps the previous container's run apart.
         */
        private static boolean pasteFurniture(String line) {
            FurnitureLine.Line f = line.length() <= FileAssembler.FURNITURE_MAX_CHARS ? FurnitureLine.recognise(line) : null;
            return f != null && (f.kind() == FurnitureLine.Kind.MARKUP || f.kind() == FurnitureLine.Kind.PROMPT && f.command() != null);
        }

        /** The whole record the text is, or null (none, or cut short). */
        LogRecord whole(String text) {
            LogRecord r = record(text);
            return r == null || r.isCut() ? null : r;
        }
    }

    /** A physical line, or pieces of one record joined: the text and its first and last file lines. */
    record Joined(String text, long first, long last) {
    }

    /**
     * Joins the lines of a file wrapped at {@code width} as they come: a line of that width is held
     * while fragments follow it, and the pieces are given back as one line when they read as a whole
     * record, else one by one as they were.
     */
    static final class Joiner {
        private final int width;
        private final Checker checker = new Checker();
        private final List<String> held = new ArrayList<>();
        private long heldFrom;
        private long records;
        private long lines;
        private long firstLine;

        Joiner(int width) {
            this.width = width;
        }

        /** The lines ready after {@code line} (file line {@code number}). */
        List<Joined> offer(String line, long number) {
            List<Joined> out = new ArrayList<>(2);
            if (!held.isEmpty()) {
                if (held.get(held.size() - 1).length() == width && checker.piece(String.join("", held), line, width)) {
                    held.add(line);
                    return out;
                }
                release(out);
            }
            if (line.length() == width) {
                held.add(line);
                heldFrom = number;
            } else {
                out.add(new Joined(line, number, number));
            }
            return out;
        }

        /** What is still held, at the end of the file or before a line that cannot be a piece. */
        List<Joined> flush() {
            List<Joined> out = new ArrayList<>(2);
            release(out);
            return out;
        }

        private void release(List<Joined> out) {
            if (held.isEmpty()) {
                return;
            }
            if (held.size() > 1) {
                String joined = String.join("", held);
                if (checker.whole(joined) != null) {
                    if (records++ == 0) {
                        firstLine = heldFrom;
                    }
                    lines += held.size();
                    out.add(new Joined(joined, heldFrom, heldFrom + held.size() - 1));
                    held.clear();
                    return;
                }
            }
            for (int k = 0; k < held.size(); k++) {
                out.add(new Joined(held.get(k), heldFrom + k, heldFrom + k));
            }
            held.clear();
        }

        int width() {
            return width;
        }

        /** Records joined from pieces. */
        long records() {
            return records;
        }

        /** Physical lines those records were joined from. */
        long lines() {
            return lines;
        }

        /** The first line of the first joined record, or 0. */
        long firstLine() {
            return firstLine;
        }
    }
}
