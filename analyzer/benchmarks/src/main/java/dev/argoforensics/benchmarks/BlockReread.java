package dev.argoforensics.benchmarks;

import dev.argoforensics.line.LineParse;
import dev.argoforensics.line.RecordParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the second step of a search over blocks of lines costs in the grammar (docs/performance.md, session 34): the log
 * read in blocks of 128 lines (as {@code LuceneFloor blockkeys} indexes them), and every line of each block that holds
 * {@code NEEDLE} (a plain substring standing for the candidate blocks a query's key finds) parsed by the grammar's
 * {@link RecordParser}; with no needle every block is a candidate, as for a query with no key. A needle found nowhere
 * prices the reading alone. Time it from outside ({@code /usr/bin/time}); it prints the blocks and lines parsed.
 *
 * <pre>java -cp analyzer/benchmarks/target/benchmarks.jar dev.argoforensics.benchmarks.BlockReread LOG [NEEDLE]</pre>
 *
 * Not counted: the catalog's match, the correlation's names and the query's match on each parsed record.
 */
public final class BlockReread {
    static final int BLOCK = 128;

    private BlockReread() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: BlockReread LOG [NEEDLE]");
            System.exit(2);
        }
        String needle = args.length == 2 ? args[1] : null;
        RecordParser parser = new RecordParser();
        long start = System.nanoTime();
        long parsed = 0;
        long blocks = 0;
        List<String> block = new ArrayList<>(BLOCK);
        boolean candidate = needle == null;
        try (BufferedReader in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8)) {
            while (true) {
                String line = in.readLine();
                if (line != null) {
                    block.add(line);
                    candidate |= needle != null && line.contains(needle);
                }
                if (block.size() == BLOCK || line == null && !block.isEmpty()) {
                    if (candidate) {
                        blocks++;
                        for (String l : block) {
                            LineParse p = parser.parse(l, 2026);
                            if (p != null) {
                                parsed++;
                            }
                        }
                    }
                    block.clear();
                    candidate = needle == null;
                }
                if (line == null) {
                    break;
                }
            }
        }
        System.out.printf(Locale.ROOT, "needle=%s blocks=%d parsed=%d wall=%.1fs%n", needle == null ? "(none)" : needle, blocks, parsed,
                (System.nanoTime() - start) / 1e9);
    }
}
