package dev.argoforensics.redact;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces identifiers in any text, in three passes. First, values recognised by their shape wherever
 * they stand: UUIDs, IPv4 and IPv6 addresses, e-mail addresses, cloud host names such as
 * {@code ip-10-0-1-23.ec2.internal}, and credentials (a JSON Web Token, a {@code Bearer} token, a
 * token of a known issuer's shape, the value of a {@code password=}, {@code token=} or {@code api-key=}).
 * Then the collected identifiers, longest first, as whole tokens only: never inside a longer name,
 * never a {@code key=} of a log line, never inside Argo's and Kubernetes' own label, annotation and
 * finalizer keys ({@code workflows.argoproj.io/status}). Last, the host names left: a URL's host
 * ({@code https://k8s.example.corp:6443}, {@code s3://bucket/}), and a dotted name ending in a private
 * suffix ({@code .internal}, {@code .local}, {@code .svc}) or a common public one ({@code .com},
 * {@code .io}), except the hosts of Argo, Kubernetes and the public registries.
 */
final class TextRedactor {
    private static final String OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    /** The key of a credential's value ({@code password=}, {@code DB_PASSWORD=}, {@code --api-token=}, {@code "secret":}). */
    private static final String SECRET_KEY = "(?i:password|passwd|pwd|secret|token|credentials?|authorization|apikey"
            + "|(?:api|access|secret|private|client|signing)[_.-]?key)";
    private static final Pattern SHAPES = Pattern.compile(
            "(?<uid>(?<![0-9A-Za-z-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z-]))"
            + "|(?<email>(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}(?![A-Za-z0-9-]))"
            + "|(?<host>(?<![A-Za-z0-9])ip-[0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}-[0-9]{1,3}(?:\\.[A-Za-z0-9-]+)*(?![A-Za-z0-9-]))"
            + "|(?<ipv4>(?<![0-9.])(?:" + OCTET + "\\.){3}" + OCTET + "(?![0-9]|\\.[0-9]))"
            + "|(?<ipv6>(?<![0-9A-Za-z:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![0-9A-Za-z:]))"
            + "|(?<jwt>(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*)"
            + "|(?<issued>(?<![A-Za-z0-9_-])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}"
            + "|xox[abprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16})(?![A-Za-z0-9_-]))"
            + "|(?<bearer>(?<![A-Za-z0-9])[Bb]earer\\s+)(?<bearertoken>[A-Za-z0-9._~+/-]{12,}=*)"
            + "|(?<secretkey>(?<![A-Za-z0-9_.-])(?:-{1,2})?(?:[A-Za-z0-9]+[_.-])*" + SECRET_KEY + "(?:=|\":\\s*)\\\\?\"?)"
            + "(?<secretvalue>[^\\s\"\\\\,;&)\\]}]{3,})");
    /** Keys that are Argo's and Kubernetes' vocabulary, not anyone's names. */
    private static final Pattern PROTECTED = Pattern.compile(
            "[A-Za-z0-9.-]*(?:argoproj\\.io|kubernetes\\.io|k8s\\.io)(?:/[A-Za-z0-9._-]+)?");

    private final Pseudonyms pseudonyms;
    private Map<Character, List<String>> byFirstChar;
    private int indexedSize = -1;

    TextRedactor(Pseudonyms pseudonyms) {
        this.pseudonyms = pseudonyms;
    }

    String apply(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        int known = pseudonyms.size();
        String once = hosts(identifiers(shapes(text)));
        // A host first met in this text (a URL's, "http://minio:9000/") may stand bare in it too ("lookup minio on …"): the
        // identifiers are replaced again, now with it among them.
        return pseudonyms.size() == known ? once : identifiers(once);
    }

    private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
    /**
     * A URL's host (after its scheme, and any user and password, which are a credential), or a dotted host name ending in a
     * private suffix or a common public one: the names of a cluster's API server, artifact store, registry or nodes that no
     * export named, found where they stand in a log line.
     */
    private static final Pattern HOSTS = Pattern.compile(
            "(?<scheme>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://)(?<userinfo>[^\\s/@\"'`]+@)?(?<urlhost>" + LABEL + "(?:\\." + LABEL + ")*)"
            + "(?<port>:[0-9]{1,5})?(?:/(?<bucket>[A-Za-z0-9][A-Za-z0-9._-]{1,62})(?=[/\\s\"'`?#]|$))?"
            + "|(?<dotted>(?<![A-Za-z0-9._/@-])(?:" + LABEL + "\\.)+(?:internal|local|localdomain|lan|corp|intranet|svc|com|net|org|io|dev"
            + "|cloud|app|ai|co|biz|info|eu|uk|de|us)(?![A-Za-z0-9_-]|\\.[A-Za-z0-9]))");
    /** Domains that say nothing about whose cluster this is, with their subdomains: Argo's, Kubernetes', Go's, the public registries'. */
    private static final List<String> PUBLIC_DOMAINS = List.of("argoproj.io", "github.com", "argoproj.github.io", "githubusercontent.com",
            "kubernetes.io", "k8s.io", "docker.io", "docker.com", "quay.io", "gcr.io", "ghcr.io", "golang.org", "go.dev",
            "example.com", "example.org", "example.net");
    /** Names that are the same in every cluster, only themselves: a service under them is somebody's. */
    private static final List<String> EVERY_CLUSTER = List.of("localhost", "kubernetes.default", "kubernetes.default.svc",
            "kubernetes.default.svc.cluster.local", "svc.cluster.local", "cluster.local");

    private String hosts(String text) {
        Matcher m = HOSTS.matcher(text);
        StringBuilder b = new StringBuilder(text.length());
        while (m.find()) {
            String replacement;
            if (m.group("dotted") != null) {
                replacement = host(m.group("dotted"));
            } else {
                String userinfo = m.group("userinfo");
                String host = m.group("urlhost");
                String bucket = m.group("bucket");
                String path = bucket == null ? "" : "/" + (pathStyleStore(host) && !pseudonyms.isPseudonym(bucket)
                        ? pseudonyms.assign(IdentifierKind.HOST, bucket) : bucket);
                replacement = m.group("scheme") + (userinfo == null ? "" : pseudonyms.assign(IdentifierKind.SECRET,
                        userinfo.substring(0, userinfo.length() - 1)) + "@") + host(host) + (m.group("port") == null ? "" : m.group("port")) + path;
            }
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(b);
        return b.toString();
    }

    private String host(String name) {
        if (pseudonyms.isPseudonym(name)) {
            return name;
        }
        String own = privatePart(name);
        if (own == null || pseudonyms.isPseudonym(own)) {
            return name;
        }
        // A cloud service's endpoint keeps its public labels: acme-bucket.s3.eu-west-1.amazonaws.com -> host-….s3.eu-west-1.amazonaws.com.
        return pseudonyms.assign(IdentifierKind.HOST, own) + name.substring(own.length());
    }

    /**
     * Public cloud services' domains: their endpoints ({@code s3.amazonaws.com}, {@code storage.googleapis.com}) are the same
     * for everyone and stay readable; the labels before the service's own (a bucket, an account: {@code acme-bucket.s3…},
     * {@code 123456789012.dkr.ecr…}, {@code acme.blob.core.windows.net}) are somebody's.
     */
    private static final List<String> CLOUD_DOMAINS = List.of("amazonaws.com", "amazonaws.com.cn", "googleapis.com", "core.windows.net",
            "digitaloceanspaces.com", "r2.cloudflarestorage.com", "wasabisys.com", "backblazeb2.com", "aliyuncs.com");
    /** The services' own labels under those domains. */
    private static final java.util.Set<String> SERVICE_LABELS = java.util.Set.of("s3", "s3-accelerate", "dualstack", "s3-website",
            "s3-control", "s3-fips", "s3-external-1", "ecr", "dkr", "api", "sts", "storage", "blob", "dfs", "file", "queue", "table", "web",
            "oss", "www");
    /** An AWS region as a label ({@code eu-west-1}, {@code us-gov-west-1}), alone or after {@code s3-} (the old endpoints). */
    private static final Pattern REGION = Pattern.compile("(?:s3[.-])?[a-z]{2}(?:-gov|-iso[a-z]?)?-(?:north|south|east|west|central"
            + "|northeast|southeast|northwest|southwest)-[0-9]");

    /**
     * The part of a host name that is somebody's, or null when it says nothing about whose cluster this is (Argo's, Kubernetes',
     * the registries', a name every cluster has, a cloud service's public endpoint). For a cloud service's host, the labels
     * before the service's own; for any other host, all of it.
     */
    static String privatePart(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (EVERY_CLUSTER.contains(lower) || PUBLIC_DOMAINS.stream().anyMatch(h -> lower.equals(h) || lower.endsWith("." + h))) {
            return null;
        }
        for (String domain : CLOUD_DOMAINS) {
            if (lower.equals(domain)) {
                return null;
            }
            if (lower.endsWith("." + domain)) {
                String[] labels = lower.substring(0, lower.length() - domain.length() - 1).split("\\.");
                int i = labels.length;
                while (i > 0 && (SERVICE_LABELS.contains(labels[i - 1]) || REGION.matcher(labels[i - 1]).matches())) {
                    i--;
                }
                if (i == 0) {
                    return null;
                }
                int length = 0;
                for (int k = 0; k < i; k++) {
                    length += labels[k].length() + (k > 0 ? 1 : 0);
                }
                return name.substring(0, length);
            }
        }
        return name;
    }

    /** A storage endpoint whose first path segment is the bucket ({@code https://s3.amazonaws.com/acme-bucket/key}). */
    private static boolean pathStyleStore(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        if (privatePart(host) != null) {
            return false;
        }
        return lower.equals("storage.googleapis.com") || CLOUD_DOMAINS.stream().anyMatch(d -> lower.endsWith("." + d))
                && java.util.Arrays.stream(lower.split("\\.")).anyMatch(l -> l.startsWith("s3") || l.equals("blob") || REGION.matcher(l).matches()
                        || l.equals("digitaloceanspaces") || l.equals("r2"));
    }

    /** A URL's host in a text, for the identifiers collected before any text is redacted. */
    static final Pattern URL_HOST = Pattern.compile("(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://(?:[^\\s/@\"'`]+@)?(" + LABEL + "(?:\\." + LABEL + ")*)");

    private String shapes(String text) {
        Matcher m = SHAPES.matcher(text);
        StringBuilder b = new StringBuilder(text.length());
        while (m.find()) {
            String replacement;
            if (m.group("uid") != null) {
                replacement = pseudonyms.assign(IdentifierKind.UID, m.group());
            } else if (m.group("email") != null) {
                replacement = pseudonyms.assign(IdentifierKind.USER, m.group());
            } else if (m.group("host") != null) {
                replacement = pseudonyms.assign(IdentifierKind.HOST, m.group());
            } else if (m.group("ipv4") != null || m.group("ipv6") != null && isIpv6(m.group())) {
                replacement = pseudonyms.assign(IdentifierKind.IP, m.group());
            } else if (m.group("jwt") != null || m.group("issued") != null) {
                replacement = pseudonyms.assign(IdentifierKind.SECRET, m.group());
            } else if (m.group("bearer") != null) {
                replacement = m.group("bearer") + pseudonyms.assign(IdentifierKind.SECRET, m.group("bearertoken"));
            } else if (m.group("secretkey") != null && !pseudonyms.isPseudonym(m.group("secretvalue"))) {
                replacement = m.group("secretkey") + pseudonyms.assign(IdentifierKind.SECRET, m.group("secretvalue"));
            } else {
                replacement = m.group();
            }
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** An IPv6 literal has "::" or eight groups; times like 16:31:11 have neither. */
    private static boolean isIpv6(String candidate) {
        long colons = candidate.chars().filter(c -> c == ':').count();
        if (!candidate.contains("::") && colons != 7) {
            return false;
        }
        if (candidate.chars().noneMatch(c -> Character.digit(c, 16) >= 0)) {
            return false;
        }
        try {
            return InetAddress.getByName(candidate).getAddress().length == 16;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private String identifiers(String text) {
        Map<Character, List<String>> index = index();
        boolean[] keep = protectedChars(text);
        StringBuilder b = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            String match = keep[i] || !boundaryBefore(text, i) ? null : matchAt(text, i, index.get(text.charAt(i)));
            if (match == null) {
                b.append(text.charAt(i));
                i++;
            } else {
                b.append(pseudonyms.of(match));
                i += match.length();
            }
        }
        return b.toString();
    }

    private static String matchAt(String text, int at, List<String> candidates) {
        if (candidates == null) {
            return null;
        }
        for (String c : candidates) {
            int end = at + c.length();
            if (text.startsWith(c, at) && boundaryAfter(text, end) && !(end < text.length() && text.charAt(end) == '=')) {
                return c;
            }
        }
        return null;
    }

    private static boolean[] protectedChars(String text) {
        boolean[] keep = new boolean[text.length()];
        Matcher m = PROTECTED.matcher(text);
        while (m.find()) {
            for (int i = m.start(); i < m.end(); i++) {
                keep[i] = true;
            }
        }
        return keep;
    }

    private static boolean boundaryBefore(String text, int i) {
        return i == 0 || !isNameChar(text.charAt(i - 1));
    }

    private static boolean boundaryAfter(String text, int end) {
        return end >= text.length() || !isNameChar(text.charAt(end));
    }

    /** Characters of a Kubernetes name: '_' is not one (it separates the parts of a CRI log folder). */
    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-';
    }

    /** Candidates by first character, longest first; rebuilt when pattern matches added identifiers. */
    private Map<Character, List<String>> index() {
        if (pseudonyms.size() != indexedSize) {
            byFirstChar = new HashMap<>();
            for (String s : pseudonyms.originalsLongestFirst()) {
                byFirstChar.computeIfAbsent(s.charAt(0), k -> new ArrayList<>()).add(s);
            }
            indexedSize = pseudonyms.size();
        }
        return byFirstChar;
    }
}
