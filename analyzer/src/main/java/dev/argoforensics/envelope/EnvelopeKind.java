package dev.argoforensics.envelope;

/** The wrapper a log collector or export put around the controller's own line. */
public enum EnvelopeKind {
    /** The controller's line as it wrote it. */
    NONE("raw"),
    /** {@code kubectl logs --timestamps}: an RFC 3339 nanosecond time and a space. */
    KUBECTL_TIMESTAMPS("kubectl --timestamps"),
    /** A CRI container log file on a node: {@code <time> <stream> <P|F> <line>}; P pieces are joined. */
    CRI("CRI log file"),
    /** Older CRI-O files: {@code <time> <stream> <line>} without the P/F tag. */
    CRI_UNTAGGED("CRI log file without P/F tags"),
    /** Docker's json-file driver: {@code {"log":"…\n","stream":"stderr","time":"…"}}; pieces without \n are joined. */
    DOCKER_JSON("docker json-file"),
    /**
     * Docker json-file lines each pasted only up to the end of the record its {@code log} string carries (the {@code \n}, the
     * stream and the time left off, and maybe the opening brace), every such line of the file alike ({@link JsonFileEnds}).
     */
    DOCKER_JSON_LOG_ONLY("docker json-file's log strings, each left off where its record ends (no stream, no time)"),
    /** A log store's JSON export: the line in {@code log}, {@code message}, {@code textPayload}, {@code @message}, … */
    LOG_STORE_JSON("log-store JSON export"),
    /** A CSV export with a header naming the column that holds the line. */
    CSV_EXPORT("CSV export"),
    /** A CSV export whose message column holds only the message: the record is built from the time, level and message columns. */
    CSV_COLUMNS("CSV export, rebuilt from its columns"),
    /** A Kibana / OpenSearch Discover CSV export: {@code "@timestamp","kubernetes.pod_name",…,"message"}. */
    DISCOVER_CSV("Kibana/OpenSearch Discover CSV"),
    /** A Kibana / OpenSearch Discover (or Elasticsearch search) hit: the log-store object in {@code _source}. */
    DISCOVER_JSON("Kibana/OpenSearch Discover JSON"),
    /** CloudWatch Logs Insights results: CSV or the Markdown table copy, {@code @timestamp} and {@code @message}. */
    CLOUDWATCH_INSIGHTS("CloudWatch Logs Insights"),
    /** A Cloud Logging (Logs Explorer) text copy: {@code <SEVERITY> <RFC 3339> [<summary field>: <value>] <line>}. */
    CLOUD_LOGGING_TEXT("Cloud Logging text copy"),
    /** Loki's {@code logcli query}: {@code <RFC 3339> {<labels>} <line>}. */
    LOKI_LOGCLI("Loki logcli"),
    /**
     * A Loki query response ({@code /loki/api/v1/query_range} or {@code query}, pretty-printed): each of a stream's values,
     * {@code ["<unix ns>", "<line>"]}, a line at that time, the stream's labels naming its replica.
     */
    LOKI_RESPONSE("Loki query response"),
    /** A Grafana Explore copy or text download: {@code yyyy-MM-dd HH:mm:ss.SSS<tab><line>}. */
    GRAFANA_EXPLORE("Grafana Explore copy"),
    /** {@code kubectl logs --prefix} (also with {@code --all-containers}): {@code [pod/<pod>/<container>] }. */
    KUBECTL_PREFIX("kubectl --prefix"),
    /** stern / kubetail: {@code <pod> <container> } before the line. */
    STERN("stern/kubetail prefix"),
    /** Some other prefix (columns of an export, a timestamp, a host tag) before a recognisable record. */
    PREFIX("unrecognised prefix"),
    /**
     * docker compose or a Procfile runner (goreman, as Argo's {@code make start} runs the controller and the server):
     * {@code <service> | } before the line; the service is the container.
     */
    COMPOSE("docker compose/goreman prefix"),
    /**
     * A line pasted through a word processor or a wiki (a postmortem in Google Docs, Word, Confluence's text): its quotes made
     * typographic ({@code time=“…”}) or its spaces non-breaking; straightened back before the record is read.
     */
    TYPOGRAPHIC("a copy with typographic quotes or non-breaking spaces, straightened"),
    /**
     * A Datadog log event (Logs API v2 {@code {"type":"log","attributes":{…}}}, v1 {@code {"content":{…}}}, one per line or in an API
     * response): the controller's line in {@code message}, or its JSON record parsed into {@code attributes}.
     */
    DATADOG("Datadog log event"),
    /** A Datadog log event holding the message alone: the record is built from its timestamp, level, message and attributes. */
    DATADOG_FIELDS("Datadog log event, rebuilt from its fields"),
    /**
     * A Markdown quote: {@code > } before the line (nested {@code > > } too), as an issue comment replying to another quotes its
     * lines. The markers are taken off and the line read as it would be unquoted: a record, a blank line, excerpt furniture.
     */
    MARKDOWN_QUOTE("Markdown quote (> )"),
    /**
     * A JSON record without a {@code time} of its own behind a collector's time ({@code <RFC 3339> {"level":…,"msg":…}}): a pipeline
     * that moved the record's time into its own (fluent-bit's JSON parser with {@code Time_Key time} drops the key unless
     * {@code Time_Keep On}). The collector's time is the record's; it is when the line was collected, not when it was written.
     */
    TIMELESS_JSON("a collector's time column (the record has no time of its own: that time taken as the record's)"),
    /** {@code argo logs WF} (also {@code -c wait}, {@code --timestamps}): {@code <pod>: } before each line, the Pod it came from. */
    ARGO_LOGS("argo logs prefix (<pod>: )"),
    /**
     * A Markdown code span around the line ({@code `time="…" level=info msg="…"`}, or with two backticks): an issue writer who did
     * not fence a log keeps GitHub from reading its characters as Markdown this way, a line each. The backticks are taken off and
     * the line read as written (session 43).
     */
    MARKDOWN_CODE_SPAN("Markdown code span (`…`)"),
    /** k9s' log view copied from the terminal: each line between box-drawing bars, {@code │ <line>   │}, padded to the view's width. */
    K9S_VIEW("k9s log view (│ … │)"),
    /**
     * A console copy that puts each line's time on a line of its own, the controller's line under it (a log viewer's rows copied
     * as text, as argoproj/argo-workflows issues paste them): the time line counts as a continuation of the record under it.
     */
    TIME_ABOVE("a time on the line above (each line's time on a line of its own)"),
    /**
     * A row of a log console's table copied without its header, its cells split at tabs (Grafana Explore's table view of a Loki
     * query: time, labels, line, {@code tsNs}, id; a console export's {@code <epoch ms><tab><RFC 3339><tab><line>}).
     */
    GRAFANA_TABLE("log table row without its header (cells split at tabs)"),
    /**
     * A log console's CSV rows without their header line (argoproj/argo-workflows#13581-like): {@code <time>,<line>} or
     * {@code <time>,<host>,<line>}, the line quoted per RFC 4180 (its quotes doubled); told by shape, row by row.
     */
    CSV_HEADERLESS("CSV rows without a header (time, [host,] line[, name])"),
    /**
     * A log console's CSV export whose rows hold a time and the message text alone, no level column (argoproj/argo-workflows#13581:
     * {@code "Date","Host","Service","Content"}): the record is built from the time and the message (and its keys, if the cell
     * holds any) with no level; a row is the controller's only where the catalog knows its message (session 56).
     */
    CSV_MESSAGES("CSV export of message texts without a level, rebuilt from its columns (level unknown)");

    /** True for a line read as it would be without its wrapper: as the controller wrote it, or only quoted in Markdown. */
    public boolean bare() {
        return this == NONE || this == MARKDOWN_QUOTE || this == K9S_VIEW || this == MARKDOWN_CODE_SPAN;
    }

    private final String label;

    EnvelopeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** True for a record an export's columns or fields were made into: its form is the analyzer's, no sign of the release. */
    public boolean rebuilt() {
        return this == CSV_COLUMNS || this == DATADOG_FIELDS || this == CSV_MESSAGES;
    }

    /**
     * True for a record rebuilt where the export states no level ({@link #CSV_MESSAGES}): the level word of its rebuilt text is the
     * rebuilder's placeholder, which the reader drops (the record's level is unknown, never read from the placeholder), and only a
     * message the controller's catalog knows makes the row a record.
     */
    public boolean levelUnstated() {
        return this == CSV_MESSAGES;
    }
}
