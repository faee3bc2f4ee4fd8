package dev.argoforensics.redact;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The identifiers found in the evidence, each with what it names. Public vocabulary is never
 * collected: Kubernetes' and Argo's default namespaces and service account, and images from public
 * registries' official and Argo repositories; they say nothing about whose cluster this is.
 */
public final class Identifiers {
    private static final Set<String> PUBLIC_NAMES = Set.of("default", "kube-system", "kube-public", "kube-node-lease", "argo");
    private static final Set<String> PUBLIC_REGISTRIES = Set.of("docker.io", "index.docker.io", "registry-1.docker.io", "quay.io", "ghcr.io",
            "gcr.io", "registry.k8s.io", "k8s.gcr.io", "public.ecr.aws", "mcr.microsoft.com");

    private final Map<String, IdentifierKind> kinds = new TreeMap<>();

    /** Adds an identifier; blank values and public vocabulary are skipped. */
    public void add(IdentifierKind kind, String value) {
        if (value == null || value.isBlank()) {
            return;
        }
        String v = value.strip();
        switch (kind) {
            case NAMESPACE, SERVICE_ACCOUNT -> {
                if (PUBLIC_NAMES.contains(v)) {
                    return;
                }
            }
            case IMAGE -> {
                addImage(v);
                return;
            }
            case USER -> {
                addUser(v);
                return;
            }
            default -> {
            }
        }
        kinds.merge(v, kind, (a, b) -> a.compareTo(b) <= 0 ? a : b);
    }

    /** {@code registry.example:5000/team/app:1.2@sha256:…}: the reference and its registry, unless both are public. */
    private void addImage(String ref) {
        int slash = ref.indexOf('/');
        String first = slash < 0 ? "" : ref.substring(0, slash);
        boolean hasRegistry = first.contains(".") || first.contains(":") || first.equals("localhost");
        String registry = hasRegistry ? first : "docker.io";
        String repository = hasRegistry ? ref.substring(slash + 1) : ref;
        boolean publicRepository = !repository.contains("/") || repository.startsWith("library/") || repository.startsWith("argoproj/");
        if (PUBLIC_REGISTRIES.contains(registry) && publicRepository) {
            return;
        }
        kinds.merge(ref, IdentifierKind.IMAGE, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        if (hasRegistry && !PUBLIC_REGISTRIES.contains(registry)) {
            add(IdentifierKind.REGISTRY, registry);
            int colon = registry.indexOf(':');
            if (colon > 0) {
                add(IdentifierKind.REGISTRY, registry.substring(0, colon));
            }
        }
    }

    /** Service account users name a namespace and an account; node users a host; others are people. */
    private void addUser(String user) {
        String[] parts = user.split(":");
        if (user.startsWith("system:serviceaccount:") && parts.length == 4) {
            add(IdentifierKind.NAMESPACE, parts[2]);
            add(IdentifierKind.SERVICE_ACCOUNT, parts[3]);
        } else if (user.startsWith("system:node:") && parts.length == 3) {
            add(IdentifierKind.HOST, parts[2]);
        } else if (!user.startsWith("system:")) {
            kinds.merge(user, IdentifierKind.USER, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
    }

    /** Every identifier and its kind, in string order. */
    public Map<String, IdentifierKind> all() {
        return Collections.unmodifiableMap(kinds);
    }
}
