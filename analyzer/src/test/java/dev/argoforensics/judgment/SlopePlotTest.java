package dev.argoforensics.judgment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/** The slope benchmark's report: the least-squares fit, the table, the plot, from the TSV run-slope writes. */
class SlopePlotTest {
    private static final String HEADER = "series\tinterest_asked\tsize_asked\tpods_of_interest\tlog_bytes\tlog_lines\ttimelines\twall_s\tuser_s"
            + "\tsys_s\trss_kb\texit\tload\n";

    private static String row(String series, int pods, long bytes, String scope, double user, double sys, int exit) {
        return String.join("\t", series, Integer.toString(pods), Long.toString(bytes / 1_000_000), Integer.toString(pods), Long.toString(bytes),
                "1000", scope, "9.9", Double.toString(user), Double.toString(sys), "512000", Integer.toString(exit), "3.10 2.00 1.50") + "\n";
    }

    @Test
    void fitsAStraightLineExactlyAndAScatterByLeastSquares() {
        SlopePlot.Fit exact = SlopePlot.Fit.of(List.of(new double[] {10, 7}, new double[] {100, 25}, new double[] {1000, 205}));
        assertEquals(0.2, exact.slope(), 1e-12);
        assertEquals(5, exact.intercept(), 1e-9);
        assertEquals(1, exact.r2(), 1e-12);
        // (0,0) (1,1) (2,1): slope 1/2, intercept 1/6, r² = 0.75
        SlopePlot.Fit scatter = SlopePlot.Fit.of(List.of(new double[] {0, 0}, new double[] {1, 1}, new double[] {2, 1}));
        assertEquals(0.5, scatter.slope(), 1e-12);
        assertEquals(1.0 / 6, scatter.intercept(), 1e-12);
        assertEquals(0.75, scatter.r2(), 1e-12);
        assertTrue(Double.isNaN(SlopePlot.Fit.of(List.<double[]>of(new double[] {1, 1})).slope()));
    }

    @Test
    void readsTheResultsFitsEachSeriesAndScopeAndLeavesFailedRunsOut(@TempDir Path dir) throws Exception {
        Path tsv = dir.resolve("results.tsv");
        // Pods series at 300 MB: CPU = 20 s + 0.01 s per Pod (findings), + 0.1 s per Pod (all); the 10,000-Pod "all" run failed.
        Files.writeString(tsv, HEADER
                + row("pods", 10, 300_000_000, "findings", 18.0, 2.1, 1)
                + row("pods", 10, 300_000_000, "all", 19.0, 2.0, 1)
                + row("pods,size", 100, 300_000_000, "findings", 19.0, 2.0, 1)
                + row("pods,size", 100, 300_000_000, "all", 29.0, 1.0, 1)
                + row("pods", 1000, 300_000_000, "findings", 28.0, 2.0, 1)
                + row("pods", 1000, 300_000_000, "all", 118.0, 2.0, 1)
                + row("pods", 10000, 300_000_000, "all", 900.0, 3.0, 3)
                + row("size", 100, 30_000_000, "findings", 3.0, 0.0, 0)
                + row("size", 100, 30_000_000, "all", 3.0, 0.0, 0));
        List<SlopePlot.Row> rows = SlopePlot.read(tsv);
        assertEquals(9, rows.size());

        SlopePlot.Fit findings = SlopePlot.fit(rows, SlopePlot.Series.PODS, "findings");
        assertEquals(3, findings.n());
        assertEquals(0.01, findings.slope(), 1e-9);
        assertEquals(20.0, findings.intercept(), 1e-6);
        SlopePlot.Fit all = SlopePlot.fit(rows, SlopePlot.Series.PODS, "all");
        assertEquals(3, all.n(), "the failed run (exit 3) is not fitted");
        assertEquals(0.1, all.slope(), 1e-9);
        // Size series: the shared 300 MB point and the 30 MB point, x in MB.
        SlopePlot.Fit size = SlopePlot.fit(rows, SlopePlot.Series.SIZE, "findings");
        assertEquals(2, size.n());
        assertEquals(18.0 / 270, size.slope(), 1e-9);

        String md = SlopePlot.markdown(rows);
        assertTrue(md.contains("| pods | 10,000 | 300 | 1,000 | all | 9.9 | 903.0 | 500 | 3 (failed) | 3.10 2.00 1.50 |"), md);
        assertTrue(md.contains("| Pods of interest (fixed size) | findings | 10.00 s per 1,000 Pods | 20.00 | 1.000 | 3 |"), md);
        assertTrue(md.contains("| Log size (fixed interest) | findings | 6.67 s per 100 MB | 1.00 | 1.000 | 2 |"), md);

        String svg = SlopeSvg.render(rows, "a <title> & more");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        // A marker per successful run and series it belongs to (the shared one in both panels): 8 + 2, not the failed one.
        assertEquals(10, doc.getElementsByTagName("circle").getLength() - SlopePlot.SCOPES.length);
        assertFalse(svg.contains("NaN"), svg);
    }

    @Test
    void aShortRowIsAClearError(@TempDir Path dir) throws IOException {
        Path tsv = dir.resolve("bad.tsv");
        Files.writeString(tsv, HEADER + "pods\t10\t30\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SlopePlot.read(tsv));
        assertTrue(e.getMessage().contains("13 tab-separated fields, got 3"), e.getMessage());
    }

    @Test
    void roundsAxesUp() {
        assertEquals(1, SlopeSvg.nice(0));
        assertEquals(250, SlopeSvg.nice(203));
        assertEquals(10_000, SlopeSvg.nice(9_760));
        assertEquals(40, SlopeSvg.nice(31.6));
    }
}
