package dev.argoforensics.index;

import dev.argoforensics.catalog.CatalogMatch;
import dev.argoforensics.correlate.PodKey;
import dev.argoforensics.event.ControllerEvent;
import dev.argoforensics.event.ControllerProcess;
import dev.argoforensics.event.LogEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.DataOutput;

/**
 * What a log event's document holds beyond its record's text: what the reading, the controller runs
 * and correlation made of it. A block of events ({@link LogBlocks}) stores these, compactly, and
 * search rebuilds each event's document from them and the record read again from its line
 * ({@link EventDocuments#logEvent}), so the document search matches is the one the index would have
 * written per event.
 *
 * @param text        the record's text when it is not its file's line as it stands (stored); null when it is
 * @param panic       a Go panic block's message; null for a record
 * @param eventKeys   field, value, field, value…: the Pod, Workflow and node the event names
 * @param pods        name, namespace, name, namespace…: the Pods correlation tied the line to
 */
record LineFacts(long seq, long line, String time, String format, String envelope, String level, String template, String kind,
                 String run, String replica, String release, String panic, String text, List<String> eventKeys, List<String> pods) {

    static LineFacts of(LogEvent e, ControllerProcess run, List<PodKey> tied, CatalogMatch match) {
        List<String> keys = new ArrayList<>(8);
        ControllerEvent ev = e.event();
        ev.pod().ifPresent(p -> add(keys, IndexFields.POD, p.name(), IndexFields.NAMESPACE, p.namespace()));
        ev.workflow().ifPresent(w -> add(keys, IndexFields.WORKFLOW, w.name(), IndexFields.NAMESPACE, w.namespace()));
        ev.nodeId().ifPresent(id -> add(keys, IndexFields.NODE_ID, id));
        ev.nodeName().ifPresent(n -> add(keys, IndexFields.NODE_NAME, n));
        List<String> pods = new ArrayList<>(tied.size() * 2);
        tied.forEach(p -> add(pods, p.name(), p.namespace()));
        return new LineFacts(e.ordinal(), e.source().line(), StoredTime.encode(e.time()), e.format().name().toLowerCase(Locale.ROOT),
                e.envelope().name().toLowerCase(Locale.ROOT), e.level() == null ? null : e.level().name().toLowerCase(Locale.ROOT),
                e.catalogId(), EventDocuments.kind(e, match), run.label(), run.replica(), run.release(),
                ev instanceof ControllerEvent.GoPanic p ? p.message() : null, EventDocuments.fromFile(e) ? null : e.text(), keys, pods);
    }

    private static void add(List<String> to, String... values) {
        for (String v : values) {
            to.add(v);
        }
    }

    void write(DataOutput out) {
        try {
            out.writeVLong(seq);
            out.writeVLong(line);
            out.writeString(time);
            out.writeString(format);
            out.writeString(envelope);
            optional(out, level);
            optional(out, template);
            out.writeString(kind);
            out.writeString(run);
            optional(out, replica);
            optional(out, release);
            optional(out, panic);
            optional(out, text);
            strings(out, eventKeys);
            strings(out, pods);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static LineFacts read(ByteArrayDataInput in) {
        try {
            return new LineFacts(in.readVLong(), in.readVLong(), in.readString(), in.readString(), in.readString(), optional(in),
                    optional(in), in.readString(), in.readString(), optional(in), optional(in), optional(in), optional(in), strings(in),
                    strings(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void optional(DataOutput out, String value) throws IOException {
        out.writeByte(value == null ? (byte) 0 : (byte) 1);
        if (value != null) {
            out.writeString(value);
        }
    }

    private static String optional(ByteArrayDataInput in) throws IOException {
        return in.readByte() == 0 ? null : in.readString();
    }

    private static void strings(DataOutput out, List<String> values) throws IOException {
        out.writeVInt(values.size());
        for (String v : values) {
            out.writeString(v == null ? "" : v);
        }
    }

    private static List<String> strings(ByteArrayDataInput in) throws IOException {
        int n = in.readVInt();
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(in.readString());
        }
        return out;
    }
}
