package dev.argoforensics.accounting;

import dev.argoforensics.source.SourceRef;
import dev.argoforensics.time.Timestamp;

/**
 * kubectl's answer that an object did not exist ({@code Error from server (NotFound): pods "X" not found}), pasted in a log file
 * beside the controller's lines: plain data for the reading's summary, made an observation where the exports are
 * ({@code dev.argoforensics.read.PastedAnswers}).
 *
 * @param resource {@code pods} or {@code workflows.argoproj.io}, as kubectl names it
 * @param command  the command of the prompt just before it, when nothing was printed between them; "" otherwise
 * @param after    a time the command ran after, or null: the latest time of the lines an earlier command of the same terminal
 *                 transcript printed (a prompt before them, the answer's own prompt after them); the answer has no time of its own
 * @param listed   "" for a NotFound answer; for kubectl's answer that a list came back empty ({@code No resources found in NS
 *                 namespace.}), the line as printed (then {@code resource} and {@code name} are "": the command says what it listed)
 * @param deleted  "" for an answer that an object did not exist; for kubectl's or argo's answer to a delete ({@code pod "X" force
 *                 deleted}, {@code Workflow 'W' deleted}), the line as printed ({@code resource} is then {@code pods} or
 *                 {@code workflows.argoproj.io}, as for NotFound)
 */
public record PastedAnswer(SourceRef source, String resource, String name, String command, Timestamp after, String listed, String deleted) {
    public PastedAnswer {
        listed = listed == null ? "" : listed;
        deleted = deleted == null ? "" : deleted;
    }

    public PastedAnswer(SourceRef source, String resource, String name, String command, Timestamp after, String listed) {
        this(source, resource, name, command, after, listed, "");
    }

    public PastedAnswer(SourceRef source, String resource, String name, String command, Timestamp after) {
        this(source, resource, name, command, after, "", "");
    }
}
