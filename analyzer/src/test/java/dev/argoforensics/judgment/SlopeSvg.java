package dev.argoforensics.judgment;

import dev.argoforensics.judgment.SlopePlot.Fit;
import dev.argoforensics.judgment.SlopePlot.Row;
import dev.argoforensics.judgment.SlopePlot.Series;
import java.util.List;
import java.util.Locale;

/**
 * The slope benchmark's plot: one panel per series (CPU seconds against Pods of interest, against log MB), a marker per
 * measured run and the least-squares line per timeline scope. Plain SVG 1.1, linear axes from zero (a straight line
 * on them is what linear cost looks like); runs that failed are not drawn, the table says so.
 */
final class SlopeSvg {
    private static final int PANEL_W = 440;
    private static final int PANEL_H = 320;
    private static final int LEFT = 60;
    private static final int TOP = 50;
    private static final int PLOT_W = 340;
    private static final int PLOT_H = 220;
    private static final String[] COLOURS = {"#1f77b4", "#d62728"};

    private SlopeSvg() {
    }

    static String render(List<Row> rows, String title) {
        StringBuilder b = new StringBuilder();
        int width = PANEL_W * Series.values().length;
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"sans-serif\" font-size=\"11\">%n", width, PANEL_H + 30, width, PANEL_H + 30));
        b.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, PANEL_H + 30));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">%s</text>%n", width / 2, esc(title)));
        int i = 0;
        for (Series s : Series.values()) {
            panel(b, rows, s, i++ * PANEL_W);
        }
        for (int k = 0; k < SlopePlot.SCOPES.length; k++) {
            int x = width / 2 - 260 + k * 280;
            b.append(String.format(Locale.ROOT, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">--timelines %s"
                    + " (line: least squares)</text>%n", x, PANEL_H + 14, COLOURS[k], x + 8, PANEL_H + 18, SlopePlot.SCOPES[k]));
        }
        b.append("</svg>\n");
        return b.toString();
    }

    private static void panel(StringBuilder b, List<Row> rows, Series s, int ox) {
        double maxX = 0;
        double maxY = 0;
        for (Row r : rows) {
            if (r.in(s.key) && r.ok()) {
                maxX = Math.max(maxX, s.x(r));
                maxY = Math.max(maxY, r.cpu());
            }
        }
        maxX = nice(maxX);
        maxY = nice(maxY);
        int x0 = ox + LEFT;
        int y0 = TOP + PLOT_H;
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">%s</text>%n", x0 + PLOT_W / 2, TOP - 12,
                esc(s.title)));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>%n", x0, TOP, PLOT_W,
                PLOT_H));
        b.append(String.format(Locale.ROOT, "<clipPath id=\"clip-%s\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/></clipPath>%n", s.key,
                x0, TOP, PLOT_W, PLOT_H));
        for (int t = 0; t <= 4; t++) {
            double vx = maxX * t / 4;
            double vy = maxY * t / 4;
            int px = x0 + PLOT_W * t / 4;
            int py = y0 - PLOT_H * t / 4;
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", px, TOP, px, y0));
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n", x0, py, x0 + PLOT_W, py));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, y0 + 14, num(vx)));
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", x0 - 4, py + 4, num(vy)));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", x0 + PLOT_W / 2, y0 + 30, esc(s.unit)));
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">CPU s (user+sys)</text>%n",
                ox + 16, TOP + PLOT_H / 2, ox + 16, TOP + PLOT_H / 2));
        for (int k = 0; k < SlopePlot.SCOPES.length; k++) {
            String scope = SlopePlot.SCOPES[k];
            Fit f = SlopePlot.fit(rows, s, scope);
            if (f.n() >= 2) {
                double ya = f.intercept();
                double yb = f.slope() * maxX + f.intercept();
                b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\""
                        + " clip-path=\"url(#clip-%s)\"/>%n", (double) x0, TOP + PLOT_H - PLOT_H * ya / maxY, (double) x0 + PLOT_W,
                        TOP + PLOT_H - PLOT_H * yb / maxY, COLOURS[k], s.key));
            }
            for (Row r : rows) {
                if (r.in(s.key) && r.ok() && r.timelines().equals(scope)) {
                    b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" fill-opacity=\"0.8\"/>%n",
                            x0 + PLOT_W * s.x(r) / maxX, py(r.cpu(), maxY), COLOURS[k]));
                }
            }
        }
    }

    private static double py(double v, double maxY) {
        double clamped = Math.max(0, Math.min(maxY, v));
        return TOP + PLOT_H - PLOT_H * clamped / maxY;
    }

    /** The smallest of 1, 2, 2.5, 5 × 10^k at or above v (so that quarters are round). */
    static double nice(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 4, 5, 8, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.1f", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
