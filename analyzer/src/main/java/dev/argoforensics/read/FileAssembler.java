package dev.argoforensics.read;

import dev.argoforensics.accounting.Furniture;
import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.accounting.ReadStats;
import dev.argoforensics.accounting.UnparsedLine;
import dev.argoforensics.catalog.CatalogEntry;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.catalog.ReleaseEvidence;
import dev.argoforensics.envelope.OtherContainers;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerEvent.ControllerStarted;
import dev.argoforensics.event.ControllerEvent.LeaderElection;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.ControllerProcess.Leadership;
import dev.argoforensics.event.ControllerProcess.ReplicaSource;
import dev.argoforensics.event.LogCoverage;
import dev.argoforensics.event.LogEvent;
import dev.argoforensics.event.PodRef;
import dev.argoforensics.event.TextBlock;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.Terminal;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.RotatedSet;
import dev.argoforensics.source.ShellCommand;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.GoDuration;
import dev.argoforensics.time.TimePrecision;
import dev.argoforensics.time.Timestamp;
import dev.argoforensics.time.ZoneBasis;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Turns one file's chunk results, taken strictly in file order, into its kept events, its controller
 * run pieces and its summary: a pure function of the file and what is of interest (with the reading's
 * settings). It places every line in a run piece ({@link FileRuns}: one replica from one start, split
 * by the replica a collector names and at {@code Starting Workflow Controller}), gives local
 * ordinals, gathers Go panic blocks, dates klog lines and times panics by their neighbours in the
 * file, and accounts for every line. What depends on the files before it (run ids, ordinals, klog
 * years from other files, run notes) is the stitch's ({@link ReadingStitch}).
 *
 * <p>Over 300 lines, for now: each file's damage ({@link FileDamage}), excerpt furniture
 * ({@link ExcerptFurniture}), zone check ({@link ZoneCheck}), run pieces ({@link FileRuns}) and
 * cleanup scheduling marks ({@link ScheduleMarks}) are collaborators of their own; the per-file counts,
 * the Go panic block being gathered and the klog years are still fields here, because each of them
 * moves the same kept-event list and ordinal.
 */
final class FileAssembler {
    static final int UNPARSED_SAMPLES = 5;
    /** Longer lines are never excerpt furniture (and the patterns need not look at them). */
    static final int FURNITURE_MAX_CHARS = 1000;
    /**
     * {@code …/pods/<namespace>_<pod>_<uid>/<container>/0.log} and {@code …/containers/<pod>_<namespace>_<container>-<id>.log}. The
     * kubelet's folder is named too when copied without its {@code pods/} parent ({@code scp -r node:/var/log/pods/argo_* logs/}),
     * where its last part is a UID: namespaces and Pod names hold no {@code _}, so {@code <ns>_<pod>_<uuid>} is that folder.
     */
    private static final Pattern POD_DIR = Pattern.compile("(?:^|/)(?:pods/[^/_]+_([^/_]+)_[^/]+|[a-z0-9][-a-z0-9]*_([a-z0-9][-a-z0-9.]*)_"
            + "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[^/]+/[^/]+$");
    private static final Pattern CONTAINER_LINK = Pattern.compile("(?:^|/)containers/([^/_]+)_[^/_]+_[^/]+\\.log(?:\\.[^/]*)?$");

    /** klog prints no year: its lines are first read with this leap year, then given the right one. */
    static final int UNKNOWN_YEAR = 2000;
    /** Lines per file whose record and collector times are compared for the zone check. */
    static final int ZONE_OFFSET_SAMPLES = 10_000;

    private static final Timestamp NO_TIME = new Timestamp(Instant.EPOCH, TimePrecision.SECOND,
            ZoneBasis.ASSUMED_UTC);
    private static final EventType[] EVENT_TYPES = EventType.values();

    /**
     * With a hand-over, the kept events are handed over at least this often within a chunk, not only at its end: the events
     * made here are copied by the stitch, and a chunk of an incident's log keeps tens of thousands of lines, whose events
     * outlived a young collection while the chunk was taken and went to the old generation as garbage.
     */
    static final int HAND_OVER_EVERY = 4096;
    private int handOverEvery = HAND_OVER_EVERY;

    private final MessageCatalog catalog;
    /** The zone the file's wall-clock times are read in: --log-tz's, else the one its head measured ({@link ZoneProbe}), else none. */
    private LogZone.FileZone zone;
    private final Map<Object, ReleaseEvidence> releaseCache = new HashMap<>();
    private final Map<String, EventType> typeById = new HashMap<>();
    private final FileRuns runs;
    /** Indexes in {@link #kept} of lines held until their run piece is known ({@link FileRuns#holding}). */
    private final Set<Integer> heldAt = new HashSet<>();
    /** Takes the kept events as soon as their time is final (the live stitch), or null to keep them all to the end. */
    private final Consumer<List<LogEvent>> handOver;
    /** Every record read, kept or counted, and the event types among them (see {@link dev.argoforensics.event.LogCoverage}). */
    private long recordsRead;
    private final Set<EventType> typesRead = EnumSet.noneOf(EventType.class);
    /** Where the cleanup scheduling lines that were only counted stood (the correlation's pairing needs it). */
    private final ScheduleMarks marks = new ScheduleMarks();
    private long ordinal;
    private final InputFile file;
    private final String setName;
    private final boolean reversed;
    private final String podFromPath;
    private final List<LogEvent> kept = new ArrayList<>();
    /** The texts of the kept events, deflated a block of neighbours at a time (not where they are handed over at once). */
    private TextBlock.Packer texts;
    private final boolean packTexts;
    private final List<Integer> klogWithoutYear = new ArrayList<>();
    /** Of those, the ones that name nothing: their run's nameless spread takes them once they have a year. */
    private final java.util.Set<Integer> namelessWithoutYear = new java.util.HashSet<>();
    private final List<Integer> panicsWithoutTime = new ArrayList<>();
    private final List<UnparsedLine> samples = new ArrayList<>();
    private final Map<RecordFormat, Long> formats = new EnumMap<>(RecordFormat.class);
    private final Map<EnvelopeKind, Long> envelopes = new EnumMap<>(EnvelopeKind.class);
    /**
     * Whether the file's lines taken so far leave a fenced block open (its fence lines no quote holds, in file order across its chunks,
     * so that each chunk's cut changes nothing), and whether a record (of any container) was read inside one: then the text outside
     * every fenced block, quote and code span is the text around a paste, not unparsed log lines ({@link ExcerptFurniture#settleProse}).
     */
    private boolean inFence;
    private boolean blockRecords;
    private boolean recordsInFence;

