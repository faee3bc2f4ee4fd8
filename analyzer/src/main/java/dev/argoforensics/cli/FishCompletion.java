package dev.argoforensics.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A fish completion script from the picocli command model (picocli writes bash and zsh only): the
 * commands with their summaries, each command's options with theirs, and the values an option or
 * argument takes when it has a fixed set (enums, completion candidates). Options that name a file or
 * folder complete paths; other options with a value do not.
 */
final class FishCompletion {
    /** A full stop that ends a sentence: not the one of "e.g." or "i.e.". */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<!e\\.g)(?<!i\\.e)\\. ");

    private FishCompletion() {
    }

    static String script(String name, CommandSpec root) {
        StringBuilder b = new StringBuilder();
        b.append("# fish completion for ").append(name).append(", generated from its command model by '").append(name)
                .append(" completion fish'.\n");
        b.append("# Install: ").append(name).append(" completion fish > ~/.config/fish/completions/").append(name).append(".fish\n");
        b.append("complete -c ").append(name).append(" -e\n");
        String top = "__fish_use_subcommand";
        for (OptionSpec o : root.options()) {
            option(b, name, top, o);
        }
        for (CommandLine sub : root.subcommands().values()) {
            CommandSpec s = sub.getCommandSpec();
            if (s.usageMessage().hidden()) {
                continue;
            }
            b.append("complete -c ").append(name).append(" -f -n ").append(top).append(" -a ").append(s.name()).append(" -d ")
                    .append(quote(summary(s.usageMessage().description()))).append('\n');
        }
        for (CommandLine sub : root.subcommands().values()) {
            CommandSpec s = sub.getCommandSpec();
            if (s.usageMessage().hidden()) {
                continue;
            }
            String condition = quote("__fish_seen_subcommand_from " + s.name());
            for (OptionSpec o : s.options()) {
                option(b, name, condition, o);
            }
            for (PositionalParamSpec p : s.positionalParameters()) {
                List<String> values = values(p.completionCandidates());
                if (!p.hidden() && !values.isEmpty()) {
                    b.append("complete -c ").append(name).append(" -f -n ").append(condition).append(" -a ")
                            .append(quote(String.join(" ", values))).append(" -d ").append(quote(summary(p.description()))).append('\n');
                }
            }
            if (s.positionalParameters().stream().noneMatch(p -> takesPath(p.typeInfo().getType(), p.paramLabel()))) {
                b.append("complete -c ").append(name).append(" -f -n ").append(condition).append('\n'); // no file names where none is taken
            }
        }
        return b.toString();
    }

    private static void option(StringBuilder b, String name, String condition, OptionSpec o) {
        if (o.hidden()) {
            return;
        }
        b.append("complete -c ").append(name).append(" -n ").append(condition);
        for (String n : o.names()) {
            if (n.startsWith("--")) {
                b.append(" -l ").append(n.substring(2));
            } else if (n.startsWith("-") && n.length() == 2) {
                b.append(" -s ").append(n.substring(1));
            } else {
                b.append(" -o ").append(n.substring(1));
            }
        }
        if (o.arity().min() > 0) {
            List<String> values = values(o.completionCandidates());
            if (!values.isEmpty()) {
                b.append(" -x -a ").append(quote(String.join(" ", values)));
            } else if (takesPath(o.typeInfo().getType(), o.paramLabel())) {
                b.append(" -r -F");
            } else {
                b.append(" -x");
            }
        } else if (o.arity().max() > 0) {
            List<String> values = values(o.completionCandidates()); // an optional value (--color[=WHEN]): offered, not required
            if (!values.isEmpty()) {
                b.append(" -f -a ").append(quote(String.join(" ", values)));
            }
        }
        b.append(" -d ").append(quote(summary(o.description()))).append('\n');
    }

    /** Paths for a Path, a File, or a value labelled FILE, DIR or PATH. */
    private static boolean takesPath(Class<?> type, String label) {
        return Path.class.isAssignableFrom(type) || java.io.File.class.isAssignableFrom(type) || label.startsWith("FILE")
                || label.equals("DIR") || label.startsWith("PATH");
    }

    private static List<String> values(Iterable<String> candidates) {
        List<String> out = new ArrayList<>();
        if (candidates != null) {
            candidates.forEach(c -> out.add(c.toLowerCase(Locale.ROOT).replace('_', '-')));
        }
        return out;
    }

    /** The first sentence of a description, whole: what fish shows beside a candidate. */
    static String summary(String[] description) {
        if (description == null || description.length == 0) {
            return "";
        }
        String first = description[0].replace("${DEFAULT-VALUE}", "").strip();
        Matcher end = SENTENCE_END.matcher(first);
        return end.find() ? first.substring(0, end.start()) : first.replaceAll("\\.$", "");
    }

    /** A fish single-quoted word: only \ and ' are special inside. */
    static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
