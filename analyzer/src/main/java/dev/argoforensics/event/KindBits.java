package dev.argoforensics.event;

import dev.argoforensics.envelope.EnvelopeKind;
import dev.argoforensics.line.Level;
import dev.argoforensics.line.RecordFormat;

/**
 * One int for a kept line's kinds and time codes, as {@link LogEvent} and the reader's waiting item hold them: the envelope
 * in bits 0–5, the record format 6–9, the level 10–12 (each 0 for none, else its ordinal plus one), the time's
 * {@link TimeCodes} code 13–17 and the envelope time's 18–22 (0: the times are not packed). Session 56: the envelope's bits
 * 5 -> 6, its 32nd kind ({@code CSV_MESSAGES}) past what 5 bits hold.
 */
public final class KindBits {
    private static final EnvelopeKind[] ENVELOPES = EnvelopeKind.values();
    private static final RecordFormat[] FORMATS = RecordFormat.values();
    private static final Level[] LEVELS = Level.values();
    private static final int FORMAT_SHIFT = 6;
    private static final int LEVEL_SHIFT = 10;
    private static final int TIME_SHIFT = 13;
    private static final int ENVELOPE_TIME_SHIFT = 18;
    /** The bits of the three kinds, without the time codes. */
    public static final int KINDS = (1 << TIME_SHIFT) - 1;

    static {
        if (ENVELOPES.length > 63 || FORMATS.length > 15 || LEVELS.length > 7 || TimeCodes.MAX_CODE > 31) {
            throw new ExceptionInInitializerError("KindBits packs envelope, format, level and time codes in 6, 4, 3 and 5 bits");
        }
    }

    private KindBits() {
    }

    /** The three kinds, no time codes. */
    public static int of(EnvelopeKind envelope, RecordFormat format, Level level) {
        return code(envelope) | code(format) << FORMAT_SHIFT | code(level) << LEVEL_SHIFT;
    }

    /** The time codes added to kinds without them. */
    public static int withTimes(int kinds, int timeCode, int envelopeTimeCode) {
        return kinds | timeCode << TIME_SHIFT | envelopeTimeCode << ENVELOPE_TIME_SHIFT;
    }

    public static EnvelopeKind envelope(int kinds) {
        return decode(ENVELOPES, kinds & 0x3f);
    }

    public static RecordFormat format(int kinds) {
        return decode(FORMATS, kinds >>> FORMAT_SHIFT & 0xf);
    }

    public static Level level(int kinds) {
        return decode(LEVELS, kinds >>> LEVEL_SHIFT & 0x7);
    }

    /** The time's code, 0 where the times are not packed. */
    public static int timeCode(int kinds) {
        return kinds >>> TIME_SHIFT & 0x1f;
    }

    /** The envelope time's code, 0 for none (or not packed). */
    public static int envelopeTimeCode(int kinds) {
        return kinds >>> ENVELOPE_TIME_SHIFT & 0x1f;
    }

    private static int code(Enum<?> e) {
        return e == null ? 0 : e.ordinal() + 1;
    }

    private static <E> E decode(E[] values, int code) {
        return code == 0 ? null : values[code - 1];
    }
}
