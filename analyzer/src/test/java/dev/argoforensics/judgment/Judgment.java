package dev.argoforensics.judgment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The labelled-incident benchmark: generates a corpus per seed, runs the analysis on it and prints
 * precision and recall per rule and scenario class. Run it with {@code analyzer/bin/judgment}.
 *
 * <pre>
 * judgment --seeds 1-20 [--scale small|large] [--out DIR] [--keep] [--wrong N] [--generate-only] [--stress]
 * judgment --seeds 1 --interest-pods N --size-mb N [--out DIR] [--keep] [--generate-only]
 * </pre>
 *
 * <p>{@code --interest-pods} and {@code --size-mb} are the slope benchmark's knobs ({@link Slope}): the large layout
 * with about N Workflows of interest and about N MB of logs; given one, the other defaults to 100 Pods or 300 MB.
 */
public final class Judgment {
    private Judgment() {
    }

    static List<Long> seeds(String spec) {
        List<Long> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            if (part.contains("-")) {
                String[] r = part.split("-", 2);
                for (long s = Long.parseLong(r[0].trim()); s <= Long.parseLong(r[1].trim()); s++) {
                    out.add(s);
                }
            } else if (!part.isBlank()) {
                out.add(Long.parseLong(part.trim()));
            }
        }
        return out;
    }

    public static void main(String[] args) {
        String seedSpec = "1-20";
        Corpus.Scale scale = Corpus.Scale.SMALL;
        Path out = null;
        boolean keep = false;
        boolean generateOnly = false;
        boolean stress = false;
        int wrong = 25;
        Integer interestPods = null;
        Integer sizeMb = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seeds" -> seedSpec = args[++i];
                case "--scale" -> scale = Corpus.Scale.valueOf(args[++i].toUpperCase(Locale.ROOT));
                case "--out" -> out = Paths.get(args[++i]);
                case "--keep" -> keep = true;
                case "--stress" -> stress = true;
                case "--interest-pods" -> interestPods = number(args, ++i);
                case "--size-mb" -> sizeMb = number(args, ++i);
                case "--generate-only" -> {
                    generateOnly = true;
                    keep = true;
                }
                case "--wrong" -> wrong = args[i + 1].equals("all") ? Integer.MAX_VALUE : Integer.parseInt(args[i + 1]);
                case "-h", "--help" -> {
                    System.out.println("usage: judgment --seeds 1-20 [--scale small|large] [--out DIR] [--keep] [--wrong N|all] [--generate-only] [--stress]\n"
                            + "       judgment --seeds 1 --interest-pods N --size-mb N [--out DIR] [--keep] [--generate-only]");
                    return;
                }
                default -> {
                    System.err.println("judgment: unknown argument " + args[i]);
                    System.exit(2);
                }
            }
            if (args[i].equals("--wrong")) {
                i++;
            }
        }
        Slope slope = null;
        if (interestPods != null || sizeMb != null) {
            try {
                slope = new Slope(interestPods == null ? 100 : interestPods, sizeMb == null ? 300 : sizeMb);
            } catch (IllegalArgumentException e) {
                System.err.println("judgment: " + e.getMessage());
                System.exit(2);
            }
            scale = Corpus.Scale.LARGE;
        }
        if (out == null) {
            out = Paths.get(System.getProperty("java.io.tmpdir"), "judgment-" + (slope != null ? "slope" : scale.name().toLowerCase(Locale.ROOT)));
        }
        Scorer.Tally tally = new Scorer.Tally();
        Scorer.Tally excerptTally = new Scorer.Tally();
        List<String> excerpts = new ArrayList<>();
        int excerptsFailed = 0;
        List<String> corpora = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (long seed : seeds(seedSpec)) {
            boolean keepThis = keep;
            Path dir = out.resolve("seed-" + seed);
            delete(dir);
            long t0 = System.nanoTime();
            Corpus.Info info = Corpus.generate(seed, scale, slope, dir, stress);
            long t1 = System.nanoTime();
            String line = String.format(Locale.ROOT, "seed %d: %,d log lines in %d files, %d export files (%d objects), %,d pods (%d of interest), k8s 1.%d;"
                    + " generated in %.1f s", seed, info.logLines(), info.logFiles(), info.exportFiles(), info.exportObjects(), info.pods(),
                    info.podsOfInterest(), info.apiMinor(), (t1 - t0) / 1e9);
            if (!generateOnly) {
                try {
                    Scorer.Analysis a = Scorer.analyze(info, false);
                    tally.add(seed, Scorer.readCorpusTruth(info.dir()), a);
                    line += String.format(Locale.ROOT, ", analysed in %.1f s, %d findings, %d unparsed lines", (System.nanoTime() - t1) / 1e9,
                            a.findings().size(), a.logUnparsed());
                    for (String s : a.unparsedSamples()) {
                        line += "\n    unparsed " + s;
                    }
                    for (Excerpt.Made m : Excerpt.make(info, dir.resolve("excerpts"))) {
                        String said = "seed " + seed + " " + m.info().dir().getFileName() + ": " + m.describe();
                        try {
                            Scorer.Analysis ea = Scorer.analyze(m.info(), false);
                            excerptTally.add(seed, Scorer.readCorpusTruth(m.info().dir()), ea);
                            excerpts.add(said + ", " + ea.findings().size() + " findings");
                        } catch (IllegalStateException e) {
                            // The analysis failed on the excerpt: say so and keep it; the whole corpus was scored above.
                            excerpts.add(said + ", ANALYSIS FAILED (not counted; kept in " + m.info().dir() + "): "
                                    + e.getMessage().strip().replace('\n', ' '));
                            excerptsFailed++;
                            keepThis = true;
                        }
                    }
                } catch (IllegalStateException e) {
                    // The analysis itself failed on this corpus: say so, keep the corpus, go on with the others.
                    failed.add("seed " + seed + ": " + e.getMessage().strip() + " (corpus kept in " + dir + ")");
                    line += ", ANALYSIS FAILED: " + e.getMessage().strip();
                    keepThis = true;
                }
            }
            System.err.println(line);
            corpora.add(line);
            if (!keepThis) {
                delete(dir);
            }
        }
        if (generateOnly) {
            return;
        }
        String title = "judgment: seeds " + seedSpec + ", scale " + scale.name().toLowerCase(Locale.ROOT);
        if (!failed.isEmpty()) {
            title += "\nANALYSIS FAILED on " + failed.size() + " corpora (not counted below):\n  " + String.join("\n  ", failed);
        }
        String table = tally.render(title, wrong);
        String excerptTitle = "\n\nExcerpts: one controller log file cut to head -N + grep <Workflow> + tail -N, or the grep alone; logs only"
                + " (docs/judgment.md, Excerpts). Truth: Pods and Workflows the excerpt names; capPossible where lines of theirs were cut (a reused name: of their own life)"
                + " (and AF001 always): in 'confirmed + likely only' a possible finding is then the right answer (TP) and a confirmed or likely"
                + " one an FP" + (excerptsFailed > 0 ? "\nANALYSIS FAILED on " + excerptsFailed + " excerpts (not counted below; listed)" : "")
                + "\n  " + String.join("\n  ", excerpts);
        System.out.print(table);
        System.out.print(excerptTally.render(excerptTitle, wrong));
        try {
            Files.createDirectories(out);
            Files.writeString(out.resolve("summary.txt"), String.join("\n", corpora) + "\n\n" + tally.render(title, Integer.MAX_VALUE)
                    + excerptTally.render(excerptTitle, Integer.MAX_VALUE),
                    StandardCharsets.UTF_8);
            Files.writeString(out.resolve("wrong-findings.tsv"), tally.wrongTsv(), StandardCharsets.UTF_8);
            Files.writeString(out.resolve("wrong-findings-excerpts.tsv"), excerptTally.wrongTsv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!failed.isEmpty()) {
            System.exit(1);
        }
    }

    private static int number(String[] args, int i) {
        try {
            return Integer.parseInt(args[i].replace(",", "").replace("_", ""));
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            System.err.println("judgment: " + args[i - 1] + " needs a whole number");
            System.exit(2);
            return 0;
        }
    }

    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
