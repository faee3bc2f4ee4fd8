package dev.argoforensics.generator;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * A large realistic controller log for benchmarks: {@code java -jar analyzer/benchmarks/target/benchmarks.jar}
 * is JMH; this is {@code java -cp analyzer/benchmarks/target/benchmarks.jar dev.argoforensics.generator.Generate FILE},
 * which {@code analyzer/benchmarks/run-comparison} calls. Not part of the product.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Writes a realistic workflow-controller log for benchmarks, with planted #17024 races and controls.")
public final class Generate implements Callable<Integer> {
    @Parameters(paramLabel = "FILE")
    Path file;

    @Option(names = "--size-mb", defaultValue = "300", description = "About how many MB to write (default 300).")
    long sizeMb;

    @Option(names = "--mix", defaultValue = "UPGRADE", description = "SLOG_TEXT, SLOG_JSON, LOGRUS_TEXT or UPGRADE (v3.7 logrus, then v4 slog text, then slog JSON).")
    LogGenerator.Mix mix;

    @Option(names = "--races", defaultValue = "5", description = "How many #17024 races to plant, with as many controls.")
    int races;

    @Option(names = "--seed", defaultValue = "17024")
    long seed;

    @Override
    public Integer call() throws IOException {
        LogGenerator.Manifest m;
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 20)) {
            m = new LogGenerator(seed, sizeMb * 1_000_000L, mix, races).write(w);
        }
        System.out.printf("%s: %d lines, %d bytes, races %s, controls %s%n", file, m.lines(), m.bytes(), m.racePods(), m.controlPods());
        return 0;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Generate()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }
}