    /** A fence line no quote holds: the block it opens or closes, in the order the file's lines are taken. */
    private void fence(String text) {
        boolean after = EnvelopeDecoder.inFenceAfter(text, inFence, reversed);
        if (inFence && !after) {
            fenceClosed();
        }
        inFence = after;
    }

    private void fenceClosed() {
        furniture.blockEnded(blockRecords);
        recordsInFence |= blockRecords;
        blockRecords = false;
    }
    /** Lines of containers other than the controller's, by container. */
    private final Map<String, Long> otherContainers = new java.util.TreeMap<>();
    private final ZoneCheck zoneCheck = new ZoneCheck();
    /** Records only counted, by how their time zone was known (kept ones are counted from their events). */
    private final Map<ZoneBasis, Long> countedZones = new EnumMap<>(ZoneBasis.class);
    /** Events handed to the sink already, by how their time zone was known. */
    private final Map<ZoneBasis, Long> handedZones = new EnumMap<>(ZoneBasis.class);
    private ReleaseEvidence releases = ReleaseEvidence.NONE;
    private long lineBase;
    private long lines;
    private long eventCount;
    private long recognised;
    private long continuation;
    private long prefixed;
    private long blank;
    private long unparsed;
    /** Excerpt furniture ({@link FurnitureLine}), and the prompts' commands by line (the first few). */
    private final ExcerptFurniture furniture = new ExcerptFurniture();
    /** The latest time of the dated records so far (file order): what a later command of a transcript ran after. */
    private Timestamp latestDated;
    /** The prompts met so far, for kubectl's answers ({@link PastedTranscript}). */
    private final PastedTranscript transcript = new PastedTranscript();
    /** The placeholder days of the file's quoted times of day (an excerpt may go past midnight). */
    private final ExcerptDays excerptDays = new ExcerptDays();
    private final FileNotes notes = new FileNotes();
    private Timestamp lastDated;
    /**
     * The Pod the executor's start-up line ({@code Executor initialized … namespace=… podName=…}) names, for the executor's later
     * lines of this file that no wrapper names a Pod for: a wait container's log saved without {@code --prefix} or a prompt
     * (in file order, so across chunks; a later start-up line of another Pod, in concatenated logs, takes over).
     */
    private PodRef executorPod;
    private GoPanicBlock panic;
    private UnwrappedLine panicLine;
    /** The origin of the panic's first line, its blockquote numbered in the file. */
    private String panicOrigin;
    /** The file's blockquotes in the chunks taken, the shift of the chunk being taken's, and whether the last chunk ended quoted. */
    private int quoteBlocks;
    private int quoteShift;
    private boolean endedQuoted;
    private long panicBase;
    /** What was wrong with the file itself (damage, cut lines, encoding), with file line numbers. */
    private final FileDamage damage = new FileDamage();
    /** The items of the chunk being taken, and the index of the one being taken (for {@link #stopped}). */
    private List<ChunkItem> takingFrom;
    private int taking;
    /** Takes each kept record's parse with its event's ordinal in the file (a reading with a sink), or null. */
    private java.util.function.ObjLongConsumer<ParsedRecord> parses;

    /**
     * @param setName  the display path of the file's rotated set ({@link dev.argoforensics.source.RotatedSet#name()})
     * @param opened   told as each run piece opens, or null
     * @param handOver takes kept events as soon as their time is final, or null to keep them to {@link #finish}
     * @param packTexts deflate the blocks of the texts this assembler packs itself (a Go panic's, a line read on another machine);
     *                  false where the events are dropped as soon as they are handed over (a reading with a sink: the index)
     */
    FileAssembler(MessageCatalog catalog, ZoneId logZone, InputFile file, String setName, boolean reversed, FileRuns.Opened opened,
                  Consumer<List<LogEvent>> handOver, boolean packTexts) {
        this.catalog = catalog;
        this.zone = LogZone.FileZone.given(logZone);
        this.file = file;
        this.setName = setName;
        this.reversed = reversed;
        this.podFromPath = podFromPath(file.displayPath());
        this.runs = new FileRuns(setName, opened);
        this.handOver = handOver;
        this.texts = new TextBlock.Packer(packTexts);
        this.packTexts = packTexts;
        catalog.entries().forEach(e -> typeById.put(e.id(), e.event()));
    }

