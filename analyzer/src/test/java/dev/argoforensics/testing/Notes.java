package dev.argoforensics.testing;

import dev.argoforensics.wording.Message;
import dev.argoforensics.wording.Words;
import java.util.List;

/** Notes as the report words them: readers state notes as data ({@code note.*} messages), tests read them as text too. */
public final class Notes {
    private Notes() {
    }

    public static List<String> words(List<Message> notes) {
        return notes.stream().map(Words.english()::render).toList();
    }
}
