package dev.argoforensics.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The envelopes of exports and console copies (golden cases in fixtures/envelopes-consoles.txt), and
 * the look-alikes none of them may take.
 */
class PastedEnvelopesTest {
    private static final String RECORD = "time=2025-03-02T10:11:12.120Z level=INFO msg=\"cleaning up pod\" action=removeFinalizer";

    private static UnwrappedLine one(String line) {
        return new EnvelopeDecoder().decode(line, 1);
    }

    @Test
    void kubectlPrefixNamesPodAndContainer() {
        UnwrappedLine u = one("[pod/workflow-controller-7d9f8b6c5d-x2k4q/workflow-controller] " + RECORD);
        assertEquals(EnvelopeKind.KUBECTL_PREFIX, u.envelope());
        assertEquals("workflow-controller-7d9f8b6c5d-x2k4q", u.origin());
        assertEquals("workflow-controller", u.container());
        assertEquals(RECORD, u.record());
    }

    @Test
    void bracketsThatAreNoKubectlPrefix() {
        // A bracketed tag, a name kubectl would never print, a prefix glued to the line.
        for (String line : new String[] {"[pod-gc] " + RECORD, "[pod/Workflow_Controller/c] " + RECORD, "[pod/a/b]" + RECORD,
                "[pod/a] " + RECORD}) {
            UnwrappedLine u = one(line);
            assertEquals(EnvelopeKind.PREFIX, u.envelope(), line);
            assertNull(u.container(), line);
            assertNull(u.origin(), line);
        }
    }

    @Test
    void aRecordPastedOntoTheBugReportFormsLogCommand() {
        // #14812: the form's "kubectl logs -n argo deploy/workflow-controller | grep ${workflow}", the log pasted right after it.
        String logrus = "time=\"2025-09-04T07:09:30Z\" level=info msg=\"index config\" indexWorkflowSemaphoreKeys=true";
        UnwrappedLine u = one("kubectl logs -n argo deploy/workflow-controller | grep ${workflow}" + logrus);
        assertEquals(EnvelopeKind.PREFIX, u.envelope());
        assertEquals(logrus, u.record());
        assertEquals(RECORD, one("$ k -n etl logs wc-1 | grep wf-7q2lc" + RECORD).record());
        // Not after a word that is no log command, and not where the command holds no record.
        assertEquals(EnvelopeKind.NONE, one("kubectl get pods | grep wf-1" + RECORD).envelope());
        assertEquals(EnvelopeKind.NONE, one("kubectl logs -n argo deploy/workflow-controller | grep time=").envelope());
        // Session 52: nor where the command's argument is shaped as a record's time alone (grep's pattern): the prompt as it is.
        for (String command : new String[] {"$ kubectl logs -n argo deploy/workflow-controller | grep time=2025-09-04T07:09",
            "kubectl logs -n argo deploy/workflow-controller | grep -E \"time=2025-09-04T07:0[89]\"", "$ grep time=2025-09-04T07:09 wc.log",
            "sre@bastion:~$ kubectl logs -n argo deploy/workflow-controller | grep {\"time\":\"2025-09-04T07:09"}) {
            UnwrappedLine p = one(command);
            assertEquals(EnvelopeKind.NONE, p.envelope(), command);
            assertEquals(command, p.record(), command);
        }
        // Control: a whole record after the same pattern (the log pasted onto the command) is still the record.
        assertEquals(logrus, one("$ kubectl logs -n argo deploy/workflow-controller | grep time=2025-09-04T07:09" + logrus).record());
    }

    /**
     * {@code grep -n} / {@code grep -H} with context ({@code -A}, {@code -B}, {@code -C}): a matching line gets {@code NNN:} or
     * {@code FILE:}, a context line {@code NNN-} or {@code FILE-}; before, every context line was counted unparsed. Each is the record
     * behind an unrecognised prefix, with no time taken from the line number.
     */
    @Test
    void grepContextLinesKeepTheirRecords() {
        String logrus = "time=\"2026-10-14T09:19:07.331Z\" level=info msg=\"Removing finalizers during a delete\" pod.Finalizers=\"[workflows.argoproj.io/status]\"";
        for (String prefix : new String[] {"120-", "120:", "controller.log-", "controller.log:", "controller.log-120-", "/var/log/argo/controller.log.1-"}) {
            UnwrappedLine u = one(prefix + logrus);
            assertEquals(EnvelopeKind.PREFIX, u.envelope(), prefix);
            assertEquals(logrus, u.record(), prefix);
            assertNull(u.envelopeTime(), prefix);
            assertEquals(RECORD, one(prefix + RECORD).record(), prefix);
        }
        // A dash inside a word that is no record's head stays as it was: nothing to find.
        assertEquals(EnvelopeKind.NONE, one("sync-time=later level=info").envelope());
    }

    /**
     * A line pasted through a word processor or a wiki (a postmortem in Google Docs, Word or Confluence): typographic quotes
     * ({@code time=“…”}) or every space non-breaking. Before, each such line was unparsed; now straightened back, under an envelope
     * kind of its own that the file's format names.
     */
    @Test
    void typographicQuotesAndNonBreakingSpacesAreStraightened() {
        String logrus = "time=\"2026-10-14T09:19:07.331Z\" level=info msg=\"queuing poddelay-2m25.781204455s\" action=removeFinalizer "
                + "podGC=\"{ <nil> }\" podName=ingest-daily-k3p9z-transform-367652847";
        UnwrappedLine curly = one(logrus.replaceAll("\"([^\"]*)\"", "\u201c$1\u201d"));
        assertEquals(EnvelopeKind.TYPOGRAPHIC, curly.envelope());
        assertEquals(logrus, curly.record());
        UnwrappedLine nbsp = one(RECORD.replace(' ', '\u00a0'));
        assertEquals(EnvelopeKind.TYPOGRAPHIC, nbsp.envelope());
        assertEquals(RECORD, nbsp.record());
        // Left alone: a record quoting with " whose message holds typographic quotes, a line keeping ASCII spaces, prose.
        String quoting = "time=2025-03-02T10:11:12.120Z level=INFO msg=\"node message changed\" message=\"said \u201chi\u201d\"";
        assertEquals(quoting, one(quoting).record());
        assertEquals(EnvelopeKind.NONE, one(quoting).envelope());
        String mixed = RECORD.replaceFirst(" ", "\u00a0");
        assertEquals(EnvelopeKind.NONE, one(mixed).envelope());
        assertEquals(EnvelopeKind.NONE, one("the field was set to \u201cRunning\u201d by then").envelope());
    }