    /** The file's lines (1-based, from and to inclusive) of other commands' output read as exports, in pairs; empty for most files. */
    private long[] transcriptOutputs = new long[0];
    /**
     * The lines of the prompts (1-based, file order as met) whose command prints output of a shape read as an export, not read as one
     * ({@link #transcriptOutputs} has no section after them), and their commands: said at the file's end where past the head that
     * sections are looked for in ({@link #unreadPastHead}).
     */
    private final List<Long> unreadOutputs = new java.util.ArrayList<>();
    private final List<String> unreadCommands = new java.util.ArrayList<>();

    /**
     * A transcript's lines of other commands' output ({@code kubectl describe pod}, {@code argo get}: {@link
     * dev.argoforensics.source.PasteShape#transcriptOutputs}), read as exports: such a line that is no record is counted with the
     * other output around the log's lines, not as unparsed.
     */
    FileAssembler transcriptOutputs(List<dev.argoforensics.source.PasteShape.Section> sections) {
        transcriptOutputs = new long[sections.size() * 2];
        for (int k = 0; k < sections.size(); k++) {
            transcriptOutputs[2 * k] = sections.get(k).prompt() + 2;
            transcriptOutputs[2 * k + 1] = sections.get(k).end();
        }
        return this;
    }

    private boolean transcriptOutput(long line) {
        for (int k = 0; k < transcriptOutputs.length; k += 2) {
            if (line >= transcriptOutputs[k] && line <= transcriptOutputs[k + 1]) {
                return true;
            }
        }
        return false;
    }

    /** With a hand-over, hands the kept events over at least every {@code n} of them (tests take a few, to meet it in small files). */
    FileAssembler handOverEvery(int n) {
        this.handOverEvery = Math.max(1, n);
        return this;
    }

    /** The blocks this assembler packs go to {@code to} beyond its share of the heap (the reading's spill); before the first text. */
    FileAssembler spillTextsTo(dev.argoforensics.event.TextSpill to) {
        this.texts = new TextBlock.Packer(packTexts, to);
        return this;
    }

    /** Hands each kept record's parse, with its event's ordinal in the file, to {@code to} (the live stitch). */
    void parsesTo(java.util.function.ObjLongConsumer<ParsedRecord> to) {
        this.parses = to;
    }

    /**
     * Takes one chunk; {@code lineBase} is the number of lines in the file before it (the
     * chunk's line numbers are its own).
     */
    void accept(ChunkResult chunk, long base, List<ChunkItem> itemsInOrder) {
        quoted(chunk.quotes());
        lines += chunk.lines();
        continuation += chunk.envelopeHeaders();
        lineBase = base;
        damage.add(chunk.stats(), base);
        notes.hardWrapped(chunk.stats(), base);
        notes.entries(chunk.stats(), base);
        takingFrom = itemsInOrder;
        for (taking = 0; taking < itemsInOrder.size(); taking++) {
            take(itemsInOrder.get(taking));
            if (kept.size() >= handOverEvery) {
                handOverFinal();
            }
        }
        takingFrom = null;
        handOverFinal();
    }

    /**
     * Numbers the chunk's blockquotes in the file: its blockquote {@code n} is the file's {@code quoteShift + n}, its first the last
     * one's of the chunks before if it goes on from there (each chunk's decoder counts its own from 1).
     */
    private void quoted(ChunkResult.Quotes q) {
        quoteShift = quoteBlocks - (endedQuoted && q.opens() ? 1 : 0);
        if (q.blocks() > 0) {
            quoteBlocks = quoteShift + q.blocks();
        }
        endedQuoted = q.ends();
    }

    /** A line's origin, a quote's named by its blockquote in the file ({@link #quoted}). */
    private String fileOrigin(String lineOrigin) {
        return EnvelopeDecoder.renumberQuote(lineOrigin, quoteShift);
    }

    /** With a hand-over: hands over the kept events when none of them waits for a time (a klog year, a panic's neighbour). */
    private void handOverFinal() {
        if (handOver == null || kept.isEmpty() || !klogWithoutYear.isEmpty() || !panicsWithoutTime.isEmpty() || runs.holdingAny()) {
            return;
        }
        for (LogEvent e : kept) {
            handedZones.merge(e.timeZone(), 1L, Long::sum);
        }
        handOver.accept(List.copyOf(kept));
        kept.clear();
    }

    /** True if any line of the file was taken (a file that failed before that is unreadable, not read in part). */
    boolean tookAny() {
        return lines > 0;
    }

    /**
     * Ends a file whose reading failed (a fault of the analyzer, or the file failed to read midway): what
     * was taken is kept, as for a damaged file, and the place where it stopped is named with {@code what}.
     */
    FileReading stopped(String what, String hint, String sha256) {
        long at;
        String read;
        if (takingFrom != null) {
            // The assembler failed on an item: the items after it in this chunk are lines not read as records.
            at = lineBase + ChunkItem.firstLine(takingFrom.get(taking));
            for (int i = taking + 1; i < takingFrom.size(); i++) {
                ChunkItem item = takingFrom.get(i);
                unparsed += ChunkItem.lastLine(item) - ChunkItem.firstLine(item) + 1;
            }
            takingFrom = null;
            read = reversed ? "the lines after it were read (the file is read newest first), not this one and those before"
                    : "the lines before it were read, not this one and those after";
        } else {
            // A chunk failed to be read: the chunks before it were taken whole.
            at = lines + 1;
            read = lines == 0 ? "no line was read" : "the " + count(lines, "line") + " before it were read, nothing after";
        }
        damage.stoppedAt(UnparsedLine.of(file.at(at), what + ": " + read + hint, ""));
        return finish(sha256);
    }

