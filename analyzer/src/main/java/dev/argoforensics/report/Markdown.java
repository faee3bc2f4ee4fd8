package dev.argoforensics.report;

/** Markdown quoting that keeps any input text from breaking out of its span, cell or fence. */
public final class Markdown {
    private Markdown() {
    }

    /** Inline code whose delimiter is longer than any backtick run inside. */
    public static String code(String text) {
        String t = text.replace('\n', ' ').replace('\r', ' ');
        String ticks = "`".repeat(longestRun(t, '`') + 1);
        String pad = t.startsWith("`") || t.endsWith("`") ? " " : "";
        return ticks + pad + t + pad + ticks;
    }

    /** Text for a table cell: pipes escaped, line breaks folded. */
    public static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
    }

    /** Inline code inside a table cell (GitHub reads \| inside code spans in tables as a pipe). */
    public static String codeCell(String text) {
        return code(text).replace("|", "\\|");
    }

    /** A fenced block whose fence is longer than any backtick run in the content. */
    public static String fence(String info, String content) {
        String fence = "`".repeat(Math.max(3, longestRun(content, '`') + 1));
        return fence + info + "\n" + content + (content.endsWith("\n") ? "" : "\n") + fence + "\n";
    }

    /**
     * Plain prose: characters Markdown would read as markup are escaped ('#' only where it could
     * start a heading, so that "#17024" still links to the issue on GitHub), and line breaks folded
     * into spaces, so that no text can start a block of its own (a heading, a list item, a fence).
     */
    public static String text(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                b.append(' ');
                continue;
            }
            if ("\\`*_[]<>|".indexOf(c) >= 0 || (c == '#' && i == 0)) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    private static final java.util.regex.Pattern MENTION = java.util.regex.Pattern.compile("(?<![A-Za-z0-9_`])@[A-Za-z0-9][A-Za-z0-9-]*(?:/[A-Za-z0-9._-]+)?");

    /**
     * Prose (already quoted by {@link #text}) in which no {@code @name} notifies anyone on GitHub:
     * each is put in a code span, where GitHub links no mention. An e-mail address is no mention.
     */
    public static String noMentions(String prose) {
        return MENTION.matcher(prose).replaceAll(m -> java.util.regex.Matcher.quoteReplacement("`" + m.group() + "`"));
    }

    private static final java.util.regex.Pattern ISSUE_REF = java.util.regex.Pattern.compile("(?<![A-Za-z0-9_`&/])\\\\?#[0-9]+\\b");

    /**
     * Prose (already quoted by {@link #text}) in which no {@code #123} links an issue of whatever
     * repository the text is pasted in: each is put in a code span. {@code owner/repo#123}, which
     * links the right issue anywhere, is kept, and so is a bare one that continues a list it starts ({@link #repositoryCarried}).
     */
    public static String noIssueLinks(String prose) {
        return ISSUE_REF.matcher(repositoryCarried(prose)).replaceAll(m -> java.util.regex.Matcher.quoteReplacement("`" + m.group().replace("\\", "") + "`"));
    }

    /** {@code owner/repo#1, #2 and #3}: a list of issues whose repository is named once, at its start. */
    private static final java.util.regex.Pattern ISSUE_LIST = java.util.regex.Pattern.compile(
            "(?<![A-Za-z0-9_`/.-])([A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+)#[0-9]+\\b(?:(?:, | and | or |, and |, or )\\\\?#[0-9]+\\b)+");
    private static final java.util.regex.Pattern LISTED_REF = java.util.regex.Pattern.compile("(?<=, | and | or )\\\\?#([0-9]+)\\b");

    /**
     * The repository that starts a list of issues written for every issue of the list ({@code argoproj/argo-workflows#17024, #5126
     * and #686} becomes {@code argoproj/argo-workflows#17024, argoproj/argo-workflows#5126 and argoproj/argo-workflows#686}): each
     * then links the issue meant wherever the text is pasted, where a bare {@code #5126} would be put in a code span, unlinked.
     */
    private static String repositoryCarried(String prose) {
        return ISSUE_LIST.matcher(prose).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                LISTED_REF.matcher(m.group()).replaceAll(r -> java.util.regex.Matcher.quoteReplacement(m.group(1) + "#" + r.group(1)))));
    }

    private static int longestRun(String s, char c) {
        int best = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == c ? run + 1 : 0;
            best = Math.max(best, run);
        }
        return best;
    }
}
