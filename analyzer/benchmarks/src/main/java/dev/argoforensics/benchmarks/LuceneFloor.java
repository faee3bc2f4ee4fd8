package dev.argoforensics.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;

/**
 * What Lucene alone costs to index a log's lines, one document per line, with nothing of the analyzer around it: the
 * floor under {@code index}'s CPU for a document of that shape (docs/performance.md, session 27). One thread reads the
 * lines and adds the documents; the writer is configured as the index's (48 MB RAM buffer, {@code BEST_COMPRESSION}).
 * Time it from outside ({@code /usr/bin/time}); it prints the documents, the characters and its own wall time.
 *
 * <pre>java -cp analyzer/benchmarks/target/benchmarks.jar dev.argoforensics.benchmarks.LuceneFloor LOG DIR SHAPE</pre>
 *
 * Every shape stores the line and a sequence number (a point and doc values, as {@code _seq}); then:
 * <ul>
 *   <li>{@code text}: the line's words with positions (phrase queries), as the index's {@code text} field;</li>
 *   <li>{@code docsonly}: the line's words without frequencies or positions (no phrase queries);</li>
 *   <li>{@code both}: the words with positions and every {@code key=value} of the line as a keyword field, about the
 *       index's event document.</li>
 * </ul>
 * Lighter shapes (session 31), which store no line: the line is pointed at by its byte offset in the file (a stored long),
 * as a search that reads lines back from the file needs:
 * <ul>
 *   <li>{@code offset}: {@code both} without the stored line;</li>
 *   <li>{@code keysonly}: every {@code key=value} as a keyword field, no words (words would have to be found elsewhere);</li>
 *   <li>{@code keys+blockwords}: {@code keysonly} per line, plus one document per block of lines (256 unless told) holding
 *       the block's distinct words without frequencies or positions (a words query finds candidate blocks and is matched
 *       again on their lines read back);</li>
 *   <li>{@code blockwords}: only the blocks' distinct words (no document per line);</li>
 *   <li>{@code blockterms} (session 32): no document per line; one per block of lines with the block's distinct words
 *       and its distinct {@code key=value} pairs as keyword fields (each pair once per block), the document a two-step
 *       search finds candidate blocks with;</li>
 *   <li>{@code keys+fixed}: {@code keysonly} and nine keyword fields whose values are the same on every line of a file
 *       (as the index's {@code _doc}, {@code _input}, {@code evidence}, {@code format}, {@code envelope}, {@code file},
 *       {@code run}, {@code replica}, {@code release}).</li>
 * </ul>
 * Session 34's shapes, for a two-step search that reads candidate blocks back from the file:
 * <ul>
 *   <li>{@code blockkeys}: no document per line and no words; one per block of lines with the distinct values of the
 *       entity keys only ({@link #ENTITY_KEYS}: Workflow, Pod, node, namespace, action, message, level, key,
 *       component), the block's time range (a {@code LongRange}; session 34 measured a two-dimensional point of the same two values)
 *       and its byte range in the file (stored);</li>
 *   <li>{@code scan} (no index; DIR is ignored): the cost of a query with no key, answered by reading every block back:
 *       the file searched for {@code -Dfloor.word=W} case-insensitively, counting the lines that hold it.</li>
 * </ul>
 */
public final class LuceneFloor {
    private LuceneFloor() {
    }

    static final java.util.List<String> SHAPES = java.util.List.of("text", "docsonly", "both", "offset", "keysonly", "keys+blockwords",
            "blockwords", "keys+fixed", "blockterms", "blockkeys", "scan");
    /** The entity keys {@code blockkeys} indexes per block (session 34): what the analysis extracts anyway. */
    static final java.util.Set<String> ENTITY_KEYS = java.util.Set.of("workflow", "namespace", "podName", "pod", "nodeID", "nodeId",
            "nodeName", "action", "msg", "level", "key", "component");
    /** The per-file fields of {@code keys+fixed}, with values of the index's shape. */
    static final String[][] FIXED = {{"_doc", "event"}, {"_input", "/tmp/argo-forensics-bench/slog-text-300mb.log"}, {"evidence", "log"},
            {"format", "slog_text"}, {"envelope", "none"}, {"file", "slog-text-300mb.log"}, {"run", "slog-text-300mb.log #1"},
            {"replica", "slog-text-300mb.log"}, {"release", "v4.1.3 (from the version line)"}};
    /** Lines per block document ({@code -Dfloor.block=N}, 256 unless told: session 32 priced 32, 128 and 512). */
    static final int BLOCK = Integer.getInteger("floor.block", 256);

