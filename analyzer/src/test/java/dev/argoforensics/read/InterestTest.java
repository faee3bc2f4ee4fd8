package dev.argoforensics.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InterestTest {
    @Test
    void aPodIsMentionedByItsWholeNameInAnyFormat() {
        Interest i = Interest.none();
        i.addPod("status-capture-repro-main-1234567890");
        i.freeze();
        assertTrue(i.mentions("time=2026-09-19T10:00:00Z level=INFO msg=\"cleaning up pod\" key=ns/status-capture-repro-main-1234567890/removeFinalizer"));
        assertTrue(i.mentions("{\"podName\":\"status-capture-repro-main-1234567890\",\"msg\":\"x\"}"));
        assertFalse(i.mentions("pod=status-capture-repro-main-12345678901"), "a longer token is another name");
        assertFalse(i.mentions("pod=xstatus-capture-repro-main-1234567890"));
        assertTrue(i.mentions("msg=\"Workflow pod is missing\" workflow=status-capture-repro"),
                "a Pod's '-' prefixes may be its Workflow (v2 Pod names start with it)");
        assertTrue(i.mentions("workflow=status-capture"), "every '-' prefix of the Pod is a possible Workflow name");
        assertFalse(i.mentions("workflow=status-captur"));
    }

    @Test
    void aWorkflowIsMentionedByItsNameAndByNamesThatStartWithItAndADash() {
        Interest i = Interest.none();
        i.addWorkflow("nightly-etl-7x2kq");
        i.freeze();
        assertTrue(i.mentions("workflow=nightly-etl-7x2kq"));
        assertTrue(i.mentions("nodeName=nightly-etl-7x2kq[0].extract"));
        assertTrue(i.mentions("pod=nightly-etl-7x2kq-extract-902415131"));
        assertTrue(i.mentions("node=nightly-etl-7x2kq-902415131"));
        assertFalse(i.mentions("workflow=nightly-etl-7x2kq2"));
        assertFalse(i.mentions("workflow=nightly-etl"));
    }

    @Test
    void aNameThatEndsASentenceIsMentionedWithoutItsPeriod() {
        Interest i = Interest.none();
        i.addWorkflow("nightly-etl-7x2kq");
        i.freeze();
        assertTrue(i.mentions("msg=\"argo/Mutex/etl acquired by argo/nightly-etl-7x2kq. Lock availability: 0/1\""));
        assertTrue(i.mentions("msg=\"Lock has been released by argo/nightly-etl-7x2kq/nightly-etl-7x2kq-902415131. Available locks: 1\""));
        assertFalse(i.mentions("msg=\"acquired by argo/nightly-etl-7x2kq2. Lock availability: 0/1\""));
        assertFalse(i.mentions("msg=\"acquired by argo/nightly-etl. Lock availability: 0/1\""));
    }

    @Test
    void namesOfAnyLengthAndOnlyWholeTokens() {
        String longName = "a".repeat(70) + "-b";
        Interest i = Interest.none();
        i.addName(longName);
        i.addName("x");
        i.freeze();
        assertTrue(i.mentions("node=" + longName));
        assertFalse(i.mentions("node=" + "a".repeat(71) + "-b"), "same length bucket (63+), other name");
        assertTrue(i.mentions("a x b"));
        assertFalse(i.mentions("xx"));
        assertFalse(i.mentions("ünïcödé"), "non-ASCII characters separate tokens: n, c, d are no names of interest");
        assertTrue(i.mentions("x\u0302"), "x and a combining mark: the token is x");
    }

    @Test
    void nothingIsMentionedUntilSomethingIsOfInterestAndTheSetIsReadOnlyOnceFrozen() {
        Interest i = Interest.none();
        i.freeze();
        assertFalse(i.mentions("pod=anything workflow=at-all"));
        assertThrows(IllegalStateException.class, () -> i.addPod("late"));
        assertTrue(Interest.everything().mentions(""));
    }

    @Test
    void fromAnOffsetOnlyTheRestOfTheTextCounts() {
        Interest i = Interest.none();
        i.addWorkflow("info");
        i.addPod("wf-1-step-1");
        i.freeze();
        String line = "time=\"2026-09-19T10:00:00Z\" level=info msg=\"Processing workflow\" namespace=argo workflow=other";
        assertTrue(i.mentions(line), "the level's token is the Workflow's name");
        assertFalse(i.mentions(line, line.indexOf(" msg=")), "after the head, no name of interest");
        String pod = "time=2026-09-19T10:00:00Z level=INFO msg=\"cleaning up pod\" key=argo/wf-1-step-1/labelPodCompleted";
        assertTrue(i.mentions(pod, pod.indexOf(" msg=")));
        assertFalse(i.mentions(pod, pod.length()));
    }

    @Test
    void theLongSetHoldsEveryValueItWasGivenZeroIncludedAndNothingElse() {
        LongSet set = new LongSet();
        Random random = new Random(17024);
        Set<Long> expected = new HashSet<>();
        for (int n = 0; n < 5000; n++) {
            long v = n % 1000 == 0 ? 0 : random.nextLong() >> random.nextInt(60);
            set.add(v);
            expected.add(v);
        }
        assertEquals(expected.size(), set.size());
        for (long v : expected) {
            assertTrue(set.contains(v), "added " + v);
        }
        LongSet copy = new LongSet();
        copy.addAll(set);
        assertEquals(expected.size(), copy.size());
        int absentFound = 0;
        for (int n = 0; n < 5000; n++) {
            long v = random.nextLong();
            if (!expected.contains(v) && copy.contains(v)) {
                absentFound++;
            }
        }
        assertEquals(0, absentFound, "values never added are not in the set");
        assertFalse(new LongSet().contains(0));
    }

    @Test
    void aTokenIsSkippedByItsFirstTwoCharactersOnlyWhenNoNameStartsThatWay() {
        Interest i = Interest.none();
        i.addWorkflow("wf-lat-5o6m");
        i.addName("ab");
        i.freeze();
        assertTrue(i.toScan(false).starts() != null, "every name has two characters or more: the first two are known");
        assertTrue(i.mentions("msg=\"add pod event\" component=pod_controller pod=wf-lat-5o6m-main-1542380106"));
        assertFalse(i.mentions("msg=\"add pod event\" component=pod_controller pod=wf-lau-5o6m-main-1542380106"), "same first two, other name");
        assertTrue(i.mentions("released by ab. Available"), "a name that ends a sentence");
        assertFalse(i.mentions("a b abc ba"));
        Interest shortName = Interest.none();
        shortName.addPod("q-main-1");
        shortName.freeze();
        assertTrue(shortName.toScan(false).starts() == null, "a one-character prefix: every token is hashed");
        assertTrue(shortName.mentions("workflow=q"), "the Pod's '-' prefix q may be its Workflow");
        assertTrue(shortName.mentions("pod=q-main-1"));
    }

    @Test
    void aScanRecordedWithoutTheNamesFirstCharactersStillFindsThem() {
        Interest scanned = Interest.none();
        scanned.addPod("status-capture-repro-main-1234567890");
        scanned.addWorkflow("nightly-etl-7x2kq");
        String text = scanned.toScan(false).encode();
        String older = text.substring(0, text.lastIndexOf(':')); // five parts, as an index kept them before
        dev.argoforensics.accounting.FileScan decoded = dev.argoforensics.accounting.FileScan.decode(older);
        assertTrue(decoded.starts() == null);
        Interest again = Interest.none();
        again.add(decoded);
        again.add(Interest.none().toScan(false));
        again.freeze();
        assertTrue(again.toScan(false).starts() == null, "the names' first characters are not known");
        assertTrue(again.mentions("pod=status-capture-repro-main-1234567890"));
        assertTrue(again.mentions("pod=nightly-etl-7x2kq-extract-1"));
        assertFalse(again.mentions("pod=other-pod-1"));
    }

    /** With every name two characters or more (the first two known) and tokens that often start like one. */
    @Test
    void mentionsAgreesWithTokensComparedAsStringsWhenTokensAreSkippedByTheirStart() {
        Random random = new Random(17);
        String[] parts = {"wf", "wx", "we", "hello", "he", "x7k2p", "x7", "main", "841307739", "84", "node", "no", "etl", "et"};
        for (int round = 0; round < 300; round++) {
            Interest interest = Interest.none();
            Set<String> exact = new HashSet<>();
            Set<String> prefixes = new HashSet<>();
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
                String name = name(random, parts);
                if (random.nextBoolean()) {
                    interest.addWorkflow(name);
                    prefixes.add(name);
                } else {
                    interest.addName(name);
                }
                exact.add(name);
            }
            interest.freeze();
            assertTrue(interest.toScan(false).starts() != null);
            for (int line = 0; line < 50; line++) {
                StringBuilder text = new StringBuilder();
                int tokens = random.nextInt(8);
                for (int t = 0; t < tokens; t++) {
                    text.append(random.nextBoolean() ? " " : random.nextBoolean() ? "/" : "=\"").append(name(random, parts));
                }
                assertEquals(reference(text.toString(), exact, prefixes), interest.mentions(text.toString()), text::toString);
            }
        }
    }

    /** The rolling hash against a plain reading: tokens compared as strings. */
    @Test
    void mentionsAgreesWithTokensComparedAsStrings() {
        Random random = new Random(9);
        String[] parts = {"wf", "hello", "world", "x7k2p", "main", "841307739", "a", "b-c", "node", "etl"};
        for (int round = 0; round < 200; round++) {
            Interest interest = Interest.none();
            Set<String> exact = new HashSet<>();
            Set<String> prefixes = new HashSet<>();
            for (int k = 0; k < 3; k++) {
                String name = name(random, parts);
                switch (random.nextInt(3)) {
                    case 0 -> {
                        interest.addPod(name);
                        exact.add(name);
                        for (int d = name.indexOf('-'); d > 0; d = name.indexOf('-', d + 1)) {
                            exact.add(name.substring(0, d));
                        }
                    }
                    case 1 -> {
                        interest.addWorkflow(name);
                        exact.add(name);
                        prefixes.add(name);
                    }
                    default -> {
                        interest.addName(name);
                        exact.add(name);
                    }
                }
            }
            interest.freeze();
            for (int line = 0; line < 50; line++) {
                StringBuilder text = new StringBuilder();
                int tokens = random.nextInt(6);
                for (int t = 0; t < tokens; t++) {
                    text.append(random.nextBoolean() ? " " : "=\"").append(name(random, parts));
                }
                assertEquals(reference(text.toString(), exact, prefixes), interest.mentions(text.toString()), text::toString);
            }
        }
    }

    private static String name(Random random, String[] parts) {
        StringBuilder b = new StringBuilder(parts[random.nextInt(parts.length)]);
        int more = random.nextInt(4);
        for (int i = 0; i < more; i++) {
            b.append(random.nextInt(5) == 0 ? "." : "-").append(parts[random.nextInt(parts.length)]);
        }
        return b.toString();
    }

    private static boolean reference(String text, Set<String> exact, Set<String> prefixes) {
        for (String token : text.split("[^A-Za-z0-9._-]+")) {
            if (exact.contains(token) || prefixes.contains(token)) {
                return true;
            }
            for (int d = token.indexOf('-'); d > 0; d = token.indexOf('-', d + 1)) {
                if (prefixes.contains(token.substring(0, d))) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aFileScanGivesBackTheSameInterestThroughItsText() {
        Interest scanned = Interest.none();
        scanned.addPod("status-capture-repro-main-1234567890");
        scanned.addWorkflow("nightly-etl-7x2kq");
        scanned.addName("nightly-etl-7x2kq-902415131");
        dev.argoforensics.accounting.FileScan scan = scanned.toScan(true);
        dev.argoforensics.accounting.FileScan decoded = dev.argoforensics.accounting.FileScan.decode(scan.encode());
        assertEquals(scan, decoded);
        assertTrue(decoded.newestFirst());
        Interest again = Interest.none();
        again.add(decoded);
        again.freeze();
        scanned.freeze();
        for (String line : new String[] {"pod=status-capture-repro-main-1234567890", "workflow=status-capture", "pod=nightly-etl-7x2kq-extract-1",
                "node=nightly-etl-7x2kq-902415131", "workflow=nightly-etl", "pod=other-pod-1", "workflow=status-captur"}) {
            assertEquals(scanned.mentions(line), again.mentions(line), line);
        }
        assertTrue(again.mentions("pod=nightly-etl-7x2kq-extract-1"));
        assertFalse(again.mentions("pod=other-pod-1"));
        assertEquals(Interest.none().toScan(false), dev.argoforensics.accounting.FileScan.decode(Interest.none().toScan(false).encode()),
                "a file that makes nothing of interest");
    }

    /** Session 55: whether pass 1 read a controller statement crosses the scan's text (the index), and an older text says not. */
    @Test
    void aFileScanKeepsWhetherTheFileHoldsTheControllersStatements() {
        Interest scanned = Interest.none();
        scanned.addWorkflow("nightly-etl-7x2kq");
        for (boolean newestFirst : new boolean[] {false, true}) {
            dev.argoforensics.accounting.FileScan scan = scanned.toScan(newestFirst).withController(true).withRun("a", "b");
            dev.argoforensics.accounting.FileScan decoded = dev.argoforensics.accounting.FileScan.decode(scan.encode());
            assertEquals(scan, decoded);
            assertTrue(decoded.controller());
            assertEquals(newestFirst, decoded.newestFirst());
            dev.argoforensics.accounting.FileScan without = scanned.toScan(newestFirst);
            assertFalse(dev.argoforensics.accounting.FileScan.decode(without.encode()).controller());
            assertEquals(newestFirst, dev.argoforensics.accounting.FileScan.decode(without.encode()).newestFirst(), "an older scan's text");
        }
    }
}