    /**
     * Whether the file's last line read, in an unnamed stream, was the executor's (by its messages): argoexec logs each API request
     * as the controller does ({@link #bothPrint}), and such a line next to the executor's is the executor's (session 58 breaker).
     */
    private boolean afterExecutor;

    /**
     * Whether the entry is a line the executor prints in the same words: Argo's log of each Kubernetes API request, which
     * cmd/argoexec/commands/root.go (and agent.go) wraps its client with as the controller does, at the same level, at every v3 and
     * v4 tag. Folded into no run ({@link LineFrontEnd}): the assembler decides whose it is by the lines around it.
     */
    static boolean bothPrint(CatalogEntry entry) {
        return entry != null && entry.id().startsWith("k8s-request-");
    }

    /** An API request line in an unnamed stream right after the executor's lines: the executor's, counted apart as its lines are. */
    private boolean executorsRequest(ChunkItem item) {
        if (!afterExecutor) {
            return false;
        }
        if (item instanceof ChunkItem.Counted c) {
            return c.origin() == null && bothPrint(c.entry());
        }
        return item instanceof ChunkItem.Kept k && k.origin() == null && k.catalogId() != null && k.catalogId().startsWith("k8s-request-");
    }

    private void take(ChunkItem item) {
        if (executorsRequest(item)) {
            closePanic();
            otherContainers.merge(OtherContainers.EXECUTOR, ChunkItem.lastLine(item) - ChunkItem.firstLine(item) + 1, Long::sum);
            blockRecords |= inFence;
            envelopes.merge(item instanceof ChunkItem.Counted c ? c.envelope() : ((ChunkItem.Kept) item).envelope(), 1L, Long::sum);
            return;
        }
        if (item instanceof ChunkItem.OtherContainer o) {
            afterExecutor = OtherContainers.EXECUTOR.equals(o.container());
        } else if (item instanceof ChunkItem.Kept k) {
            afterExecutor = k.origin() == null && k.catalogId() != null && k.catalogId().startsWith("executor-");
        } else if (item instanceof CountedRun || item instanceof ChunkItem.Counted) {
            afterExecutor = false;
        }
        if (item instanceof CountedRun r) {
            run(r);
        } else if (item instanceof ChunkItem.Counted c) {
            counted(c);
        } else if (item instanceof ChunkItem.Kept k) {
            keep(k);
        } else if (item instanceof ChunkItem.Rejected r) {
            rejected(r);
        } else if (item instanceof ChunkItem.OtherContainer o) {
            closePanic();
            if (o.executorPod() != null) {
                executorPod = o.executorPod();
            }
            otherContainers.merge(o.container(), o.lastLine() - o.firstLine() + 1, Long::sum);
            blockRecords |= inFence;
            envelopes.merge(o.envelope(), 1L, Long::sum);
        } else if (panic != null) {
            panic.add("", lineBase + ((ChunkItem.Blank) item).line());
        } else {
            blank++;
        }
    }

    private void rejected(ChunkItem.Rejected r) {
        String text = r.line().record();
        long first = lineBase + r.line().firstLine();
        continuation += r.line().lastLine() - r.line().firstLine();
        if (panic != null && GoPanicBlock.continues(text)) {
            panic.add(text, first);
        } else if (GoPanicBlock.starts(text)) {
            closePanic();
            panic = new GoPanicBlock(text, first);
            panicLine = r.line();
            panicOrigin = fileOrigin(r.line().origin());
            panicBase = lineBase;
        } else {
            closePanic();
            if (transcriptOutput(first)) {
                // A line of a describe or argo get the transcript holds: read as an export ({@link #transcriptOutputs}), not a log line.
                this.furniture.output();
                return;
            }
            boolean bare = r.line().envelope().bare() && r.line().prefix() == null && text.length() <= FURNITURE_MAX_CHARS;
            FurnitureLine.Line furniture = bare ? FurnitureLine.recognise(text) : null;
            java.util.regex.Matcher notFound = bare && furniture == null ? PasteShape.NOT_FOUND.matcher(text.strip()) : null;
            boolean emptyList = bare && furniture == null && !notFound.matches() && PasteShape.NO_RESOURCES.matcher(text.strip()).matches();
            java.util.regex.Matcher deleted = bare && furniture == null && !notFound.matches() && !emptyList
                    ? PasteShape.DELETED.matcher(text.strip()) : null;
            java.util.regex.Matcher argoDeleted = deleted != null && !deleted.matches() ? PasteShape.ARGO_DELETED.matcher(text.strip()) : null;
            if (furniture == null && bare && (PasteShape.DATE_OUTPUT.matcher(text.strip()).matches() || FurnitureLine.sternTail(text)
                    || FurnitureLine.kubetailHead(text) || PasteShape.FORCE_WARNING.matcher(text.strip()).matches()
                    || FurnitureLine.issueTemplate(text))) {
                // date's answer ($ date -u, then the command whose output it dates), stern's "+ <pod> › <container>" as it begins to
                // follow a container ("-" as it stops), kubetail's "Will tail 2 logs..." and the Pods it names, kubectl's warning before a forced
                // delete: the terminal's, no log line. Argo's bug report template's own instructions inside its fenced block ("# Logs from the
                // workflow controller:"), which people paste their lines under: the issue's text, no log line (session 58).
                this.furniture.output();
            } else if (furniture != null) {
                if (r.line().envelope() == EnvelopeKind.NONE) {
                    fence(text); // a quote's own fence (> ```) opens no block of the file's
                }
                this.furniture.add(furniture, first);
                transcript.prompt(furniture, recordsRead, latestDated);
                if (furniture.kind() == FurnitureLine.Kind.PROMPT && furniture.command() != null && !transcriptOutput(first + 1)
                        && PasteShape.printsExport(furniture.command())) {
                    unreadOutputs.add(first);
                    unreadCommands.add(furniture.command());
                }
                if (!reversed && furniture.kind() == FurnitureLine.Kind.PROMPT && furniture.command() != null
                        && ShellCommand.printsLogs(furniture.command())) {
                    runs.logsPrompt(ShellCommand.previousContainer(furniture.command()));
                }
            } else if (notFound != null && notFound.matches()) {
                this.furniture.answer(first, transcript.answer(file.at(first), notFound.group(1), notFound.group(2), recordsRead, reversed));
            } else if (emptyList) {
                this.furniture.answer(first, transcript.emptyList(file.at(first), text.strip(), recordsRead, reversed));
            } else if (deleted != null && deleted.matches()) {
                // kubectl's answer to a delete (pod "X" force deleted): the user's delete, read as the answers are (session 53)
                this.furniture.answer(first, transcript.deleted(file.at(first), "pod".equals(deleted.group(1)) ? "pods" : "workflows.argoproj.io",
                        deleted.group(2), text.strip(), recordsRead, reversed));
            } else if (argoDeleted != null && argoDeleted.matches()) {
                this.furniture.answer(first, transcript.deleted(file.at(first), "workflows.argoproj.io", argoDeleted.group(1), text.strip(),
                        recordsRead, reversed));
            } else if (r.line().envelope().bare() && r.line().prefix() == null && FurnitureLine.prose(text)) {
                // Settled in finish: text around a quoted excerpt, or unparsed.
                this.furniture.proseCandidate(first, r.reason(), text, r.line().envelope() != EnvelopeKind.NONE ? ExcerptFurniture.Where.INSIDE
                        : inFence ? ExcerptFurniture.Where.IN_BLOCK : ExcerptFurniture.Where.OUTSIDE);
            } else {
                unparsed++;
                sample(file.at(first), r.reason(), text);
            }
        }
    }

