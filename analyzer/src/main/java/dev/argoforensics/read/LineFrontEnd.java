package dev.argoforensics.read;

import dev.argoforensics.accounting.LogLines;
import dev.argoforensics.accounting.ReadStats;
import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.event.EventType;
import dev.argoforensics.catalog.NamelessMessages;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.ArgoServer;
import dev.argoforensics.envelope.ContainerPath;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.JsonFileEnds;
import dev.argoforensics.envelope.OtherContainers;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.Interner;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import dev.argoforensics.source.ByteBlockReader;
import dev.argoforensics.source.ChunkLineReader;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.LineChunk;
import dev.argoforensics.source.LogEntryDocument;
import dev.argoforensics.time.Timestamp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The per-line work of both passes, for one worker thread (it owns a {@link RecordParser}): envelopes
 * peeled, then the cheapest reading that decides the line. A text record is first read only up to
 * its message ({@link QuickScan}); it is parsed in full when its message is always kept, when it
 * mentions a name of interest, or when the quick read fails (to say what is wrong).
 *
 * <p>Over 300 lines: pass 1 (scanning for interest) and pass 2 (classifying each line as kept,
 * counted, rejected or another container's, folding counted runs) share the line walker, the
 * quick head reader and the release-evidence cache, and {@code SelectiveReadingTest} holds their
 * decisions to agree; splitting them apart is the next step, not done in this move.
 */
public final class LineFrontEnd {
    private final MessageCatalog catalog;
    private final NamelessMessages nameless;
    private final Interner names;
    private final RecordParser parser = new RecordParser();
    /** Text every trigger line holds (one of them), or null if the catalog cannot say. */
    private final List<String> anchors;
    /** Finds the anchors, then {@link #PIECE_MARKERS}, in raw bytes. */
    private final AnchorSearch anchorSearch;
    /**
     * A CRI partial piece, or a Docker json-file line (which may be a piece, or one of lines whose ends were all left off: {@link
     * JsonFileEnds}), also without its brace: such chunks are read line by line.
     */
    private static final List<String> PIECE_MARKERS = List.of(" stdout P ", " stderr P ", "{\"log\":\"", "\n\"log\":\"");

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The zone logrus and klog times are read in (--log-tz), or null. */
    private final ZoneId logZone;
    /** Lines longer than this are cut (see {@link ChunkLineReader}). */
    private final int maxLineBytes;
    private final boolean keepParses;

    /**
     * Text every record at warning level or above holds in every format and envelope (logrus
     * {@code warning}/{@code error}/{@code fatal}/{@code panic} and {@code WARN[}/{@code ERRO[}, slog
     * {@code WARN}/{@code ERROR}), without quotes: pass 1 reads those lines' heads too, since such a
     * record makes what it names of interest. A hit that is no warning costs one quick read.
     */
    static final List<String> WARNING_ANCHORS = List.of("warning", "WARN", "error", "ERRO", "fatal", "FATA", "panic", "PANI");
    /**
     * A run's worker numbers and start banner (session 50, pass 1b): pass 1 notes whether a chunk holds a run without Workflow
     * workers ({@link ScanResult#idleSeen}), so that the chunks of such a run are walked for the Pods its pod controller acts on
     * ({@link #idleRunPods}).
     */
    static final List<String> RUN_ANCHORS = List.of("Current Worker Numbers", "Starting Workflow Controller");
    /**
     * kubectl's and argo's answers to a user's delete pasted with the lines ({@code pod "X" force deleted}, {@code Workflow 'W' deleted}:
     * session 53): what the user deleted is what the user asks about, as an export is ({@link #answerNames}).
     */
    static final List<String> DELETE_ANCHORS = List.of("\" deleted", "\" force deleted", "' deleted");

    public LineFrontEnd(MessageCatalog catalog) {
        this(catalog, null, ChunkLineReader.MAX_LINE_BYTES);
    }

    LineFrontEnd(MessageCatalog catalog, ZoneId logZone, int maxLineBytes) {
        this(catalog, logZone, maxLineBytes, Interner.NONE);
    }

    /** @param names the reading's interner: the names of the events kept are made canonical (one copy per distinct value) */
    LineFrontEnd(MessageCatalog catalog, ZoneId logZone, int maxLineBytes, Interner names) {
        this(catalog, logZone, maxLineBytes, names, false);
    }

    /** @param keepParses each kept record keeps its parse ({@link ChunkItem.Kept#parsed()}) for the reading's sink */
    LineFrontEnd(MessageCatalog catalog, ZoneId logZone, int maxLineBytes, Interner names, boolean keepParses) {
        this.keepParses = keepParses;
        this.names = names;
        this.catalog = catalog;
        this.nameless = catalog.nameless();
        this.logZone = logZone;
        this.maxLineBytes = maxLineBytes;
        this.anchors = catalog.triggerAnchors().map(a -> concat(concat(concat(a, WARNING_ANCHORS), RUN_ANCHORS), DELETE_ANCHORS)).orElse(null);
        this.anchorSearch = anchors == null ? null : new AnchorSearch(concat(anchors, PIECE_MARKERS));
    }

    /** Pass 2: every line of the chunk, classified; kept only what {@code interest} asks for. */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress) throws IOException {
        return read(chunk, csvHeader, interest, progress, false);
    }

    /**
     * @param runs sum up consecutive counted records into {@link CountedRun}s (not for a file read
     *             newest first, whose items the assembler turns around)
     */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress, boolean runs) throws IOException {
        return read(chunk, csvHeader, interest, progress, runs, !keepParses);
    }

    /** As above, the file's wall-clock times read in {@code zone}. */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress, boolean runs, LogZone.FileZone zone)
            throws IOException {
        return read(chunk, csvHeader, interest, progress, runs, !keepParses, zone);
    }

    /**
     * @param packTexts the kept records' texts packed here, on the reading thread, into blocks of the chunk's own
     *                  ({@link ChunkItem.Kept#text()}): a chunk's items wait for the assembler for seconds, longer than a
     *                  young collection, and a kept line's text (most of what it holds) then went to the old generation
     *                  as garbage once the assembler had packed its copy; packed here, the String dies young and the
     *                  deflating is off the assembler's thread. Not for a reading with a sink (its blocks are never packed)
     */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress, boolean runs, boolean packTexts) throws IOException {
        return read(chunk, csvHeader, interest, progress, runs, packTexts, LogZone.FileZone.given(logZone));
    }

    /** As above, the file's wall-clock times read in {@code zone} (--log-tz's, or the one its head measured: {@link ZoneProbe}). */
    ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress, boolean runs, boolean packTexts,
                     LogZone.FileZone zone) throws IOException {
        TextBlock.Packer packer = packTexts ? new TextBlock.Packer(true, spill) : null;
        try {
            return read(chunk, csvHeader, interest, progress, runs, packer, zone);
        } finally {
            if (packer != null) {
                packer.finish();
            }
        }
    }

    private ChunkResult read(LineChunk chunk, String csvHeader, Interest interest, Progress progress, boolean runs, TextBlock.Packer packer,
                             LogZone.FileZone zone) throws IOException {
        serverNamed = ArgoServer.namedFile(chunk.file().displayPath()) && !takeControllerContent();
        List<ChunkItem> items = new ArrayList<>();
        Consumer<ChunkItem> sink = runs ? new RunCollector(items, zone) : items::add;
        // The last line whose item is complete, and whether the fault, if any, hit in the run collector.
        long[] done = {0};
        boolean[] collecting = {false};
        Consumer<ChunkItem> counted = item -> {
            collecting[0] = true;
            sink.accept(item);
            collecting[0] = false;
        };
        Walked walked;
        try {
            walked = walk(chunk, csvHeader, u -> {
                ChunkItem item = classify(u, interest);
                counted.accept(packer != null && item instanceof ChunkItem.Kept k ? k.packedInto(packer) : item);
                done[0] = u.lastLine();
            }, (u, why) -> {
                counted.accept(new ChunkItem.Rejected(u, why));
                done[0] = u.lastLine();
            }, progress, maxLineBytes);
        } catch (RuntimeException e) {
            throw new ChunkFault(before(chunk, items, sink, collecting[0], done[0]), e);
        }
        if (sink instanceof RunCollector r) {
            r.close();
        }
        return new ChunkResult(chunk, walked.lines(), walked.envelopeHeaders(), items, walked.stats(), walked.quotes());
    }

    /**
     * What a chunk gave before a fault, whole: the items of the lines up to the last one done, less a run
     * of counted records the fault may have hit halfway (its lines count as not read).
     */
    private static ChunkResult before(LineChunk chunk, List<ChunkItem> items, Consumer<ChunkItem> sink, boolean collecting, long done) {
        long upTo = done;
        if (sink instanceof RunCollector r && r.open != null) {
            if (collecting) {
                upTo = Math.min(upTo, r.open.firstLine - 1);
            } else {
                r.close();
            }
        }
        // Lines up to there that no item holds are export header rows.
        long held = 0;
        for (ChunkItem item : items) {
            held += ChunkItem.lastLine(item) - ChunkItem.firstLine(item) + 1;
        }
        return new ChunkResult(chunk, upTo, upTo - held, items, ReadStats.NONE);
    }

    /** Folds consecutive counted, dated records of one origin (and blank lines after them) into runs. */
    private final class RunCollector implements Consumer<ChunkItem> {
        private final List<ChunkItem> items;
        private final LogZone.FileZone zone;
        private CountedRun open;

        RunCollector(List<ChunkItem> items, LogZone.FileZone zone) {
            this.items = items;
            this.zone = zone;
        }

        @Override
        public void accept(ChunkItem item) {
            if (item instanceof ChunkItem.Counted c && c.format() != RecordFormat.KLOG && c.cut() == null && !FileAssembler.bothPrint(c.entry())) {
                Timestamp time = zone.apply(c.time());
                ReleaseEvidence evidence = releases(FileAssembler.evidenceFormat(c), c.level(), c.entry());
                if (open != null && open.sameOrigin(c)) {
                    open.add(c, time, evidence);
                } else {
                    close();
                    open = new CountedRun(c, time, evidence);
                }
            } else if (item instanceof ChunkItem.Blank b && open != null) {
                open.addBlank(b.line());
            } else {
                close();
                items.add(item);
            }
        }

        void close() {
            if (open != null) {
                items.add(open);
                open = null;
            }
        }
    }

    /** Release evidence by format and level, then by entry identity (null: no entry); records hash deeply, too slow per line. */
    private final Map<RecordFormat, Map<Level, Map<CatalogEntry, ReleaseEvidence>>> releaseCache = new EnumMap<>(RecordFormat.class);
    private ReleaseEvidence releases(RecordFormat format, Level level, CatalogEntry entry) {
        if (level == null || format == null) {
            return catalog.releases(format, null, entry);
        }
        Map<CatalogEntry, ReleaseEvidence> byEntry = releaseCache.computeIfAbsent(format, f -> new EnumMap<>(Level.class))
                .computeIfAbsent(level, l -> new IdentityHashMap<>());
        ReleaseEvidence e = byEntry.get(entry);
        if (e == null) {
            e = catalog.releases(format, level, entry);
            byEntry.put(entry, e);
        }
        return e;
    }

    /** Pass 2 on a whole file's lines from an earlier read ({@link LogSource}): the same, without the grammar. */
    ChunkResult read(InputFile file, LogLines earlier, Interest interest) {
        serverNamed = ArgoServer.namedFile(file.displayPath()) && !takeControllerContent();
        List<ChunkItem> items = new ArrayList<>(earlier.lines().size());
        for (LogLines.Line l : earlier.lines()) {
            items.add(classify(l.line(), interest, u -> l.parse()));
        }
        return new ChunkResult(new LineChunk(file, 0, 0, -1), earlier.physicalLines(), earlier.envelopeHeaders(), items, earlier.stats());
    }

    /** Pass 1 takes its block buffers from {@code buffers} and gives them back there, chunk after chunk. */
    LineFrontEnd reuseBlocks(ByteBlockReader.Buffers buffers) {
        this.blockBuffers = buffers;
        return this;
    }

    /** The kept texts' deflated blocks go to {@code to} beyond its share of the heap (the reading's; null: all in the heap). */
    LineFrontEnd spillTextsTo(dev.argoforensics.event.TextSpill to) {
        this.spill = to;
        return this;
    }

    /** Pass 1 on a whole file's lines from an earlier read: the names its trigger lines make of interest. */
    ScanResult scan(LogLines earlier) {
        ScanResult result = new ScanResult();
        for (LogLines.Line l : earlier.lines()) {
            scanLine(l.line(), result, u -> l.parse());
        }
        return result;
    }

    /**
     * Pass 1: the names the chunk's trigger lines make of interest, and which way its times run.
     * Where the catalog gives every trigger message an anchor, only lines holding an anchor in their
     * raw bytes are looked at, plus a sample of lines for their times; otherwise, and for files of
     * CRI or Docker pieces (a piece could cut an anchor), every line.
     */
    ScanResult scan(LineChunk chunk, String csvHeader, Progress progress) throws IOException {
        long[] reported = new long[1];
        // A hard-wrapped copy can split an anchor between two lines: every line is read, joined.
        if (anchors != null && HardWrap.width(chunk, maxLineBytes) == 0 && entryDocument(chunk) == LogEntryDocument.Shape.NONE) {
            ScanResult quick = scanByAnchors(chunk, csvHeader, n -> {
                reported[0] += n;
                progress.advance(n, 0);
            });
            if (quick != null) {
                return quick;
            }
            progress.advance(-reported[0], 0);
        }
        ScanResult result = new ScanResult();
        walk(chunk, csvHeader, u -> scanLine(u, result), (u, why) -> { }, progress, maxLineBytes);
        return result;
    }

    /** Lines sampled for their times per block (every line of a small block). */
    private static final int SAMPLES_PER_BLOCK = 256;
    private static final int BLOCK_BYTES = 4 * 1024 * 1024;
    /** Where the kept texts' blocks go ({@link #spillTextsTo}), or null. */
    private dev.argoforensics.event.TextSpill spill;
    /** Block buffers reused from chunk to chunk: the reading's ({@link #reuseBlocks}), else none kept. */
    private ByteBlockReader.Buffers blockBuffers;

    /** The anchor scan of {@link #scan}, or null if the chunk holds pieces of split lines. */
    private ScanResult scanByAnchors(LineChunk chunk, String csvHeader, LongConsumer bytesRead) throws IOException {
        ScanResult result = new ScanResult();
        String pathContainer = ContainerPath.of(chunk.file().displayPath());
        try (ByteBlockReader blocks = new ByteBlockReader(chunk, BLOCK_BYTES, bytesRead, maxLineBytes, blockBuffers)) {
            boolean firstBlock = chunk.index() == 0;
            ByteBlockReader.Block block;
            while ((block = blocks.next()) != null) {
                byte[] bytes = block.bytes();
                int[] starts = linesToLookAt(bytes, block.length());
                if (starts == null) {
                    return null;
                }
                for (int start : starts) {
                    int end = start;
                    while (end < block.length() && bytes[end] != '\n') {
                        end++;
                    }
                    int from = start;
                    while (from < end && bytes[from] == 0) {
                        from++; // NULs before a record: the line reader skips them too
                    }
                    if (end > from && bytes[end - 1] == '\r') {
                        end--; // CRLF: the line reader drops the '\r' too (the quick read of a klog line would leave it to the grammar)
                    }
                    String line = new String(bytes, from, end - from, StandardCharsets.UTF_8);
                    EnvelopeDecoder envelopes = firstBlock && start == 0 ? new EnvelopeDecoder(maxLineBytes)
                            : EnvelopeDecoder.continuing(csvHeader, maxLineBytes);
                    UnwrappedLine u = envelopes.decode(line, 1);
                    if (u != null) {
                        scanLine(u.inContainer(pathContainer), result);
                    }
                }
                firstBlock = false;
            }
        }
        return result;
    }

    /**
     * Offsets of the lines holding an anchor, and of {@link #SAMPLES_PER_BLOCK} lines spread evenly,
     * in order; null if the block holds a piece of a split line.
     */
    private int[] linesToLookAt(byte[] bytes, int length) {
        int[] starts = new int[SAMPLES_PER_BLOCK + 64];
        int[] n = {0};
        int spacing = length / SAMPLES_PER_BLOCK;
        for (int at = 0; at < length; ) {
            starts = grown(starts, n[0]);
            starts[n[0]++] = at;
            at = nextLineStart(bytes, length, at + spacing);
        }
        starts = grown(starts, n[0]);
        starts[n[0]++] = lineStart(bytes, Math.max(0, length - 2));
        boolean[] pieces = {false};
        int[][] holder = {starts};
        anchorSearch.find(bytes, length, (offset, anchor) -> {
            if (anchor >= anchors.size()) {
                pieces[0] = true;
                return;
            }
            holder[0] = grown(holder[0], n[0]);
            holder[0][n[0]++] = lineStart(bytes, offset);
        });
        if (pieces[0]) {
            return null;
        }
        return Arrays.stream(holder[0], 0, n[0]).sorted().distinct().toArray();
    }

    private static int lineStart(byte[] bytes, int at) {
        int i = at;
        while (i > 0 && bytes[i - 1] != '\n') {
            i--;
        }
        return i;
    }

    private static int nextLineStart(byte[] bytes, int length, int from) {
        for (int i = from; i < length; i++) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return length;
    }

    private static int[] grown(int[] a, int used) {
        return used < a.length ? a : Arrays.copyOf(a, a.length * 2);
    }

    /** The head of a record read without the grammar, or null where only the full read can tell. */
    private static QuickScan.Head quickHead(String text) {
        return QuickScan.head(text, FileAssembler.UNKNOWN_YEAR);
    }

    /** Pass 1 for one line: its time, and the names it makes of interest if it is a trigger line. */
    /**
     * The Pod or Workflow a pasted answer to a user's delete names ({@link dev.argoforensics.source.PasteShape#DELETED},
     * {@link dev.argoforensics.source.PasteShape#ARGO_DELETED}), made of interest; false if {@code text} is no such answer.
     */
    static boolean answerNames(String text, Interest interest) {
        java.util.regex.Matcher m = dev.argoforensics.source.PasteShape.DELETED.matcher(text);
        if (m.matches()) {
            if ("pod".equals(m.group(1))) {
                interest.addPod(m.group(2));
            } else {
                interest.addWorkflow(m.group(2));
            }
            return true;
        }
        m = dev.argoforensics.source.PasteShape.ARGO_DELETED.matcher(text);
        if (m.matches()) {
            interest.addWorkflow(m.group(1));
            return true;
        }
        return false;
    }

    public void scanLine(UnwrappedLine u, ScanResult result) {
        scanLine(u, result, parseFunction);
    }

    private void scanLine(UnwrappedLine u, ScanResult result, Function<UnwrappedLine, LineParse> parse) {
        String text = u.record();
        if (text.isBlank() || OtherContainers.named(u) != null) {
            return; // another container's line: no trigger of the controller's
        }
        if (u.envelope().bare() && u.prefix() == null && text.indexOf(" deleted") > 0 && answerNames(text.strip(), result.interest)) {
            return;
        }
        if (u.envelopeTime() != null && (u.envelope() == dev.argoforensics.envelope.EnvelopeKind.LOKI_LOGCLI
                || u.envelope() == dev.argoforensics.envelope.EnvelopeKind.GRAFANA_EXPLORE)) {
            result.storeTime(u.envelopeTime()); // the order the log store printed its lines in
        }
        QuickScan.Head head = u.cut() ? null : withoutPlaceholder(u, quickHead(text));
        if (head != null) {
            if (u.container() == null && OtherContainers.isExecutorMessage(head.message())) {
                return;
            }
            if (head.format() != RecordFormat.KLOG) {
                result.time(head.time()); // klog prints no year: it cannot tell which way time runs
            }
            CatalogEntry entry = catalog.entryFor(head.message(), u.envelope().rebuilt() ? null : head.format());
            // A statement of the controller's catalog that is no other container's (the server's own messages, an executor's):
            // the file holds the controller's lines (its name, if the server's, says nothing of them).
            // An entry that asks for keys (the empty message the Argo Server logs too) is decided on the parsed line, below.
            boolean asksKeys = entry != null && !entry.requires().isEmpty();
            result.controller |= entry != null && !asksKeys && !serverToo(entry) && OtherContainers.of(u, head.message()) == null;
            // A conditional trigger (a pass over a completed phase) is read in full only where the raw line holds its values.
            if ((entry == null || !entry.mayTrigger(text)) && !TriggerNames.warns(head.level()) && !runLine(entry)
                    && !(asksKeys && !result.controller && entry.mayBeHeldBy(text))) {
                return;
            }
        }
        LineParse p = parse.apply(u);
        if (p instanceof LineParse.Parsed parsed) {
            if (head == null && parsed.record().format() != RecordFormat.KLOG && parsed.record().format() != RecordFormat.TIME_OF_DAY) {
                result.time(parsed.record().time()); // a time of day has no date: it cannot tell which way time runs
            }
            Optional<CatalogMatch> match = Optional.empty();
            try {
                match = catalog.match(parsed.record(), Interner.NONE, !u.envelope().rebuilt());
            } catch (IllegalArgumentException e) {
                // Pass 2 reports the line as unparsed; its names still count if it is a warning.
            }
            result.controller |= match.isPresent() && !serverToo(match.get().entry()) && OtherContainers.of(u, parsed.record().message()) == null;
            if (match.isPresent() && match.get().entry().triggers(match.get().attributes())) {
                TriggerNames.add(match.get(), result.interest);
            }
            if (match.isPresent() && runLine(match.get().entry())) {
                result.runLine(match.get().event());
            }
            if (TriggerNames.warns(parsed.record().level())) {
                // Whatever its message: a Pod or Workflow the controller warned about is worth a timeline.
                TriggerNames.addNamed(parsed.record(), match.map(CatalogMatch::event).orElse(null), result.interest);
            }
        }
    }

    /** A run's worker numbers or its start banner ({@link #RUN_ANCHORS}): read in pass 1 for {@link ScanResult#runLine}. */
    private static boolean runLine(CatalogEntry entry) {
        return entry != null && (entry.event() == EventType.WORKER_NUMBERS || entry.event() == EventType.CONTROLLER_STARTED);
    }

    /** The pod controller's lines: what AF003 counts as the pod controller acting on a Pod ({@code rules/Reconciliation#podController}). */
    private static boolean podControllerLine(CatalogEntry entry) {
        return entry != null && switch (entry.event()) {
            case POD_INFORMER_EVENT, POD_CLEANUP_SCHEDULED, POD_CLEANUP_QUEUED, POD_CLEANUP_STARTED, POD_CLEANUP_FAILED -> true;
            default -> false;
        };
    }

    /**
     * Pass 1b (session 50): the Pods the pod controller's lines name in the chunk while their replica's run has no Workflow
     * workers ({@code workflowWorkers=0}, up to that replica's next worker numbers stating a count or start banner), added to
     * {@code found}; {@code run} is the state the lines before (in time) left and is left as the chunk's lines leave it. A run
     * without workers processes no Workflow, so every Pod its pod controller acts on is a stall's or its look-alike's (AF003): the
     * full reading sees them, and so must the selective one. A Pod the lines tie to a Workflow (its name's first {@code Created
     * pod}, by any replica's run: {@link IdleRun#created}) that the run processed since its worker numbers, in the Pod's namespace
     * where the line gives it, is left out, as AF003 leaves it ({@code Reconciliation.processedInStreamBetween}): such a run had
     * workers after all, and keeping its Pods would keep the log (session 51: by the tie, not by the Pod name's prefixes, and
     * never across namespaces; session 52: the first creation's tie, as the whole reading ties the name). {@code newestFirst}: the file
     * runs newest first; the chunk's lines are taken last to first (its caller takes the chunks last to first). Read only for the
     * chunks of such a run.
     */
    void idleRunPods(LineChunk chunk, String csvHeader, IdleRun run, Interest found, boolean newestFirst) throws IOException {
        String podFromPath = FileAssembler.podFromPath(chunk.file().displayPath());
        if (!newestFirst) {
            walk(chunk, csvHeader, u -> apply(idleRunLine(u, run, false, parseFunction, podFromPath), run, found), (u, why) -> { },
                    Progress.NONE, maxLineBytes);
            return;
        }
        List<IdleStep> steps = new ArrayList<>();
        walk(chunk, csvHeader, u -> {
            IdleStep s = idleRunLine(u, run, true, parseFunction, podFromPath);
            if (s != null) {
                steps.add(s);
            }
        }, (u, why) -> { }, Progress.NONE, maxLineBytes);
        for (int i = steps.size() - 1; i >= 0; i--) {
            apply(steps.get(i), run, found);
        }
    }

    /**
     * Pass 1b's steps of one chunk, taken on any thread before the state they meet is known (session 53): every step its lines may
     * give, in file order, as {@link #idleRunPods(LineChunk, String, IdleRun, Interest, boolean)} takes them for a file written
     * newest first. {@link IdleSteps#apply} then applies them in time order to the state the chunks before left: the same state and
     * the same Pods as that walk, which reads a line of a replica with workers at the cost of its head only, where this reads it in
     * full (a step {@link #apply} ignores for such a replica).
     */
    IdleSteps idleRunSteps(LineChunk chunk, String csvHeader) throws IOException {
        String podFromPath = FileAssembler.podFromPath(chunk.file().displayPath());
        List<IdleStep> steps = new ArrayList<>();
        // The steps wait for the chunks before: each name held once (a Pod's name is on ~7 lines of its pod controller), so that
        // what waits is a few MB a chunk, not the ~10 MB its lines' own copies of their names would be.
        Map<String, String> names = new HashMap<>();
        walk(chunk, csvHeader, u -> {
            IdleStep s = idleRunLine(u, null, true, parseFunction, podFromPath);
            if (s != null) {
                steps.add(new IdleStep(s.kind(), once(names, s.replica()), once(names, s.namespace()), once(names, s.name()),
                        once(names, s.workflow()), s.idle(), s.at()));
            }
        }, (u, why) -> { }, Progress.NONE, maxLineBytes);
        return new IdleSteps(steps);
    }

    private static String once(Map<String, String> names, String name) {
        return name == null ? null : names.computeIfAbsent(name, n -> n);
    }

    /** One chunk's pass-1b steps in file order ({@link #idleRunSteps}), applied on the thread that carries the run's state. */
    static final class IdleSteps {
        private final List<IdleStep> steps;

        private IdleSteps(List<IdleStep> steps) {
            this.steps = steps;
        }

        /** Applies the steps to {@code run}, the Pods found to {@code found}: last to first where the file runs newest first. */
        void apply(IdleRun run, Interest found, boolean newestFirst) {
            for (int k = 0; k < steps.size(); k++) {
                LineFrontEnd.apply(steps.get(newestFirst ? steps.size() - 1 - k : k), run, found);
            }
        }
    }

    /** {@link #idleRunPods(LineChunk, String, IdleRun, Interest, boolean)} over the lines an earlier read kept of the whole file. */
    void idleRunPods(LogLines earlier, String displayPath, IdleRun run, Interest found) {
        String podFromPath = FileAssembler.podFromPath(displayPath);
        List<LogLines.Line> lines = earlier.lines();
        boolean newestFirst = earlier.newestFirst();
        for (int k = 0; k < lines.size(); k++) {
            LogLines.Line l = lines.get(newestFirst ? lines.size() - 1 - k : k);
            apply(idleRunLine(l.line(), run, newestFirst, u -> l.parse(), podFromPath), run, found);
        }
    }

    /**
     * What one line tells pass 1b, in the replica it is of ({@link IdleRun#replicaOf}): its worker numbers or banner, a pass of a
     * Workflow, a Pod created for a Workflow, or the pod controller acting on a Pod.
     */
    private record IdleStep(Kind kind, String replica, String namespace, String name, String workflow, boolean idle, java.time.Instant at) {
        enum Kind { ENTER, PROCESSED, CREATED, POD }
    }

    private static void apply(IdleStep s, IdleRun run, Interest found) {
        if (s == null) {
            return;
        }
        switch (s.kind()) {
            case ENTER -> run.enter(s.replica(), s.idle());
            case PROCESSED -> {
                if (run.idle(s.replica())) {
                    run.processed(s.replica(), s.namespace(), s.name());
                }
            }
            // Any replica's creation (session 52): the whole reading ties the name to its first creation, whichever run made it.
            case CREATED -> run.created(s.name(), s.namespace(), s.workflow(), s.at());
            case POD -> {
                if (run.idle(s.replica()) && !run.processedFor(s.replica(), s.namespace(), s.name())) {
                    found.addPod(s.name());
                }
            }
        }
    }

    /**
     * The line's step, or null. {@code all}: every step the line may give (its lines are taken in reverse afterwards, so the state
     * it will meet is not known yet; {@code run} is not read and may be null); else only what the state now can use (a Pod's line
     * only while some replica may be idle).
     */
    private IdleStep idleRunLine(UnwrappedLine u, IdleRun run, boolean all, Function<UnwrappedLine, LineParse> parse, String podFromPath) {
        String text = u.record();
        if (text.isBlank() || OtherContainers.named(u) != null) {
            return null;
        }
        String replica = IdleRun.replicaOf(u.origin(), podFromPath);
        QuickScan.Head head = u.cut() ? null : quickHead(text);
        if (head != null) {
            if (u.container() == null && OtherContainers.isExecutorMessage(head.message())) {
                return null;
            }
            CatalogEntry entry = catalog.entryFor(head.message(), u.envelope().rebuilt() ? null : head.format());
            // Only the lines of a replica whose run may be without workers are read in full (the costly way), besides run lines and
            // Pod creations (any replica's: the first creation of a name ties it, session 52): a replica with workers beside it
            // (stern, a merged export) is walked past at the cost of its lines' heads.
            if (!runLine(entry) && !(entry != null && entry.event() == EventType.POD_CREATED) && !((all || run.idle(replica))
                    && (podControllerLine(entry) || entry != null && entry.event() == EventType.WORKFLOW_PROCESSING))) {
                return null;
            }
        }
        if (!(parse.apply(u) instanceof LineParse.Parsed parsed)) {
            return null;
        }
        Optional<CatalogMatch> match;
        try {
            match = catalog.match(parsed.record(), Interner.NONE, !u.envelope().rebuilt());
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (match.isEmpty()) {
            return null;
        }
        ControllerEvent ev = match.get().event();
        if (ev instanceof ControllerEvent.WorkerNumbers w) {
            return w.workflowWorkers() == null ? null : new IdleStep(IdleStep.Kind.ENTER, replica, null, null, null, w.workflowWorkers() == 0, null);
        } else if (ev instanceof ControllerEvent.ControllerStarted) {
            return new IdleStep(IdleStep.Kind.ENTER, replica, null, null, null, false, null);
        } else if (ev instanceof ControllerEvent.WorkflowProcessing p && p.wf() != null) {
            return new IdleStep(IdleStep.Kind.PROCESSED, replica, p.wf().namespace(), p.wf().name(), null, false, null);
        } else if (ev instanceof ControllerEvent.PodCreated c && c.wf() != null && c.podRef() != null) {
            String ns = c.wf().namespace() != null ? c.wf().namespace() : c.podRef().namespace();
            // Ordered by a time its writer stated only: a literal-Z or zone-less time may be read in another zone by the whole reading.
            dev.argoforensics.time.Timestamp t = parsed.record().time();
            java.time.Instant at = t == null || t.zone() != dev.argoforensics.time.ZoneBasis.STATED ? null : t.instant();
            return new IdleStep(IdleStep.Kind.CREATED, replica, ns, c.podRef().name(), c.wf().name(), false, at);
        } else if (podControllerLine(match.get().entry())) {
            return ev.pod().map(pod -> new IdleStep(IdleStep.Kind.POD, replica, pod.namespace(), pod.name(), null, false, null)).orElse(null);
        }
        return null;
    }

    /** Pass 2 for one line. */
    public ChunkItem classify(UnwrappedLine u, Interest interest) {
        return classify(u, interest, parseFunction);
    }

    /** {@link #parse}, made once: a method reference made per line is an object per line. */
    private final Function<UnwrappedLine, LineParse> parseFunction = this::parse;

    private LineParse parse(UnwrappedLine u) {
        fullReads++;
        LineParse p = parser.parse(u.record(), FileAssembler.UNKNOWN_YEAR, u.cut(),
                u.envelope() == dev.argoforensics.envelope.EnvelopeKind.TIMELESS_JSON ? u.envelopeTime() : null);
        return placeholderDropped(u, p);
    }

    /**
     * {@code p}, its level dropped where the export stated none ({@link EnvelopeKind#levelUnstated}: the rebuilt text's level word is
     * the rebuilder's placeholder, never the record's; session 56).
     */
    public static LineParse placeholderDropped(UnwrappedLine u, LineParse p) {
        if (u.envelope().levelUnstated() && p instanceof LineParse.Parsed parsed) {
            LogRecord r = parsed.record();
            return new LineParse.Parsed(new LogRecord(r.format(), r.time(), r.rawTime(), null, r.message(), r.fields(), r.cut()));
        }
        return p;
    }

    /**
     * The head of a line's record, its level dropped where the export stated none ({@link EnvelopeKind#levelUnstated}: the rebuilt
     * text's level word is a placeholder, session 56).
     */
    private static QuickScan.Head withoutPlaceholder(UnwrappedLine u, QuickScan.Head head) {
        return head == null || !u.envelope().levelUnstated() ? head
                : new QuickScan.Head(head.format(), head.time(), null, head.message(), head.names());
    }

    /** Lines this worker read with the grammar (the costly way): tests check that the quick read is taken where it can be. */
    long fullReads;

    /**
     * The file being read is named after the Argo Server's Pod ({@link ArgoServer#namedFile}): a hint, read after the content (session
     * 54). A line of it that no wrapper, collector or prompt names the Pod or container of, whose message is neither one only the
     * server logs ({@link OtherContainers#of}) nor a statement of the controller's catalog, goes apart as {@link ArgoServer#BY_FILE_NAME};
     * a line of the catalog stays the controller's, and where the file holds any such line (a controller log named oddly, or the
     * lines of both) {@link FileAssembler} gives those lines back to the controller's count.
     */
    private boolean serverNamed;

    /**
     * Pass 1 read a statement of the controller's catalog in the file to be read next ({@link
     * dev.argoforensics.accounting.FileScan#controller()}): its name, though
     * the Argo Server's, says nothing of its lines, which are read as any controller log's from the first (session 55: before, its
     * uncatalogued lines went apart until {@link FileAssembler} gave back only their count, and its runs lost them). Set for one read.
     */
    private boolean controllerContent;

    /** The next read's file holds the controller's statements ({@link #controllerContent}); this front end, for the call. */
    LineFrontEnd controllerContent(boolean holds) {
        controllerContent = holds;
        return this;
    }

    private boolean takeControllerContent() {
        boolean holds = controllerContent;
        controllerContent = false;
        return holds;
    }

    /** Nothing but the file's name says whose the line is ({@link #serverNamed}). */
    private boolean onlyTheNameSays(UnwrappedLine u) {
        return serverNamed && u.container() == null && u.origin() == null;
    }

    /** Pass 2 for one line, its parse taken from {@code parse} when the quick read does not decide it. */
    private ChunkItem classify(UnwrappedLine u, Interest interest, Function<UnwrappedLine, LineParse> parse) {
        String text = u.record();
        if (text.isBlank()) {
            return new ChunkItem.Blank(u.firstLine());
        }
        // A logfmt line's names of interest are looked for in the same walk as its head (one walk of the line, not two)
        QuickScan.Head head = u.cut() ? null
                : withoutPlaceholder(u, QuickScan.head(text, FileAssembler.UNKNOWN_YEAR, interest.isEverything() ? null : interest));
        String apart = OtherContainers.of(u, head == null ? null : head.message());
        CatalogEntry named = apart == null && head != null && onlyTheNameSays(u)
                ? catalog.entryFor(head.message(), u.envelope().rebuilt() ? null : head.format()) : null;
        if (apart == null && head != null && onlyTheNameSays(u) && (named == null || serverToo(named))) {
            return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), ArgoServer.BY_FILE_NAME, u.envelope());
        }
        if (apart != null && head != null && !isExecutorEvidence(catalog.entryFor(head.message(), u.envelope().rebuilt() ? null : head.format()))) {
            return OtherContainers.EXECUTOR.equals(apart) && EXECUTOR_STARTED.equals(head.message()) ? executorStarted(u, parse.apply(u))
                    : new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), apart, u.envelope());
        }
        // Whether the quick read found a name of interest: then the whole text mentions one too (the
        // quick read starts at a separator, so it sees the same tokens), and it is not searched again.
        // A logfmt head says it already (watched in its walk); another format's text is searched from where its names can start.
        boolean mentioned = false;
        if (head != null && apart == null) {
            CatalogEntry entry = catalog.entryFor(head.message(), u.envelope().rebuilt() ? null : head.format());
            // A conditional trigger's line that cannot meet its condition (a pass over a running phase) follows its names.
            boolean keep = (entry != null && (entry.interest() == CatalogEntry.Interest.ALWAYS || entry.mayTrigger(text)))
                    || (mentioned = head.names() == QuickScan.Names.UNWATCHED ? interest.mentions(text, afterHead(text, head))
                            : head.names() == QuickScan.Names.MENTIONED);
            // A console's message text without a level is a record only where the catalog knows it: decided on the full read.
            if (!keep && !(entry == null && u.envelope().levelUnstated())) {
                return new ChunkItem.Counted(u.firstLine(), u.lastLine(), u.envelope(), u.envelopeTime(), u.origin(),
                        u.envelope() == EnvelopeKind.PREFIX, head.time(), head.format(), head.level(), entry,
                        nameless.namesNothing(entry, head.message()),
                        entry != null && entry.event() == EventType.WORKFLOW_PROCESSING ? PassKeys.of(text) : null);
            }
        }
        LineParse p = parse.apply(u);
        if (p instanceof LineParse.Rejected r) {
            // Another container prints what it likes (a main container's output is no record).
            if (apart != null) {
                return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), apart, u.envelope());
            }
            String response = u.record().startsWith("{") ? LogEntryDocument.compactResponse(u.record()) : null;
            String messageOnly = response == null ? messageOnly(u.record()) : null;
            return new ChunkItem.Rejected(u, response != null ? response : messageOnly != null ? messageOnly : r.toString());
        }
        LogRecord record = ((LineParse.Parsed) p).record();
        if (apart == null) {
            apart = OtherContainers.of(u, record.message());
        }
        Optional<CatalogMatch> match;
        try {
            match = catalog.match(record, names, !u.envelope().rebuilt());
        } catch (IllegalArgumentException e) {
            if (apart != null) {
                return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), apart, u.envelope());
            }
            if (!record.isCut()) {
                return new ChunkItem.Rejected(u, "message \"" + record.message() + "\": " + e.getMessage());
            }
            // A line cut before what its statement needs (a delay cut inside its value is no delay): kept, not interpreted.
            match = Optional.empty();
        }
        if (apart == null && (match.isEmpty() || serverToo(match.get().entry())) && onlyTheNameSays(u)) {
            return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), ArgoServer.BY_FILE_NAME, u.envelope());
        }
        if (u.envelope().levelUnstated() && match.isEmpty() && apart == null) {
            // A console's CSV of message texts alone (no level, no keys; session 56): only a message the controller logs makes the row
            // its record; any other row (another program's, prose) is unparsed as it was before, for the reason its text alone gives.
            return new ChunkItem.Rejected(u, unreadMessage(record.message()));
        }
        if (u.envelope().levelUnstated() && apart == null && match.isPresent() && notToldTheControllers(u, match.get())) {
            // client-go's election texts are every client-go program's (kube-scheduler, Karpenter, cert-manager…): in a console's
            // message texts, only the lease tells the controller's election, or a container (service) where the lease is not shown.
            return new ChunkItem.Rejected(u, "a log console's message text with no level, \"" + record.message()
                    + "\": client-go's leader election, " + (((ControllerEvent.LeaderElection) match.get().event()).lease() == null
                    ? "its lease not shown and no container or service to say whose" : "of a lease other than the controller's"
                    + " (<namespace>/workflow-controller[-<instanceID>])") + ", not taken for the controller's");
        }
        if (record.format() == RecordFormat.TIME_OF_DAY && match.isEmpty()) {
            // A time of day, then words: only a message the controller logs makes it a quoted record (prose, a
            // container's output or a note that starts with a time never does).
            return apart != null ? new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), apart, u.envelope())
                    : new ChunkItem.Rejected(u, "a time of day, then no message the controller logs");
        }
        if (apart != null) {
            if (match.isEmpty() || !isExecutorEvidence(match.get().entry())) {
                return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), apart, u.envelope());
            }
            return executorEvidence(u, record, match.get());
        }
        // A recognised line cut short is kept whatever it names: the cut may have taken the names that would make it of interest.
        // A trigger line that names no Pod was cut short (the controller always names it): kept, as the pod-less finalizer line is.
        // A line naming something by a placeholder the user wrote is kept, to be counted and said (a paste: few lines).
        String redacted = match.map(m -> m.attributes().redactedName()).orElse(null);
        boolean keep = (match.isPresent() && (match.get().entry().interest() == CatalogEntry.Interest.ALWAYS || record.isCut()
                || match.get().entry().triggers(match.get().attributes()) && match.get().event().pod().isEmpty()))
                || redacted != null || mentioned || interest.mentions(text)
                // A quoted excerpt is short and its names were often left out: every line of it is evidence.
                || record.format() == RecordFormat.TIME_OF_DAY;
        // A line cut short may have lost what it named: no evidence of a stream read whole.
        boolean namesNothing = !record.isCut() && nameless.namesNothing(match.map(CatalogMatch::entry).orElse(null), record.message());
        if (!keep) {
            return new ChunkItem.Counted(u.firstLine(), u.lastLine(), u.envelope(), u.envelopeTime(), u.origin(),
                    u.envelope() == EnvelopeKind.PREFIX, record.time(), record.format(), record.level(),
                    match.map(CatalogMatch::entry).orElse(null), record.isCut() ? record.cut().describe() : null, namesNothing,
                    match.isPresent() && match.get().entry().event() == EventType.WORKFLOW_PROCESSING ? PassKeys.of(text) : null);
        }
        // A quoted excerpt left keys out: a key's absence says nothing of the release, only the message does.
        ReleaseEvidence releases = record.format() == RecordFormat.TIME_OF_DAY
                ? catalog.releases(record.format(), record.level(), match.map(CatalogMatch::entry).orElse(null))
                : catalog.releases(record, match.orElse(null), !u.envelope().rebuilt());
        ControllerEvent event = match.isPresent() ? match.get().event() : new ControllerEvent.Unrecognized(names.name(record.message()));
        return new ChunkItem.Kept(u, record.time(), record.format(), record.level(), match.map(m -> m.entry().id()).orElse(null), event,
                releases, record.isCut() ? record.cut().describe() : null, namesNothing, redacted,
                keepParses ? new ParsedRecord(record, match.orElse(null)) : null);
    }

    /** The executor's start-up line: it names its own Pod ({@code namespace}, {@code podName}; reference lifecycle B5). */
    static final String EXECUTOR_STARTED = "Executor initialized";

    /**
     * The executor's start-up line where no wrapper named the line's Pod: counted apart like the executor's other lines, carrying
     * the Pod it names, which the file's assembler gives the executor's later evidence lines of the file.
     */
    private ChunkItem executorStarted(UnwrappedLine u, LineParse p) {
        dev.argoforensics.event.PodRef pod = null;
        if (p instanceof LineParse.Parsed parsed) {
            String name = parsed.record().value("podName").orElse(null);
            if (name != null && !name.isEmpty()) {
                pod = names.pod(parsed.record().value("namespace").filter(n -> !n.isEmpty()).orElse(null), name);
            }
        }
        return new ChunkItem.OtherContainer(u.firstLine(), u.lastLine(), OtherContainers.EXECUTOR, u.envelope(), pod);
    }

    /** The executor's lines about its task result and its error (catalog entries {@code executor-…}): evidence for AF011. */
    private static boolean isExecutorEvidence(CatalogEntry entry) {
        return entry != null && entry.id().startsWith("executor-");
    }

    /**
     * An executor line kept as evidence, naming the Pod a wrapper named with its container. It is no
     * controller replica's line: its stream is named {@code <pod>/<container>} (or by the file, when
     * only its message said whose it is), never after a replica's.
     */
    private ChunkItem executorEvidence(UnwrappedLine u, LogRecord record, CatalogMatch match) {
        ControllerEvent event = match.event();
        if (event instanceof ControllerEvent.Signal s && s.podRef() == null && u.origin() != null && OtherContainers.named(u) != null) {
            event = new ControllerEvent.Signal(s.name(), s.wf(), names.pod(null, u.origin()), s.node(), s.id(), s.attributes());
        }
        UnwrappedLine line = u.origin() != null && OtherContainers.named(u) != null ? u.withOrigin(u.origin() + "/" + u.container())
                : u.withoutOrigin();
        return new ChunkItem.Kept(line, record.time(), record.format(), record.level(), match.entry().id(), event,
                catalog.releases(record, match, !u.envelope().rebuilt()), record.isCut() ? record.cut().describe() : null, false,
                match.attributes().redactedName());
    }

    /**
     * Where a text record's names can start: after its time and level, which the quick read has
     * checked and which hold none (about a third of a slog line the interest filter need not walk).
     */
    private static int afterHead(String text, QuickScan.Head head) {
        if (head.format() == RecordFormat.SLOG_TEXT || head.format() == RecordFormat.LOGRUS_TEXT) {
            int msg = text.indexOf(" msg=");
            return msg < 0 ? 0 : msg;
        }
        return 0;
    }

    /** What {@link #walk} read: physical lines, export header rows, and what it met besides lines. */
    record Walked(long lines, long envelopeHeaders, ReadStats stats, ChunkResult.Quotes quotes) {
    }

    /**
     * Reads the chunk's lines through the envelope decoder. A line that is not whole (longer than
     * {@code maxLineBytes}, alone or once its pieces are joined, or cut off by damage) goes to
     * {@code cut} with the reason instead of being read as a record.
     */
    static Walked walk(LineChunk chunk, String csvHeader, Consumer<UnwrappedLine> sink, BiConsumer<UnwrappedLine, String> cut,
                       Progress progress, int maxLineBytes) throws IOException {
        EnvelopeDecoder envelopes = (chunk.index() == 0 ? new EnvelopeDecoder(maxLineBytes)
                : EnvelopeDecoder.continuing(csvHeader, maxLineBytes, chunk.carried()))
                .logEndsLeftOff(logEndsLeftOff(chunk, maxLineBytes));
        String pathContainer = ContainerPath.of(chunk.file().displayPath());
        if (pathContainer != null) {
            Consumer<UnwrappedLine> lines = sink;
            sink = u -> lines.accept(u.inContainer(pathContainer));
        }
        Cuts cuts = new Cuts(cut);
        LogEntryDocument.Shape document = entryDocument(chunk);
        LogEntryDocument.Joiner entries = document == LogEntryDocument.Shape.NONE ? null : new LogEntryDocument.Joiner(document);
        int wrapWidth = entries != null ? 0 : HardWrap.width(chunk, maxLineBytes);
        HardWrap.Joiner joiner = wrapWidth > 0 ? new HardWrap.Joiner(wrapWidth) : null;
        long lines = 0;
        long nulLines = 0;
        long firstNul = 0;
        long nulBytes = 0;
        String damage;
        long damageLine;
        long invalid;
        long firstInvalid;
        long unterminated;
        try (ChunkLineReader reader = new ChunkLineReader(chunk, n -> progress.advance(n, 0), maxLineBytes)) {
            String line;
            while ((line = reader.next()) != null) {
                if ((++lines & (LINES_PER_REPORT - 1)) == 0) {
                    progress.advance(0, LINES_PER_REPORT);
                }
                if (reader.leadingNuls() > 0) {
                    nulBytes += reader.leadingNuls();
                    if (nulLines++ == 0) {
                        firstNul = reader.lineNumber();
                    }
                }
                if (reader.cut() != null) {
                    if (joiner != null) {
                        passJoined(joiner.flush(), envelopes, sink, cuts);
                    }
                    cuts.add(UnwrappedLine.raw(line, reader.lineNumber()), reader.cut());
                } else if (entries != null) {
                    passEntries(entries.offer(line, reader.lineNumber()), envelopes, sink, cuts);
                } else if (joiner != null) {
                    passJoined(joiner.offer(line, reader.lineNumber()), envelopes, sink, cuts);
                } else {
                    pass(envelopes.decode(line, reader.lineNumber()), envelopes, sink, cuts);
                }
            }
            if (joiner != null) {
                passJoined(joiner.flush(), envelopes, sink, cuts);
            }
            if (entries != null) {
                passEntries(entries.flush(), envelopes, sink, cuts);
            }
            damage = reader.damage();
            // The line the damage cut, else the one after the last line read (line 1 if none could be read).
            damageLine = damage == null ? 0 : lines > 0 && cuts.last == reader.lineNumber() ? cuts.last : reader.lineNumber() + 1;
            invalid = reader.invalidUtf8Lines();
            firstInvalid = reader.firstInvalidUtf8Line();
            // A JSON document of entries that its last line closed is whole without a line break after it (curl prints none).
            unterminated = entries != null && entries.closed() ? 0 : reader.unterminatedLine();
        }
        pass(envelopes.flush(), envelopes, sink, cuts);
        progress.advance(0, lines & (LINES_PER_REPORT - 1));
        return new Walked(lines, envelopes.envelopeHeaders() + (entries == null ? 0 : entries.leadingFrame() + entries.beforeText()), new ReadStats(damage, damageLine, cuts.count, cuts.first, cuts.firstReason, invalid,
                firstInvalid, nulLines, firstNul, nulBytes, unterminated, wrapWidth, joiner == null ? 0 : joiner.records(), joiner == null ? 0 : joiner.lines(),
                joiner == null ? 0 : joiner.firstLine(), entries == null ? null : document.name(), entries == null ? 0 : entries.entries(),
                entries == null ? 0 : entries.unread(), entries == null ? 0 : entries.firstUnread()),
                new ChunkResult.Quotes(envelopes.quoteBlocks(), envelopes.opensQuoted(), envelopes.endsQuoted()));
    }

    /**
     * Whether the file's json-file lines all stop where their records end, judged on the first lines of the file ({@link
     * JsonFileEnds}): the same for every chunk of it, so a file read in chunks reads as the whole.
     */
    private static boolean logEndsLeftOff(LineChunk chunk, int maxLineBytes) throws IOException {
        List<String> head = new ArrayList<>();
        try (ChunkLineReader reader = new ChunkLineReader(new LineChunk(chunk.file(), 0, 0, -1), n -> { }, maxLineBytes)) {
            String line;
            while (head.size() < HardWrap.HEAD_LINES && (line = reader.next()) != null) {
                if (reader.cut() == null) {
                    head.add(line);
                }
            }
        }
        return JsonFileEnds.leftOff(head);
    }

    /** A document of log entries spread over lines (gcloud's YAML or JSON, jq's pretty objects): only a whole file is one. */
    private static LogEntryDocument.Shape entryDocument(LineChunk chunk) {
        return chunk.whole() ? LogEntryDocument.of(chunk.file()) : LogEntryDocument.Shape.NONE;
    }

    /** The entries of such a document, each read back into one line (or its lines as they were), through the envelope decoder. */
    private static void passEntries(List<LogEntryDocument.Entry> read, EnvelopeDecoder envelopes, Consumer<UnwrappedLine> sink, Cuts cuts) {
        for (LogEntryDocument.Entry e : read) {
            if (e.cut() != null) {
                cuts.add(UnwrappedLine.raw(e.text(), e.first()).through(e.last()), e.cut());
                continue;
            }
            // An entry read cites the line holding its text (its lines before that are counted with the document's own).
            UnwrappedLine u = envelopes.decode(e.text(), e.cite());
            pass(u == null ? null : u.through(e.last()), envelopes, sink, cuts);
        }
    }

    /** Lines of a hard-wrapped copy, each a physical line or pieces joined, through the envelope decoder to the sink. */
    private static void passJoined(List<HardWrap.Joined> joined, EnvelopeDecoder envelopes, Consumer<UnwrappedLine> sink, Cuts cuts) {
        for (HardWrap.Joined j : joined) {
            UnwrappedLine u = envelopes.decode(j.text(), j.first());
            pass(u == null ? null : u.through(j.last()), envelopes, sink, cuts);
        }
    }

    /** An unwrapped line to the sink, or to the cut lines if its joined pieces were cut; nothing for a held piece. */
    private static void pass(UnwrappedLine u, EnvelopeDecoder envelopes, Consumer<UnwrappedLine> sink, Cuts cuts) {
        UnwrappedLine back = envelopes.released();
        if (back != null) {
            sink.accept(back); // a line the decoder held (a time alone) and gave back: it came before u
        }
        if (u == null) {
            return;
        }
        if (envelopes.cut() != null) {
            cuts.add(u, envelopes.cut());
        } else {
            sink.accept(u);
        }
    }

    /** Lines that are not whole, counted on their way to their consumer. */
    private static final class Cuts {
        private final BiConsumer<UnwrappedLine, String> consumer;
        long count;
        long first;
        long last;
        String firstReason;

        Cuts(BiConsumer<UnwrappedLine, String> consumer) {
            this.consumer = consumer;
        }

        void add(UnwrappedLine u, String why) {
            if (count++ == 0) {
                first = u.firstLine();
                firstReason = why;
            }
            last = u.lastLine();
            consumer.accept(u, why);
        }
    }

    private static final int LINES_PER_REPORT = 4096;

    /** A log console's time before a copied message: {@code Dec 04 14:03:22.123} (Datadog), {@code 2026-12-04 14:03:22.123}, {@code 14:03:22}. */
    private static final Pattern CONSOLE_TIME = Pattern.compile(
            "^(?:(?:[A-Z][a-z]{2} {1,2}\\d{1,2}|\\d{4}-\\d{2}-\\d{2})[ T])?\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?Z?\\s+");

    /**
     * Why a line that is a controller message and nothing else is not read ({@code cleaning up pod}, or after a console's time,
     * {@code Dec 04 14:03:22.123 delete pod event}): a log console's copy of the message alone (Datadog's "Copy message", a
     * message column exported without the others) left out the record's time, level and keys, and with them the Pod, Workflow
     * and namespace it is about. Null for any other line. A time of day alone before it is an issue's excerpt, read elsewhere.
     */
    /** Why a console's message text with no level and no keys is unparsed: the catalog does not know it as the controller's. */
    private static String unreadMessage(String message) {
        String shown = message.length() > 60 ? message.substring(0, 60) + "…" : message;
        return "a log console's message text with no level and no keys, \"" + shown + "\", which is no message the controller's catalog"
                + " holds (with nothing else to say whose it is, not taken for the controller's): export the whole log line, or the level and"
                + " keys as columns";
    }

    /**
     * True for a leader election line naming a lease that is not the controller's (cmd/workflow-controller/main.go, v3.4 to v4.1, names
     * its lease {@code workflow-controller}, or {@code workflow-controller-<instanceID>} with an instance ID, in its own namespace), or
     * client-go's words with no lease shown and no container (service) to say whose (session 56, breaker).
     */
    static boolean notToldTheControllers(UnwrappedLine u, CatalogMatch m) {
        if (!(m.event() instanceof ControllerEvent.LeaderElection le)) {
            return false;
        }
        if (le.lease() == null) {
            // client-go's own words (klog's, or v0.35's structured ones with their lock key left out by the console)
            return u.container() == null && m.entry().releases() != null && m.entry().releases().contains("client-go");
        }
        String name = le.lease().substring(le.lease().indexOf('/') + 1);
        return !name.equals("workflow-controller") && !name.startsWith("workflow-controller-");
    }

    String messageOnly(String record) {
        String text = record.strip();
        Matcher m = CONSOLE_TIME.matcher(text);
        String msg = m.find() ? text.substring(m.end()).strip() : text;
        if (msg.isEmpty() || catalog.entryFor(msg) == null) {
            return null;
        }
        return "the controller's message \"" + msg + "\" alone, without its record's time, level and keys (a log console's copy of"
                + " the message only, as Datadog's Copy message gives it): the names its keys carry (Pod, Workflow, namespace) are not"
                + " in the line; copy the whole log line, or export the logs with their attributes (JSON or CSV)";
    }

    /**
     * Entries the Argo Server logs in the same words at its own start ({@code cmd/argo/commands/server.go} calls
     * {@code pprofutil.Init} and warns of {@code --managed-namespace} as main.go does, v3.2 to v4.1): they say nothing of whose the
     * file is (session 61; ArgoServerSharedLinesBreakerTest).
     */
    static boolean serverToo(CatalogEntry entry) {
        return entry.id().equals("pprof-init") || entry.id().equals("managed-namespace-ignored");
    }
}
