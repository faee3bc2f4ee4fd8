package dev.argoforensics.benchmarks;

import dev.argoforensics.read.Interest;
import dev.argoforensics.read.LineFrontEnd;
import dev.argoforensics.read.ScanResult;
import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.catalog.MessageCatalog;
import dev.argoforensics.envelope.EnvelopeDecoder;
import dev.argoforensics.envelope.UnwrappedLine;
import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.QuickScan;
import dev.argoforensics.line.RecordParser;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What one controller log line costs on each step of the per-line path, in ns per line, on lines
 * from the benchmark generator (the same mix 'generate' writes): the quick head read, the full
 * grammar parse, the catalog match, the interest filter, and the two passes' whole per-line work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LinePathBenchmark {
    private static final int LINES = 20_000;

    @Param({"SLOG_TEXT", "LOGRUS_TEXT", "SLOG_JSON"})
    public String mix;

    private String[] lines;
    private UnwrappedLine[] unwrapped;
    private final RecordParser parser = new RecordParser();
    private final MessageCatalog catalog = MessageCatalog.standard();
    private LineFrontEnd frontEnd;
    private Interest interest;

    @Setup
    public void setUp() throws IOException {
        StringWriter out = new StringWriter();
        LogGenerator.Manifest manifest = new LogGenerator(17024, 4_000_000, LogGenerator.Mix.valueOf(mix), 4).write(out);
        List<String> all = out.toString().lines().limit(LINES).toList();
        lines = all.toArray(String[]::new);
        EnvelopeDecoder envelopes = new EnvelopeDecoder();
        List<UnwrappedLine> u = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            UnwrappedLine line = envelopes.decode(lines[i], i + 1);
            if (line != null) {
                u.add(line);
            }
        }
        unwrapped = u.toArray(UnwrappedLine[]::new);
        frontEnd = new LineFrontEnd(catalog);
        interest = Interest.none();
        manifest.racePods().forEach(p -> interest.addPod(p.substring(p.indexOf('/') + 1)));
        manifest.controlPods().forEach(p -> interest.addPod(p.substring(p.indexOf('/') + 1)));
        interest.freeze();
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void envelope(Blackhole bh) {
        EnvelopeDecoder envelopes = new EnvelopeDecoder();
        for (int i = 0; i < lines.length; i++) {
            bh.consume(envelopes.decode(lines[i], i + 1));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void quickHead(Blackhole bh) {
        for (String line : lines) {
            bh.consume(line.charAt(0) == '{' ? QuickScan.scanJson(line) : QuickScan.scan(line));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void grammarParse(Blackhole bh) {
        for (String line : lines) {
            bh.consume(parser.parse(line, 2026));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void grammarParseAndCatalogMatch(Blackhole bh) {
        for (String line : lines) {
            if (parser.parse(line, 2026) instanceof LineParse.Parsed p) {
                bh.consume(catalog.match(p.record()));
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void interestFilter(Blackhole bh) {
        for (String line : lines) {
            bh.consume(interest.mentions(line));
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void pass1ScanLine(Blackhole bh) {
        ScanResult result = new ScanResult();
        for (UnwrappedLine u : unwrapped) {
            frontEnd.scanLine(u, result);
        }
        bh.consume(result);
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void pass2ClassifyLine(Blackhole bh) {
        for (UnwrappedLine u : unwrapped) {
            bh.consume(frontEnd.classify(u, interest));
        }
    }
}
