package dev.argoforensics.judgment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Session 36: the API server's audit log ({@code audit.k8s.io/v1} {@code Event}s, one JSON object per line, as
 * {@code --audit-log-path} writes them) of the requests made on Pods and Workflows in some namespaces. The policy it stands
 * for: level {@code Metadata} for {@code pods} (the resource alone: not {@code pods/status}, which the kubelet, the scheduler
 * and PodGC's failure patch write, nor {@code pods/log}) and {@code argoproj.io} {@code workflows}, the writes only
 * ({@code create}, {@code update}, {@code patch}, {@code delete}), in the namespaces given; {@code omitStages:
 * [RequestReceived]}, so each request is one {@code ResponseComplete} record. Fields are the audit reference's only: {@code
 * kind}, {@code apiVersion}, {@code level}, {@code auditID}, {@code stage}, {@code requestURI}, {@code verb}, {@code user}
 * ({@code username}, {@code groups}), {@code sourceIPs}, {@code userAgent}, {@code objectRef} ({@code resource}, {@code
 * namespace}, {@code name}, {@code uid} where the request's object carries one, {@code apiGroup}, {@code apiVersion}),
 * {@code responseStatus} ({@code code}, and {@code status}, {@code reason} for a refusal), {@code requestReceivedTimestamp},
 * {@code stageTimestamp} (MicroTime), {@code annotations} (the authorizer's decision).
 *
 * <p>{@code objectRef.uid}: the API server takes it from the request's object, so an {@code update} (the whole object) carries
 * it and a {@code create}, {@code patch} or {@code delete} does not (inferred from the API server's audit code, as the
 * analyzer's {@code AuditRecord} says). The records draw nothing from any random stream (the audit IDs are name-based
 * UUIDs of the seed and a counter, the latencies a function of the counter), so the model's draws are what they were.
 */
final class AuditLog {
    /** Who makes a request, as the API server authenticates it. */
    record Who(String username, List<String> groups, String userAgent, String sourceIp) {
    }

    private record Entry(long stageAt, long seq, String json) {
    }

    private final Set<String> namespaces;
    private final long seed;
    private final String salt;
    private final int minor;
    private final List<Entry> entries = new ArrayList<>();
    private long seq;

    AuditLog(Set<String> namespaces, long seed, String salt, int minor) {
        this.namespaces = namespaces;
        this.seed = seed;
        this.salt = salt;
        this.minor = minor;
    }

    /** Whether the policy logs requests in {@code namespace}. */
    boolean covers(String namespace) {
        return namespaces.contains(namespace);
    }

    static final String CONTROLLER_SA = "system:serviceaccount:argo:argo-workflow-controller";

    /**
     * The identity behind one of the model's actors: the Workflow controller (its name, {@code wfc-…}, and its TTL worker),
     * a user with kubectl, the CI pipeline that submits, the kubelet of a node, the garbage collector, PodGC, the Argo server.
     */
    Who who(String actor, String node) {
        String kube = "v1." + minor + ".4";
        if (actor == null || actor.startsWith("wfc-") || actor.equals("controller")) {
            return new Who(CONTROLLER_SA, List.of("system:serviceaccounts", "system:serviceaccounts:argo", "system:authenticated"),
                    "workflow-controller/v0.0.0 (linux/amd64) kubernetes/$Format/argo-controller", "10.40.0.12");
        }
        return switch (actor) {
            case "user", "user-force" -> new Who("jane.doe@example.com", List.of("platform-oncall", "system:authenticated"),
                    "kubectl/" + kube + " (linux/amd64) kubernetes/0c9f3ef", "192.168.14.23");
            case "submitter" -> new Who("system:serviceaccount:ci:pipeline-runner",
                    List.of("system:serviceaccounts", "system:serviceaccounts:ci", "system:authenticated"), "argo/v3.6.10", "10.40.3.7");
            case "kubelet" -> new Who("system:node:" + node, List.of("system:nodes", "system:authenticated"),
                    "kubelet/" + kube + " (linux/amd64) kubernetes/0c9f3ef", "10.40.1." + (10 + Math.floorMod(node == null ? 0 : node.hashCode(), 200)));
            case "garbage-collector" -> new Who("system:serviceaccount:kube-system:generic-garbage-collector",
                    List.of("system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"),
                    "kube-controller-manager/" + kube + " (linux/amd64) kubernetes/0c9f3ef/system:serviceaccount:kube-system:generic-garbage-collector",
                    "10.40.0.2");
            case "pod-gc" -> new Who("system:serviceaccount:kube-system:pod-garbage-collector",
                    List.of("system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"),
                    "kube-controller-manager/" + kube + " (linux/amd64) kubernetes/0c9f3ef/system:serviceaccount:kube-system:pod-garbage-collector",
                    "10.40.0.2");
            case "argo-server" -> new Who("system:serviceaccount:argo:argo-server",
                    List.of("system:serviceaccounts", "system:serviceaccounts:argo", "system:authenticated"), "argo-server/v3.6.10", "10.40.0.31");
            default -> new Who("system:serviceaccount:kube-system:" + actor,
                    List.of("system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"),
                    "kube-controller-manager/" + kube + " (linux/amd64) kubernetes/0c9f3ef/system:serviceaccount:kube-system:" + actor,
                    "10.40.0.2");
        };
    }

    /**
     * One request: {@code resource} {@code pods} or {@code workflows}; {@code name} the object's ({@code create}: the name
     * requested, on the collection's URI); {@code uid} only where the request's object carries one ({@code update}), else
     * null; {@code code} the HTTP status.
     */
    void request(long at, String verb, String resource, String namespace, String name, String uid, Who who, int code) {
        if (!covers(namespace)) {
            return;
        }
        long n = seq++;
        // The model changes the object at {@code at}: the API server's commit. The request was received 2-40 ms before (admission,
        // the webhooks, etcd) and the response written 50-400 us after it, both functions of the counter (no random draw). A later
        // request that the change caused (the controller's Pod create on its Workflow's ADDED event) is received after this
        // response's stageTimestamp, as on a cluster.
        long latency = 2_000_000L + Math.floorMod(n * 7_919_137L + seed * 104_729L, 38_000_000L);
        long response = 50_000L + Math.floorMod(n * 104_723L + seed * 7_919L, 350_000L);
        boolean workflows = "workflows".equals(resource);
        String base = workflows ? "/apis/argoproj.io/v1alpha1/namespaces/" + namespace + "/workflows"
                : "/api/v1/namespaces/" + namespace + "/pods";
        String uri = "create".equals(verb) ? base : base + "/" + name;
        StringBuilder b = new StringBuilder(720);
        b.append("{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"Metadata\",\"auditID\":\"")
                .append(UUID.nameUUIDFromBytes((seed + "/" + salt + "/" + n).getBytes(StandardCharsets.UTF_8)))
                .append("\",\"stage\":\"ResponseComplete\",\"requestURI\":").append(Go.json(uri, false))
                .append(",\"verb\":\"").append(verb).append("\",\"user\":{\"username\":").append(Go.json(who.username(), false))
                .append(",\"groups\":[");
        for (int i = 0; i < who.groups().size(); i++) {
            b.append(i == 0 ? "" : ",").append(Go.json(who.groups().get(i), false));
        }
        b.append("]},\"sourceIPs\":[\"").append(who.sourceIp()).append("\"],\"userAgent\":").append(Go.json(who.userAgent(), false))
                .append(",\"objectRef\":{\"resource\":\"").append(resource).append("\",\"namespace\":").append(Go.json(namespace, false))
                .append(",\"name\":").append(Go.json(name, false));
        if (uid != null) {
            b.append(",\"uid\":\"").append(uid).append('"');
        }
        b.append(workflows ? ",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"}" : ",\"apiVersion\":\"v1\"}");
        b.append(",\"responseStatus\":{\"metadata\":{},");
        switch (code) {
            case 404 -> b.append("\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404}");
            case 409 -> b.append("\"status\":\"Failure\",\"reason\":\"Conflict\",\"code\":409}");
            case 504 -> b.append("\"status\":\"Failure\",\"reason\":\"Timeout\",\"code\":504}");
            default -> b.append("\"code\":").append(code).append('}');
        }
        b.append(",\"requestReceivedTimestamp\":\"").append(micro(at - latency)).append("\",\"stageTimestamp\":\"").append(micro(at + response))
                .append("\",\"annotations\":{\"authorization.k8s.io/decision\":\"allow\",\"authorization.k8s.io/reason\":\"\"")
                .append("}}");
        entries.add(new Entry(at + response, n, b.toString()));
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** How many records it holds. */
    int size() {
        return entries.size();
    }

    /** The records in the order the API server completed them. */
    void write(Path file) throws IOException {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingLong(Entry::stageAt).thenComparingLong(Entry::seq));
        StringBuilder out = new StringBuilder(sorted.size() * 720);
        for (Entry e : sorted) {
            out.append(e.json()).append('\n');
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    /** A MicroTime: six digits of the second, always. */
    static String micro(long nanos) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(nanos, Go.SECOND), (int) Math.floorMod(nanos, Go.SECOND), ZoneOffset.UTC);
        return String.format(java.util.Locale.ROOT, "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond(), t.getNano() / 1000);
    }
}
