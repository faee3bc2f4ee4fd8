package dev.argoforensics.snapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out cells as Go's text/tabwriter does for argo and kubectl (every rune one column wide): each
 * line's cells but the last are padded to their column's widest cell plus the padding; the last cell is
 * written as it is. Tests describe tables by their cells and get the text the tools print.
 */
final class TabWriter {
    private TabWriter() {
    }

    static String lay(int padding, List<List<String>> lines) {
        List<Integer> widths = new ArrayList<>();
        for (List<String> cells : lines) {
            for (int i = 0; i < cells.size() - 1; i++) {
                int w = cells.get(i).length() + padding;
                if (widths.size() <= i) {
                    widths.add(w);
                } else {
                    widths.set(i, Math.max(widths.get(i), w));
                }
            }
        }
        StringBuilder b = new StringBuilder();
        for (List<String> cells : lines) {
            for (int i = 0; i < cells.size() - 1; i++) {
                b.append(cells.get(i)).append(" ".repeat(widths.get(i) - cells.get(i).length()));
            }
            b.append(cells.get(cells.size() - 1)).append('\n');
        }
        return b.toString();
    }
}
