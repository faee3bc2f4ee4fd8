package dev.argoforensics.benchmarks;

import dev.argoforensics.generator.LogGenerator;
import dev.argoforensics.grammar.ControllerLogLexer;
import java.io.IOException;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
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
 * Can the generated lexer alone serve as the head reader (issue #18)? The hand-written
 * {@code QuickScan} reads a text record's time, level and message; the grammar's lexer can give the
 * same three tokens by running until the message value and stopping. Both on the same generated text
 * lines (logrus and slog; JSON records do not go through the lexer), in ns per line, beside
 * {@link LinePathBenchmark#quickHead} (the head read the reading engine uses for counted lines, on the
 * same generator lines):
 * <ul>
 *   <li>{@code lexerHead}: the generated lexer over a fresh char stream until the message token;</li>
 *   <li>{@code lexerWholeLine}: the lexer over the whole line (what a head reader built on it would
 *       cost if it also had to check the fields, as {@code QuickScan} does).</li>
 * </ul>
 * Run: {@code java -jar analyzer/benchmarks/target/benchmarks.jar "HeadReaderBenchmark|LinePathBenchmark.quickHead" -wi 3 -i 5 -w 1 -r 1 -f 1}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HeadReaderBenchmark {
    private static final int LINES = 20_000;

    @Param({"SLOG_TEXT", "LOGRUS_TEXT"})
    public String mix;

    private String[] lines;
    private final ControllerLogLexer lexer = new ControllerLogLexer(null);

    @Setup
    public void setUp() throws IOException {
        StringWriter out = new StringWriter();
        new LogGenerator(17024, 4_000_000, LogGenerator.Mix.valueOf(mix), 4).write(out);
        lines = out.toString().lines().limit(LINES).toArray(String[]::new);
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void lexerHead(Blackhole bh) {
        for (String line : lines) {
            lexer.setInputStream(CharStreams.fromString(line));
            Token t;
            int seen = 0;
            do {
                t = lexer.nextToken();
                seen++;
            } while (t.getType() != Token.EOF && t.getType() != ControllerLogLexer.MSG_KEY);
            if (t.getType() == ControllerLogLexer.MSG_KEY) {
                t = lexer.nextToken(); // the message value
            }
            bh.consume(t);
            bh.consume(seen);
        }
    }

    @Benchmark
    @OperationsPerInvocation(LINES)
    public void lexerWholeLine(Blackhole bh) {
        for (String line : lines) {
            lexer.setInputStream(CharStreams.fromString(line));
            Token t;
            do {
                t = lexer.nextToken();
                bh.consume(t);
            } while (t.getType() != Token.EOF);
        }
    }
}