    /**
     * Keeps the {@link #UNPARSED_SAMPLES} unparsed lines that come first in the file, whatever the order
     * they are met in (a file read newest first meets its last lines first).
     */
    private void sample(SourceRef source, String reason, String text) {
        if (samples.size() < UNPARSED_SAMPLES) {
            samples.add(UnparsedLine.of(source, reason, text));
            return;
        }
        int last = 0;
        for (int i = 1; i < samples.size(); i++) {
            if (samples.get(i).source().compareTo(samples.get(last).source()) > 0) {
                last = i;
            }
        }
        if (source.compareTo(samples.get(last).source()) < 0) {
            samples.set(last, UnparsedLine.of(source, reason, text));
        }
    }

    private void counted(ChunkItem.Counted c) {
        closePanic();
        if (c.cut() != null) {
            damage.readInPart(lineBase + c.firstLine(), c.cut());
        }
        Timestamp time = inLogZone(c.time());
        countedZones.merge(time.zone(), 1L, Long::sum);
        recordsRead++;
        if (c.entry() != null) {
            typesRead.add(c.entry().event());
        }
        account(c.firstLine(), c.lastLine(), c.envelope(), c.prefixed(), c.format(), c.entry() != null);
        if (c.envelopeTime() != null) {
            zoneCheck.add(time, c.envelopeTime(), c.envelope() == EnvelopeKind.PREFIX);
        }
        releases = releases.and(cachedReleases(evidenceFormat(c), c.level(), c.entry()));
        if (c.format() == RecordFormat.KLOG) {
            Timestamp dating = c.envelopeTime() != null ? c.envelopeTime() : lastDated;
            if (dating == null) {
                // Nothing dates it yet, and it is not kept: it cannot count for the stream's order.
                ordinal++;
                return;
            }
            time = KlogYears.near(time, dating);
        }
        dated(time, c.format());
        String key = origin(fileOrigin(c.origin()));
        ControllerRun s = runs.counted(key, from(c.origin()), c.entry() != null && FileRuns.work(c.entry().event()), 1, time);
        if (runs.holding(key)) {
            Timestamp at = time;
            long line = lineBase + c.firstLine();
            long atOrdinal = ordinal;
            runs.hold(key, run -> countIn(run, c, at, line, atOrdinal));
        } else {
            countIn(s, c, time, lineBase + c.firstLine(), ordinal);
        }
        ordinal++;
    }

    private void countIn(ControllerRun s, ChunkItem.Counted c, Timestamp time, long line, long at) {
        boolean processing = c.entry() != null && c.entry().event() == EventType.WORKFLOW_PROCESSING;
        s.count(time, file, line, cachedReleases(evidenceFormat(c), c.level(), c.entry()), processing, c.namesNothing());
        s.loadOnly(null, 1, c.entry() != null && FileRuns.work(c.entry().event()));
        if (processing) {
            s.pass(c.passKey(), time);
        }
        if (c.entry() != null && c.entry().event() == EventType.POD_CLEANUP_SCHEDULED) {
            marks.counted(s.id, at);
        }
    }

