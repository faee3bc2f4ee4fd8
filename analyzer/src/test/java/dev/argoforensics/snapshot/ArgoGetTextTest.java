package dev.argoforensics.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.source.InputFile;
import dev.argoforensics.source.InputKind;
import dev.argoforensics.source.PasteShape;
import dev.argoforensics.testing.Notes;
import dev.argoforensics.wording.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code argo get} text as people paste it: header block, node tree (plain, wide, ASCII, coloured), year-less times. */
class ArgoGetTextTest {
    private static final String WF = "etl-dag-x1";
    private static final String HEADER = """
            Name:                etl-dag-x1
            Namespace:           batch
            ServiceAccount:      etl-runner
            Status:              Failed
            Message:             child 'etl-dag-x1-load' failed
            Conditions:
             PodRunning          False
             Completed           True
            Created:             Thu Oct 01 08:00:00 +0200 (2 hours ago)
            Started:             Thu Oct 01 08:00:01 +0200 (2 hours ago)
            Finished:            Thu Oct 01 08:14:20 +0200 (1 hour ago)
            Duration:            14 minutes 19 seconds
            Progress:            4/5
            ResourcesDuration:   3m1s*(1 cpu),12m4s*(100Mi memory)

            """;

    @TempDir
    Path dir;

    private static String pod(String template, String nodeName) {
        return WF + "-" + template + "-" + ArgoGetTree.hash(nodeName);
    }

