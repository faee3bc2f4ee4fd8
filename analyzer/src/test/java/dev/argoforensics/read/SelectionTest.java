package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.accounting.Furniture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which recorded commands say a file's lines were selected or cut ({@link LogReader#selection}), session 35: {@code sudo} before
 * the command, and the stages that provably pass on every line a rule reads (a sed of substitutions, {@code jq .} over JSON records,
 * a {@code grep -v} of words no such line holds) as against those that do not.
 */
class SelectionTest {
    private static String selection(String command, String format) {
        Furniture f = new Furniture(0, 1, 0, Furniture.filters(command) ? 1 : 0, List.of(command));
        return LogReader.selection("logs/workflow-controller.log", f, LogReader.jsonOnly(format));
    }

    @Test
    void sudoIsNoCommandOfItsOwn() {
        assertEquals("grep", Furniture.firstWord("sudo grep wf /var/log/c.log"));
        assertEquals("kubectl", Furniture.firstWord("sudo -u ops -E kubectl logs x"));
        assertEquals("grep", Furniture.firstWord("LC_ALL=C doas grep wf c.log"));
        assertTrue(Furniture.filters("sudo grep wf /var/log/c.log"));
        assertEquals("`sudo grep wf /var/log/c.log`", selection("sudo grep wf /var/log/c.log", "log; logrus text"));
        assertEquals("`sudo kubectl logs -n argo deploy/workflow-controller | grep wf`",
                selection("sudo kubectl logs -n argo deploy/workflow-controller | grep wf", "log; logrus text"));
        assertNull(selection("sudo kubectl logs -n argo deploy/workflow-controller", "log; logrus text"));
    }

    @Test
    void sedKeepsEveryLineOnlyWhenItOnlySubstitutes() {
        String logs = "kubectl logs -n argo deploy/workflow-controller | ";
        assertNull(selection(logs + "sed 's/\\x1b\\[[0-9;]*m//g'", "log; logrus text"));
        assertNull(selection(logs + "sed -E -e 's/\\x1b\\[[0-9;]*m//g' -e 's/\\r$//'", "log; logrus text"));
        assertNull(selection(logs + "sed 's/\\o033\\[[0-9;]*m//g; s/\\r//'", "log; logrus text"));
        // recheck s35: substitutions of text a rule reads take it from the lines (before, any substitution passed)
        assertTrue(selection(logs + "sed -E -e 's#^[^ ]+ ##' -e 'y/abc/xyz/'", "log; logrus text") != null, "y rewrites names");
        assertTrue(selection(logs + "sed 's/a/b/; s/c/d/2'", "log; logrus text") != null);
        assertTrue(selection(logs + "sed 's/workflow=[^ ]*//'", "log; logrus text") != null, "the Workflow's key taken off");
        assertTrue(selection(logs + "sed 's/.*//'", "log; logrus text") != null, "the lines blanked");
        assertTrue(selection(logs + "sed 's/\\x1b\\[[0-9;]*m//g; s/msg=.*//'", "log; logrus text") != null, "one of two is colour");
        assertTrue(selection(logs + "sed -n 's/a/b/p'", "log; logrus text") != null, "-n prints only what p prints");
        assertTrue(selection(logs + "sed '/healthz/d'", "log; logrus text") != null, "d deletes lines");
        assertTrue(selection(logs + "sed 's/a/b/w out.txt'", "log; logrus text") != null, "w is no substitution flag kept");
        assertTrue(selection(logs + "sed 50q", "log; logrus text") != null, "q stops");
        assertTrue(selection(logs + "sed -f clean.sed", "log; logrus text") != null, "a script not shown");
    }

    @Test
    void jqIdentityKeepsEveryLineOnlyOverJsonRecords() {
        String logs = "kubectl logs -n argo deploy/workflow-controller | ";
        assertNull(selection(logs + "jq .", "log; slog JSON"));
        assertNull(selection(logs + "jq -c '.'", "log; slog JSON, logrus JSON"));
        assertTrue(selection(logs + "jq .", "log; slog JSON, logrus text") != null, "jq stops at the first text line");
        assertTrue(selection(logs + "jq .", "log; slog text") != null);
        assertTrue(selection(logs + "jq 'select(.level==\"ERROR\")'", "log; slog JSON") != null);
        assertTrue(selection(logs + "jq -r .msg", "log; slog JSON") != null, "-r .msg gives messages, not the records");
    }