    /** A run of counted records summed up by the worker: the same as taking them one by one. */
    private void run(CountedRun r) {
        closePanic();
        eventCount += r.records;
        recordsRead += r.records;
        for (EventType t : EVENT_TYPES) {
            if ((r.types & (1L << t.ordinal())) != 0) {
                typesRead.add(t);
            }
        }
        continuation += r.continuation;
        recognised += r.recognised;
        prefixed += r.prefixed;
        blank += r.blank;
        r.addFormats(formats);
        r.addEnvelopes(envelopes);
        blockRecords |= inFence && r.records > 0;
        r.addZones(countedZones);
        zoneCheck.addAll(r.zoneOffsets, r.zoneOffsetCount);
        for (ReleaseEvidence e : r.releases) {
            releases = releases.and(e);
        }
        dated(r.first, RecordFormat.SLOG_TEXT);
        dated(r.last, RecordFormat.SLOG_TEXT);
        String key = origin(fileOrigin(r.origin));
        boolean work = false;
        for (EventType t : EVENT_TYPES) {
            work |= (r.types & (1L << t.ordinal())) != 0 && FileRuns.work(t);
        }
        ControllerRun s = runs.counted(key, from(r.origin), work, r.records, r.latest);
        if (runs.holding(key)) {
            long base = lineBase;
            long atOrdinal = ordinal;
            runs.hold(key, run -> countRunIn(run, r, base, atOrdinal));
        } else {
            countRunIn(s, r, lineBase, ordinal);
        }
        ordinal += r.records;
    }

    private void countRunIn(ControllerRun s, CountedRun r, long base, long at) {
        s.countRun(r, file, base);
        boolean work = false;
        for (EventType t : EVENT_TYPES) {
            work |= (r.types & (1L << t.ordinal())) != 0 && FileRuns.work(t);
        }
        s.loadOnly(null, r.records, work);
        if ((r.types & (1L << EventType.POD_CLEANUP_SCHEDULED.ordinal())) != 0) {
            marks.counted(s.id, at);
        }
    }

    /** The kept line's event; an executor line no wrapper named the Pod of is given the Pod its start-up line named (see {@link #executorPod}). */
    private ControllerEvent executorPod(ChunkItem.Kept k) {
        if (!(k.event() instanceof ControllerEvent.Signal s) || k.catalogId() == null || !k.catalogId().startsWith("executor-")) {
            return k.event();
        }
        if (s.podRef() == null && executorPod != null && k.origin() == null) {
            return new ControllerEvent.Signal(s.name(), s.wf(), executorPod, s.node(), s.id(), s.attributes());
        }
        return s;
    }

    private void keep(ChunkItem.Kept k) {
        closePanic();
        long firstLine = k.firstLine();
        long lastLine = k.lastLine();
        EnvelopeKind envelope = k.envelope();
        Timestamp envelopeTime = k.envelopeTime();
        String lineOrigin = k.origin();
        if (k.cut() != null) {
            damage.readInPart(lineBase + firstLine, k.cut());
        }
        Timestamp time = inLogZone(k.time());
        account(firstLine, lastLine, envelope, envelope == EnvelopeKind.PREFIX, k.format(), k.catalogId() != null);
        if (envelopeTime != null) {
            zoneCheck.add(time, envelopeTime, envelope == EnvelopeKind.PREFIX);
        }
        releases = releases.and(k.releases());
        recordsRead++;
        if (k.catalogId() != null) {
            typesRead.add(typeById.get(k.catalogId()));
        }
        ControllerEvent event = executorPod(k);
        if (k.redacted() != null) {
            notes.redacted(k.redacted());
        }
        if (k.format() == RecordFormat.KLOG) {
            if (envelopeTime != null) {
                time = KlogYears.near(time, envelopeTime);
            } else if (lastDated != null) {
                time = KlogYears.near(time, lastDated);
            } else {
                klogWithoutYear.add(kept.size());
            }
        }
        if (k.format() == RecordFormat.TIME_OF_DAY) {
            time = excerptDays.place(time);
        }
        dated(time, k.format());
        String key = origin(fileOrigin(lineOrigin));
        ControllerRun s = runs.streamFor(key, from(lineOrigin), event, k.catalogId() == null ? null : typeById.get(k.catalogId()),
                time);
        TextBlock block;
        int index;
        if (k.textBlock() != null) {
            // Packed by the reading thread (LineFrontEnd): its block is the chunk's, not this file's packer's.
            block = k.textBlock();
            index = k.textIndex();
        } else {
            texts.add(k.recordText());
            block = texts.block();
            index = texts.index();
        }
        LogEvent e = new LogEvent(file.at(lineBase + firstLine), lineBase + lastLine, time, envelopeTime, envelope,
                k.format(), k.level(), k.catalogId(), event, block, index, s.id, ordinal++);
        if (parses != null && k.parsed() != null) {
            parses.accept(k.parsed(), e.ordinal());
        }
        int at = kept.size();
        kept.add(e);
        if (runs.holding(key)) {
            // An election start that may be another process's, or a line after it: placed once that is known (FileRuns).
            heldAt.add(at);
            runs.hold(key, run -> {
                LogEvent placed = kept.get(at).withPlace(run.id, e.ordinal());
                kept.set(at, placed);
                heldAt.remove(at);
                addTo(run, placed, placed.time(), at, klogWithoutYear.contains(at), k);
            });
        } else {
            addTo(s, e, time, at, !klogWithoutYear.isEmpty() && klogWithoutYear.get(klogWithoutYear.size() - 1) == at, k);
        }
    }

