package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordFormat;
import dev.argoforensics.line.RecordParser;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The parser the analysis uses (logfmt records read by hand, {@code LogfmtReader}) gives what a parser
 * that reads every text record with the grammar gives, for every record of every sample's logs and of
 * generated logs of every mix, unwrapped from their envelopes as the reading does: the same record, the
 * same cut, the same rejection. (The grammar module's {@code LogfmtReaderTest} and
 * {@code LogfmtReaderFuzzTest} compare the hand-written reader itself on odd and random lines.)
 *
 * <p>{@code -Dlogfmt.agreement.dir=DIR} also compares every record of every file under DIR (for example
 * the incident corpus or the 300 MB benchmark logs; docs/performance.md, "Session 21").
 */
class HandReadLogfmtAgreementTest {
    private static final int YEAR = 2026;

    private final RecordParser grammar = RecordParser.grammarOnly();
    private final RecordParser byHand = new RecordParser();
    private long records;
    private long logfmt;

    @Test
    void everySampleRecordReadsAsTheGrammarReadsIt() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("samples"))) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> p.toString().contains("/logs/")).sorted().toList()) {
                compare(f.toString(), read(f));
            }
        }
        assertTrue(records > 2_000 && logfmt > 1_000, records + " records, " + logfmt + " logfmt");
    }

    @Test
    void everyGeneratedRecordOfEveryMixReadsAsTheGrammarReadsIt() throws IOException {
        for (LogGenerator.Mix mix : LogGenerator.Mix.values()) {
            StringWriter w = new StringWriter();
            new LogGenerator(21, 400_000, mix, 2).write(w);
            compare(mix.name(), new BufferedReader(new StringReader(w.toString())));
        }
        // Two of the four mixes are slog or logrus text all through, one a third of the way.
        assertTrue(logfmt > 2_000, records + " records, " + logfmt + " logfmt");
    }

    @Test
    @EnabledIfSystemProperty(named = "logfmt.agreement.dir", matches = ".+")
    void everyRecordOfAGivenFolderReadsAsTheGrammarReadsIt() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of(System.getProperty("logfmt.agreement.dir")))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                compare(f.toString(), read(f));
            }
        }
        System.out.println("logfmt agreement: " + records + " records, " + logfmt + " logfmt, none differ");
        assertTrue(records > 0);
    }

    private static BufferedReader read(Path f) throws IOException {
        InputStream in = Files.newInputStream(f);
        if (f.toString().endsWith(".gz")) {
            in = new GZIPInputStream(in);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** Every record of the lines, unwrapped as the reading unwraps them, read both ways. */
    private void compare(String name, BufferedReader lines) throws IOException {
        try (lines) {
            EnvelopeDecoder envelopes = new EnvelopeDecoder();
            String line;
            long n = 0;
            while ((line = next(lines)) != null) {
                compare(name, envelopes.decode(line, ++n));
            }
            compare(name, envelopes.flush());
        }
    }

    /** The next line, or null at the end, also where a damaged gzip file ends early (a sample holds one). */
    private static String next(BufferedReader lines) throws IOException {
        try {
            return lines.readLine();
        } catch (EOFException e) {
            return null;
        }
    }

    private void compare(String name, UnwrappedLine u) {
        if (u == null) {
            return;
        }
        records++;
        LineParse expected = grammar.parse(u.record(), YEAR, u.cut());
        assertEquals(expected, byHand.parse(u.record(), YEAR, u.cut()), () -> name + ":" + u.firstLine() + ": " + u.record());
        if (expected instanceof LineParse.Parsed p && List.of(RecordFormat.SLOG_TEXT, RecordFormat.LOGRUS_TEXT).contains(p.record().format())) {
            logfmt++;
        }
    }
}