    /** A DAG with a retried task and a task that runs a steps template, with an onExit handler. */
    private static List<List<String>> tree(boolean ascii) {
        String t = ascii ? "|-" : "├─";
        String l = ascii ? "`-" : "└─";
        String v = ascii ? "| " : "│ ";
        String g = ascii ? "--" : "──";
        String ok = ascii ? "Succeeded" : "✔";
        String failed = ascii ? "Failed" : "✖";
        String error = ascii ? "Error" : "⚠";
        return List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" " + failed + " " + WF, "main", "", "", "child 'etl-dag-x1-load' failed", ""),
                List.of(" " + t + ok + " extract", "extract", pod("extract", WF + ".extract"), "10s", "", ""),
                List.of(" " + t + ok + " transform", "transform", "", "", "", ""),
                List.of(" " + v + t + failed + " transform(0)", "transform", pod("transform", WF + ".transform(0)"), "5s", "Error (exit code 1)", ""),
                List.of(" " + v + l + ok + " transform(1)", "transform", pod("transform", WF + ".transform(1)"), "6s", "", ""),
                List.of(" " + l + failed + " load", "load-steps", "", "", "child failed", ""),
                List.of("   " + l + g + error + " write", "lib/write", pod("write", WF + ".load[0].write"), "3m", "pod deleted", ""),
                List.of("", "", "", "", "", ""),
                List.of(" " + ok + " " + WF + ".onExit", "notify", pod("notify", WF + ".onExit"), "4s", "", ""));
    }

    private PasteFileReader.Result read(String text, LocalDate reference) throws IOException {
        Path p = dir.resolve("argo-get.txt");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return new PasteFileReader().read(new InputFile("argo-get.txt", p, InputKind.SNAPSHOT, false, PasteShape.ARGO_GET.label()),
                PasteShape.ARGO_GET, null, reference, Message.literal("the test's reference date"));
    }

    private static WorkflowSnapshot only(PasteFileReader.Result r) {
        assertEquals(1, r.objects().size(), r.toString());
        return (WorkflowSnapshot) r.objects().get(0);
    }

    @Test
    void unicodeTreeGivesEveryNodeItsIdPhaseAndMessage() throws IOException {
        PasteFileReader.Result r = read("$ argo get -n batch etl-dag-x1\n" + HEADER + TabWriter.lay(2, tree(false)), LocalDate.of(2026, 9, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        WorkflowSnapshot w = only(r);
        assertEquals("batch", w.namespace());
        assertEquals("Failed", w.phase());
        assertEquals("", w.uid());
        assertTrue(w.fromArgoGetText());
        NodeStatus write = w.node(WF + "-" + ArgoGetTree.hash(WF + ".load[0].write")).orElseThrow();
        assertEquals("Error", write.phase());
        assertEquals("pod deleted", write.message());
        assertTrue(write.podDeletedError());
        assertEquals(WF + ".load[0].write", write.name());
        assertEquals("write", write.templateRefTemplate());
        assertEquals(pod("write", WF + ".load[0].write"), write.podName());
        NodeStatus attempt = w.node(WF + "-" + ArgoGetTree.hash(WF + ".transform(0)")).orElseThrow();
        assertEquals("Failed", attempt.phase());
        assertEquals("Error (exit code 1)", attempt.message());
        assertEquals(WF + ".transform(0)", attempt.name());
        assertTrue(w.node(WF + "-" + ArgoGetTree.hash(WF + ".onExit")).isPresent());
        // The boundary nodes a confirmed Pod below them names are kept; the root always.
        assertEquals("Failed", w.node(WF).orElseThrow().phase());
        assertTrue(w.node(WF + "-" + ArgoGetTree.hash(WF + ".load")).isPresent());
        assertEquals(8, w.nodes().size());
        assertTrue(w.node(WF + "-" + ArgoGetTree.hash(WF + ".transform")).isPresent());
        // No node times in the text, and whether a completed node's result is synced is unknown.
        assertNull(write.startedAt());
        assertNull(write.finishedAt());
        assertNull(w.node(WF + "-" + ArgoGetTree.hash(WF + ".extract")).orElseThrow().fulfilledIfKnown());
        assertTrue(write.notFulfilled() == false && write.fulfilled() == false);
    }

    /**
     * Session 35: argo get as GitHub comments hold it, quoted in a reply ({@code > }) and in a code block indented by four spaces after
     * a sentence: the same Workflow as the bare output, at the file's line numbers, the sentence reported at its line, never dropped.
     */
    @Test
    void quotedOrIndentedInAMarkdownCommentReadsTheSame() throws IOException {
        String bare = "$ argo get -n batch etl-dag-x1\n" + HEADER + TabWriter.lay(2, tree(false));
        String quoted = bare.lines().map(l -> l.isEmpty() ? ">" : "> " + l).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        String indented = "The Workflow after the failure:\n\n"
                + bare.lines().map(l -> l.isEmpty() ? l : "    " + l).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        for (String text : List.of(quoted, indented)) {
            Path p = dir.resolve("comment.md");
            Files.writeString(p, text, StandardCharsets.UTF_8);
            List<String> lines = text.lines().toList();
            PasteShape shape = PasteShape.detect(lines);
            assertEquals(PasteShape.ARGO_GET, shape, text);
            PasteFileReader.Result r = new PasteFileReader().read(new InputFile("comment.md", p, InputKind.SNAPSHOT, false, shape.label()),
                    shape, null, LocalDate.of(2026, 9, 20), Message.literal("the test's reference date"));
            WorkflowSnapshot w = only(r);
            NodeStatus write = w.node(WF + "-" + ArgoGetTree.hash(WF + ".load[0].write")).orElseThrow();
            assertEquals("Error", write.phase());
            assertEquals("pod deleted", write.message());
            assertEquals(8, w.nodes().size());
            if (text == quoted) {
                assertTrue(r.problems().isEmpty(), r.problems().toString());
                assertTrue(r.format().startsWith("argo get output, in a Markdown quote (>)"), r.format());
            } else {
                assertEquals(1, r.problems().size(), r.problems().toString());
                assertEquals(1, r.problems().get(0).line());
                assertTrue(r.format().startsWith("argo get output, indented by 4 spaces (Markdown)"), r.format());
            }
            assertEquals(text == quoted ? 2 : 4, w.source().line(), w.source().toString()); // the Name: line, at its own number
        }
    }

    /**
     * Session 40: a paste whose tree header was moved one column to the right (edited by hand), its rows not: the header was
     * passed over as a condition line and every row with it (no node, no problem). Each is now counted as not read.
     */
    @Test
    void aTreeHeaderIndentedUnlikeItsRowsIsCountedNotPassedOver() throws IOException {
        String tree = TabWriter.lay(2, tree(false));
        String[] rows = tree.split("\n");
        String shifted = " " + rows[0] + "\n" + String.join("\n", List.of(rows).subList(1, rows.length)) + "\n";
        PasteFileReader.Result r = read(HEADER + shifted, LocalDate.of(2026, 9, 20));
        long treeRows = List.of(rows).subList(1, rows.length).stream().filter(x -> !x.isBlank()).count();
        assertEquals(1 + treeRows, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).reason().contains("header is indented"), r.problems().get(0).toString());
        WorkflowSnapshot w = only(r);
        assertTrue(w.nodes().isEmpty(), w.nodes().toString());

        PasteFileReader.Result control = read(HEADER + tree, LocalDate.of(2026, 9, 20));
        assertTrue(control.problems().isEmpty(), control.problems().toString());
        assertFalse(only(control).nodes().isEmpty());
    }

    @Test
    void asciiTreeOfNoUtf8ReadsTheSame() throws IOException {
        WorkflowSnapshot unicode = only(read(HEADER + TabWriter.lay(2, tree(false)), LocalDate.of(2026, 9, 20)));
        PasteFileReader.Result r = read(HEADER + TabWriter.lay(2, tree(true)), LocalDate.of(2026, 9, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        WorkflowSnapshot ascii = only(r);
        assertEquals(unicode.nodes().keySet(), ascii.nodes().keySet());
        for (NodeStatus n : unicode.nodes().values()) {
            NodeStatus a = ascii.node(n.id()).orElseThrow();
            assertEquals(n.phase(), a.phase(), n.id());
            assertEquals(n.name(), a.name(), n.id());
            assertEquals(n.message(), a.message(), n.id());
        }
    }

    @Test
    void colourCodesAroundSymbolsAndTheStepHeaderAreTakenOff() throws IOException {
        String esc = "\u001b";
        String coloured = TabWriter.lay(2, List.of(
                List.of(esc + "[39mSTEP" + esc + "[0m", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" " + esc + "[31m⚠" + esc + "[0m " + WF, "main", "", "", "", ""),
                List.of(" └───" + esc + "[31m⚠" + esc + "[0m only", "only", pod("only", WF + "[0].only"), "1m", "pod deleted", "")));
        PasteFileReader.Result r = read(HEADER + coloured, LocalDate.of(2026, 9, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        NodeStatus n = only(r).node(WF + "-" + ArgoGetTree.hash(WF + "[0].only")).orElseThrow();
        assertEquals("Error", n.phase());
        assertEquals(WF + "[0].only", n.name());
        assertEquals("pod deleted", n.message());
    }

    @Test
    void wideOutputReadsTheMessageBetweenItsColumnsAndTheHost() throws IOException {
        String wide = TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "ARTIFACTS", "MESSAGE", "RESOURCESDURATION", "NODENAME"),
                List.of(" ● " + WF, "main", "", "", "", "", "", ""),
                List.of(" ├───✔ a", "echo", pod("echo", WF + "[0].a"), "5s", "result", "", "2s*(1 cpu)", "ip-10-0-7-9.ec2.internal"),
                List.of(" └─┬─◷ b1", "echo", pod("echo", WF + "[1].b1"), "0s", "", "PodInitializing", "", "ip-10-0-7-9.ec2.internal"),
                List.of("   └─● b2", "echo", pod("echo", WF + "[1].b2"), "9s", "", "", "1s*(1 cpu)", "ip-10-0-8-1.ec2.internal")));
        PasteFileReader.Result r = read(HEADER.replace("Failed", "Running") + wide, LocalDate.of(2026, 9, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        WorkflowSnapshot w = only(r);
        NodeStatus b1 = w.node(WF + "-" + ArgoGetTree.hash(WF + "[1].b1")).orElseThrow();
        assertEquals("Pending", b1.phase());
        assertEquals("PodInitializing", b1.message());
        assertEquals(WF + "[1].b1", b1.name());
        assertEquals(WF + "[1].b2", w.node(WF + "-" + ArgoGetTree.hash(WF + "[1].b2")).orElseThrow().name());
        assertEquals("", w.node(WF + "-" + ArgoGetTree.hash(WF + "[0].a")).orElseThrow().message());
        assertTrue(r.identifiers().contains("host:ip-10-0-8-1.ec2.internal"), r.identifiers().toString());
        assertTrue(r.identifiers().contains("serviceAccount:etl-runner"));
    }

    @Test
    void aPodNameThatNoNameRebuiltFromTheTreeMatchesKeepsItsIdButNoName() throws IOException {
        // A tree cut at the top: the step's parent is not there, so its full name cannot be rebuilt.
        String tree = TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of("   └───⚠ orphan", "x", WF + "-x-1234567", "2m", "pod deleted", "")));
        PasteFileReader.Result r = read(HEADER + tree, LocalDate.of(2026, 9, 20));
        NodeStatus n = only(r).node(WF + "-1234567").orElseThrow();
        assertEquals("", n.name());
        assertEquals(WF + "-x-1234567", n.podName());
    }

    @Test
    void timesTakeTheYearInWhichTheWeekdayFitsNearTheReference() throws IOException {
        WorkflowSnapshot w = only(read(HEADER + TabWriter.lay(2, tree(false)), LocalDate.of(2026, 9, 20)));
        // Thursday 1 October is in 2026 (not 2025 or 2027); +0200 is two hours ahead of UTC.
        assertEquals("2026-10-01T06:14:20Z", w.finishedAt().format());
        assertTrue(w.observed().lowerBound());
        assertEquals("2026-10-01T06:14:20Z", w.observed().time().format());
    }

    @Test
    void withoutAReferenceTheTimesStayUnknownAndTheReportSaysWhy() throws IOException {
        PasteFileReader.Result r = read(HEADER + TabWriter.lay(2, tree(false)), null);
        WorkflowSnapshot w = only(r);
        assertNull(w.finishedAt());
        assertNull(w.observed());
        assertTrue(r.notes().contains(Message.of("note.argoTime.noYear")), r.notes().toString());
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.contains("prints no year")), r.notes().toString());
        assertTrue(r.problems().isEmpty());
    }

    @Test
    void aWeekdayNoYearNearTheReferenceFitsLeavesTheTimeUndated() throws IOException {
        // 1 October fell on a Thursday in 2026 and in 2020, not within a year of 2023.
        PasteFileReader.Result r = read(HEADER + TabWriter.lay(2, tree(false)), LocalDate.of(2023, 1, 1));
        assertNull(only(r).finishedAt());
        assertTrue(Notes.words(r.notes()).stream().anyMatch(n -> n.contains("on a Thursday")), r.notes().toString());
    }

    @Test
    void aRowThatRunsAcrossTheColumnsIsAProblemNotAGuess() throws IOException {
        String tree = "STEP                TEMPLATE  PODNAME                     DURATION  MESSAGE\n"
                + " ⚠ etl-dag-x1        main\n"
                + " └───⚠ step collapsed-by-a-chat-client etl-dag-x1-x-42 2m pod deleted\n";
        PasteFileReader.Result r = read(HEADER + tree, LocalDate.of(2026, 9, 20));
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertEquals(18, r.problems().get(0).line());
        assertFalse(only(r).nodes().values().stream().anyMatch(n -> n.podName().equals("etl-dag-x1-x-42")));
    }

    /**
     * Session 36: a sentence pasted under the tree (the issue's own words, in or after the fence) was reported as a row that could
     * not be read, a fault of the file. A line with no row's head after the tree ends it: counted as text around the output, every
     * node above it read; a second argo get after the text is read as its own block.
     */
    @Test
    void aSentenceAfterTheTreeEndsItAndIsText() throws IOException {
        String prose = "The render step shows pod deleted although main exited 0.\nIs this the race of #17024?\n";
        String tree = TabWriter.lay(2, tree(false));
        for (String text : List.of(HEADER + tree + prose, "```console\n" + HEADER + tree + "```\n" + prose,
                HEADER + tree + "\n" + prose)) {
            PasteFileReader.Result r = read(text, LocalDate.of(2026, 9, 20));
            assertTrue(r.problems().isEmpty(), r.problems().toString());
            assertEquals(8, only(r).nodes().size());
            assertEquals(2, r.around().lines(), text);
            long first = text.lines().toList().indexOf("The render step shows pod deleted although main exited 0.") + 1;
            assertEquals(first, r.around().first().get(0).line());
            assertEquals("Is this the race of #17024?", r.around().first().get(1).text());
        }
        String twice = HEADER + tree + prose + HEADER.replace(WF, "etl-dag-y2") + TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" ✖ etl-dag-y2", "main", "", "", "", "")));
        PasteFileReader.Result r = read(twice, LocalDate.of(2026, 9, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        assertEquals(2, r.objects().size());
        assertEquals(2, r.around().lines());
    }

    /**
     * Session 37: a sentence under the tree that starts with a phase word ("Failed to …", "Succeeded …") had a row's head, and was
     * reported as a row that did not fit the columns (or, short, read as a node). A phase word leads a row only for a root, followed
     * by its name (the Workflow's, or its {@code .onExit}) and the next column; in either drawing, the tree's nodes are read whole.
     */
    @Test
    void aSentenceStartingWithAPhaseWordAfterTheTreeIsText() throws IOException {
        String prose = "Failed to fetch the logs of the load step, see below.\nSucceeded on the second try.\nError again\n";
        for (boolean ascii : List.of(false, true)) {
            String tree = TabWriter.lay(2, tree(ascii));
            for (String text : List.of(HEADER + tree + prose, "```console\n" + HEADER + tree + "```\n" + prose)) {
                PasteFileReader.Result r = read(text, LocalDate.of(2026, 9, 20));
                assertTrue(r.problems().isEmpty(), r.problems().toString());
                assertEquals(8, only(r).nodes().size(), text);
                assertEquals(3, r.around().lines(), text);
                assertEquals("Failed to fetch the logs of the load step, see below.", r.around().first().get(0).text());
                assertEquals("Error again", r.around().first().get(2).text());
            }
        }
    }

    /** Negative control: rows of either drawing, and a phase word's row, are rows; a list item or a sentence is not. */
    @Test
    void rowHeadsAreTold() {
        for (String row : List.of(" ✔ wf  main", " ├───✔ fetch  fetch", " │ └─✖ a(0)", " |---Succeeded fetch", " `-Failed x", " Succeeded wf",
                " --Error x", "")) {
            assertTrue(ArgoGetTree.rowShaped(row), row);
        }
        for (String text : List.of("The render step shows pod deleted.", "- see the log below", " Note: the Pod was gone", "time=\"2026-09-23\"")) {
            assertFalse(ArgoGetTree.rowShaped(text), text);
        }
        ArgoGetTree tree = new ArgoGetTree("STEP        TEMPLATE  PODNAME  DURATION  MESSAGE", "wf");
        for (String row : List.of(" Succeeded wf  main", " Failed wf", " Error wf.onExit  exit", " |---Succeeded fetch  fetch", " ✔ wf  main")) {
            assertTrue(tree.rowShaped(row, "wf"), row);
        }
        for (String text : List.of("Failed to fetch the logs", "Succeeded on the second try.", "Error again", "Succeeded other-wf  main")) {
            assertFalse(tree.rowShaped(text, "wf"), text);
        }
    }

    @Test
    void repeatedBlocksOfArgoWatchGiveOneWorkflowEach() throws IOException {
        String running = HEADER.replace("Status:              Failed", "Status:              Running");
        PasteFileReader.Result r = read(running + TabWriter.lay(2, tree(false)) + "\n" + HEADER + TabWriter.lay(2, tree(false)),
                LocalDate.of(2026, 9, 20));
        assertEquals(2, r.objects().size());
        assertEquals("Running", ((WorkflowSnapshot) r.objects().get(0)).phase());
        assertEquals("Failed", ((WorkflowSnapshot) r.objects().get(1)).phase());
    }

    /**
     * Session 35: a node's evidence is the row that states it, not the Workflow's Name: line; and two argo get outputs in one file
     * (bare, in a {@code >} quote, indented by four spaces; plain and {@code -o wide}) give two Workflows whose every node is named.
     */
    @Test
    void everyNodeOfEveryWorkflowIsNamedAndCitedAtItsOwnRow() throws IOException {
        String other = "etl-dag-y2";
        String wide = TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "ARTIFACTS", "MESSAGE", "RESOURCESDURATION", "NODENAME"),
                List.of(" ✖ " + other, "main", "", "", "", "", "", ""),
                List.of(" └───⚠ only", "only", other + "-only-" + ArgoGetTree.hash(other + "[0].only"), "1m", "", "pod deleted", "", "ip-10-0-7-9")));
        String bare = "$ argo get -n batch etl-dag-x1\n" + HEADER + TabWriter.lay(2, tree(false)) + "\n$ argo get -o wide -n batch " + other + "\n"
                + HEADER.replace(WF, other) + wide;
        String quoted = bare.lines().map(l -> l.isEmpty() ? ">" : "> " + l).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        String indented = "Both Workflows:\n\n"
                + bare.lines().map(l -> l.isEmpty() ? l : "    " + l).collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        for (String text : List.of(bare, quoted, indented)) {
            Path p = dir.resolve("two.md");
            Files.writeString(p, text, StandardCharsets.UTF_8);
            List<String> lines = text.lines().toList();
            PasteShape shape = PasteShape.detect(lines);
            assertEquals(PasteShape.ARGO_GET, shape, text);
            PasteFileReader.Result r = new PasteFileReader().read(new InputFile("two.md", p, InputKind.SNAPSHOT, false, shape.label()),
                    shape, null, LocalDate.of(2026, 9, 20), Message.literal("the test's reference date"));
            assertEquals(2, r.objects().size(), r.toString());
            for (Object o : r.objects()) {
                WorkflowSnapshot w = (WorkflowSnapshot) o;
                assertFalse(w.nodes().isEmpty(), w.name());
                for (NodeStatus n : w.nodes().values()) {
                    assertTrue(n.name() != null && n.name().startsWith(w.name()), w.name() + " " + n);
                    assertEquals("two.md", n.source().file(), n.toString());
                    String row = PasteShape.stripped(lines.get((int) n.source().line() - 1));
                    assertTrue(row.contains(" " + n.displayName()) && (n.podName().isEmpty() || row.contains(n.podName())),
                            n.id() + " cited at \"" + row + "\"");
                    assertTrue(n.source().line() > w.source().line(), n.toString());
                }
            }
            NodeStatus only = ((WorkflowSnapshot) r.objects().get(1)).node(other + "-" + ArgoGetTree.hash(other + "[0].only")).orElseThrow();
            assertEquals(other + "[0].only", only.name());
            assertEquals("pod deleted", only.message());
        }
    }

    /**
     * Session 38: {@code argo get} of Argo v2.12 (cmd/argo/commands/get.go at v2.12.13): the same header block and the same columns
     * ({@code STEP TEMPLATE PODNAME DURATION MESSAGE}, {@code ├─}/{@code └─}, or {@code |-}/{@code `-} without UTF-8), but a Pod
     * node's PODNAME cell is its node ID, which v2's Pods are named by ({@code <workflow>-<hash>}, no template in it). Read as a
     * v3 paste is: the node by that ID, the Pod named as the cell names it.
     */
    @Test
    void argoV212LayoutNamesEachPodByItsNodeId() throws IOException {
        String wf = "ingest-2m8kd";
        String load = wf + "-" + ArgoGetTree.hash(wf + "[0].load");
        String header = HEADER.replace(WF, wf).replace("Progress:            4/5", "Progress:            0/1");
        String tree = TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" ✖ " + wf, "main", "", "", "child '" + load + "' failed", ""),
                List.of(" └─✖ load", "load", load, "33s", "failed with exit code 1", "")));
        PasteFileReader.Result r = read("$ argo get -n batch " + wf + "\n" + header + tree, LocalDate.of(2021, 3, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        WorkflowSnapshot w = only(r);
        assertEquals("Failed", w.phase());
        NodeStatus node = w.node(load).orElseThrow(() -> new AssertionError(w.nodes().toString()));
        assertEquals("Failed", node.phase());
        assertEquals("failed with exit code 1", node.message());
        assertEquals(load, node.podName(), "v2's Pod is named by its node ID");
        assertTrue(WorkflowSnapshot.podOfNode(wf, load, node.podName()));
        // control: the v3 layout's PODNAME (<workflow>-<template>-<hash>) keeps the node ID without the template
        String v3pod = wf + "-load-" + ArgoGetTree.hash(wf + "[0].load");
        PasteFileReader.Result v3 = read(header + TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" ✖ " + wf, "main", "", "", "child failed", ""),
                List.of(" └─✖ load", "load", v3pod, "33s", "failed with exit code 1", ""))), LocalDate.of(2026, 9, 20));
        assertEquals(v3pod, only(v3).node(load).orElseThrow().podName());
    }

    /**
     * Session 60 (#1341's, #1470's and #686's era, re-typed): argo v2.0-v2.6 print the node tree without a TEMPLATE column
     * ({@code STEP  PODNAME  DURATION  MESSAGE}), and v2.0-v2.11 draw it with {@code ├- └- | ·- --}: a step group's first child of
     * several under {@code ·-} (v2.12 on: {@code ┬─}). Before: the header was not known (one unparsed line) and its rows were passed over
     * silently as a header field's continuation, so the paste gave a Workflow with its nodes unknown; with a TEMPLATE column (v2.7-v2.11)
     * the {@code ·-} row was unparsed and the group after it misnumbered.
     */
    @Test
    void argoV2TreeWithoutTemplateColumnAndItsGroupMarkerIsRead() throws IOException {
        String wf = "ci-run-8w9dg";
        String checkout = wf + "-" + ArgoGetTree.hash(wf + "[0].checkout");
        String build = wf + "-" + ArgoGetTree.hash(wf + "[1].build");
        String lint = wf + "-" + ArgoGetTree.hash(wf + "[1].lint");
        String header = """
                Name:                ci-run-8w9dg
                Namespace:           ci
                ServiceAccount:      default
                Status:              Failed
                Message:             child '%s' failed
                Created:             Sat Apr 13 01:15:03 +0000 (4 hours ago)
                Started:             Sat Apr 13 01:15:03 +0000 (4 hours ago)
                Finished:            Sat Apr 13 05:16:10 +0000 (2 minutes ago)
                Duration:            4 hours 1 minute

                """.formatted(build);
        String tree = TabWriter.lay(2, List.of(
                List.of("STEP", "PODNAME", "DURATION", "MESSAGE"),
                List.of(" ✖ " + wf, "", "", "child '" + build + "' failed"),
                List.of(" ├---✔ checkout", checkout, "6s", ""),
                List.of(" └-·-⚠ build", build, "4h", "pod deleted"),
                List.of("   └-✔ lint", lint, "5s", "")));
        PasteFileReader.Result r = read("$ argo get -n ci " + wf + "\n" + header + tree, LocalDate.of(2019, 4, 20));
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        WorkflowSnapshot w = only(r);
        assertFalse(w.nodesOffloaded(), "the tree was read");
        NodeStatus b = w.node(build).orElseThrow(() -> new AssertionError(w.nodes().toString()));
        assertEquals("Error", b.phase());
        assertEquals("pod deleted", b.message());
        assertEquals(wf + "[1].build", b.name(), "·- starts the second group");
        assertEquals("", b.templateName(), "no TEMPLATE column: not the Pod name read as one");
        assertEquals(build, b.podName());
        assertEquals(wf + "[1].lint", w.node(lint).orElseThrow().name(), "└- under ·- stays in its group");
        assertEquals(wf + "[0].checkout", w.node(checkout).orElseThrow().name());
        assertEquals(4, w.nodes().size());

        // v2.7-v2.11: the TEMPLATE column, the same drawing; -o wide of v2.7 ends at RESOURCESDURATION (NODENAME from v2.8).
        String wide = TabWriter.lay(2, List.of(
                List.of("STEP", "TEMPLATE", "PODNAME", "DURATION", "ARTIFACTS", "MESSAGE", "RESOURCESDURATION"),
                List.of(" ✖ " + wf, "main", "", "", "", "child '" + build + "' failed", ""),
                List.of(" ├---✔ checkout", "git", checkout, "6s", "", "", "4s*(1 cpu)"),
                List.of(" └-·-⚠ build", "make", build, "4h", "", "pod deleted", ""),
                List.of("   └-✔ lint", "lint", lint, "5s", "", "", "3s*(1 cpu)")));
        WorkflowSnapshot v27 = only(read(header + wide, LocalDate.of(2019, 4, 20)));
        assertEquals("make", v27.node(build).orElseThrow().templateName());
        assertEquals("pod deleted", v27.node(build).orElseThrow().message());
        assertEquals(wf + "[1].lint", v27.node(lint).orElseThrow().name());
    }
}
