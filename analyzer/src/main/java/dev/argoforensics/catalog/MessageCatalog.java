package dev.argoforensics.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.argoforensics.event.Attributes;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.EventType;
import dev.argoforensics.event.Interner;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.LogRecord;
import dev.argoforensics.line.RecordFormat;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The controller messages the analyzer understands, loaded from {@code controller-messages.yaml}.
 * Exact messages are found with one hash lookup; patterned ones (v3 messages that carry values in
 * the text) are tried in catalog order, each only if the message starts with its literal prefix.
 * Immutable and safe to share between threads.
 */
public final class MessageCatalog {
    public static final String RESOURCE = "/dev/argoforensics/catalog/controller-messages.yaml";

    private final List<CatalogEntry> entries;
    private final List<Fingerprint> fingerprints;
    private final Map<String, CatalogEntry> byMessage;
    /** Messages several entries share, told apart by the format they are written in ({@link CatalogEntry#formats()}). */
    private final Map<String, List<CatalogEntry>> sharedMessages;
    private final List<CatalogEntry> patterned;
    /**
     * {@link #patterned} by a message's first character (ASCII): the entries whose prefix starts with it or is empty, in catalog order,
     * so that a message is tried against only the entries it can start with (session 58: every counted line of a busy log not in
     * {@link #byMessage} was tried against all of them); index 0 also serves the empty message (only the prefix-less entries).
     */
    private final CatalogEntry[][] patternedByFirst = new CatalogEntry[128][];
    private final CatalogEntry[] allPatterned;
    private final Map<String, String> identifierKeys;
    private final NamelessMessages nameless;
    /** Each entry's keys as arrays, in the order of {@link CatalogEntry#keys()}: read once per kept line without an iterator. */
    private final Map<CatalogEntry, KeyPlan> plans = new IdentityHashMap<>();

    /** An entry's attributes and, for each, the record keys that may give it, first found wins. */
    private record KeyPlan(String[] attributes, String[][] candidates, int capacity) {
        static KeyPlan of(CatalogEntry e) {
            String[] attributes = new String[e.keys().size()];
            String[][] candidates = new String[attributes.length][];
            int i = 0;
            for (Map.Entry<String, List<String>> k : e.keys().entrySet()) {
                attributes[i] = k.getKey();
                candidates[i] = k.getValue().toArray(new String[0]);
                i++;
            }
            // As many values as a line can give: its keys', the pattern's groups', the entry's set values and the split parts.
            int capacity = attributes.length + e.groups().size() + e.set().size();
            for (List<String> parts : e.split().values()) {
                capacity += parts.size();
            }
            return new KeyPlan(attributes, candidates, capacity);
        }
    }

    private MessageCatalog(List<CatalogEntry> entries, List<Fingerprint> fingerprints, Map<String, String> identifierKeys,
                           NamelessMessages nameless) {
        this.identifierKeys = Map.copyOf(identifierKeys);
        this.nameless = nameless;
        this.entries = List.copyOf(entries);
        this.fingerprints = List.copyOf(fingerprints);
        Map<String, CatalogEntry> exact = new HashMap<>();
        Map<String, List<CatalogEntry>> shared = new HashMap<>();
        List<CatalogEntry> withPattern = new ArrayList<>();
        for (CatalogEntry e : entries) {
            if (e.message() != null) {
                CatalogEntry previous = exact.putIfAbsent(e.message(), e);
                if (previous != null) {
                    // One message, two release lines that mean different things by it: allowed only where the formats they are
                    // written in tell them apart (no format both list, and neither any format).
                    List<CatalogEntry> same = shared.computeIfAbsent(e.message(), m -> new ArrayList<>(List.of(previous)));
                    for (CatalogEntry other : same) {
                        if (other.formats().isEmpty() || e.formats().isEmpty()
                                || other.formats().stream().anyMatch(e.formats()::contains)) {
                            throw new CatalogException("entries " + other.id() + " and " + e.id() + " share the message \"" + e.message()
                                    + "\" and no format tells them apart");
                        }
                    }
                    same.add(e);
                }
            } else {
                withPattern.add(e);
            }
        }
        this.byMessage = Map.copyOf(exact);
        Map<String, List<CatalogEntry>> byFormat = new HashMap<>();
        shared.forEach((m, list) -> byFormat.put(m, List.copyOf(list)));
        this.sharedMessages = Map.copyOf(byFormat);
        this.patterned = List.copyOf(withPattern);
        this.allPatterned = patterned.toArray(new CatalogEntry[0]);
        for (int c = 0; c < patternedByFirst.length; c++) {
            List<CatalogEntry> may = new ArrayList<>();
            for (CatalogEntry e : patterned) {
                if (e.prefix().isEmpty() || (c > 0 && e.prefix().charAt(0) == c)) {
                    may.add(e);
                }
            }
            patternedByFirst[c] = may.toArray(new CatalogEntry[0]);
        }
        for (CatalogEntry e : this.entries) {
            plans.put(e, KeyPlan.of(e));
        }
    }

