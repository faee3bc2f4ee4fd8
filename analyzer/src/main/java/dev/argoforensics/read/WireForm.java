package dev.argoforensics.read;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * An engine value (a record of the project: exported objects, summaries, the inputs of a run) as
 * deflated bytes and back, for what a reading spread over machines sends between its steps (see
 * {@link WireValues} for what can be sent). {@link FileReading} has its own form.
 */
public final class WireForm {
    private WireForm() {
    }

    /** @throws IllegalArgumentException if the value holds something {@link WireValues} does not send */
    public static byte[] encode(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DataOutputStream d = new DataOutputStream(new DeflaterOutputStream(bytes, deflater, 64 * 1024))) {
            new WireOut(d).value(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deflater.end();
        }
        return bytes.toByteArray();
    }

    /** @throws IOException if the bytes are not what {@link #encode} gave */
    public static Object decode(byte[] bytes) throws IOException {
        try (DataInputStream d = new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(bytes)))) {
            return new WireIn(d).value();
        } catch (ClassCastException | IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new IOException("not an engine value: " + e, e);
        }
    }
}
