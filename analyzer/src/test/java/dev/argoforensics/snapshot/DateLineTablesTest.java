package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code date}'s answer dates the output of the command it was run with ({@code $ date -u; kubectl get events -A}), or of the
 * command on the prompt right after its own ({@code $ date -u}, then {@code $ kubectl get events -A}): not a later command pasted
 * below it in the same file, which ran when the user typed it (seconds, hours or days later), nor a table printed before it.
 * A {@code date} without {@code -u} in a zone named by its abbreviation ({@code CET}) dates nothing; one printing a numeric offset
 * or {@code UTC} does. (session 45 breaker: the first date of a file dated every table in it.)
 */
class DateLineTablesTest {
    @TempDir
    Path dir;

    private static String rows(String age, String pod, String message) {
        return TabWriter.lay(3, List.of(
                List.of("NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"),
                List.of("batch", age, "Normal", "Killing", "pod/" + pod, message)));
    }

    private PasteFileReader.Result read(String text, PasteShape expected) throws IOException {
        Path p = dir.resolve("events.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        InputFile f = new InputClassifier().classify("events.txt", p);
        assertEquals(expected, PasteShape.of(f.reason()), "classified as " + f.reason());
        return new PasteFileReader().read(f, expected, null, null, Message.NOTHING);
    }

    private static List<ClusterEvent> events(PasteFileReader.Result r) {
        return r.objects().stream().filter(o -> o instanceof ClusterEvent).map(o -> (ClusterEvent) o).collect(Collectors.toList());
    }

    private static ClusterEvent of(PasteFileReader.Result r, String pod) {
        return events(r).stream().filter(e -> e.regarding().name().equals(pod)).findFirst().orElse(null);
    }

    /** Two tables, each after its own date: each table's ages count back from its own date, not from the file's first. */
    @Test
    void eachTableIsDatedByItsOwnDate() throws IOException {
        String text = "$ date -u; kubectl get events -A\nTue Oct 27 09:30:00 UTC 2026\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "$ date -u; kubectl get events -A\nWed Oct 28 14:00:00 UTC 2026\n" + rows("20s", "crunch-8h3kq-run-41230", "Stopping container main");
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), of(r, "crunch-5tq2w-run-99120").last().instant());
        assertEquals(Instant.parse("2026-10-28T13:59:40Z"), of(r, "crunch-8h3kq-run-41230").last().instant(), "its own date's day, a day later");
    }

    /** A second table on a prompt without date ran later, when is not said: its rows are counted, not placed. */
    @Test
    void aLaterCommandWithoutDateIsNotDatedByTheFirst() throws IOException {
        String text = "$ date -u; kubectl get events -A\nTue Oct 27 09:30:00 UTC 2026\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "$ kubectl get events -A\n" + rows("20s", "crunch-8h3kq-run-41230", "Stopping container main");
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertEquals(2, r.rows());
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), of(r, "crunch-5tq2w-run-99120").last().instant());
        assertNull(of(r, "crunch-8h3kq-run-41230"), "no stated time for the second command: not placed");
    }

    /** $ date -u on its own prompt dates the command right after it, the second table included when date ran before it again. */
    @Test
    void dateOnItsOwnPromptDatesTheNextCommand() throws IOException {
        String text = "$ date -u\nTue Oct 27 09:30:00 UTC 2026\n$ kubectl get events -A\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "$ date -u\nTue Oct 27 11:00:00 UTC 2026\n$ kubectl get events -A\n" + rows("20s", "crunch-8h3kq-run-41230", "Stopping container main");
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), of(r, "crunch-5tq2w-run-99120").last().instant());
        assertEquals(Instant.parse("2026-10-27T10:59:40Z"), of(r, "crunch-8h3kq-run-41230").last().instant());
    }

    /** Control: a # taken-at comment states when the whole file was taken (the user's word): every table takes it. */
    @Test
    void aTakenAtCommentStillDatesEveryTable() throws IOException {
        String text = "# taken-at: 2026-10-27T09:30:00Z\n$ kubectl get events -A\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "$ kubectl get events -A\n" + rows("20s", "crunch-8h3kq-run-41230", "Stopping container main");
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), of(r, "crunch-5tq2w-run-99120").last().instant());
        assertEquals(Instant.parse("2026-10-27T09:29:40Z"), of(r, "crunch-8h3kq-run-41230").last().instant());
    }

    /** date after the command ($ kubectl get events -A; date -u): printed after the table, seconds at most; it is read as no row. */
    @Test
    void aDateAfterTheTableIsNoRow() throws IOException {
        String text = "$ kubectl get events -A; date -u\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "Tue Oct 27 09:30:00 UTC 2026\n";
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(1, r.rows());
    }

    /** date without -u: a numeric offset (TZ=Etc/GMT-1 prints +01) states the moment; CEST names none. */
    @Test
    void localDateWithAnOffsetDatesAndWithAnAbbreviationDoesNot() throws IOException {
        PasteFileReader.Result plus = read("$ date; kubectl get events -A\nTue Oct 27 10:30:00 +01 2026\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main"),
                PasteShape.KUBECTL_EVENTS);
        assertEquals(Instant.parse("2026-10-27T09:29:15Z"), of(plus, "crunch-5tq2w-run-99120").last().instant());
        PasteFileReader.Result cest = read("$ date; kubectl get events -A\nSat Jul 18 11:30:00 CEST 2026\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main"),
                PasteShape.KUBECTL_EVENTS);
        assertNull(cest.takenAt());
        assertTrue(events(cest).isEmpty());
    }

    /** A table without date first, then one run with date: the second is dated by its own, the first not at all. */
    @Test
    void aDateBelowTheFirstTableDatesOnlyItsOwnCommand() throws IOException {
        String text = "$ kubectl get events -A\n" + rows("45s", "crunch-5tq2w-run-99120", "Stopping container main")
                + "$ date -u; kubectl get events -A\nTue Oct 27 11:00:00 UTC 2026\n" + rows("20s", "crunch-8h3kq-run-41230", "Stopping container main");
        PasteFileReader.Result r = read(text, PasteShape.KUBECTL_EVENTS);
        assertNull(of(r, "crunch-5tq2w-run-99120"), "printed before date ran: not placed");
        assertEquals(Instant.parse("2026-10-27T10:59:40Z"), of(r, "crunch-8h3kq-run-41230").last().instant());
    }
}
