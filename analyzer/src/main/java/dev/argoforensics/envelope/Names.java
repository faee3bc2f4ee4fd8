package dev.argoforensics.envelope;

/** Kubernetes object names as collectors print them. */
final class Names {
    private Names() {
    }

    /** A DNS subdomain name (Pods) or label (containers): lower-case letters, digits, {@code -} and {@code .}, alphanumeric at both ends. */
    static boolean isDnsName(String s) {
        if (s.isEmpty() || s.length() > 253 || !alnum(s.charAt(0)) || !alnum(s.charAt(s.length() - 1))) {
            return false;
        }
        for (int i = 1; i < s.length() - 1; i++) {
            char c = s.charAt(i);
            if (!alnum(c) && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }

    private static boolean alnum(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }
}
