package dev.argoforensics.index;

import java.io.CharArrayReader;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharacterUtils;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;

/**
 * The words of {@code text} and {@code msg} as the index writes them: the tokens Lucene's
 * {@link StandardTokenizer} (Unicode's word boundaries, UAX #29) followed by lower-casing gives, the
 * analysis queries are read with ({@link IndexFields#analyzer()}), made by hand for a value of
 * printable ASCII, which is what controller records are. The generated scanner and the lower-casing
 * filter were a sixteenth of all {@code index} spent on a busy log (docs/performance.md, "Session 22").
 * A value with any other character (or a word longer than the scanner's 255) goes through the
 * scanner itself, lower-cased as the filter does. {@code WordsTokenizerTest} holds the two to the
 * same tokens, offsets and positions.
 *
 * <p>Word boundaries among printable ASCII (UAX #29's rules for the classes that occur there):
 * letters and digits run together; a letter, {@code .}, {@code :} or {@code '}, letter stays one word
 * ({@code a.b}, {@code a:b}); a digit, {@code .}, {@code ,}, {@code ;} or {@code '}, digit too
 * ({@code 4.1.3}, {@code 1,000}); {@code _} joins letters, digits and {@code _} on either side; anything
 * else breaks. A piece without a letter or digit is no word.
 */
final class WordsTokenizer extends Tokenizer {
    /** The longest word StandardTokenizer makes in one piece (its default maximum). */
    static final int MAX_WORD = org.apache.lucene.analysis.standard.StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH;

    private static final byte OTHER = 0;
    private static final byte LETTER = 1;
    private static final byte DIGIT = 2;
    /** {@code :}: joins letters. */
    private static final byte MID_LETTER = 3;
    /** {@code .} and {@code '}: join letters, and digits. */
    private static final byte MID_NUM_LET = 4;
    /** {@code ,} and {@code ;}: join digits. */
    private static final byte MID_NUM = 5;
    /** {@code _}. */
    private static final byte EXTEND = 6;
    /** Not printable ASCII: the value goes through the scanner. */
    private static final byte FOREIGN = 7;

    private static final byte[] CLASS = new byte[128];

    static {
        Arrays.fill(CLASS, FOREIGN);
        for (char c = ' '; c < 127; c++) {
            CLASS[c] = OTHER;
        }
        CLASS['\t'] = OTHER;
        for (char c = 'a'; c <= 'z'; c++) {
            CLASS[c] = LETTER;
            CLASS[Character.toUpperCase(c)] = LETTER;
        }
        for (char c = '0'; c <= '9'; c++) {
            CLASS[c] = DIGIT;
        }
        CLASS[':'] = MID_LETTER;
        CLASS['.'] = MID_NUM_LET;
        CLASS['\''] = MID_NUM_LET;
        CLASS[','] = MID_NUM;
        CLASS[';'] = MID_NUM;
        CLASS['_'] = EXTEND;
    }

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private final PositionIncrementAttribute increment = addAttribute(PositionIncrementAttribute.class);

    private char[] buf = new char[512];
    private int length;
    /** Where the next word is looked for (by hand). */
    private int at;
    /** The scanner, for a value that is not printable ASCII; null while reading by hand. */
    private StandardTokenizer scanner;
    private StandardTokenizer scannerInstance;
    private CharTermAttribute scannerTerm;
    private OffsetAttribute scannerOffset;
    private PositionIncrementAttribute scannerIncrement;

