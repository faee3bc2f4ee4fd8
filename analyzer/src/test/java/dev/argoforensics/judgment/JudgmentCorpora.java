package dev.argoforensics.judgment;

import java.nio.file.Path;
import java.util.List;

/** The judgment's labelled corpora for tests of other packages: the generator stays this package's own. */
public final class JudgmentCorpora {
    private JudgmentCorpora() {
    }

    /** Writes the small corpus of {@code seed} under {@code dir}; returns its inputs as {@code analyze} is given them (logs, exports). */
    public static List<String> small(long seed, Path dir) {
        Corpus.Info info = Corpus.generate(seed, Corpus.Scale.SMALL, dir);
        return List.of(info.logs().toString(), info.exports().toString());
    }
}