    @Test
    void markdownQuoteMarkersAreTakenOff() {
        // A reply quoting an earlier comment's controller lines (#11588's debug lines were pasted so): "> " before each line.
        String logrus = "time=\"2026-11-02T03:41:07.514Z\" level=info msg=\"queuing poddelay-2m3.118402771s\" action=removeFinalizer "
                + "namespace=genomics podGC=\"{ <nil> }\" podName=align-batch-k2v9p-merge-2866344472";
        UnwrappedLine quoted = one("> " + logrus);
        assertEquals(EnvelopeKind.MARKDOWN_QUOTE, quoted.envelope());
        assertEquals(logrus, quoted.record());
        assertNull(quoted.prefix(), "no prefix kept: the line reads as it would unquoted");
        assertEquals(logrus, one("> > " + logrus).record(), "a reply to a reply");
        assertEquals(logrus, one(">>" + logrus).record());
        assertEquals(logrus, one("  > " + logrus).record(), "indented up to three spaces, as Markdown allows");
        assertEquals("", one(">").record(), "the quote's blank line");
        assertEquals("```", one("> ```").record(), "its fence, furniture as unquoted");
        assertEquals(RECORD, one("> " + RECORD).record());
        // Not a quote: a ">" inside a line, a prefix ending in ">", a line indented further (Markdown's code block).
        assertEquals(EnvelopeKind.NONE, one(RECORD).envelope());
        assertEquals(EnvelopeKind.PREFIX, one("host-1 > " + RECORD).envelope());
        assertEquals("    > x", one("    > x").record());
        assertEquals(0, EnvelopeDecoder.quoteMarkers("->" + RECORD));
    }

    @Test
    void aConsolesZoneAbbreviationAfterThePrefixTimeIsThatZone() {
        // #11892: a log console showed each line after the viewer's local time and zone, "2023-09-29 12:45:00.043 EDT {…}".
        UnwrappedLine edt = one("2026-10-14 09:12:03.431 EDT " + RECORD);
        assertEquals(EnvelopeKind.PREFIX, edt.envelope());
        assertEquals("2026-10-14T13:12:03.431Z", edt.envelopeTime().format(), "EDT is UTC-4, never read as UTC");
        assertEquals("2026-10-14T07:12:03.431Z", one("2026-10-14 09:12:03.431 CEST " + RECORD).envelopeTime().format());
        assertEquals("2026-10-14T09:12:03.431Z", one("2026-10-14 09:12:03.431 UTC " + RECORD).envelopeTime().format());
        // CST is US Central or China, IST India, Ireland or Israel: no time rather than a wrong one.
        assertNull(one("2026-10-14 09:12:03.431 CST " + RECORD).envelopeTime());
        assertNull(one("2026-10-14 09:12:03.431 IST " + RECORD).envelopeTime());
        // A word that names no zone (a console's level column) leaves the zone-less time as it was read before: UTC assumed.
        assertEquals("2026-10-14T09:12:03.431Z", one("2026-10-14 09:12:03.431 INFO " + RECORD).envelopeTime().format());
    }

    @Test
    void composeAndGoremanNameTheService() {
        // Argo's make start (goreman) and docker compose: "<service> | " before each line (#7081 pasted "argo-server | time=…").
        UnwrappedLine server = one("argo-server | " + RECORD);
        assertEquals(EnvelopeKind.COMPOSE, server.envelope());
        assertEquals("argo-server", server.container());
        assertEquals(RECORD, server.record());
        assertEquals("argo-server", one("argo-server-1  | " + RECORD).container(), "compose v2's replica number");
        UnwrappedLine controller = one("controller  | " + RECORD);
        assertEquals(EnvelopeKind.COMPOSE, controller.envelope());
        assertNull(OtherContainers.named(controller), "the controller's own lines");
        // A host or any other name before a bar is no service: an unrecognised prefix, the line still the controller's.
        for (String line : new String[] {"ip-10-0-12-34 | " + RECORD, "node7 | " + RECORD, "2026-09-19 16:31:11.350 | ip-10-0-12-34 | " + RECORD}) {
            UnwrappedLine u = one(line);
            assertEquals(EnvelopeKind.PREFIX, u.envelope(), line);
            assertNull(u.container(), line);
        }
    }

    @Test
    void cloudLoggingTextTakesSeverityTimeAndContainer() {
        UnwrappedLine u = one("WARNING 2025-03-02T10:11:12.123456Z [resource.labels.podName: etl-x-1] [resource.labels.containerName: main] hello");
        assertEquals(EnvelopeKind.CLOUD_LOGGING_TEXT, u.envelope());
        assertEquals("2025-03-02T10:11:12.123456Z", u.envelopeTime().format());
        assertEquals("etl-x-1", u.origin());
        assertEquals("main", u.container());
        assertEquals("hello", u.record());
    }

    @Test
    void wordsInCapitalsAreNoCloudLoggingSeverity() {
        assertEquals(EnvelopeKind.NONE, one("INFO[2025-03-02T10:11:12.120Z] Processing workflow  namespace=etl").envelope());
        assertEquals(EnvelopeKind.NONE, one("INFO starting up").envelope());
        assertEquals(EnvelopeKind.NONE, one("ERROR 2025-03-02 something").envelope());
    }

