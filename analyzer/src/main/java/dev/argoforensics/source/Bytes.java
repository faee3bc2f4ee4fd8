package dev.argoforensics.source;

import java.util.Locale;

/** Sizes in the words reports use: {@code 512 bytes}, {@code 16 MiB}, {@code 2.5 GiB}. */
public final class Bytes {
    private Bytes() {
    }

    public static String describe(long bytes) {
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f %s", v, units[u]) : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
