package dev.argoforensics.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The rule pages' Upstream rows and the upstream data the github-issue draft reads are one list. */
class UpstreamIssuesTest {
    private static final String ROW = "| Upstream | ";

    @org.junit.jupiter.api.Test
    void everyRulePageShowsTheUpstreamData() throws Exception {
        UpstreamIssues data = UpstreamIssues.standard();
        List<String> ids = RuleEngine.standardRules().stream().map(Rule::id).toList();
        assertEquals(ids, data.rules(), "every rule, and only the rules, have upstream data");
        for (String id : ids) {
            String page = Files.readString(Path.of("docs/rules/" + id + ".md"), StandardCharsets.UTF_8);
            List<String> rows = page.lines().filter(l -> l.startsWith(ROW)).toList();
            assertEquals(1, rows.size(), id + ": one Upstream row");
            String row = rows.get(0);
            assertEquals(ROW + data.markdownRow(id) + " |", row, id + ": the page's Upstream row is made from upstream.yaml");
        }
    }

    @org.junit.jupiter.api.Test
    void matchesAreTheFirstGroupsIssuesNotPullsNorRelatedOnes() {
        UpstreamIssues data = UpstreamIssues.standard();
        assertEquals(List.of("argoproj/argo-workflows#17024"), data.matches("AF001").stream().map(UpstreamIssues.Link::reference).toList());
        assertEquals("v4.1.3", data.matches("AF001").get(0).reportedOn());
        assertEquals(List.of(8783, 12952, 8409), data.related("AF001").stream().map(UpstreamIssues.Link::number).toList());
        assertTrue(data.matches("AF003").isEmpty(), "AF003 is context of #17024, not its bug");
        assertFalse(data.matches("AF010").stream().anyMatch(l -> l.number() == 13627), "a look-alike is not a match");
        assertFalse(data.matches("AF012").stream().anyMatch(l -> l.number() == 16034), "a pull request is not an issue to match");
        assertEquals("https://github.com/argoproj/argo-workflows/pull/8061",
                data.related("AF008").stream().filter(l -> l.number() == 8061).findFirst().orElseThrow().url());
        assertTrue(data.groups("AF999").isEmpty());
    }
}
