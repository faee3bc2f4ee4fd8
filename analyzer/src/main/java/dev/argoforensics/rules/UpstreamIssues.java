package dev.argoforensics.rules;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The upstream issues and pull requests of argoproj/argo-workflows each rule matches or rests on,
 * read from {@code upstream.yaml} beside this class: the one list that both the rule pages' Upstream
 * row ({@link #markdownRow}, checked against every {@code docs/rules/AFnnn.md} by a test) and the
 * {@code github-issue} draft are made from.
 */
public final class UpstreamIssues {
    public static final String REPOSITORY = "argoproj/argo-workflows";
    private static final UpstreamIssues STANDARD = load();

    /**
     * One issue or pull request.
     *
     * @param issue      the issue's number, or null for a pull request
     * @param pull       the pull request's number, or null for an issue
     * @param note       what it is about, for this rule (may be null)
     * @param reportedOn the Argo release it was reported on, when known (may be null)
     * @param related    true when it is only related, not the bug the rule finds
     */
    public record Link(Integer issue, Integer pull, String note, String reportedOn, boolean related) {
        public int number() {
            return issue != null ? issue : pull;
        }

        public boolean isPull() {
            return issue == null;
        }

        /** {@code argoproj/argo-workflows#17024}. */
        public String reference() {
            return REPOSITORY + "#" + number();
        }

        public String url() {
            return "https://github.com/" + REPOSITORY + (isPull() ? "/pull/" : "/issues/") + number();
        }
    }

    /**
     * Links told together; the first group of a rule, without a label, holds what the rule matches.
     *
     * @param label how the links relate to the rule ("background", "look-alikes"), null for the matches
     */
    public record Group(String label, List<Link> links) {
        public Group {
            links = List.copyOf(links);
        }
    }

    private final Map<String, List<Group>> byRule;

    private UpstreamIssues(Map<String, List<Group>> byRule) {
        this.byRule = new TreeMap<>(byRule);
    }

    public static UpstreamIssues standard() {
        return STANDARD;
    }

    private static UpstreamIssues load() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()).configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        try (InputStream in = UpstreamIssues.class.getResourceAsStream("upstream.yaml")) {
            if (in == null) {
                throw new IllegalStateException("upstream.yaml is missing from the build");
            }
            return new UpstreamIssues(yaml.readValue(in, new TypeReference<Map<String, List<Group>>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException("upstream.yaml: " + e.getMessage(), e);
        }
    }

    /** The rules with upstream links, in ID order. */
    public List<String> rules() {
        return List.copyOf(byRule.keySet());
    }

    public List<Group> groups(String rule) {
        return byRule.getOrDefault(rule, List.of());
    }

    /** The issues the rule finds: those of its first, unlabelled group, not marked related, pull requests left out. */
    public List<Link> matches(String rule) {
        List<Group> groups = groups(rule);
        if (groups.isEmpty() || groups.get(0).label() != null) {
            return List.of();
        }
        return groups.get(0).links().stream().filter(l -> !l.isPull() && !l.related()).toList();
    }

    /** Every other link of the rule: related issues, pull requests, background. */
    public List<Link> related(String rule) {
        List<Link> matches = matches(rule);
        return groups(rule).stream().flatMap(g -> g.links().stream()).filter(l -> !matches.contains(l)).toList();
    }

    /** The value of the rule page's {@code | Upstream | … |} row. */
    public String markdownRow(String rule) {
        boolean[] first = {true};
        return groups(rule).stream().map(g -> (g.label() == null ? "" : g.label() + " ") + g.links().stream().map(l -> {
            String text = first[0] ? l.reference() : "#" + l.number();
            first[0] = false;
            return "[" + text + "](" + l.url() + ")" + (l.note() == null ? "" : " (" + l.note() + ")");
        }).collect(Collectors.joining(", "))).collect(Collectors.joining("; "));
    }
}
