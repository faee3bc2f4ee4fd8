package dev.argoforensics.report;

/**
 * Something the inputs lacked and what it cost: a rule that could not be decided, one that ran
 * with less to go on, lines or files that could not be read.
 *
 * @param subject what was missing ("AF001", a file)
 * @param detail  what was missing and what follows from it, in words
 */
public record EvidenceGap(String subject, String detail) {
}