    public static void main(String[] args) throws IOException {
        if (args.length == 3 && args[2].equals("scan")) {
            scan(Path.of(args[0]), System.getProperty("floor.word", "cleaning up pod"));
            return;
        }
        if (args.length != 3 || !SHAPES.contains(args[2])) {
            System.err.println("usage: LuceneFloor LOG DIR " + String.join("|", SHAPES));
            System.exit(2);
        }
        Path log = Path.of(args[0]);
        Path dir = Path.of(args[1]);
        String shape = args[2];
        FieldType words = new FieldType(TextField.TYPE_NOT_STORED);
        words.setOmitNorms(true);
        if (shape.equals("docsonly")) {
            words.setIndexOptions(IndexOptions.DOCS);
        }
        words.freeze();
        IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer()).setRAMBufferSizeMB(48)
                .setCodec(new Lucene912Codec(Lucene912Codec.Mode.BEST_COMPRESSION)).setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        long docs = 0;
        long chars = 0;
        long blocks = 0;
        boolean lineWords = shape.equals("text") || shape.equals("docsonly") || shape.equals("both") || shape.equals("offset");
        boolean storedLine = shape.equals("text") || shape.equals("docsonly") || shape.equals("both");
        boolean keys = shape.equals("both") || shape.equals("offset") || shape.startsWith("keys");
        boolean blockTerms = shape.equals("blockterms");
        boolean blockWords = shape.endsWith("blockwords") || blockTerms;
        boolean keyBlocks = shape.equals("blockkeys");
        String firstTime = null;
        String lastTime = null;
        long blockStart = 0;
        java.util.Map<String, java.util.Set<String>> blockKeys = new java.util.HashMap<>();
        FieldType blockType = new FieldType(TextField.TYPE_NOT_STORED);
        blockType.setOmitNorms(true);
        blockType.setIndexOptions(IndexOptions.DOCS);
        blockType.freeze();
        StandardAnalyzer analyzer = new StandardAnalyzer();
        java.util.Set<String> distinct = new java.util.HashSet<>();
        long start = System.nanoTime();
        try (IndexWriter writer = new IndexWriter(FSDirectory.open(dir), config);
             BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            long offset = 0;
            while ((line = in.readLine()) != null) {
                chars += line.length() + 1;
                if (lineWords || keys) {
                    Document d = new Document();
                    if (lineWords) {
                        d.add(new Field("text", line, words));
                    }
                    if (storedLine) {
                        d.add(new StoredField("text", line));
                    } else {
                        d.add(new StoredField("_offset", offset));
                    }
                    d.add(new LongPoint("_seq", docs));
                    d.add(new NumericDocValuesField("_seq", docs));
                    if (keys) {
                        addKeys(d, line);
                    }
                    if (shape.equals("keys+fixed")) {
                        for (String[] f : FIXED) {
                            d.add(new StringField(f[0], f[1], Field.Store.NO));
                        }
                    }
                    writer.addDocument(d);
                }
                if (keyBlocks) {
                    String t = collectEntityKeys(line, blockKeys);
                    if (t != null) {
                        if (firstTime == null) {
                            firstTime = t;
                        }
                        lastTime = t;
                    }
                    if ((docs + 1) % BLOCK == 0) {
                        writer.addDocument(keyBlock(blockKeys, docs / BLOCK, blockStart, offset + line.length() + 1, firstTime, lastTime));
                        blockKeys.clear();
                        firstTime = null;
                        lastTime = null;
                        blockStart = offset + line.length() + 1;
                        blocks++;
                    }
                }
                if (blockWords) {
                    collectWords(analyzer, line, distinct);
                    if (blockTerms) {
                        collectKeys(line, blockKeys);
                    }
                    if ((docs + 1) % BLOCK == 0) {
                        writer.addDocument(withKeys(block(distinct, docs / BLOCK, blockType), blockKeys));
                        distinct.clear();
                        blockKeys.clear();
                        blocks++;
                    }
                }
                docs++;
                offset += line.length() + 1;
            }
            if (keyBlocks && blockStart < offset) {
                writer.addDocument(keyBlock(blockKeys, docs / BLOCK, blockStart, offset, firstTime, lastTime));
                blocks++;
            }
            if (blockWords && !distinct.isEmpty()) {
                writer.addDocument(withKeys(block(distinct, docs / BLOCK, blockType), blockKeys));
                blocks++;
            }
            writer.commit();
        }
        if (blocks > 0) {
            System.out.printf(Locale.ROOT, "blocks=%d%n", blocks);
        }
        System.out.printf(Locale.ROOT, "shape=%s docs=%d chars=%d wall=%.1fs%n", shape, docs, chars, (System.nanoTime() - start) / 1e9);
    }

    /** The line's words as the analyzer makes them, added to {@code into}. */
    static void collectWords(StandardAnalyzer analyzer, String line, java.util.Set<String> into) throws IOException {
        try (org.apache.lucene.analysis.TokenStream ts = analyzer.tokenStream("text", line)) {
            org.apache.lucene.analysis.tokenattributes.CharTermAttribute term =
                    ts.addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                into.add(term.toString());
            }
            ts.end();
        }
    }

    /** One block's document: its distinct words (one token each, as given) and its number; the words are read when the writer inverts it. */
    static Document block(java.util.Set<String> words, long number, FieldType type) {
        Document d = new Document();
        java.util.Iterator<String> it = words.iterator();
        d.add(new Field("words", new org.apache.lucene.analysis.TokenStream() {
            private final org.apache.lucene.analysis.tokenattributes.CharTermAttribute term =
                    addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);

            @Override
            public boolean incrementToken() {
                if (!it.hasNext()) {
                    return false;
                }
                clearAttributes();
                term.setEmpty().append(it.next());
                return true;
            }
        }, type));
        d.add(new LongPoint("_block", number));
        d.add(new StoredField("_block", number));
        return d;
    }

    /** A block's document with each of its distinct {@code key=value} pairs as a keyword field. */
    static Document withKeys(Document d, java.util.Map<String, java.util.Set<String>> keys) {
        keys.forEach((key, values) -> values.forEach(v -> d.add(new StringField(key, v, Field.Store.NO))));
        return d;
    }

    /** The {@code key=value} pairs of a logfmt line (as {@link #addKeys} reads them), added to {@code into}. */
    static void collectKeys(String line, java.util.Map<String, java.util.Set<String>> into) {
        Document d = new Document();
        addKeys(d, line);
        for (org.apache.lucene.index.IndexableField f : d.getFields()) {
            into.computeIfAbsent(f.name(), k -> new java.util.HashSet<>()).add(f.stringValue());
        }
    }

    /** Every {@code key=value} of a logfmt line as a keyword field (a quoted value without its quotes, escapes left as written). */
    static void addKeys(Document d, String line) {
        int i = 0;
        int n = line.length();
        while (i < n) {
            int eq = line.indexOf('=', i);
            if (eq < 0) {
                return;
            }
            int keyStart = Math.max(i, line.lastIndexOf(' ', eq) + 1);
            String key = line.substring(keyStart, eq);
            int from = eq + 1;
            int end;
            if (from < n && line.charAt(from) == '"') {
                end = line.indexOf('"', from + 1);
                while (end > 0 && line.charAt(end - 1) == '\\') {
                    end = line.indexOf('"', end + 1);
                }
                if (end < 0) {
                    end = n;
                }
                d.add(new StringField(key, line.substring(from + 1, end), Field.Store.NO));
                end++;
            } else {
                end = line.indexOf(' ', from);
                if (end < 0) {
                    end = n;
                }
                d.add(new StringField(key, line.substring(from, end), Field.Store.NO));
            }
            i = end;
        }
    }

    /**
     * The entity keys of a logfmt line ({@link #ENTITY_KEYS} only, values as {@link #addKeys} reads them) added to
     * {@code into}; returns the line's {@code time=} value, or null. No substring is made for a key not asked for.
     */
    static String collectEntityKeys(String line, java.util.Map<String, java.util.Set<String>> into) {
        String time = null;
        int i = 0;
        int n = line.length();
        while (i < n) {
            int eq = line.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            int keyStart = Math.max(i, line.lastIndexOf(' ', eq) + 1);
            int from = eq + 1;
            boolean quoted = from < n && line.charAt(from) == '"';
            int end;
            if (quoted) {
                end = line.indexOf('"', from + 1);
                while (end > 0 && line.charAt(end - 1) == '\\') {
                    end = line.indexOf('"', end + 1);
                }
                if (end < 0) {
                    end = n;
                }
            } else {
                end = line.indexOf(' ', from);
                if (end < 0) {
                    end = n;
                }
            }
            int len = eq - keyStart;
            if (len == 4 && line.startsWith("time", keyStart)) {
                time = line.substring(quoted ? from + 1 : from, end);
            } else if (len >= 3 && len <= 9) {
                String key = line.substring(keyStart, eq);
                if (ENTITY_KEYS.contains(key)) {
                    into.computeIfAbsent(key, k -> new java.util.HashSet<>()).add(line.substring(quoted ? from + 1 : from, end));
                }
            }
            i = quoted ? end + 1 : end;
        }
        return time;
    }

    /** A block of lines as {@code blockkeys} indexes it: its entity keys, its time range, its byte range in the file. */
    static Document keyBlock(java.util.Map<String, java.util.Set<String>> keys, long number, long from, long to, String first, String last) {
        Document d = new Document();
        withKeys(d, keys);
        long a = first == null ? Long.MIN_VALUE : epochNanos(first);
        long b = last == null ? Long.MAX_VALUE : epochNanos(last);
        d.add(new org.apache.lucene.document.LongRange("_time", new long[] {Math.min(a, b)}, new long[] {Math.max(a, b)}));
        d.add(new StoredField("_block", number));
        d.add(new StoredField("_from", from));
        d.add(new StoredField("_to", to));
        return d;
    }

    static long epochNanos(String time) {
        try {
            java.time.Instant t = java.time.Instant.parse(time);
            return t.getEpochSecond() * 1_000_000_000L + t.getNano();
        } catch (java.time.format.DateTimeParseException e) {
            return Long.MIN_VALUE;
        }
    }

    /**
     * What a query with no key costs when it is answered by reading every block back (session 34): the file's bytes read
     * in 1 MB pieces and searched for {@code word} case-insensitively (ASCII), counting the lines that hold it: the
     * necessary condition a line must meet before it is parsed and its words matched exactly.
     */
    static void scan(Path log, String word) throws IOException {
        byte[] needle = word.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8);
        long start = System.nanoTime();
        long bytes = 0;
        long lines = 0;
        long hits = 0;
        byte first = needle[0];
        byte firstUpper = (byte) Character.toUpperCase((char) first);
        try (java.io.InputStream in = Files.newInputStream(log)) {
            byte[] buf = new byte[1 << 20];
            int keep = 0;
            int r;
            while ((r = in.read(buf, keep, buf.length - keep)) > 0) {
                int len = keep + r;
                int lastNl = -1;
                for (int k = len - 1; k >= 0; k--) {
                    if (buf[k] == '\n') {
                        lastNl = k;
                        break;
                    }
                }
                int limit = lastNl < 0 ? len : lastNl + 1;
                boolean found = false;
                for (int k = 0; k < limit; k++) {
                    byte c = buf[k];
                    if (c == '\n') {
                        lines++;
                        if (found) {
                            hits++;
                        }
                        found = false;
                    } else if (!found && (c == first || c == firstUpper) && k + needle.length <= limit && matches(buf, k, needle)) {
                        found = true;
                    }
                }
                bytes += limit;
                keep = len - limit;
                System.arraycopy(buf, limit, buf, 0, keep);
            }
            bytes += keep;
        }
        System.out.printf(Locale.ROOT, "shape=scan word=%s bytes=%d lines=%d hits=%d wall=%.2fs%n", word, bytes, lines, hits,
                (System.nanoTime() - start) / 1e9);
    }

    private static boolean matches(byte[] buf, int at, byte[] needle) {
        for (int j = 1; j < needle.length; j++) {
            byte c = buf[at + j];
            if (c >= 'A' && c <= 'Z') {
                c += 32;
            }
            if (c != needle[j]) {
                return false;
            }
        }
        return true;
    }
}
