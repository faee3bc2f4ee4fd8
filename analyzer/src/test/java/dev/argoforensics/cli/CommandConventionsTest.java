package dev.argoforensics.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.argoforensics.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** version, completion bash|zsh|fish, -o json for rules, help summaries, and the man pages' sections. */
class CommandConventionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void versionNamesToolCommitAndRuntimeInTextAndJson() throws Exception {
        Cli text = Cli.run("version");
        assertEquals(0, text.exitCode());
        List<String> lines = text.out().lines().toList();
        assertTrue(lines.get(0).matches("argo-forensics \\S+"), text.out());
        assertTrue(lines.get(1).matches("  commit  ([0-9a-f]{40}(-modified)?|unknown)"), text.out());
        assertTrue(lines.get(2).startsWith("  java    " + System.getProperty("java.version") + " ("), text.out());
        Cli json = Cli.run("version", "-o", "json");
        JsonNode v = JSON.readTree(json.out());
        assertEquals("argo-forensics", v.get("name").asText());
        assertEquals(lines.get(0), "argo-forensics " + v.get("version").asText());
        assertEquals(lines.get(1).substring(10), v.get("commit").asText());
        assertEquals(System.getProperty("java.version"), v.path("java").path("version").asText());
        assertEquals(System.getProperty("os.arch"), v.path("os").path("arch").asText());
        assertEquals(Cli.run("--version").out(), "argo-forensics " + v.get("version").asText() + " (commit " + v.get("commit").asText() + ")\n");
        assertEquals(2, Cli.run("version", "-o", "yaml").exitCode());
    }

    @Test
    void completionForBashZshAndFish() {
        Cli bash = Cli.run("completion", "bash");
        assertEquals(0, bash.exitCode());
        assertTrue(bash.out().contains("complete -F _complete_argo-forensics"), "picocli's script");
        assertEquals(bash.out(), Cli.run("completion").out(), "bash by default");
        assertEquals(bash.out(), Cli.run("completion", "zsh").out(), "zsh runs the same script through bashcompinit");
        assertTrue(bash.out().contains("bashcompinit"));
        Cli bad = Cli.run("completion", "powershell");
        assertEquals(2, bad.exitCode());
        assertTrue(bad.err().contains("BASH, ZSH, FISH"), bad.err());

        String fish = Cli.run("completion", "fish").out();
        for (String command : new String[] {"analyze", "timeline", "rules", "formats", "index", "search", "completion", "version"}) {
            assertTrue(fish.contains("complete -c argo-forensics -f -n __fish_use_subcommand -a " + command + " -d '"), command);
        }
        assertFalse(fish.contains("-a generate"), "a hidden command stays hidden");
        assertTrue(fish.contains("complete -c argo-forensics -n '__fish_seen_subcommand_from analyze' -s o -l output -l format -x "
                + "-a 'text markdown json html github-issue' -d "), fish);
        assertTrue(fish.contains("-l color -f -a 'auto always never'"), fish);
        assertTrue(fish.contains("-l out -r -F -d "), "--out completes file names");
        assertTrue(fish.contains("-l timelines -x -a 'findings all none'"), fish);
        assertTrue(fish.contains("-n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'"), fish);
        assertTrue(fish.contains("-n '__fish_seen_subcommand_from rules' -s o -l output -x -a 'text json'"), fish);
        assertTrue(fish.contains("-d 'Lists the rules \\'analyze\\' runs'"), "quotes escaped, the summary whole");
        for (String line : fish.lines().toList()) {
            assertTrue(line.startsWith("#") || line.startsWith("complete -c argo-forensics "), line);
        }
    }

    @Test
    void rulesAsJson() throws Exception {
        Cli r = Cli.run("rules", "-o", "json");
        assertEquals(0, r.exitCode());
        JsonNode rules = JSON.readTree(r.out()).get("rules");
        String text = Cli.run("rules").out();
        assertTrue(rules.size() >= 10, r.out());
        for (JsonNode rule : rules) {
            String id = rule.get("id").asText();
            assertTrue(text.contains(id + "  " + String.format("%-6s", rule.get("severity").asText()) + "  " + rule.get("title").asText()), id);
            assertTrue(text.contains("        " + rule.path("needs").path("text").asText() + "\n"), id);
            assertTrue(Files.exists(Path.of(rule.get("doc").asText())), rule.get("doc").asText());
        }
        JsonNode af004 = rules.findParents("id").stream().filter(n -> n.get("id").asText().equals("AF004")).findFirst().orElseThrow();
        assertEquals("--finalizer-stuck-after", af004.path("threshold").path("option").asText());
    }

    @Test
    void everyCommandsSummaryIsOneWholeSentence() {
        String help = Cli.run("--help").out();
        CommandSpec root = new CommandLine(new Main()).getCommandSpec();
        for (CommandLine sub : root.subcommands().values()) {
            CommandSpec s = sub.getCommandSpec();
            if (s.usageMessage().hidden()) {
                continue;
            }
            String summary = s.usageMessage().description()[0];
            assertTrue(summary.endsWith("."), s.name() + ": " + summary);
            assertFalse(summary.substring(0, summary.length() - 1).contains(". "), s.name() + " summary is one sentence: " + summary);
            assertTrue(help.replaceAll("\\s+", " ").contains(s.name() + " " + summary), s.name() + " in\n" + help);
            assertFalse(s.usageMessage().exitCodeList().isEmpty(), s.name() + " says its exit status");
        }
    }

    @Test
    void manPagesHaveTheSectionsOfAManPageAndAFooterThatFits() throws Exception {
        CommandSpec root = new CommandLine(new Main()).getCommandSpec();
        List<CommandSpec> all = new ArrayList<>(List.of(root));
        root.subcommands().values().stream().map(CommandLine::getCommandSpec).filter(s -> !s.usageMessage().hidden()).forEach(all::add);
        String launcher = Files.readString(Path.of("argo-forensics")) + Files.readString(Path.of("analyzer/src/dist/bin/argo-forensics"));
        Set<String> variables = new TreeSet<>();
        Matcher m = Pattern.compile("\\b(ARGO_FORENSICS_[A-Z_]+|JAVA_HOME|NO_COLOR)\\b").matcher(launcher);
        while (m.find()) {
            variables.add(m.group(1));
        }
        assertTrue(variables.containsAll(Set.of("ARGO_FORENSICS_JAVA_OPTS", "JAVA_HOME")), variables.toString());
        for (CommandSpec spec : all) {
            String page = ManPages.page(spec, all);
            String name = spec.qualifiedName("-");
            for (String section : new String[] {"== Examples", "== Exit status", "== Environment", "== Files", "== See also"}) {
                assertTrue(page.contains("\n" + section + "\n"), name + ": " + section);
            }
            String environment = page.substring(page.indexOf("== Environment"), page.indexOf("== Files"));
            for (String variable : variables) {
                assertTrue(environment.contains(variable + "::"), name + ": the launcher reads " + variable);
            }
            assertTrue(page.contains("NO_COLOR::"), name);
            assertTrue(page.matches("(?s).*\n:mansource: argo-forensics [^ (\n]+\n.*"), name + ": the version alone, no commit");
            assertFalse(page.contains("(commit"), name + ": the commit overflowed into the date");
            assertTrue(page.contains("*kubectl*(1)"), name);
            assertFalse(page.contains("Exit status:"), name + ": a heading without its colon");
            if (spec.parent() != null) {
                assertTrue(page.contains("*argo-forensics*(1)"), name + " points to the main page");
            }
        }
    }
}