    /** A kept line counted in its run: a klog line waiting for its year at that year, and as a nameless record once it has one (dated). */
    private void addTo(ControllerRun s, LogEvent e, Timestamp time, int at, boolean yearless, ChunkItem.Kept k) {
        s.add(e, time, file, k.releases(), k.namesNothing() && !yearless);
        s.loadOnly(e.event(), 1, k.catalogId() != null && FileRuns.work(typeById.get(k.catalogId())));
        if (yearless && k.namesNothing()) {
            namelessWithoutYear.add(at);
        }
        marks.kept(s.id);
    }

    private void account(long firstLine, long lastLine, EnvelopeKind envelope, boolean isPrefixed, RecordFormat format, boolean known) {
        blockRecords |= inFence;
        eventCount++;
        continuation += lastLine - firstLine;
        if (known) {
            recognised++;
        }
        if (isPrefixed) {
            prefixed++;
        }
        if (!envelope.rebuilt()) {
            formats.merge(format, 1L, Long::sum); // a record rebuilt from columns has the rebuilder's form, not the writer's
        }
        envelopes.merge(envelope, 1L, Long::sum);
    }

    /** A dated record: klog lines waiting for a year and panics waiting for a time get them. */
    private void dated(Timestamp time, RecordFormat format) {
        if (format == RecordFormat.KLOG || format == RecordFormat.TIME_OF_DAY) {
            return;
        }
        lastDated = time;
        if (latestDated == null || time.isAfter(latestDated)) {
            latestDated = time;
        }
        for (int i : klogWithoutYear) {
            LogEvent e = kept.get(i);
            LogEvent r = retimed(e, KlogYears.near(e.time(), time));
            kept.set(i, r);
            // Its run counted it at the placeholder year: its first (and span) take the year too (before, a standby's run, whose
            // first line is client-go's klog "attempting to acquire", was said to start in 2000).
            if (!heldAt.contains(i)) {
                // A held line is counted at its time when its piece is known.
                runs.pieces().get(e.stream()).part().retimed(e.time(), r.time(), namelessWithoutYear.contains(i));
            }
            notes.klogYearFromNeighbour();
        }
        klogWithoutYear.clear();
        namelessWithoutYear.clear();
        for (int i : panicsWithoutTime) {
            kept.set(i, retimed(kept.get(i), time));
        }
        panicsWithoutTime.clear();
    }

    private void closePanic() {
        if (panic == null) {
            return;
        }
        GoPanicBlock p = panic;
        panic = null;
        notes.panic();
        continuation += p.lineCount() - 1;
        eventCount++;
        formats.merge(RecordFormat.GO_PANIC, 1L, Long::sum);
        envelopes.merge(panicLine.envelope(), 1L, Long::sum);
        Timestamp time = panicLine.envelopeTime() != null ? panicLine.envelopeTime() : lastDated;
        ControllerRun s = runs.streamFor(origin(panicOrigin), from(panicLine.origin()), false);
        texts.add(p.text());
        LogEvent e = new LogEvent(file.at(p.firstLine()), p.lastLine(), time == null ? NO_TIME : time, panicLine.envelopeTime(),
                panicLine.envelope(), RecordFormat.GO_PANIC, Level.FATAL, null, new ControllerEvent.GoPanic(p.message(), p.lineCount()),
                texts.block(), texts.index(), s.id, ordinal++);
        if (time == null) {
            panicsWithoutTime.add(kept.size());
        }
        if (time != null) {
            s.add(e, file, ReleaseEvidence.NONE, false);
        }
        kept.add(e);
    }

    private String origin(String lineOrigin) {
        if (EnvelopeDecoder.quoteOrigin(lineOrigin)) {
            // A Markdown quote's lines: a run of their own, named by the file, the quote's level and, from the second on, which
            // blockquote of the file it is.
            return setName.substring(setName.lastIndexOf('/') + 1) + ", quoted (" + EnvelopeDecoder.quoteLabel(lineOrigin) + ")";
        }
        return lineOrigin != null ? lineOrigin : podFromPath;
    }

    private ReplicaSource from(String lineOrigin) {
        return EnvelopeDecoder.quoteOrigin(lineOrigin) ? ReplicaSource.QUOTE : lineOrigin != null ? ReplicaSource.COLLECTOR
                : podFromPath != null ? ReplicaSource.CRI_PATH : ReplicaSource.FILE;
    }

