package dev.argoforensics.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.argoforensics.time.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns exported objects into the observation records the analyzer keeps (only what it uses). */
public final class ObjectDecoder {
    private ObjectDecoder() {
    }

    public static PodSnapshot pod(ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode meta = n.path("metadata");
        JsonNode status = n.path("status");
        Latest latest = new Latest();
        Timestamp created = latest.add(KubeTime.at(meta.path("creationTimestamp")));
        Timestamp deleted = latest.add(KubeTime.at(meta.path("deletionTimestamp")));
        managedFieldTimes(meta, latest);
        List<PodCondition> conditions = new ArrayList<>();
        for (JsonNode c : status.path("conditions")) {
            conditions.add(new PodCondition(c.path("type").asText(), c.path("status").asText(),
                    latest.add(KubeTime.at(c.path("lastTransitionTime")))));
        }
        List<ContainerState> containers = new ArrayList<>();
        for (JsonNode c : status.path("initContainerStatuses")) {
            containers.add(container(c, true, latest));
        }
        for (JsonNode c : status.path("containerStatuses")) {
            containers.add(container(c, false, latest));
        }
        List<OwnerRef> owners = new ArrayList<>();
        for (JsonNode o : meta.path("ownerReferences")) {
            owners.add(new OwnerRef(o.path("kind").asText(), o.path("name").asText(), o.path("uid").asText(),
                    o.path("controller").asBoolean(false)));
        }
        List<String> finalizers = new ArrayList<>();
        meta.path("finalizers").forEach(f -> finalizers.add(f.asText()));
        return new PodSnapshot(doc.source(), meta.path("namespace").asText(""), meta.path("name").asText(""),
                meta.path("uid").asText(""), created, deleted, strings(meta.path("labels")), strings(meta.path("annotations")),
                finalizers, owners, status.path("phase").asText(""), conditions, containers, latest.value);
    }

    public static WorkflowSnapshot workflow(ObjectDocument doc) {
        JsonNode n = doc.node();
        JsonNode meta = n.path("metadata");
        JsonNode status = n.path("status");
        Latest latest = new Latest();
        latest.add(KubeTime.at(meta.path("creationTimestamp")));
        latest.add(KubeTime.at(meta.path("deletionTimestamp")));
        latest.add(KubeTime.at(status.path("startedAt")));
        latest.add(KubeTime.at(status.path("finishedAt")));
        managedFieldTimes(meta, latest);
        for (JsonNode c : status.path("conditions")) {
            latest.add(KubeTime.at(c.path("lastTransitionTime")));
        }
        Map<String, NodeStatus> nodes = new LinkedHashMap<>();
        status.path("nodes").fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            Boolean synced = v.has("taskResultSynced") && !v.get("taskResultSynced").isNull()
                    ? v.get("taskResultSynced").asBoolean() : null;
            NodeStatus node = new NodeStatus(v.path("id").asText(e.getKey()), v.path("name").asText(""),
                    v.path("displayName").asText(""), v.path("type").asText(""), v.path("templateName").asText(""),
                    v.path("templateRef").path("template").asText(""), v.path("phase").asText(""), v.path("message").asText(""),
                    latest.add(KubeTime.at(v.path("startedAt"))), latest.add(KubeTime.at(v.path("finishedAt"))), synced);
            nodes.put(e.getKey(), node);
        });
        boolean offloaded = !status.has("nodes")
                && (status.hasNonNull("offloadNodeStatusVersion") || status.hasNonNull("compressedNodes"));
        String podNameFormat = meta.path("annotations").path("workflows.argoproj.io/pod-name-format").asText("");
        return new WorkflowSnapshot(doc.source(), meta.path("namespace").asText(""), meta.path("name").asText(""),
                meta.path("uid").asText(""), status.path("phase").asText(""), podNameFormat, nodes, offloaded, latest.value);
    }

    private static ContainerState container(JsonNode c, boolean init, Latest latest) {
        JsonNode state = c.path("state");
        String kind = state.has("terminated") ? "terminated" : state.has("running") ? "running" : state.has("waiting") ? "waiting" : "";
        JsonNode s = state.path(kind);
        Integer exit = s.has("exitCode") ? s.get("exitCode").asInt() : null;
        Timestamp started = latest.add(KubeTime.at(s.path("startedAt")));
        Timestamp finished = latest.add(KubeTime.at(s.path("finishedAt")));
        return new ContainerState(c.path("name").asText(""), init, kind, exit, s.path("reason").asText(""), started, finished);
    }

    private static void managedFieldTimes(JsonNode meta, Latest latest) {
        for (JsonNode m : meta.path("managedFields")) {
            latest.add(KubeTime.at(m.path("time")));
        }
    }

    private static Map<String, String> strings(JsonNode map) {
        Map<String, String> out = new LinkedHashMap<>();
        map.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** Tracks the latest time seen inside an object. */
    private static final class Latest {
        Timestamp value;

        Timestamp add(Timestamp t) {
            value = KubeTime.latest(value, t);
            return t;
        }
    }
}
