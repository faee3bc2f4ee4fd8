package dev.argoforensics.judgment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The slope benchmark's report ({@code analyzer/benchmarks/run-slope}): reads the measurements it wrote (a TSV, one row
 * per corpus and timeline scope), prints a Markdown table and the least-squares line of CPU seconds on Pods of interest
 * (at a fixed size) and on log MB (at a fixed interest) for each scope, and draws both series as an SVG. No library:
 * it runs from the test classes alone.
 *
 * <pre>
 * java -cp analyzer/target/test-classes dev.argoforensics.judgment.SlopePlot RESULTS.tsv PLOT.svg "TITLE"
 * </pre>
 */
public final class SlopePlot {
    /** One measured run. {@code series} names the series the corpus belongs to ("pods", "size" or both, comma-separated). */
    record Row(String series, int interestAsked, int sizeAsked, int pods, long logBytes, long logLines, String timelines, double wall,
               double cpu, long rssKb, int exit, String load) {
        double mb() {
            return logBytes / 1e6;
        }

        boolean in(String s) {
            return List.of(series.split(",")).contains(s);
        }

        /** The analysis ran to its end (0: no finding, 1: findings); 2 and 3 are failures and stay out of the fit. */
        boolean ok() {
            return exit == 0 || exit == 1;
        }
    }

    /** y = slope * x + intercept, fitted by least squares, with r². */
    record Fit(double slope, double intercept, double r2, int n) {
        static Fit of(List<double[]> points) {
            int n = points.size();
            if (n < 2) {
                return new Fit(Double.NaN, Double.NaN, Double.NaN, n);
            }
            double sx = 0;
            double sy = 0;
            for (double[] p : points) {
                sx += p[0];
                sy += p[1];
            }
            double mx = sx / n;
            double my = sy / n;
            double sxx = 0;
            double sxy = 0;
            double syy = 0;
            for (double[] p : points) {
                sxx += (p[0] - mx) * (p[0] - mx);
                sxy += (p[0] - mx) * (p[1] - my);
                syy += (p[1] - my) * (p[1] - my);
            }
            double slope = sxy / sxx;
            double r2 = syy == 0 ? 1 : sxy * sxy / (sxx * syy);
            return new Fit(slope, my - slope * mx, r2, n);
        }
    }

    /** A series: which rows, what x is. */
    enum Series {
        PODS("pods", "Pods of interest (fixed size)", "Pods of interest"),
        SIZE("size", "Log size (fixed interest)", "log MB");

        final String key;
        final String title;
        final String unit;

        Series(String key, String title, String unit) {
            this.key = key;
            this.title = title;
            this.unit = unit;
        }

        double x(Row r) {
            return this == PODS ? r.pods() : r.mb();
        }
    }

    static final String[] SCOPES = {"findings", "all"};
    /** The exit status run-slope records for a run its --timeout stopped (timeout(1)'s). */
    static final int TIMED_OUT = 124;

    private SlopePlot() {
    }

    static List<Row> read(Path tsv) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("series\t")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length < 13) {
                throw new IllegalArgumentException("slope results: a row needs 13 tab-separated fields, got " + f.length + ": " + line);
            }
            rows.add(new Row(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]), Long.parseLong(f[4]),
                    Long.parseLong(f[5]), f[6], Double.parseDouble(f[7]), Double.parseDouble(f[8]) + Double.parseDouble(f[9]),
                    Long.parseLong(f[10]), Integer.parseInt(f[11]), f[12]));
        }
        return rows;
    }

    static Fit fit(List<Row> rows, Series s, String scope) {
        List<double[]> pts = new ArrayList<>();
        for (Row r : rows) {
            if (r.in(s.key) && r.timelines().equals(scope) && r.ok()) {
                pts.add(new double[] {s.x(r), r.cpu()});
            }
        }
        return Fit.of(pts);
    }

    static String markdown(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        b.append("| series | Pods of interest | log MB | log lines | --timelines | wall s | CPU s (user+sys) | peak RSS MB | exit | load (1/5/15 min) |\n");
        b.append("|---|--:|--:|--:|---|--:|--:|--:|--:|---|\n");
        for (Row r : rows) {
            b.append(String.format(Locale.ROOT, "| %s | %,d | %,.0f | %,d | %s | %.1f | %.1f | %,d | %s | %s |%n", r.series(), r.pods(), r.mb(),
                    r.logLines(), r.timelines(), r.wall(), r.cpu(), r.rssKb() / 1024, r.ok() ? Integer.toString(r.exit())
                    : r.exit() == TIMED_OUT ? "timed out" : r.exit() + " (failed)",
                    r.load()));
        }
        b.append("\nLeast squares, CPU seconds (user+sys) against the series' x:\n\n");
        b.append("| series | --timelines | slope | intercept s | r² | points |\n|---|---|--:|--:|--:|--:|\n");
        for (Series s : Series.values()) {
            for (String scope : SCOPES) {
                Fit f = fit(rows, s, scope);
                if (f.n() < 2) {
                    b.append(String.format(Locale.ROOT, "| %s | %s | n/a (%d point) | | | %d |%n", s.title, scope, f.n(), f.n()));
                    continue;
                }
                b.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.3f | %d |%n", s.title, scope, slopeText(f, s), f.intercept(), f.r2(),
                        f.n()));
            }
        }
        return b.toString();
    }

    private static String slopeText(Fit f, Series s) {
        if (Double.isNaN(f.slope())) {
            return "n/a";
        }
        return s == Series.PODS ? String.format(Locale.ROOT, "%.2f s per 1,000 Pods", f.slope() * 1000)
                : String.format(Locale.ROOT, "%.2f s per 100 MB", f.slope() * 100);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: SlopePlot RESULTS.tsv PLOT.svg [TITLE]");
            System.exit(2);
        }
        List<Row> rows = read(Paths.get(args[0]));
        Files.writeString(Paths.get(args[1]), SlopeSvg.render(rows, args.length > 2 ? args[2] : "argo-forensics analyze: the slope"),
                StandardCharsets.UTF_8);
        System.out.print(markdown(rows));
    }
}
