package dev.argoforensics.catalog;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An Argo Workflows release number, {@code v4.1.3}; pre-release tags ({@code -rc2}) are read as the release. */
public record ArgoVersion(int major, int minor, int patch) implements Comparable<ArgoVersion> {
    static final int ANY = Integer.MAX_VALUE;
    private static final Pattern TEXT = Pattern.compile("v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-[0-9A-Za-z.]+)?");

    /** The version, filling missing parts with {@code fill} (0 for a lower bound, ANY for an upper one). */
    static ArgoVersion parse(String text, int fill) {
        Matcher m = TEXT.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a release number: " + text);
        }
        return new ArgoVersion(Integer.parseInt(m.group(1)), part(m.group(2), fill), part(m.group(3), fill));
    }

    /** A full release number printed by {@code Starting Workflow Controller version=…}, or null. */
    public static ArgoVersion exact(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = TEXT.matcher(text.strip());
        return m.matches() && m.group(3) != null ? parse(text, 0) : null;
    }

    private static int part(String s, int fill) {
        return s == null ? fill : Integer.parseInt(s);
    }

    @Override
    public int compareTo(ArgoVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    /** {@code v4.1.3}; parts a range leaves open print as {@code x}: {@code v3.7.x}, {@code v4.x}. */
    @Override
    public String toString() {
        if (minor == ANY) {
            return "v" + major + ".x";
        }
        return "v" + major + "." + minor + "." + (patch == ANY ? "x" : Integer.toString(patch));
    }
}