    /** The catalog shipped with the analyzer. */
    private static volatile MessageCatalog standard;

    /**
     * The catalog the tool ships with, read once per process (it is immutable). {@link #preload()}
     * may have started reading it already.
     */
    public static MessageCatalog standard() {
        MessageCatalog c = standard;
        if (c == null) {
            synchronized (MessageCatalog.class) {
                c = standard;
                if (c == null) {
                    c = readStandard();
                    standard = c;
                }
            }
        }
        return c;
    }

    /** Starts reading the standard catalog on a background thread, while the command line is parsed. */
    public static void preload() {
        Thread t = new Thread(() -> {
            try {
                standard();
            } catch (RuntimeException e) {
                // standard() fails again, with its message, where the catalog is needed.
            }
        }, "catalog-preload");
        t.setDaemon(true);
        t.start();
    }

    private static MessageCatalog readStandard() {
        try (InputStream in = MessageCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new CatalogException("missing resource " + RESOURCE);
            }
            return load(in);
        } catch (IOException e) {
            throw new CatalogException("cannot read " + RESOURCE, e);
        }
    }

    public static MessageCatalog load(InputStream yaml) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        List<CatalogEntry> entries = new ArrayList<>();
        for (JsonNode n : root.path("messages")) {
            entries.add(entry(n));
        }
        List<Fingerprint> fingerprints = new ArrayList<>();
        for (JsonNode n : root.path("fingerprints")) {
            fingerprints.add(fingerprint(n));
        }
        Map<String, String> identifierKeys = new LinkedHashMap<>();
        root.path("identifiers").fields().forEachRemaining(f -> {
            if (!f.getValue().isTextual() || !f.getValue().asText().matches("[a-z]+(-[a-z]+)*")) {
                throw new CatalogException("identifiers: the kind of log key " + f.getKey() + " must be a word such as pod or service-account");
            }
            identifierKeys.put(f.getKey(), f.getValue().asText());
        });
        java.util.Set<String> ids = new java.util.HashSet<>();
        entries.forEach(e -> ids.add(e.id()));
        return new MessageCatalog(entries, fingerprints, identifierKeys, NamelessMessages.read(root.path("nameless"), ids));
    }

    /** The messages that name no Pod, Workflow or namespace: the catalog's {@code nameless} section. */
    public NamelessMessages nameless() {
        return nameless;
    }

    /**
     * The log keys whose values are identifiers on any line, whatever its message, each with the kind
     * of thing it names ({@code podName} → {@code pod}, {@code serviceAccountName} → {@code service-account}):
     * the catalog's {@code identifiers} section, which {@code --redact} reads.
     */
    public Map<String, String> identifierKeys() {
        return identifierKeys;
    }

    public List<Fingerprint> fingerprints() {
        return fingerprints;
    }

    /**
     * What a line read only up to its message says about the release: its entry's range and the
     * fingerprints that need no key (format, level).
     */
    public ReleaseEvidence releases(RecordFormat format, Level level, CatalogEntry entry) {
        ReleaseEvidence e = ReleaseEvidence.NONE;
        if (entry != null) {
            e = e.and(entry.releaseRange(), entry.id());
        }
        for (Fingerprint f : fingerprints) {
            if (f.appliesWithoutKeys(format, level, entry)) {
                e = e.and(f.releases(), f.id());
            }
        }
        return e;
    }

    /** What one record says about the release that wrote it; a printed version says it exactly. */
    public ReleaseEvidence releases(LogRecord record, CatalogMatch matched) {
        return releases(record, matched, true);
    }

    /**
     * As {@link #releases(LogRecord, CatalogMatch)}; {@code formatKnown} false for a record rebuilt from
     * an export's columns, whose format (slog or logrus) is the rebuilder's choice and says nothing of
     * the release.
     */
    public ReleaseEvidence releases(LogRecord record, CatalogMatch matched, boolean formatKnown) {
        CatalogEntry entry = matched == null ? null : matched.entry();
        if (fingerprints.size() <= Long.SIZE && !(matched != null && matched.event() instanceof ControllerEvent.ControllerStarted)) {
            // The evidence depends only on the entry and on which fingerprints apply: folded once per such pair,
            // not per kept line (an incident corpus keeps millions, a few hundred pairs).
            long applying = 0;
            for (int i = 0; i < fingerprints.size(); i++) {
                if (fingerprints.get(i).appliesTo(record, entry, formatKnown)) {
                    applying |= 1L << i;
                }
            }
            return evidence.computeIfAbsent(new EvidenceKey(entry, applying), k -> fold(entry, k.applying));
        }
        return releasesFolded(record, matched, formatKnown);
    }

    /** {@link #releases(LogRecord, CatalogMatch, boolean)} folded for this line alone, nothing remembered. */
    ReleaseEvidence releasesFolded(LogRecord record, CatalogMatch matched, boolean formatKnown) {
        CatalogEntry entry = matched == null ? null : matched.entry();
        ReleaseEvidence e = ReleaseEvidence.NONE;
        if (matched != null) {
            e = e.and(entry.releaseRange(), entry.id());
            if (matched.event() instanceof ControllerEvent.ControllerStarted started) {
                ArgoVersion v = ArgoVersion.exact(started.version());
                if (v != null) {
                    e = e.and(ReleaseRange.exactly(v), "Starting Workflow Controller version=" + started.version());
                }
            }
        }
        for (Fingerprint f : fingerprints) {
            if (f.appliesTo(record, entry, formatKnown)) {
                e = e.and(f.releases(), f.id());
            }
        }
        return e;
    }

    /** An entry (by identity; null: none) and the fingerprints that apply to a line, by their place in the catalog. */
    private static final class EvidenceKey {
        private final CatalogEntry entry;
        private final long applying;

        EvidenceKey(CatalogEntry entry, long applying) {
            this.entry = entry;
            this.applying = applying;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof EvidenceKey k && k.entry == entry && k.applying == applying;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(entry) * 31 + Long.hashCode(applying);
        }
    }

    private final java.util.concurrent.ConcurrentHashMap<EvidenceKey, ReleaseEvidence> evidence = new java.util.concurrent.ConcurrentHashMap<>();

    /** The entry's range, then each applying fingerprint's, in the catalog's order: what {@link #releases(LogRecord, CatalogMatch, boolean)} folds per line. */
    private ReleaseEvidence fold(CatalogEntry entry, long applying) {
        ReleaseEvidence e = ReleaseEvidence.NONE;
        if (entry != null) {
            e = e.and(entry.releaseRange(), entry.id());
        }
        for (int i = 0; i < fingerprints.size(); i++) {
            if ((applying & (1L << i)) != 0) {
                Fingerprint f = fingerprints.get(i);
                e = e.and(f.releases(), f.id());
            }
        }
        return e;
    }

    private static Fingerprint fingerprint(JsonNode n) {
        String id = required(n, "id", "fingerprint");
        try {
            Level level = n.hasNonNull("level") ? Level.parse(n.get("level").asText()) : null;
            return new Fingerprint(id, strings(n.path("format")), text(n, "entry"), level, text(n, "hasKey"), text(n, "lacksKey"),
                    ReleaseRange.parse(required(n, "releases", id)));
        } catch (IllegalArgumentException e) {
            throw new CatalogException(id + ": " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    public List<CatalogEntry> entries() {
        return entries;
    }

    /**
     * @return the entry and event for this record, or empty if the catalog does not list its message
     * @throws IllegalArgumentException if the entry matches but a value cannot be read (a malformed
     *                                  duration, say); the caller reports the line
     */
    public Optional<CatalogMatch> match(LogRecord record) {
        return match(record, Interner.NONE);
    }

    /** As {@link #match(LogRecord)}, the values and the references built from them made canonical by {@code names}. */
    public Optional<CatalogMatch> match(LogRecord record, Interner names) {
        return match(record, names, true);
    }

    /**
     * As {@link #match(LogRecord, Interner)}; {@code formatKnown} false for a record rebuilt from an export's columns, whose format
     * is the rebuilder's choice: a message entries share, told apart only by their formats, is then not interpreted (which
     * release line wrote it is not known), rather than taken for the entry of the rebuilder's format.
     */
    public Optional<CatalogMatch> match(LogRecord record, Interner names, boolean formatKnown) {
        String msg = record.message();
        if (!formatKnown && sharedMessages.containsKey(msg)) {
            return Optional.empty();
        }
        if (record.isCut() && record.cut().message()) {
            String label = record.format().label();
            return cutMessage(msg).map(e -> e.writtenIn(label) ? e : inFormat(msg, label)).filter(e -> holdsRequired(e, record))
                    .map(e -> build(e, plans.get(e), record, null, names));
        }
        CatalogEntry exact = byMessage.get(msg);
        if (exact != null && !exact.writtenIn(record.format().label())) {
            exact = inFormat(msg, record.format().label());
            if (exact == null) {
                // The message of a statement, in a format no release writes it in with that meaning: not guessed.
                return Optional.empty();
            }
        }
        if (exact != null) {
            // A message others log too is the entry's only with the keys it asks for (the Argo Server's empty-message lines).
            return holdsRequired(exact, record) ? Optional.of(build(exact, plans.get(exact), record, null, names)) : Optional.empty();
        }
        for (CatalogEntry e : patternedFor(msg)) {
            if (!msg.startsWith(e.prefix()) || !msg.contains(e.anchor()) || !e.writtenIn(record.format().label())) {
                continue;
            }
            Matcher m = e.pattern().matcher(msg);
            if (m.matches() && holdsRequired(e, record)) {
                return Optional.of(build(e, plans.get(e), record, m, names));
            }
        }
        return Optional.empty();
    }

    /** The entry of a shared message written in this format, or null. */
    private CatalogEntry inFormat(String msg, String formatLabel) {
        for (CatalogEntry e : sharedMessages.getOrDefault(msg, List.of())) {
            if (e.writtenIn(formatLabel)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The entry a cut message belongs to: only one whose whole text it holds, and only where no other
     * statement's text goes on from it ({@code queueing pod for cleanup} is also the start of
     * {@code queueing pod for cleanup after}). A pattern never matches a cut message: its groups may be
     * cut ({@code queuing poddelay-1m24.2}).
     */
    private Optional<CatalogEntry> cutMessage(String msg) {
        CatalogEntry exact = byMessage.get(msg);
        if (exact == null) {
            return Optional.empty();
        }
        for (String other : byMessage.keySet()) {
            if (!other.equals(msg) && other.startsWith(msg)) {
                return Optional.empty();
            }
        }
        for (CatalogEntry e : patterned) {
            if (e.prefix().isEmpty()) {
                Matcher m = e.pattern().matcher(msg);
                if (m.matches() || m.hitEnd()) {
                    return Optional.empty(); // more text could make it match
                }
            } else if (e.prefix().startsWith(msg) || msg.startsWith(e.prefix())) {
                return Optional.empty();
            }
        }
        return Optional.of(exact);
    }

    /**
     * As {@link #entryFor(String)} for a line written in {@code format} ({@link CatalogEntry#formats()}), or null when it is not
     * known (a record rebuilt from an export's columns): a message entries share is then no entry's, as {@link
     * #match(LogRecord, Interner, boolean)} has it.
     */
    public CatalogEntry entryFor(String msg, RecordFormat format) {
        CatalogEntry exact = byMessage.get(msg);
        if (exact != null) {
            if (format == null) {
                return sharedMessages.containsKey(msg) ? null : exact;
            }
            return exact.writtenIn(format.label()) ? exact : inFormat(msg, format.label());
        }
        for (CatalogEntry e : patternedFor(msg)) {
            if (msg.startsWith(e.prefix()) && msg.contains(e.anchor()) && (format == null || e.writtenIn(format.label()))
                    && e.pattern().matcher(msg).matches()) {
                return e;
            }
        }
        return null;
    }

    /** The entry a message belongs to in any format (the first listed where several share it), or null; for deciding cheaply, before a line is parsed in full. */
    public CatalogEntry entryFor(String msg) {
        CatalogEntry exact = byMessage.get(msg);
        if (exact != null) {
            return exact;
        }
        for (CatalogEntry e : patternedFor(msg)) {
            if (msg.startsWith(e.prefix()) && msg.contains(e.anchor()) && e.pattern().matcher(msg).matches()) {
                return e;
            }
        }
        return null;
    }

    /** The patterned entries {@code msg} may be one of, in catalog order ({@link #patternedByFirst}). */
    private CatalogEntry[] patternedFor(String msg) {
        if (msg.isEmpty()) {
            return patternedByFirst[0];
        }
        char first = msg.charAt(0);
        return first > 0 && first < patternedByFirst.length ? patternedByFirst[first] : allPatterned;
    }

    /** Whether the record holds every key the entry asks for ({@link CatalogEntry#requires}). */
    private static boolean holdsRequired(CatalogEntry e, LogRecord record) {
        for (String key : e.requires()) {
            if (record.valueOrNull(key) == null) {
                return false;
            }
        }
        return true;
    }

    private static CatalogMatch build(CatalogEntry e, KeyPlan plan, LogRecord record, Matcher groups, Interner names) {
        Attributes.Builder values = new Attributes.Builder(plan.capacity());
        String[] named = plan.attributes();
        String[][] candidates = plan.candidates();
        for (int a = 0; a < named.length; a++) {
            for (String key : candidates[a]) {
                String v = record.valueOrNull(key);
                if (v != null) {
                    values.put(named[a], names.name(v));
                    break;
                }
            }
        }
        if (groups != null) {
            for (String name : e.groups()) {
                String v = groups.group(name);
                if (v != null) {
                    values.put(name, names.name(v));
                }
            }
        }
        if (!e.set().isEmpty()) {
            e.set().forEach(values::put);
        }
        if (!e.split().isEmpty()) {
            e.split().forEach((attribute, parts) -> {
                String v = values.get(attribute);
                if (v != null) {
                    String[] pieces = v.split("/", -1);
                    for (int i = 0; i < pieces.length && i < parts.size(); i++) {
                        values.putIfAbsent(parts.get(i), names.name(pieces[i]));
                    }
                }
            });
        }
        Attributes attributes = values.build(names);
        return new CatalogMatch(e, attributes, e.event().create(attributes));
    }

    private static final Pattern GROUP_NAME = Pattern.compile("\\(\\?<([a-zA-Z][a-zA-Z0-9]*)>");

    private static List<String> groupNames(Pattern p) {
        List<String> names = new ArrayList<>();
        Matcher m = GROUP_NAME.matcher(p.pattern());
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static CatalogEntry entry(JsonNode n) {
        String id = required(n, "id", "?");
        try {
            EventType event = EventType.valueOf(required(n, "event", id));
            String msg = n.hasNonNull("msg") ? n.get("msg").asText() : null;
            String regex = n.hasNonNull("pattern") ? n.get("pattern").asText() : null;
            if ((msg == null) == (regex == null)) {
                throw new CatalogException(id + ": needs exactly one of msg and pattern");
            }
            Pattern pattern = regex == null ? null : Pattern.compile(regex);
            Map<String, List<String>> keys = new LinkedHashMap<>();
            n.path("keys").fields().forEachRemaining(f -> keys.put(f.getKey(), strings(f.getValue())));
            Map<String, String> set = new LinkedHashMap<>();
            n.path("set").fields().forEachRemaining(f -> set.put(f.getKey(), f.getValue().asText()));
            Map<String, List<String>> split = new LinkedHashMap<>();
            n.path("split").fields().forEachRemaining(f -> split.put(f.getKey(), strings(f.getValue())));
            List<CatalogSample> samples = new ArrayList<>();
            for (JsonNode s : n.path("samples")) {
                Map<String, String> expect = new LinkedHashMap<>();
                s.path("expect").fields().forEachRemaining(f -> expect.put(f.getKey(), f.getValue().asText()));
                samples.add(new CatalogSample(required(s, "line", id), Map.copyOf(expect)));
            }
            String releases = n.path("releases").asText("");
            CatalogEntry.Interest interest = CatalogEntry.Interest.valueOf(n.path("interest").asText("follow").toUpperCase(java.util.Locale.ROOT));
            return new CatalogEntry(id, event, interest, n.path("level").asText(""), releases, ReleaseRange.parse(releases), msg, pattern,
                    pattern == null ? List.of() : groupNames(pattern), regex == null ? "" : literalPrefix(regex),
                    regex == null ? msg : longer(literalPrefix(regex), requiredLiteral(regex)), Map.copyOf(keys), Map.copyOf(set),
                    Map.copyOf(split), List.copyOf(samples), rules(n, id, interest), formats(n, id), triggerWhen(n, id, interest, keys, set),
                    n.has("requires") ? List.copyOf(strings(n.get("requires"))) : List.of());
        } catch (IllegalArgumentException e) {
            throw new CatalogException(id + ": " + e.getMessage(), e);
        }
    }

    /** The entry's {@code formats}: record format labels ({@link RecordFormat#label()}), each one the grammar writes. */
    private static List<String> formats(JsonNode n, String id) {
        List<String> formats = n.has("formats") ? strings(n.get("formats")) : List.of();
        for (String f : formats) {
            if (Arrays.stream(RecordFormat.values()).noneMatch(r -> r.label().equals(f))) {
                throw new CatalogException(id + ": formats: \"" + f + "\" is not a record format");
            }
        }
        return List.copyOf(formats);
    }

    /**
     * The entry's {@code triggerWhen}: attribute → the values that make a line of it a trigger; only on trigger entries, over
     * attributes the entry has, each value an anchor pass 1 can look for (4 characters or more, none JSON or CSV may escape).
     */
    private static Map<String, List<String>> triggerWhen(JsonNode n, String id, CatalogEntry.Interest interest, Map<String, List<String>> keys,
                                                         Map<String, String> set) {
        if (!n.has("triggerWhen")) {
            return Map.of();
        }
        if (interest != CatalogEntry.Interest.TRIGGER) {
            throw new CatalogException(id + ": triggerWhen: only on a trigger entry (interest: trigger)");
        }
        Map<String, List<String>> when = new LinkedHashMap<>();
        n.get("triggerWhen").fields().forEachRemaining(f -> when.put(f.getKey(), strings(f.getValue())));
        for (Map.Entry<String, List<String>> w : when.entrySet()) {
            if (!keys.containsKey(w.getKey()) || set.containsKey(w.getKey())) {
                throw new CatalogException(id + ": triggerWhen: \"" + w.getKey() + "\" is no attribute the entry reads from a key");
            }
            for (String v : w.getValue()) {
                if (v.length() < 4 || !v.matches("[A-Za-z0-9._=:/ -]+")) {
                    throw new CatalogException(id + ": triggerWhen: \"" + v + "\" cannot be looked for in raw bytes (4 plain characters or more)");
                }
            }
            if (w.getValue().isEmpty()) {
                throw new CatalogException(id + ": triggerWhen: \"" + w.getKey() + "\" lists no value");
            }
        }
        return Collections.unmodifiableMap(when);
    }

    private static final Pattern RULE_ID = Pattern.compile("AF\\d{3}");

    /** The entry's {@code rules}: ids of the form AFnnn, only on trigger entries (others make nothing of interest). */
    private static List<String> rules(JsonNode n, String id, CatalogEntry.Interest interest) {
        List<String> rules = n.has("rules") ? strings(n.get("rules")) : List.of();
        for (String r : rules) {
            if (!RULE_ID.matcher(r).matches()) {
                throw new CatalogException(id + ": rules: \"" + r + "\" is not a rule id (AFnnn)");
            }
        }
        if (!rules.isEmpty() && interest != CatalogEntry.Interest.TRIGGER) {
            throw new CatalogException(id + ": rules: only a trigger entry is a rule's signature (interest: trigger)");
        }
        return List.copyOf(rules);
    }

    private static String longer(String a, String b) {
        return b.length() > a.length() ? b : a;
    }

    /**
     * The longest run of characters every match of {@code regex} contains literally, found outside
     * groups and classes; "" if there is none or the regex has a top-level alternation.
     */
    static String requiredLiteral(String regex) {
        String best = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            char literal = 0;
            int width = 1;
            if (c == '\\' && i + 1 < regex.length()) {
                char e = regex.charAt(i + 1);
                width = 2;
                if (!Character.isLetterOrDigit(e)) {
                    literal = e;
                }
            } else if (c == '[') {
                int close = regex.indexOf(']', i + 2);
                width = (close < 0 ? regex.length() : close + 1) - i;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                return "";
            } else if ("^$.*+?{}".indexOf(c) < 0) {
                literal = c;
            }
            int next = i + width;
            boolean quantified = next < regex.length() && "*?{".indexOf(regex.charAt(next)) >= 0;
            if (depth == 0 && literal != 0 && !quantified && c != ')') {
                run.append(literal);
            } else {
                if (run.length() > best.length()) {
                    best = run.toString();
                }
                run.setLength(0);
            }
            i = next - 1;
        }
        return run.length() > best.length() ? run.toString() : best;
    }

    /**
     * For each trigger entry, a piece of its message that appears unchanged in the raw bytes of a
     * line whatever its format and envelope (no quote, backslash, {@code < > &}, which JSON or CSV
     * may escape, and no non-ASCII); empty if some trigger entry has none of at least 4 characters,
     * and then every line must be looked at. A trigger only under a condition ({@code triggerWhen}) gives its first
     * condition's values instead: a line that holds none of them is no trigger whatever its message.
     */
    public Optional<List<String>> triggerAnchors() {
        List<String> anchors = new ArrayList<>();
        for (CatalogEntry e : entries) {
            if (e.interest() != CatalogEntry.Interest.TRIGGER) {
                continue;
            }
            if (!e.triggerWhen().isEmpty()) {
                // A conditional trigger: its line holds one of the first condition's values (checked plain when read).
                anchors.addAll(e.triggerWhen().values().iterator().next());
                continue;
            }
            String best = "";
            for (String piece : e.anchor().split("[\"\\\\<>&\\P{ASCII}\\p{Cntrl}]")) {
                if (piece.length() > best.length()) {
                    best = piece;
                }
            }
            if (best.length() < 4) {
                return Optional.empty();
            }
            anchors.add(best);
        }
        return Optional.of(List.copyOf(anchors));
    }

    /** The characters a regex anchored with '^' matches literally before its first operator. */
    static String literalPrefix(String regex) {
        if (!regex.startsWith("^")) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if ("\\.[]{}()*+?^$|".indexOf(c) >= 0) {
                // A quantifier after the last literal would make that literal optional.
                if ((c == '*' || c == '?' || c == '{') && b.length() > 0) {
                    b.setLength(b.length() - 1);
                }
                break;
            }
            b.append(c);
        }
        return b.toString();
    }

    private static List<String> strings(JsonNode v) {
        List<String> out = new ArrayList<>();
        if (v.isMissingNode() || v.isNull()) {
            return List.of();
        }
        if (v.isArray()) {
            v.forEach(x -> out.add(x.asText()));
        } else {
            out.add(v.asText());
        }
        return List.copyOf(out);
    }

    private static String required(JsonNode n, String field, String id) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull() || v.asText().isEmpty()) {
            throw new CatalogException(id + ": missing " + field);
        }
        return v.asText();
    }
}
