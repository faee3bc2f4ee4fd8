package dev.argoforensics.read;

import dev.argoforensics.accounting.PastedAnswer;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;
import java.util.regex.Matcher;

/**
 * The prompts of a pasted terminal transcript, in file order, as far as kubectl's NotFound answers need them: the command
 * that printed an answer (the prompt just before it, nothing printed between), and what the paste's order bounds. A
 * transcript runs its commands one after the other: an answer whose own prompt comes after lines an earlier prompt's command
 * printed was given after the latest of them. Without prompts the paste was put together by hand, in any order, and bounds
 * nothing; a file read newest first bounds nothing either.
 */
final class PastedTranscript {
    /** Records read when the first prompt came, and when the latest did; -1 before any. */
    private long recordsAtFirstPrompt = -1;
    private long recordsAtPrompt = -1;
    /** The latest record time when the first prompt came (records pasted before any prompt), and when the latest did. */
    private Timestamp latestAtFirstPrompt;
    private Timestamp latestAtPrompt;
    private String command = "";

    /** A furniture line: a prompt starts a command. */
    void prompt(FurnitureLine.Line line, long recordsRead, Timestamp latestDated) {
        if (line.kind() != FurnitureLine.Kind.PROMPT) {
            return;
        }
        if (recordsAtFirstPrompt < 0) {
            recordsAtFirstPrompt = recordsRead;
            latestAtFirstPrompt = latestDated;
        }
        recordsAtPrompt = recordsRead;
        latestAtPrompt = latestDated;
        command = line.command() == null ? "" : line.command();
    }

    /**
     * kubectl's answer at {@code source}: its command if its prompt came right before it (no record between), and the time it
     * ran after if an earlier prompt's command printed records before that prompt.
     */
    PastedAnswer answer(SourceRef source, String resource, String name, long recordsRead, boolean reversed) {
        return answer(source, resource, name, "", recordsRead, reversed);
    }

    /** kubectl's answer at {@code source} that a list came back empty ({@code listed}, as printed), bound as a NotFound answer is. */
    PastedAnswer emptyList(SourceRef source, String listed, long recordsRead, boolean reversed) {
        return answer(source, "", "", listed, recordsRead, reversed);
    }

    /**
     * kubectl's or argo's answer to a delete at {@code source} ({@code printed} as it was printed), bound as a NotFound answer is:
     * its command only if that is a delete ({@code kubectl delete}, {@code argo delete}), which says whether anything was deleted and
     * how ({@code --dry-run}, {@code --wait=false}).
     */
    PastedAnswer deleted(SourceRef source, String resource, String name, String printed, long recordsRead, boolean reversed) {
        PastedAnswer a = answer(source, resource, name, "", recordsRead, reversed);
        String c = deleteCommand(a.command()) ? a.command() : "";
        return new PastedAnswer(source, resource, name, c, c.isEmpty() ? null : a.after(), "", printed);
    }

    private PastedAnswer answer(SourceRef source, String resource, String name, String listed, long recordsRead, boolean reversed) {
        boolean ownPrompt = recordsAtPrompt >= 0 && recordsAtPrompt == recordsRead && isKubectl(command);
        // The latest time overall is the commands' only if it came after the first prompt (not from lines pasted before any).
        boolean printedSince = latestAtPrompt != null && (latestAtFirstPrompt == null || latestAtPrompt.isAfter(latestAtFirstPrompt));
        Timestamp after = !reversed && ownPrompt && recordsAtFirstPrompt < recordsAtPrompt && printedSince ? latestAtPrompt : null;
        return new PastedAnswer(source, resource, name, ownPrompt ? command : "", after, listed);
    }

    /** {@code kubectl delete …} or {@code argo delete …}, its first stage (nothing piped before it). */
    static boolean deleteCommand(String command) {
        String[] w = command.strip().split("\\s+");
        if (w.length < 3 || !(w[0].equals("kubectl") || w[0].equals("argo"))) {
            return false;
        }
        for (int i = 1; i < w.length; i++) {
            if (w[i].startsWith("-")) {
                // a global flag before the verb: its value follows unless given with '=' (kubectl -n argo delete pod X)
                if (!w[i].contains("=") && GLOBAL_WITH_VALUE.contains(w[i])) {
                    i++;
                }
                continue;
            }
            return w[i].equals("delete");
        }
        return false;
    }

    private static final java.util.Set<String> GLOBAL_WITH_VALUE = java.util.Set.of("-n", "--namespace", "--context", "--kubeconfig",
            "--cluster", "--user", "-s", "--server", "--token", "--as");

    private static boolean isKubectl(String command) {
        Matcher m = PasteShape.PROMPT.matcher("$ " + command);
        return m.matches();
    }
}
