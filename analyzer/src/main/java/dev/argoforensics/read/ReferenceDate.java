package dev.argoforensics.read;

import dev.argoforensics.source.InputClassifier;
import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A date from the log files, for the inputs that print none with their times ({@code argo get}'s
 * {@code Created:} has weekday, month and day but no year): the first RFC 3339 date in the first log
 * file that has one, taken from the file's head only.
 *
 * @param date null if no log file gives one
 * @param from where it was found, for the report (a {@code note.yearFrom.*} message)
 */
record ReferenceDate(LocalDate date, Message from) {
    static final ReferenceDate NONE = new ReferenceDate(null, Message.NOTHING);
    private static final Pattern DATE = Pattern.compile("\\b(\\d{4})-(\\d{2})-(\\d{2})[T ]\\d{2}:\\d{2}:\\d{2}");
    private static final int HEAD_BYTES = 64 * 1024;

    static ReferenceDate of(List<InputFile> files) {
        for (InputFile f : files) {
            if (f.kind() != InputKind.LOG) {
                continue;
            }
            List<String> head;
            try {
                head = InputClassifier.headLines(f.path(), f.compressed(), HEAD_BYTES);
            } catch (IOException e) {
                continue; // the log reader reports the file
            }
            for (int i = 0; i < head.size(); i++) {
                Matcher m = DATE.matcher(head.get(i));
                if (m.find()) {
                    try {
                        LocalDate d = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
                        return new ReferenceDate(d, Message.of("note.yearFrom.logLine", "at", f.displayPath() + ":" + (i + 1)));
                    } catch (DateTimeException e) {
                        // not a date after all: look further
                    }
                }
            }
        }
        return NONE;
    }
}