    @Test
    void grepVKeepsEveryLineOnlyWhereNoLineARuleReadsHoldsItsWords() {
        String logs = "kubectl logs -n argo deploy/workflow-controller | ";
        assertNull(selection(logs + "grep -v 'Alloc='", "log; logrus text"));
        // Session 61: the catalog reads v3's "Waited for 5.2s, request: Get:…/configmaps/…" (a start's load, read/FileRuns). Session
        // 62: it reads v4's "Waited for K8S request" too (k8s-request-waited-v4, kept always: with the ConfigMap's URL it is a start's
        // load slowed by the API server, held by read/FileRuns as v3's line), so filtering it out is a cut for what it is, no longer
        // only on the safe side; and client-go's throttling lines (klog-client-throttled, client-throttled-v4) are catalogued.
        assertTrue(selection(logs + "grep -v -F -e 'Alloc=' -e 'Waited for K8S request'", "log; slog text") != null,
                "drops v4's slow ConfigMap load");
        assertTrue(selection(logs + "grep -v 'due to client-side throttling'", "log; logrus text") != null, "a catalogued message's words");
        assertTrue(selection(logs + "grep -v 'Waited for'", "log; logrus text") != null, "drops v3's slow ConfigMap load");
        assertTrue(selection(logs + "grep -v healthz", "log; logrus text") != null,
                "drops healthz: current pod is not the leader, and a Workflow named healthz-probe");
        assertTrue(selection(logs + "grep -v 'level=debug'", "log; logrus text") != null, "debug lines some rules read");
        assertTrue(selection(logs + "grep -iv 'LEVEL=DEBUG'", "log; logrus text") != null, "the same, in any case");
        assertTrue(selection(logs + "grep -v 'Alloc=.*'", "log; logrus text") != null, "a regular expression is not read");
        assertTrue(selection(logs + "grep -v -A2 'Alloc='", "log; logrus text") != null);
        assertTrue(selection(logs + "grep 'Alloc='", "log; logrus text") != null, "not inverted: it selects");
        assertTrue(selection(logs + "grep -v 'cleaning up pod'", "log; logrus text") != null, "a message a rule reads");
        assertFalse(LogReader.noRuleLineHolds("workflow", false));
    }

    /**
     * Recheck s35: words straddling a value the controller fills in were checked only as a whole against the catalog's samples,
     * which hold other values; each of these drops lines a rule reads (a Workflow's, a stretch of time, klog's leader election).
     */
    @Test
    void grepVOfAKeysValueOrATimeIsACut() {
        String logs = "kubectl logs -n argo deploy/workflow-controller | ";
        for (String stage : List.of("grep -v 'workflow=etl-7q2lc'", "grep -v 'podName=etl-7q2lc'", "grep -v -e 'Alloc=' -e 'workflow=etl'",
                "grep -v 'argo/etl-7q2lc'", "grep -v 'etl-7q2lc '", "grep -v '2026-12-04T14:0'", "grep -v 'I1204 '", "grep -v 'E1204 '",
                "grep -ivF 'Alloc='")) {
            assertTrue(selection(logs + stage, "log; logrus text") != null, stage);
        }
        assertTrue(selection(logs + "grep -vF '\"workflow\":\"etl-7q2lc\"'", "log; logrus JSON") != null);
        assertFalse(LogReader.noRuleLineHolds("namespace=etl", false));
        assertTrue(LogReader.noRuleLineHolds("Alloc=", false));
        assertFalse(LogReader.noRuleLineHolds("Alloc=", true), "in any case alloc could be part of a name");
    }

    /** Recheck s35: sudo's options clustered as getopt reads them ({@code -iu ops}: u takes the next word). */
    @Test
    void sudoOptionClustersTakeTheirValue() {
        assertEquals("grep", Furniture.firstWord("sudo -iu ops grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("sudo -Eu ops grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("sudo -uops grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("sudo -- grep wf c.log"));
        assertEquals("`sudo -iu ops grep wf c.log`", selection("sudo -iu ops grep wf c.log", "log; logrus text"));
    }

    /** Session 36: commands that run another, with their options and operands, come before the command as sudo does. */
    @Test
    void wrappersAreNoCommandOfTheirOwn() {
        assertEquals("grep", Furniture.firstWord("nice grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("nice -n 10 grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("nice -10 grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("env -i LC_ALL=C grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("env -u LANG grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("stdbuf -oL grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("stdbuf -o L grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("stdbuf --output=L grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("time -p grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("timeout 30 grep wf c.log"));
        assertEquals("grep", Furniture.firstWord("timeout -s KILL --preserve-status 30s grep wf c.log"));
        assertEquals("kubectl", Furniture.firstWord("sudo nice -n 5 timeout 1m kubectl logs x"));
        assertTrue(Furniture.filters("nice grep wf c.log"));
        assertFalse(Furniture.filters("timeout 30 kubectl logs -n argo deploy/workflow-controller"));
        assertEquals("`timeout 30 kubectl logs -n argo deploy/workflow-controller | stdbuf -oL grep wf`",
                selection("timeout 30 kubectl logs -n argo deploy/workflow-controller | stdbuf -oL grep wf", "log; logrus text"));
        assertNull(selection("timeout 30 kubectl logs -n argo deploy/workflow-controller | stdbuf -oL cat", "log; logrus text"));
    }

    /** Session 36: the pipeline is split at {@code |} outside quotes only. */
    @Test
    void pipesInsideQuotesAreNoStages() {
        assertEquals(List.of("kubectl logs x ", " grep -E 'a|b' ", " sed \"s/|//\""),
                Furniture.stages("kubectl logs x | grep -E 'a|b' | sed \"s/|//\""));
        assertEquals(List.of("a ", " b"), Furniture.stages("a |& b"));
        assertEquals(List.of("grep a\\|b c.log"), Furniture.stages("grep a\\|b c.log"));
        assertFalse(Furniture.filters("kubectl logs -l 'app in (a|b)' -n argo"));
        assertTrue(Furniture.filters("kubectl logs x | cat"));
        assertNull(selection("kubectl logs -n argo deploy/workflow-controller | sed -E 's/(\\x1b\\[[0-9;]*m|\\r)//g'", "log; logrus text"));
        assertTrue(selection("kubectl logs -n argo deploy/workflow-controller | grep -E 'a|b'", "log; logrus text") != null);
    }
}
