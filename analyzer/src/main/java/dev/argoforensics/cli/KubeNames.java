package dev.argoforensics.cli;

import java.util.regex.Pattern;

/**
 * The names {@code collect} writes into shell commands, checked against Kubernetes' own rules before
 * they are single-quoted: whatever passes holds no quote, no {@code $}, no backtick, no blank and no
 * newline, so a script can never run more than the commands it shows. What fails is refused, with what
 * was expected.
 */
final class KubeNames {
    /** RFC 1123 label, as a namespace must be: lower-case alphanumerics and '-', at most 63. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    /** RFC 1123 subdomain, as most object names must be: labels joined by '.', at most 253. */
    private static final Pattern DNS_SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    /** A label key's name part or a label value: alphanumerics, '-', '_', '.', starting and ending alphanumeric. */
    private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    /** One equality-based requirement: key, !key, key=value, key==value, key!=value. */
    private static final Pattern REQUIREMENT = Pattern.compile("(!?)([^=!]+)(?:(==|!=|=)(.*))?");
    /** A folder path: segments of letters, digits, '.', '_' and '-', not starting with '-' (no option to mkdir). */
    private static final Pattern FOLDER_SEGMENT = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.-]*");

    private KubeNames() {
    }

    /** A namespace: an RFC 1123 label. */
    static String namespace(String option, String value) {
        if (value.length() > 63 || !DNS_LABEL.matcher(value).matches()) {
            throw refused(option, value, "a namespace name (RFC 1123 label: at most 63 lower-case letters, digits and '-',"
                    + " starting and ending with a letter or digit)");
        }
        return value;
    }

    /**
     * A Workflow name: an RFC 1123 subdomain that is also a label value, since its Pods are found by the
     * label {@code workflows.argoproj.io/workflow=NAME} (Argo itself keeps Workflow names to 63).
     */
    static String workflow(String option, String value) {
        if (value.length() > 63 || !DNS_SUBDOMAIN.matcher(value).matches()) {
            throw refused(option, value, "a Workflow name (RFC 1123 subdomain of at most 63 characters: lower-case letters,"
                    + " digits, '-' and '.', starting and ending with a letter or digit)");
        }
        return value;
    }

    /** An equality-based label selector: requirements {@code key}, {@code !key}, {@code key=value}, {@code key!=value}, joined by ','. */
    static String selector(String option, String value) {
        String expected = "an equality-based label selector: requirements key=value, key==value, key!=value, key or !key, joined by ','"
                + " (key: [prefix/]name, prefix an RFC 1123 subdomain, name and value at most 63 letters, digits, '-', '_' and '.')";
        if (value.isEmpty()) {
            throw refused(option, value, expected);
        }
        for (String r : value.split(",", -1)) {
            var m = REQUIREMENT.matcher(r);
            if (!m.matches() || !labelKey(m.group(2)) || (m.group(3) != null && (!m.group(1).isEmpty() || !labelValue(m.group(4))))) {
                throw refused(option, value, expected + "; \"" + visible(r) + "\" is not one");
            }
        }
        return value;
    }

    /** A folder to collect into: a relative or absolute path of plain segments (letters, digits, '.', '_', '-'). */
    static String folder(String option, String value) {
        String rest = value.startsWith("/") ? value.substring(1) : value;
        boolean ok = !rest.isEmpty() && value.length() <= 4096;
        for (String segment : rest.split("/", -1)) {
            ok &= FOLDER_SEGMENT.matcher(segment).matches();
        }
        if (!ok) {
            throw refused(option, value, "a folder path made of letters, digits, '.', '_' and '-' between '/', no segment starting with '-'");
        }
        return value;
    }

    /** {@code value} in single quotes; only ever given a name that passed one of the checks above. */
    static String quoted(String value) {
        if (value.indexOf('\'') >= 0) {
            throw new IllegalArgumentException("a checked name holds a quote: " + value);
        }
        return "'" + value + "'";
    }

    private static boolean labelKey(String key) {
        int slash = key.indexOf('/');
        String name = key.substring(slash + 1);
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            if (prefix.isEmpty() || prefix.length() > 253 || !DNS_SUBDOMAIN.matcher(prefix).matches()) {
                return false;
            }
        }
        return name.length() <= 63 && QUALIFIED.matcher(name).matches();
    }

    private static boolean labelValue(String value) {
        return value.isEmpty() || (value.length() <= 63 && QUALIFIED.matcher(value).matches());
    }

    private static CliFailure refused(String option, String value, String expected) {
        return new CliFailure(option + " \"" + visible(value) + "\" is not " + expected + ": refused, nothing written",
                "names go into shell commands and must be exactly what Kubernetes allows; check the spelling (kubectl get ns, argo list)");
    }

    /** Control characters and a newline shown as escapes, so the error is one line that shows what was given. */
    private static String visible(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.length() > 120 ? b.substring(0, 120) + "…" : b.toString();
    }
}