    /** The analyzer of {@code text} and {@code msg} when documents are written. */
    static Analyzer analyzer() {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                return new TokenStreamComponents(new WordsTokenizer());
            }
        };
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        length = 0;
        at = 0;
        int n;
        while ((n = input.read(buf, length, buf.length - length)) != -1) {
            length += n;
            if (length == buf.length) {
                buf = Arrays.copyOf(buf, 2 * buf.length);
            }
        }
        scanner = byHand(buf, length) ? null : scanner();
        if (scanner != null) {
            scanner.setReader(new CharArrayReader(buf, 0, length));
            scanner.reset();
        }
    }

    /** True if every character is printable ASCII (or a tab) and no word is longer than {@link #MAX_WORD}. */
    static boolean byHand(char[] text, int length) {
        int run = 0;
        for (int i = 0; i < length; i++) {
            char c = text[i];
            if (c >= 128 || CLASS[c] == FOREIGN) {
                return false;
            }
            run = CLASS[c] == OTHER ? 0 : run + 1;
            if (run > MAX_WORD) {
                return false;
            }
        }
        return true;
    }

    private StandardTokenizer scanner() {
        if (scannerInstance == null) {
            scannerInstance = new StandardTokenizer();
            scannerTerm = scannerInstance.addAttribute(CharTermAttribute.class);
            scannerOffset = scannerInstance.addAttribute(OffsetAttribute.class);
            scannerIncrement = scannerInstance.addAttribute(PositionIncrementAttribute.class);
        }
        return scannerInstance;
    }

    @Override
    public boolean incrementToken() throws IOException {
        clearAttributes();
        if (scanner != null) {
            if (!scanner.incrementToken()) {
                return false;
            }
            term.copyBuffer(scannerTerm.buffer(), 0, scannerTerm.length());
            CharacterUtils.toLowerCase(term.buffer(), 0, term.length());
            offset.setOffset(correctOffset(scannerOffset.startOffset()), correctOffset(scannerOffset.endOffset()));
            increment.setPositionIncrement(scannerIncrement.getPositionIncrement());
            return true;
        }
        while (at < length) {
            int start = at;
            int end = wordEnd(start);
            at = end;
            if (end == start) {
                at++;
                continue;
            }
            if (!hasLetterOrDigit(start, end)) {
                continue;
            }
            term.resizeBuffer(end - start);
            char[] t = term.buffer();
            for (int i = start; i < end; i++) {
                char c = buf[i];
                t[i - start] = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
            }
            term.setLength(end - start);
            offset.setOffset(correctOffset(start), correctOffset(end));
            return true;
        }
        return false;
    }

    private byte cls(int i) {
        return i < 0 || i >= length ? OTHER : CLASS[buf[i]];
    }

    /** The end of the word starting at {@code start} (start itself if no word starts there). */
    private int wordEnd(int start) {
        byte first = cls(start);
        if (first != LETTER && first != DIGIT && first != EXTEND) {
            return start;
        }
        int i = start + 1;
        while (i < length && !breaksBefore(i)) {
            i++;
        }
        return i;
    }

    /** True if a word boundary falls between {@code i - 1} and {@code i} (both inside a run being read). */
    private boolean breaksBefore(int i) {
        byte prev = cls(i - 1);
        byte here = cls(i);
        boolean prevWord = prev == LETTER || prev == DIGIT || prev == EXTEND;
        if ((here == LETTER || here == DIGIT) && prevWord) {
            return false;
        }
        if (here == EXTEND && prevWord) {
            return false;
        }
        byte next = cls(i + 1);
        if (here == MID_LETTER || here == MID_NUM_LET) {
            if (prev == LETTER && next == LETTER) {
                return false;
            }
        }
        if (here == MID_NUM || here == MID_NUM_LET) {
            if (prev == DIGIT && next == DIGIT) {
                return false;
            }
        }
        if (here == LETTER || here == DIGIT) {
            // After a joining mark, allowed only when the mark itself was joined (checked when it was read).
            return !(prev == MID_LETTER || prev == MID_NUM_LET || prev == MID_NUM);
        }
        return true;
    }

    private boolean hasLetterOrDigit(int start, int end) {
        for (int i = start; i < end; i++) {
            byte c = CLASS[buf[i]];
            if (c == LETTER || c == DIGIT) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void end() throws IOException {
        super.end();
        if (scanner != null) {
            scanner.end();
            increment.setPositionIncrement(scannerIncrement.getPositionIncrement());
        } else {
            increment.setPositionIncrement(0);
        }
        int last = correctOffset(length);
        offset.setOffset(last, last);
    }

    @Override
    public void close() throws IOException {
        super.close();
        if (scanner != null) {
            scanner.close();
        }
        scanner = null;
    }
}