    @Test
    void logcliLabelsGiveThePodAndContainer() {
        UnwrappedLine u = one("2025-03-02T11:11:12+01:00 {container=\"workflow-controller\", pod=\"wc-1\"}   " + RECORD);
        assertEquals(EnvelopeKind.LOKI_LOGCLI, u.envelope());
        assertEquals("2025-03-02T10:11:12Z", u.envelopeTime().format());
        assertEquals("wc-1", u.origin());
        assertEquals("workflow-controller", u.container());
        assertEquals(RECORD, u.record());
    }

    @Test
    void commonLabelsNameThePodOfEveryLine() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("Common labels: {app=\"workflow-controller\", container=\"workflow-controller\", pod=\"wc-1\"}", 1));
        UnwrappedLine u = d.decode("2025-03-02T10:11:12Z {} " + RECORD, 2);
        assertEquals(EnvelopeKind.LOKI_LOGCLI, u.envelope());
        assertEquals("wc-1", u.origin());
        assertEquals("workflow-controller", u.container());
        assertEquals(1, d.envelopeHeaders());
    }

    /**
     * Grafana's download of a Loki query's lines (#14935-like): "Common labels", then the query's line limit and the bytes
     * it read, two blank lines, then one line per row, its time a tab before it. The limit and size lines are the header's,
     * not log lines left unread; without a "Common labels" line above them such lines are not taken as a header (control).
     */
    @Test
    void grafanasLokiDownloadHeaderIsReadAsAHeader() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("Common labels: {\"app\":\"wf-ctl\",\"container\":\"controller\",\"pod\":\"wf-ctl-6b7f9d8c4-pq2zr\",\"stream\":\"stderr\"}", 1));
        assertNull(d.decode("Line limit: \"1000 (6 displayed)\"", 2));
        assertNull(d.decode("Total bytes processed: \"0.92  MB\"", 3));
        assertEquals(3, d.envelopeHeaders());
        UnwrappedLine u = d.decode("2026-06-02 04:31:12.507\t" + RECORD, 6);
        assertEquals(EnvelopeKind.GRAFANA_EXPLORE, u.envelope());
        assertEquals("wf-ctl-6b7f9d8c4-pq2zr", u.origin());
        assertEquals("controller", u.container());

        EnvelopeDecoder plain = new EnvelopeDecoder();
        UnwrappedLine limit = plain.decode("Line limit: \"1000 (6 displayed)\"", 1);
        assertEquals("Line limit: \"1000 (6 displayed)\"", limit.record(), "no Common labels above: a line like any other");
        assertEquals(0, plain.envelopeHeaders());
    }

    @Test
    void aBraceAfterKubectlsTimeIsNoLabelSetUnlessItReadsAsOne() {
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, one("2025-03-02T10:11:12.123456789Z {\"time\":\"2025-03-02T10:11:12Z\"}").envelope());
        UnwrappedLine u = one("2025-03-02T10:11:12.123456789Z {oops} " + RECORD);
        assertEquals(EnvelopeKind.PREFIX, u.envelope(), "braces without name=\"value\": an unknown prefix behind kubectl's time");
        assertEquals("{oops}", u.prefix());
        assertEquals("2025-03-02T10:11:12.123456789Z", u.envelopeTime().format());
    }

    @Test
    void grafanaExploreNeedsTheTab() {
        UnwrappedLine u = one("2025-03-02 10:11:12.123\t" + RECORD);
        assertEquals(EnvelopeKind.GRAFANA_EXPLORE, u.envelope());
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.PREFIX, one("2025-03-02 10:11:12.123 " + RECORD).envelope(), "a space: some other prefix");
    }

    @Test
    void aLaterChunkKnowsTheTableAndTheCommonLabelsFromTheFilesFirstLine() {
        UnwrappedLine row = EnvelopeDecoder.continuing("| @timestamp | @message |").decode("| 2025-03-02 10:11:12.123 | " + RECORD + " |", 40);
        assertEquals(EnvelopeKind.CLOUDWATCH_INSIGHTS, row.envelope());
        assertEquals(RECORD, row.record());
        EnvelopeDecoder labels = EnvelopeDecoder.continuing("Common labels: {pod=\"wc-1\"}");
        assertEquals("wc-1", labels.decode("2025-03-02T10:11:12Z {} " + RECORD, 40).origin());
        assertEquals(0, labels.envelopeHeaders(), "the first line was counted by the first chunk");
    }

    @Test
    void aMarkdownTableOfSomethingElseIsNoInsightsCopy() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        UnwrappedLine header = d.decode("| Name | Value |", 1);
        assertEquals(EnvelopeKind.NONE, header.envelope());
        assertEquals(EnvelopeKind.NONE, d.decode("| --- | --- |", 2).envelope());
        assertEquals(EnvelopeKind.NONE, d.decode("| a | b |", 3).envelope());
        assertEquals(0, d.envelopeHeaders());
    }

    @Test
    void discoverHitHoldingTheControllersJsonRecordIsTheRecord() {
        UnwrappedLine u = one("{\"_id\":\"x\",\"_source\":{\"time\":\"2025-03-02T10:11:12.12Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\"}}");
        assertEquals(EnvelopeKind.DISCOVER_JSON, u.envelope());
        assertEquals("{\"time\":\"2025-03-02T10:11:12.12Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\"}", u.record());
        assertNull(u.origin(), "no collector's metadata: no replica named");
    }

    /**
     * fluent-bit's Merge_Log (Filebeat's keys_under_root) stores the record's keys in _source beside the collector's kubernetes
     * metadata: the replica is the collector's pod_name, so that two replicas in one response stay two. Before, every such hit was
     * put on one controller named after the file. The record's own pod and podName (the Pod it acted on) never name the replica.
     */
    @Test
    void aDiscoverHitHoldingTheRecordBesideKubernetesMetadataNamesItsReplica() {
        UnwrappedLine u = one("{\"_id\":\"x\",\"_source\":{\"@timestamp\":\"2025-03-02T10:11:12.120Z\",\"time\":\"2025-03-02T10:11:12.12Z\","
                + "\"level\":\"INFO\",\"msg\":\"add pod event\",\"pod\":\"etl-7q2lc-extract-1290387741\",\"stream\":\"stderr\","
                + "\"kubernetes\":{\"pod_name\":\"workflow-controller-6f7d9c8b4-zz81m\",\"container_name\":\"workflow-controller\"}}}");
        assertEquals(EnvelopeKind.DISCOVER_JSON, u.envelope());
        assertEquals("workflow-controller-6f7d9c8b4-zz81m", u.origin());
        assertEquals("workflow-controller", u.container());
        // Filebeat's ECS names, nested: kubernetes.pod.name.
        UnwrappedLine ecs = one("{\"_source\":{\"time\":\"2025-03-02T10:11:12.12Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\","
                + "\"podName\":\"etl-7q2lc-extract-1290387741\",\"kubernetes\":{\"pod\":{\"name\":\"workflow-controller-6f7d9c8b4-k2x9p\"}}}}");
        assertEquals("workflow-controller-6f7d9c8b4-k2x9p", ecs.origin());
        // Negative control: the record's podName alone names no replica.
        UnwrappedLine own = one("{\"_source\":{\"time\":\"2025-03-02T10:11:12.12Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\","
                + "\"podName\":\"etl-7q2lc-extract-1290387741\",\"pod\":\"etl-7q2lc-extract-1290387741\"}}");
        assertNull(own.origin());
    }

    @Test
    void aRecordIsBuiltFromColumnsOnlyWithATimeAndALevel() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("timestamp,severity,message", 1));
        UnwrappedLine u = d.decode("2025-03-02T10:11:12.123Z,ERROR,\"failed \"\"x\"\" C:\\dir\"", 2);
        assertEquals(EnvelopeKind.CSV_COLUMNS, u.envelope());
        assertEquals("time=2025-03-02T10:11:12.123Z level=ERROR msg=\"failed \\\"x\\\" C:\\\\dir\"", u.record());
        UnwrappedLine noLevel = d.decode("2025-03-02T10:11:12.123Z,DEFAULT,Processing workflow", 3);
        assertEquals(EnvelopeKind.CSV_EXPORT, noLevel.envelope(), "Cloud Logging's DEFAULT is no level: nothing is built");
        assertEquals("Processing workflow", noLevel.record());
        UnwrappedLine noTime = d.decode("yesterday,INFO,Processing workflow", 4);
        assertEquals("Processing workflow", noTime.record());
    }

    /**
     * AKS Container Insights: a Log Analytics query over ContainerLogV2 exported from the Azure portal: the time column named with its
     * zone ({@code TimeGenerated [UTC]}) in the portal's US form, the line in {@code LogMessage}, the replica in {@code PodName}.
     */
    @Test
    void anAzureLogAnalyticsExportNamesItsLineTimePodAndContainer() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("TimeGenerated [UTC],Computer,ContainerId,ContainerName,PodName,PodNamespace,LogMessage,LogSource,LogLevel", 1));
        UnwrappedLine u = d.decode("\"9/19/2026, 4:31:11.350 PM\",aks-nodepool1-31718369-vmss000002,3f9a2c1e7b4d,workflow-controller,"
                + "workflow-controller-6c9d7f8b4-mq2zt,argo,\"" + RECORD.replace("\"", "\"\"") + "\",stderr,info", 2);
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.CSV_EXPORT, u.envelope());
        assertEquals("2026-09-19T16:31:11.350Z", u.envelopeTime().format());
        assertEquals("workflow-controller-6c9d7f8b4-mq2zt", u.origin());
        assertEquals("workflow-controller", u.container());
        assertEquals("host aks-nodepool1-31718369-vmss000002", u.prefix());
        // 12 AM is midnight, 12 PM noon.
        assertEquals("2026-09-20T00:05:01.002Z", d.decode("\"9/20/2026, 12:05:01.002 AM\",n,c,workflow-controller,p,argo,\"" + RECORD.replace("\"", "\"\"")
                + "\",stderr,info", 3).envelopeTime().format());
        // The older ContainerLog table: the line in LogEntry.
        EnvelopeDecoder v1 = new EnvelopeDecoder();
        assertNull(v1.decode("TimeGenerated [UTC],Computer,ContainerID,LogEntry,LogEntrySource", 1));
        assertEquals(RECORD, v1.decode("\"9/19/2026, 4:31:11.350 PM\",aks-1,3f9a,\"" + RECORD.replace("\"", "\"\"") + "\",stderr", 2).record());
        // A time column whose header names no zone (the browser's local time): the form is not read, the record still is.
        EnvelopeDecoder local = new EnvelopeDecoder();
        assertNull(local.decode("TimeGenerated [Local Time],LogMessage", 1));
        UnwrappedLine l = local.decode("\"9/19/2026, 6:31:11.350 PM\",\"" + RECORD.replace("\"", "\"\"") + "\"", 2);
        assertEquals(RECORD, l.record());
        assertNull(l.envelopeTime());
    }

    /**
     * A quoted cell that holds line breaks (a stack trace Container Insights' multi-line logging joined into one LogMessage, CRLF as
     * the portal writes): the row is read whole, citing its first line and spanning its last, its Pod kept; the row after it is read
     * as before. Before, the row's first line lost its columns (its line read behind an unknown prefix, named by the file) and each
     * line after it was unparsed.
     */
    @Test
    void aCsvRowWhoseQuotedCellHoldsLineBreaksIsReadWhole() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("TimeGenerated [UTC],Computer,ContainerName,PodName,LogMessage,LogSource", 1));
        String head = "\"9/19/2026, 4:31:11.340 PM\",aks-1,workflow-controller,workflow-controller-6c9d7f8b4-mq2zt,\"panic: assignment to entry in nil map";
        assertNull(d.decode(head, 2), "the cell goes on");
        assertNull(d.decode("", 3), "a blank line inside the cell is the cell's");
        assertNull(d.decode("goroutine 412 [running]:", 4));
        UnwrappedLine u = d.decode("main.go:17 +0x1d\",stderr", 5);
        assertEquals("panic: assignment to entry in nil map\n\ngoroutine 412 [running]:\nmain.go:17 +0x1d", u.record());
        assertEquals(2, u.firstLine());
        assertEquals(5, u.lastLine());
        assertEquals("workflow-controller-6c9d7f8b4-mq2zt", u.origin());
        assertEquals("2026-09-19T16:31:11.340Z", u.envelopeTime().format());
        assertNull(d.cut());
        UnwrappedLine next = d.decode("\"9/19/2026, 4:31:11.350 PM\",aks-1,workflow-controller,workflow-controller-6c9d7f8b4-mq2zt,\""
                + RECORD.replace("\"", "\"\"") + "\",stderr", 6);
        assertEquals(RECORD, next.record());
        assertEquals(6, next.firstLine());
        assertEquals(6, next.lastLine());
        // A cell whose quote never closes: read as one row to the end of the file, and said to be cut there.
        assertNull(d.decode("\"9/19/2026, 4:31:11.360 PM\",aks-1,workflow-controller,workflow-controller-6c9d7f8b4-mq2zt,\"time=2026", 7));
        assertNull(d.decode("more", 8));
        UnwrappedLine open = d.flush();
        assertEquals(7, open.firstLine());
        assertEquals(8, open.lastLine());
        assertTrue(d.cut().startsWith("expected the quoted cell of the CSV row at line 7 to close, found the end of the file"), d.cut());
        // A chunk of a large export that starts inside such a cell: its tail closes no quote it opened, and the rows after it are rows.
        EnvelopeDecoder chunk = EnvelopeDecoder.continuing("TimeGenerated [UTC],Computer,ContainerName,PodName,LogMessage,LogSource");
        assertEquals(1, chunk.decode("main.go:17 +0x1d\",stderr", 1).lastLine());
        assertEquals(RECORD, chunk.decode("\"9/19/2026, 4:31:11.350 PM\",aks-1,workflow-controller,workflow-controller-6c9d7f8b4-mq2zt,\""
                + RECORD.replace("\"", "\"\"") + "\",stderr", 2).record());
        // Quoted twice, a quote inside an unquoted cell, a doubled quote at a line's end: whole rows, nothing held.
        assertTrue(!EnvelopeDecoder.quoteOpens("\"\"\"2025-03-02T10:11:12Z\"\"\",\"\"\"info\"\"\"", false));
        assertTrue(!EnvelopeDecoder.quoteOpens("a,b\"c,d", false));
        assertTrue(EnvelopeDecoder.quoteOpens("a,\"b,\"\"", false));
        assertTrue(!EnvelopeDecoder.quoteOpens("tail\"\" of it\",stderr", true));
        // Negative control: outside a CSV export, a line with an odd number of quotes is its own line.
        EnvelopeDecoder plain = new EnvelopeDecoder();
        UnwrappedLine odd = plain.decode("time=\"2026-09-19T16:31:11.350Z\" level=info msg=\"unbalanced", 1);
        assertEquals(1, odd.lastLine());
    }

    /** Splunk's "Export as JSON": one {"preview":…,"offset":…,"result":{…}} per line, the event's line in _raw, its time in _time. */
    @Test
    void aSplunkJsonExportRowIsItsResult() {
        UnwrappedLine u = one("{\"preview\":false,\"offset\":3,\"result\":{\"_raw\":\"" + RECORD.replace("\"", "\\\"") + "\","
                + "\"_time\":\"2025-03-02T10:11:12.123+00:00\",\"host\":\"ip-10-0-1-23\",\"pod\":\"workflow-controller-7d9f8b6c5d-x2k4q\","
                + "\"container_name\":\"workflow-controller\",\"sourcetype\":\"kube:container:workflow-controller\"}}");
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.LOG_STORE_JSON, u.envelope());
        assertEquals("2025-03-02T10:11:12.123Z", u.envelopeTime().format());
        assertEquals("workflow-controller-7d9f8b6c5d-x2k4q", u.origin());
        assertEquals("workflow-controller", u.container());
        // Without "preview", a "result" member is any object's: not unwrapped.
        UnwrappedLine other = one("{\"result\":{\"_raw\":\"" + RECORD.replace("\"", "\\\"") + "\"}}");
        assertTrue(other == null || other.envelope() != EnvelopeKind.LOG_STORE_JSON, String.valueOf(other));
    }

    /** Datadog's CSV export of a JSON log: Message holds msg alone, Status the level, the facets one added are @-columns. */
    @Test
    void aDatadogCsvRowIsRebuiltWithItsFacetColumnsAsKeys() {
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("Date,Host,Service,Status,Message,@podName,@delay,@pod.Finalizers", 1));
        UnwrappedLine u = d.decode("2026-09-19T16:31:11.257Z,ip-10-20-3-41,workflow-controller,info,queuing pod delay,status-capture-repro,"
                + "-84257168224,", 2);
        assertEquals(EnvelopeKind.CSV_COLUMNS, u.envelope());
        assertEquals("time=2026-09-19T16:31:11.257Z level=INFO msg=\"queuing pod delay\" podName=status-capture-repro delay=-84257168224",
                u.record(), "an empty facet cell adds no key");
        UnwrappedLine f = d.decode("2026-09-19T16:31:11.257Z,ip-10-20-3-41,workflow-controller,info,Removing finalizers during a delete,,,"
                + "\"[workflows.argoproj.io/status a/b c]\"", 3);
        assertEquals("time=2026-09-19T16:31:11.257Z level=INFO msg=\"Removing finalizers during a delete\" "
                + "pod.Finalizers=\"[workflows.argoproj.io/status a/b c]\"", f.record(), "a value with a space quoted as slog quotes it");
        // A whole line in Message is read as it is: the facet columns add nothing to it.
        UnwrappedLine whole = d.decode("2026-09-19T16:31:11.350Z,ip-10-20-3-41,workflow-controller,error,\"" + RECORD.replace("\"", "\"\"")
                + "\",x,1,", 4);
        assertEquals(RECORD, whole.record());
    }

    /**
     * EKS with AWS Container Insights: fluent-bit ships {"log":…,"kubernetes":{…}} (a JSON line's record parsed under log_processed,
     * Keep_Log Off), and CloudWatch Logs Insights' @message, or an S3 export line, holds that JSON.
     */
    @Test
    void aCollectorsJsonInsideAnExportsFieldGivesTheRecordItCarries() {
        String fluentBit = "{\"log\":\"" + RECORD.replace("\"", "\\\"") + "\\n\",\"stream\":\"stderr\",\"time\":\"2025-03-02T10:11:12.120543117Z\","
                + "\"kubernetes\":{\"pod_name\":\"workflow-controller-7d9f8b6c5d-x2k4q\",\"container_name\":\"workflow-controller\"}}";
        EnvelopeDecoder d = new EnvelopeDecoder();
        assertNull(d.decode("@timestamp,@message", 1));
        UnwrappedLine u = d.decode("2025-03-02 10:11:12.120,\"" + fluentBit.replace("\"", "\"\"") + "\"", 2);
        assertEquals(RECORD, u.record());
        assertEquals(EnvelopeKind.CLOUDWATCH_INSIGHTS, u.envelope());
        assertEquals("2025-03-02T10:11:12.120543117Z", u.envelopeTime().format(), "fluent-bit's time, nearer the source");
        assertEquals("workflow-controller-7d9f8b6c5d-x2k4q", u.origin());
        assertEquals("workflow-controller", u.container());
        String json = "{\"time\":\"2025-03-02T10:11:12.120543117Z\",\"level\":\"INFO\",\"msg\":\"cleaning up pod\"}";
        UnwrappedLine processed = d.decode("2025-03-02 10:11:12.120,\"" + ("{\"log_processed\":" + json + ",\"stream\":\"stderr\"}").replace("\"", "\"\"")
                + "\"", 3);
        assertEquals(json, processed.record());
        // The S3 export of the log group: the event's time, then the message.
        UnwrappedLine s3 = one("2025-03-02T10:11:12.120Z " + fluentBit);
        assertEquals(RECORD, s3.record());
        assertEquals("workflow-controller-7d9f8b6c5d-x2k4q", s3.origin());
        // A controller's own JSON record behind kubectl --timestamps stays that record.
        UnwrappedLine own = one("2025-03-02T10:11:12.120543117Z " + json);
        assertEquals(json, own.record());
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, own.envelope());
    }

    /**
     * CloudWatch Logs Insights' JSON download: an array of {"@timestamp","@message","@logStream"} objects, each read back into a
     * line. Its @logStream, named by fluent-bit after the node's container log file, names the replica and container as the CSV
     * download's column does; a stream of any other name names nothing, and a field that names the Pod wins over the stream.
     */
    @Test
    void anInsightsJsonEntryNamesItsPodAndContainerByItsLogStream() {
        String stream = "ip-10-0-1-23.ec2.internal-application.var.log.containers.workflow-controller-7d9f8b6c5d-x2k4q_argo_"
                + "workflow-controller-" + "0123456789abcdef".repeat(4) + ".log";
        String entry = "{\"@timestamp\":\"2025-03-02 10:11:12.123\",\"@message\":\"" + RECORD.replace("\"", "\\\"")
                + "\",\"@logStream\":\"" + stream + "\"}";
        UnwrappedLine u = one(entry);
        assertEquals(RECORD, u.record());
        assertEquals("workflow-controller-7d9f8b6c5d-x2k4q", u.origin());
        assertEquals("workflow-controller", u.container());
        UnwrappedLine wait = one(entry.replace("workflow-controller-7d9f8b6c5d-x2k4q_argo_workflow-controller-", "etl-x-1_etl_wait-"));
        assertEquals("etl-x-1", wait.origin());
        assertEquals("wait", wait.container());
        UnwrappedLine other = one(entry.replace(stream, "workflow-controller/argo/1f2e3d"));
        assertNull(other.origin(), "a stream not named after a container log file names no replica");
        assertNull(other.container());
        UnwrappedLine both = one(entry.replace("{", "{\"kubernetes\":{\"pod_name\":\"workflow-controller-7d9f8b6c5d-zz9yy\"},"));
        assertEquals("workflow-controller-7d9f8b6c5d-zz9yy", both.origin(), "the collector's own Pod field first");
        assertEquals("workflow-controller", both.container(), "the stream still names the container where no field does");
    }

    @Test
    void onlyAStillQuotedCellLosesASecondLayer() {
        assertEquals("ip-10-0-1-23", CsvExport.unquoted("\"ip-10-0-1-23\""));
        assertEquals("msg=\"x\"", CsvExport.unquoted("\"msg=\"\"x\"\"\""));
        assertEquals("msg=\"x\"", CsvExport.unquoted("msg=\"x\""), "one layer read already: left as it is");
    }

    @Test
    void kibanasDateFormatIsRead() {
        assertEquals("2025-03-02T10:11:12.123Z", CsvExport.time("Mar 2, 2025 @ 10:11:12.123").format());
        assertNull(CsvExport.time("Mar 2 @ noon"));
    }

    @Test
    void otherContainersByNameAndByMessage() {
        UnwrappedLine wait = one("[pod/etl-x-1/wait] " + RECORD);
        assertEquals("wait", OtherContainers.of(wait, "cleaning up pod"));
        UnwrappedLine controller = one("[pod/argo-workflows-workflow-controller-6b7c9-abcde/controller] " + RECORD);
        assertNull(OtherContainers.of(controller, "Main container completed"), "the controller's container named: its word is taken");
        UnwrappedLine bare = one(RECORD);
        assertEquals(OtherContainers.EXECUTOR, OtherContainers.of(bare, "Main container completed"));
        // seen in upstream wait-container pastes (#15471, #13627): the executor's start and its script output
        assertEquals(OtherContainers.EXECUTOR, OtherContainers.of(bare, "Using executor retry strategy"));
        assertEquals(OtherContainers.EXECUTOR, OtherContainers.of(bare, "No Script output reference in workflow. Capturing script output ignored"));
        assertEquals(OtherContainers.EXECUTOR, OtherContainers.of(bare, "stopping progress monitor (context done)"));
        assertNull(OtherContainers.of(bare, "Non-transient error"), "util/errors logs it for the controller too");
        assertNull(OtherContainers.of(bare, "Alloc=6215 TotalAlloc=27810 Sys=32853 NumGC=12 Goroutines=123"), "the controller prints it too");
        assertNull(OtherContainers.of(bare, "cleaning up pod"));
    }

    @Test
    void containerPaths() {
        assertEquals("wait", ContainerPath.of("node/var/log/pods/etl_etl-x-1_5b0c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f/wait/0.log"));
        assertEquals("main", ContainerPath.of("/var/log/containers/etl-x-1_etl_main-" + "0123456789abcdef".repeat(4) + ".log"));
        assertNull(ContainerPath.of("logs/workflow-controller.log"));
        // The kubelet's folder copied without its pods/ parent (scp -r node:/var/log/pods/argo_* logs/): named by its UID part.
        assertEquals("workflow-controller", ContainerPath.of("logs/argo_workflow-controller-7d9c5b6f4-m8zbn_9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"
                + "/workflow-controller/0.log.20261201-100600.gz"));
        assertNull(ContainerPath.of("logs/team_a_b/workflow-controller/0.log"), "three parts without a UID are any folder's name");
    }

    /**
     * Kibana's or OpenSearch Dashboards' Discover rows copied as text: the document's time in Discover's default format ({@code Oct 7,
     * 2026 @ 08:14:02.118}, the browser's zone: read as UTC, assumed), then the line. Behind it a JSON record without its own time is
     * dated by it, as behind any other collector's time; before session 34 it was an unparsed line ("missing time").
     */
    @Test
    void kibanasDiscoverTimeBeforeARecordWithoutItsOwnDatesIt() {
        String json = "{\"level\":\"info\",\"msg\":\"Processing workflow\",\"namespace\":\"batch\",\"workflow\":\"nightly-sync-q7w2x\"}";
        for (String gap : java.util.List.of("\t", " ")) {
            UnwrappedLine u = one("Oct 7, 2026 @ 08:14:02.118" + gap + json);
            assertEquals(EnvelopeKind.TIMELESS_JSON, u.envelope(), gap);
            assertEquals(json, u.record());
            assertEquals("2026-10-07T08:14:02.118Z", u.envelopeTime().instant().toString());
            assertEquals(dev.argoforensics.time.ZoneBasis.ASSUMED_UTC, u.envelopeTime().zone(), "the browser's zone, which nothing states");
        }
        // Not a time: a month name and numbers without Discover's " @ ", or an impossible date, date nothing.
        assertEquals(EnvelopeKind.NONE, one(json).envelope());
        assertNotEquals(EnvelopeKind.TIMELESS_JSON, one("Oct 7, 2026 08:14:02.118 " + json).envelope());
        assertNotEquals(EnvelopeKind.TIMELESS_JSON, one("Oct 32, 2026 @ 08:14:02.118 " + json).envelope());
    }

    /**
     * A JSON record without a time of its own behind a collector's time (fluent-bit's JSON parser with {@code Time_Key time} moves the
     * record's time into its own and drops the key): the collector's time is the record's, and the envelope says so.
     */
    @Test
    void aJsonRecordWithoutItsTimeTakesTheCollectorsTimeBeforeIt() {
        String json = "{\"action\":\"removeFinalizer\",\"level\":\"info\",\"msg\":\"queuing poddelay-3m30.384117034s\",\"namespace\":\"geo\","
                + "\"podGC\":{},\"podName\":\"tile-render-m9q2d-render-1309992446\"}";
        UnwrappedLine stamped = one("2026-11-20T09:07:10.254Z " + json);
        assertEquals(EnvelopeKind.TIMELESS_JSON, stamped.envelope());
        assertEquals(json, stamped.record(), "the record as written, no time put into it");
        assertEquals("2026-11-20T09:07:10.254Z", stamped.envelopeTime().instant().toString());
        UnwrappedLine grafana = one("2026-11-20 09:07:10.254\t" + json);
        assertEquals(EnvelopeKind.TIMELESS_JSON, grafana.envelope());
        // Its own time kept: the collector's is only the collector's. No collector's time: nothing to date it by.
        String timed = json.replace("{\"action\"", "{\"time\":\"2026-11-20T09:07:10.250Z\",\"action\"");
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, one("2026-11-20T09:07:10.254Z " + timed).envelope());
        assertEquals(EnvelopeKind.NONE, one(json).envelope());
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, one("2026-11-20T09:07:10.254Z {\"status\":\"ok\"}").envelope(), "no record: no level, no msg");
    }

    /** k9s' log view copied from a terminal: the line between its box-drawing bars, read as the line itself. */
    @Test
    void aK9sLogViewsBarsAndPaddingAreTakenOff() {
        String record = "time=\"2026-11-20T09:07:10.259Z\" level=info msg=\"cleaning up pod\" action=removeFinalizer key=geo/wf-1-step-12/removeFinalizer";
        UnwrappedLine u = one("\u2502 " + record + "          \u2502");
        assertEquals(EnvelopeKind.K9S_VIEW, u.envelope());
        assertEquals(record, u.record());
        assertEquals(record, one("\u2502 " + record + " \u2502   ").record(), "spaces after the closing bar too");
        assertEquals(EnvelopeKind.PREFIX, one("\u2502 " + record).envelope(), "one bar alone: an unrecognised prefix, as before");
        assertEquals(false, u.cut(), "padding before the closing bar: the line ended inside the view");
    }

    /**
     * Session 41 (argoproj/argo-workflows#14344's shape): k9s cuts a line at its view's width, so a line that runs to the closing
     * bar may stop inside its last value; the first line of a copy may lack the opening bar (the selection began after it); and a
     * view of a Deployment's logs names each line's Pod before it. Before, {@code workflow=nigh │} gave a Workflow "nigh", a
     * padded line with the closing bar alone was unparsed, and the Pod was an unrecognised prefix.
     */
    @Test
    void aK9sViewLineThatRunsToTheBarMayBeCutAndItsPodIsNamed() {
        String whole = "time=\"2026-03-11T14:02:10.121Z\" level=info msg=\"node etl-k2m9p-3120588431 message: pod deleted\" namespace=batch";
        UnwrappedLine edge = one("\u2502 workflow-controller-6b8f7c9d44-zq7rt " + whole + " workflow=etl-k \u2502");
        assertEquals(EnvelopeKind.K9S_VIEW, edge.envelope());
        assertEquals(whole + " workflow=etl-k", edge.record());
        assertTrue(edge.cut(), "the text reaches the bar: k9s may have cut it there");
        assertEquals("workflow-controller-6b8f7c9d44-zq7rt", edge.origin(), "the Pod k9s puts before the line names the replica");
        UnwrappedLine padded = one("\u2502 workflow-controller-6b8f7c9d44-zq7rt " + whole + " workflow=etl-k2m9p          \u2502");
        assertEquals(false, padded.cut(), "padding before the bar: the line ended inside the view");
        assertEquals("workflow-controller-6b8f7c9d44-zq7rt", padded.origin());
        UnwrappedLine timed = one("\u2502 2026-03-11T14:02:10.121412345Z workflow-controller-6b8f7c9d44-zq7rt " + whole + "     \u2502");
        assertEquals("workflow-controller-6b8f7c9d44-zq7rt", timed.origin(), "with the time k9s shows when asked");
        assertEquals("2026-03-11T14:02:10.121412345Z", timed.envelopeTime().instant().toString());
        UnwrappedLine firstOfCopy = one(whole + " workflow=etl-k2m9p          \u2502");
        assertEquals(EnvelopeKind.K9S_VIEW, firstOfCopy.envelope(), "the closing bar alone after a record: the view's");
        assertEquals(whole + " workflow=etl-k2m9p", firstOfCopy.record());
        assertEquals(false, firstOfCopy.cut());
        assertTrue(one(whole + " workflow=etl-k \u2502").cut(), "the closing bar alone, the text reaching it");
        // controls: no record before the bar, a table of bars, a bar inside the line, no space before the bar
        assertNotEquals(EnvelopeKind.K9S_VIEW, one("Pods on the node          \u2502").envelope());
        assertNotEquals(EnvelopeKind.K9S_VIEW, one(whole + " \u2502 workflow=etl-k2m9p \u2502").envelope());
        assertNotEquals(EnvelopeKind.K9S_VIEW, one(whole + " workflow=etl-k2m9p\u2502").envelope());
        assertNull(one("\u2502 [main] " + whole + "     \u2502").origin(), "a prefix that is no Pod names none");
    }

    /**
     * Session 43: log lines each wrapped in a Markdown code span (an issue writer who did not fence the log, as
     * argoproj/argo-workflows#13237 wraps its kubectl output): the backticks taken off, the line read as written. A sentence's
     * code span, a span that ends before the line does, and a fence are not taken for one.
     */
    @Test
    void aLogLineInACodeSpan() {
        UnwrappedLine u = one("`" + RECORD + "`");
        assertEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, u.envelope());
        assertEquals(RECORD, u.record());
        assertEquals(RECORD, one("`` " + RECORD + " ``  ").record(), "two backticks, a space inside each side (taken off, as Markdown does)");
        String stamped = "2025-03-02T10:11:12.120345678Z " + RECORD;
        UnwrappedLine timed = one("`" + stamped + "`");
        assertEquals(EnvelopeKind.KUBECTL_TIMESTAMPS, timed.envelope(), "the span's text is read as any line is: kubectl's time before the record");
        assertEquals(RECORD, timed.record());
        assertEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("`16:31:11.257 queuing pod delay ... action=removeFinalizer`").envelope());
        assertEquals("16:31:11.257 queuing pod delay ... action=removeFinalizer",
                one("`16:31:11.257 queuing pod delay ... action=removeFinalizer`").record());
        // Look-alikes: a sentence's code span, a span closed before the line's end, a fence, text that is no record.
        assertNotEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("`pod deleted`").envelope());
        assertNotEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("`" + RECORD + "` is what we saw").envelope());
        assertNotEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("`time=\"2025-03-02T10:11:12Z\" level=info msg=\"a\"` and `b`").envelope());
        assertNotEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("```" + RECORD + "```").envelope());
        assertNotEquals(EnvelopeKind.MARKDOWN_CODE_SPAN, one("`ARGO_POD_STATUS_CAPTURE_FINALIZER=true`").envelope());
    }
}
