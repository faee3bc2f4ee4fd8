package dev.argoforensics.read;

import java.io.IOException;

/**
 * An engine value (a record of the project: exported objects, summaries, the inputs of a run) as
 * deflated bytes and back, for what a reading spread over machines sends between its steps (see
 * {@link WireValues} for what can be sent, {@link WireSink} for the bytes). {@link FileReading} has its own form.
 */
public final class WireForm {
    private WireForm() {
    }

    /** @throws IllegalArgumentException if the value holds something {@link WireValues} does not send */
    public static byte[] encode(Object value) {
        WireSink sink = new WireSink();
        try {
            new WireOut(sink).value(value);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return sink.deflated();
    }

    /** @throws IOException if the bytes are not what {@link #encode} gave */
    public static Object decode(byte[] bytes) throws IOException {
        WireSource in = WireSource.inflated(bytes);
        try {
            Object value = new WireIn(in).value();
            if (!in.atEnd()) {
                throw new IOException("not an engine value: bytes left after it");
            }
            return value;
        } catch (ClassCastException | IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new IOException("not an engine value: " + e, e);
        }
    }
}
