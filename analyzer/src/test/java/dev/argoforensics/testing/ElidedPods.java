package dev.argoforensics.testing;

import java.util.regex.Pattern;

/**
 * A Pod whose name an excerpt left out is named by its release's file and line, the file by its
 * display path: tests that run one sample's files from another folder key it by the file's name.
 */
public final class ElidedPods {
    private static final Pattern RELEASED_AT = Pattern.compile("^(\\(name omitted; released at )(?:[^)]*/)?([^/)]+\\))$");

    private ElidedPods() {
    }

    /** The Pod name with the release's file reduced to its name; any other name unchanged. */
    public static String keyed(String podName) {
        return RELEASED_AT.matcher(podName).replaceFirst("$1$2");
    }
}
