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
        return hosts(identifiers(shapes(text)));
    }

    private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
    /**
     * A URL's host (after its scheme, and any user and password, which are a credential), or a dotted host name ending in a
     * private suffix or a common public one: the names of a cluster's API server, artifact store, registry or nodes that no
     * export named, found where they stand in a log line.
     */
    private static final Pattern HOSTS = Pattern.compile(
            "(?<scheme>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*://)(?<userinfo>[^\\s/@\"'`]+@)?(?<urlhost>" + LABEL + "(?:\\." + LABEL + ")*)"
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
                replacement = m.group("scheme") + (userinfo == null ? "" : pseudonyms.assign(IdentifierKind.SECRET,
                        userinfo.substring(0, userinfo.length() - 1)) + "@") + host(m.group("urlhost"));
            }
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(b);
        return b.toString();
    }

    private String host(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (pseudonyms.isPseudonym(name) || EVERY_CLUSTER.contains(lower)
                || PUBLIC_DOMAINS.stream().anyMatch(h -> lower.equals(h) || lower.endsWith("." + h))) {
            return name;
        }
        return pseudonyms.assign(IdentifierKind.HOST, name);
    }

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
