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
 */
public final class LuceneFloor {
    private LuceneFloor() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !(args[2].equals("text") || args[2].equals("docsonly") || args[2].equals("both"))) {
            System.err.println("usage: LuceneFloor LOG DIR text|docsonly|both");
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
        long start = System.nanoTime();
        try (IndexWriter writer = new IndexWriter(FSDirectory.open(dir), config);
             BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                chars += line.length() + 1;
                Document d = new Document();
                d.add(new Field("text", line, words));
                d.add(new StoredField("text", line));
                d.add(new LongPoint("_seq", docs));
                d.add(new NumericDocValuesField("_seq", docs));
                if (shape.equals("both")) {
                    addKeys(d, line);
                }
                writer.addDocument(d);
                docs++;
            }
            writer.commit();
        }
        System.out.printf(Locale.ROOT, "shape=%s docs=%d chars=%d wall=%.1fs%n", shape, docs, chars, (System.nanoTime() - start) / 1e9);
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
}