    /** Ends the file: its reading, with the events not handed over yet (klog lines no record dated stay as they are). */
    FileReading finish(String sha256) {
        closePanic();
        Long byName = otherContainers.get(dev.argoforensics.envelope.ArgoServer.BY_FILE_NAME);
        if (byName != null && recognised > 0) {
            // A file named after the Argo Server's Pod that holds the controller's statements (a controller log named oddly, or both
            // Pods' lines in one file): the name said nothing after all, and the lines only it gave the server are read as the
            // controller's, counted (session 54; the content first, the name a hint).
            otherContainers.remove(dev.argoforensics.envelope.ArgoServer.BY_FILE_NAME);
            eventCount += byName;
        }
        runs.settleAll();
        texts.finish();
        // A panic nothing could time: it keeps no event, and it is counted as unparsed.
        for (int i = panicsWithoutTime.size() - 1; i >= 0; i--) {
            int index = panicsWithoutTime.get(i);
            LogEvent e = kept.remove(index);
            eventCount--;
            unparsed++;
            sample(e.source(), "a Go panic with no dated record around it", e.text());
        }
        if (inFence) {
            fenceClosed(); // a block left open at the file's end (or, read newest first, its start) ends there
        }
        boolean inContainers = recordsInFence || envelopes.containsKey(EnvelopeKind.MARKDOWN_QUOTE) || envelopes.containsKey(EnvelopeKind.MARKDOWN_CODE_SPAN);
        unparsed += furniture.settleProse(formats.containsKey(RecordFormat.TIME_OF_DAY), inContainers,
                (line, reason, text) -> sample(file.at(line), reason, text));
        samples.sort(java.util.Comparator.comparing(UnparsedLine::source));
        Map<ZoneBasis, Long> zones = new EnumMap<>(countedZones);
        handedZones.forEach((z, n) -> zones.merge(z, n, Long::sum));
        kept.forEach(e -> zones.merge(e.timeZone(), 1L, Long::sum));
        List<dev.argoforensics.wording.Message> fileNotes = new java.util.ArrayList<>(notes.finish(reversed, zoneCheck.mismatch(zone),
                otherContainers));
        unreadPastHead().ifPresent(fileNotes::add);
        InputSummary summary = new InputSummary(file, describe(), sha256, lines, eventCount, recognised, continuation, prefixed, blank,
                unparsed, samples, releases.describe(), fileNotes, zones,
                damage.problems(file, lines), furniture.summary(), otherContainers, damage.readInPart(), damage.cutShort());
        return new FileReading(file, setName, reversed, List.copyOf(kept), klogWithoutYear.stream().mapToInt(Integer::intValue).toArray(),
                runs.pieces(), ordinal, recordsRead, typesRead, marks, summary);
    }

    /**
     * A note for the commands whose output (a {@code kubectl describe pod}, an {@code argo get}) lies past the file's first MiB, where
     * a transcript's other output is looked for ({@link dev.argoforensics.source.InputClassifier#transcriptHead}): not read as the
     * export it prints, its lines counted as the log's. The head is read again only where such a prompt was met. Output inside the
     * head left to the log reader on purpose (piped on, kubectl's answers, a section that quotes log lines) is not said here.
     */
    private java.util.Optional<dev.argoforensics.wording.Message> unreadPastHead() {
        if (unreadOutputs.isEmpty() || reversed) {
            return java.util.Optional.empty();
        }
        int head;
        try {
            head = dev.argoforensics.source.InputClassifier.transcriptHead(file).size();
        } catch (java.io.IOException e) {
            return java.util.Optional.empty();
        }
        int first = -1;
        int count = 0;
        for (int k = 0; k < unreadOutputs.size(); k++) {
            if (unreadOutputs.get(k) > head) {
                first = first < 0 ? k : first;
                count++;
            }
        }
        if (first < 0) {
            return java.util.Optional.empty();
        }
        dev.argoforensics.wording.Message more = count == 1 ? dev.argoforensics.wording.Message.NOTHING
                : dev.argoforensics.wording.Message.of("note.read.transcriptPastHeadMore", "count", count - 1);
        return java.util.Optional.of(dev.argoforensics.wording.Message.of("note.read.transcriptPastHead", "command", unreadCommands.get(first),
                "prompt", unreadOutputs.get(first), "more", more));
    }

    private String describe() {
        if (formats.isEmpty()) {
            return envelopes.keySet().stream().anyMatch(EnvelopeKind::rebuilt) ? "records" + wrappers()
                    : otherContainers.isEmpty() ? "unknown" : "lines of other containers" + wrappers();
        }
        return byCount(formats).stream().map(RecordFormat::label).collect(Collectors.joining(", ")) + wrappers();
    }

    /** " in <envelopes>", most lines first; "" for none. */
    private String wrappers() {
        List<EnvelopeKind> wrappers = byCount(envelopes).stream().filter(e -> e != EnvelopeKind.NONE).toList();
        return wrappers.isEmpty() ? "" : " in " + wrappers.stream().map(EnvelopeKind::label).collect(Collectors.joining(", "));
    }

    private Timestamp inLogZone(Timestamp t) {
        return zone.apply(t);
    }

    /** Reads the file's wall-clock times in {@code z} (the zone its head measured), where no --log-tz was given; before any item. */
    FileAssembler readIn(LogZone.FileZone z) {
        if (zone.zone() == null) {
            zone = z;
        }
        return this;
    }

    /** The format a counted record's release evidence may rest on: none for a record rebuilt from an export's columns. */
    static RecordFormat evidenceFormat(ChunkItem.Counted c) {
        return c.envelope().rebuilt() ? null : c.format();
    }

    private ReleaseEvidence cachedReleases(RecordFormat format, Level level, CatalogEntry entry) {
        if (format == null) {
            return catalog.releases(null, level, entry);
        }
        return releaseCache.computeIfAbsent(List.of(format, level == null ? "" : level, entry == null ? "" : entry.id()),
                k -> catalog.releases(format, level, entry));
    }

    static LogEvent retimed(LogEvent e, Timestamp t) {
        return e.withTime(t);
    }

    /** The Pod a node's CRI log path names, or null. */
    static String podFromPath(String path) {
        Matcher m = POD_DIR.matcher(path);
        if (m.find()) {
            return m.group(1) != null ? m.group(1) : m.group(2);
        }
        m = CONTAINER_LINK.matcher(path);
        return m.find() ? m.group(1) : null;
    }

    /** "1 line", "3 lines". */
    static String count(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static <K extends Enum<K>> List<K> byCount(Map<K, Long> counts) {
        List<K> keys = new ArrayList<>(counts.keySet());
        keys.sort((a, b) -> {
            int c = Long.compare(counts.get(b), counts.get(a));
            return c != 0 ? c : a.compareTo(b);
        });
        return keys;
    }

}
