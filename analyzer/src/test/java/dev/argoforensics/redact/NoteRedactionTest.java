package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.InputSummary;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A note on an input is data (a {@code note.*} key and its values): redaction replaces the names in
 * its values, nested ones too, and never touches its words, even where a name the evidence holds is
 * also one of them (a namespace called {@code stream}).
 */
class NoteRedactionTest {
    private static final String LOG = "logs/stream/workflow-controller.log";

    @Test
    void aNotesValuesAreRedactedAndItsWordsAreNot() {
        Identifiers found = new Identifiers();
        found.add(IdentifierKind.NAMESPACE, "stream");
        TextRedactor text = new TextRedactor(new Pseudonyms(RedactionKey.of("k"), found));
        String ns = text.apply("stream");
        assertTrue(ns.startsWith("ns-"), ns);

        Message backwards = Message.of("note.read.backwards", "count", 3, "at", LOG + ":12");
        Message datedBy = Message.of("note.snapshot.argoGetDatedBy", "from", Message.of("note.yearFrom.logLine", "at", LOG + ":1"));
        InputSummary summary = InputSummary.ignored(new InputFile(LOG, Path.of(LOG), InputKind.LOG, false, "a log")).withNotes(List.of(backwards, datedBy));

        InputSummary redacted = new ReportRedactor(text::apply).input(summary);

        Words words = Words.english();
        assertEquals(List.of("3 line(s) earlier than the line before them in the same stream (first at logs/" + ns
                        + "/workflow-controller.log:12); kept in file order",
                "argo get prints no year: dated by the date of logs/" + ns + "/workflow-controller.log:1"),
                redacted.notes().stream().map(words::render).toList());
        assertEquals(List.of("note.read.backwards", "note.snapshot.argoGetDatedBy"), redacted.notes().stream().map(Message::code).toList());
        assertEquals(3, ((Message.Keyed) redacted.notes().get(0)).args().get("count"), "numbers are kept as they are");
        // The sentence redacted as a whole, as notes were before they were data, loses a word of its own.
        assertTrue(text.apply(words.render(backwards)).contains("in the same " + ns + " "));
    }
}
