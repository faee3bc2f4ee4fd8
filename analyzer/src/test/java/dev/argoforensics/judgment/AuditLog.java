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
    /**
     * Session 50 ({@link ScenariosAuditResponses}): the policy logs deletes at level {@code RequestResponse} (the DeleteOptions sent,
     * the object or Status returned) and every other write at {@code Metadata}, with no {@code omitStages}: each request is a
     * {@code RequestReceived} record and a {@code ResponseComplete} one, unless the backend dropped the latter ({@link #dropResponse}).
     */
    private final boolean deleteBodies;
    private final List<Req> reqs = new ArrayList<>();
    private final List<String> dropNext = new ArrayList<>();

    /** One request of a {@link #deleteBodies} log, its bodies filled in once the model has acted on it. */
    static final class Req {
        final long at;
        final long n;
        final String verb;
        final String resource;
        final String namespace;
        final String name;
        final String uid;
        final Who who;
        final int code;
        String requestObject;
        String responseObject;
        boolean dropped;

        Req(long at, long n, String verb, String resource, String namespace, String name, String uid, Who who, int code) {
            this.at = at;
            this.n = n;
            this.verb = verb;
            this.resource = resource;
            this.namespace = namespace;
            this.name = name;
            this.uid = uid;
            this.who = who;
            this.code = code;
        }
    }

    AuditLog(Set<String> namespaces, long seed, String salt, int minor) {
        this(namespaces, seed, salt, minor, false);
    }

    AuditLog(Set<String> namespaces, long seed, String salt, int minor, boolean deleteBodies) {
        this.namespaces = namespaces;
        this.seed = seed;
        this.salt = salt;
        this.minor = minor;
        this.deleteBodies = deleteBodies;
    }

    /**
     * The {@code ResponseComplete} record of the next {@code verb} of {@code resource} {@code namespace/name} by {@code actor}'s
     * identity is lost: the log backend in batch mode drops events when its buffer is full ({@code --audit-log-mode=batch}), so the
     * request's {@code RequestReceived} record is all the file holds of it and its outcome is unlogged. Only for a
     * {@link #deleteBodies} log (the other logs no {@code RequestReceived} stage).
     */
    void dropResponse(String verb, String resource, String namespace, String name, String actor) {
        dropNext.add(verb + " " + resource + " " + namespace + "/" + name + " " + who(actor, null).username());
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
            case "user-no-rbac" -> new Who("sam.lee@example.com", List.of("data-analysts", "system:authenticated"),
                    "kubectl/" + kube + " (darwin/arm64) kubernetes/0c9f3ef", "192.168.14.57");
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
    Req request(long at, String verb, String resource, String namespace, String name, String uid, Who who, int code) {
        if (!covers(namespace)) {
            return null;
        }
        long n = seq++;
        if (deleteBodies) {
            Req r = new Req(at, n, verb, resource, namespace, name, uid, who, code);
            r.dropped = dropNext.remove(verb + " " + resource + " " + namespace + "/" + name + " " + who.username());
            reqs.add(r);
            return r;
        }
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
        return null;
    }

    /** A {@link #deleteBodies} request's records: {@code RequestReceived}, and {@code ResponseComplete} unless dropped. */
    private void records(Req r) {
        long latency = 2_000_000L + Math.floorMod(r.n * 7_919_137L + seed * 104_729L, 38_000_000L);
        long response = 50_000L + Math.floorMod(r.n * 104_723L + seed * 7_919L, 350_000L);
        entries.add(new Entry(r.at - latency, r.n, json(r, false, r.at - latency, r.at + response)));
        if (!r.dropped) {
            entries.add(new Entry(r.at + response, r.n, json(r, true, r.at - latency, r.at + response)));
        }
    }

    private String json(Req r, boolean complete, long received, long completed) {
        boolean workflows = "workflows".equals(r.resource);
        boolean bodies = "delete".equals(r.verb);
        String base = workflows ? "/apis/argoproj.io/v1alpha1/namespaces/" + r.namespace + "/workflows"
                : "/api/v1/namespaces/" + r.namespace + "/pods";
        String uri = "create".equals(r.verb) ? base : base + "/" + r.name;
        StringBuilder b = new StringBuilder(bodies && complete ? 4000 : 720);
        b.append("{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"").append(bodies ? "RequestResponse" : "Metadata")
                .append("\",\"auditID\":\"").append(UUID.nameUUIDFromBytes((seed + "/" + salt + "/" + r.n).getBytes(StandardCharsets.UTF_8)))
                .append("\",\"stage\":\"").append(complete ? "ResponseComplete" : "RequestReceived").append("\",\"requestURI\":")
                .append(Go.json(uri, false)).append(",\"verb\":\"").append(r.verb).append("\",\"user\":{\"username\":")
                .append(Go.json(r.who.username(), false)).append(",\"groups\":[");
        for (int i = 0; i < r.who.groups().size(); i++) {
            b.append(i == 0 ? "" : ",").append(Go.json(r.who.groups().get(i), false));
        }
        b.append("]},\"sourceIPs\":[\"").append(r.who.sourceIp()).append("\"],\"userAgent\":").append(Go.json(r.who.userAgent(), false))
                .append(",\"objectRef\":{\"resource\":\"").append(r.resource).append("\",\"namespace\":").append(Go.json(r.namespace, false))
                .append(",\"name\":").append(Go.json(r.name, false));
        if (r.uid != null) {
            b.append(",\"uid\":\"").append(r.uid).append('"');
        }
        b.append(workflows ? ",\"apiGroup\":\"argoproj.io\",\"apiVersion\":\"v1alpha1\"}" : ",\"apiVersion\":\"v1\"}");
        if (!complete) {
            // Audited before authorization and the handler: no response, no bodies, no authorizer's annotations.
            String t = micro(received);
            b.append(",\"requestReceivedTimestamp\":\"").append(t).append("\",\"stageTimestamp\":\"").append(t).append("\"}");
            return b.toString();
        }
        String status = switch (r.code) {
            case 403 -> "\"status\":\"Failure\",\"message\":" + Go.json(forbidden(r), false) + ",\"reason\":\"Forbidden\",\"details\":{\"name\":"
                    + Go.json(r.name, false) + (workflows ? ",\"group\":\"argoproj.io\"" : "") + ",\"kind\":\"" + r.resource + "\"},\"code\":403";
            case 404 -> "\"status\":\"Failure\",\"message\":" + Go.json(r.resource + (workflows ? ".argoproj.io" : "") + " \"" + r.name
                    + "\" not found", false) + ",\"reason\":\"NotFound\",\"details\":{\"name\":" + Go.json(r.name, false)
                    + (workflows ? ",\"group\":\"argoproj.io\"" : "") + ",\"kind\":\"" + r.resource + "\"},\"code\":404";
            case 409 -> "\"status\":\"Failure\",\"reason\":\"Conflict\",\"code\":409";
            case 504 -> "\"status\":\"Failure\",\"reason\":\"Timeout\",\"code\":504";
            default -> "\"code\":" + r.code;
        };
        b.append(",\"responseStatus\":{\"metadata\":{},").append(status).append('}');
        if (bodies && r.requestObject != null) {
            b.append(",\"requestObject\":").append(r.requestObject);
        }
        if (bodies) {
            String out = r.responseObject != null ? r.responseObject
                    : "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{}," + status + "}";
            b.append(",\"responseObject\":").append(out);
        }
        b.append(",\"requestReceivedTimestamp\":\"").append(micro(received)).append("\",\"stageTimestamp\":\"").append(micro(completed))
                .append("\",\"annotations\":{\"authorization.k8s.io/decision\":\"").append(r.code == 403 ? "forbid" : "allow")
                .append("\",\"authorization.k8s.io/reason\":\"\"}}");
        return b.toString();
    }

    private static String forbidden(Req r) {
        boolean workflows = "workflows".equals(r.resource);
        return r.resource + (workflows ? ".argoproj.io" : "") + " \"" + r.name + "\" is forbidden: User \"" + r.who.username()
                + "\" cannot " + r.verb + " resource \"" + r.resource + "\" in API group \"" + (workflows ? "argoproj.io" : "")
                + "\" in the namespace \"" + r.namespace + "\"";
    }

    boolean isEmpty() {
        return entries.isEmpty() && reqs.isEmpty();
    }

    /** How many records it holds. */
    int size() {
        return entries.size();
    }

    /** The records in the order the API server completed them. */
    void write(Path file) throws IOException {
        for (Req r : reqs) {
            records(r);
        }
        reqs.clear();
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
