package dev.argoforensics.catalog;

import dev.argoforensics.event.Attributes;
import dev.argoforensics.event.EventType;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One controller log statement the analyzer understands (one entry of
 * {@code controller-messages.yaml}).
 *
 * @param interest     whether such a line is always kept, makes its Pod or Workflow of interest, or follows them
 * @param releaseRange {@code releases} read as a range of releases
 * @param message exact message text, or null when {@code pattern} is used
 * @param pattern regex over the message whose named groups become attributes, or null
 * @param groups  the pattern's named groups, each becoming an attribute
 * @param prefix  literal start every matching message has (for a cheap pre-check), "" if none
 * @param anchor  literal text every matching message contains (the message itself, or the
 *                pattern's longest required literal), for cheap pre-checks
 * @param keys    attribute name → record keys to try in order
 * @param set     attributes with fixed values
 * @param split   attribute → names its '/'-separated parts fill where absent
 * @param rules   the rules this statement is a signature of ({@code AFnnn}): a trigger line of such
 *                an entry makes its Pod or Workflow of interest on the rules' behalf
 * @param formats the record formats (labels: {@code slog text}, {@code logrus text}…) a line of this entry is written in, or
 *                empty for any: where two release lines print the same message in different formats with a different meaning
 *                (v2.12's logrus {@code Pod failed} with no message, v4's slog {@code Pod failed} with a {@code message} key),
 *                the format tells the entries apart
 * @param triggerWhen on a trigger entry, attribute → values: the line makes what it names of interest only where each such
 *                attribute has one of its values (empty: always); the values are also what pass 1 looks for in the raw bytes
 * @param requires record keys a line of this entry holds, every one (empty: none asked): a message others log too (the empty
 *                one: the Argo Server's options line and its HTTP access lines, v3.4-v3.7) is the entry's only with them (session 55)
 */
public record CatalogEntry(
        String id,
        EventType event,
        Interest interest,
        String level,
        String releases,
        ReleaseRange releaseRange,
        String message,
        Pattern pattern,
        List<String> groups,
        String prefix,
        String anchor,
        Map<String, List<String>> keys,
        Map<String, String> set,
        Map<String, List<String>> split,
        List<CatalogSample> samples,
        List<String> rules,
        List<String> formats,
        Map<String, List<String>> triggerWhen,
        List<String> requires) {

    /**
     * Whether a raw line may be one of this entry by its {@link #requires} keys (each named somewhere in its text): a cheap look
     * before the line is parsed; false means it is not the entry's whatever its message.
     */
    public boolean mayBeHeldBy(String text) {
        for (String key : requires) {
            if (!text.contains(key)) {
                return false;
            }
        }
        return true;
    }

    /** True where a line of this entry with these attributes makes what it names of interest (a trigger, its condition held). */
    public boolean triggers(Attributes attributes) {
        if (interest != Interest.TRIGGER) {
            return false;
        }
        for (Map.Entry<String, List<String>> w : triggerWhen.entrySet()) {
            String value = attributes.textOrNull(w.getKey()); // absent on a release that does not log it (v3.4-v3.5.2)
            if (value == null || !w.getValue().contains(value)) {
                return false;
            }
        }
        return true;
    }

    /**
     * False where the raw line cannot be a trigger line of this entry: a trigger entry whose condition's values the text holds none
     * of (a cheap check before the line is read in full; the values appear as written whatever the format or escaping).
     */
    public boolean mayTrigger(String text) {
        if (interest != Interest.TRIGGER) {
            return false;
        }
        for (List<String> values : triggerWhen.values()) {
            boolean any = false;
            for (String v : values) {
                if (text.contains(v)) {
                    any = true;
                    break;
                }
            }
            if (!any) {
                return false;
            }
        }
        return true;
    }

    /** True where a record of this format may be a line of this entry. */
    public boolean writtenIn(String formatLabel) {
        return formats.isEmpty() || formats.contains(formatLabel);
    }

    /** What a line of this entry means for retention (see {@code controller-messages.yaml}). */
    public enum Interest {
        /** Kept like the lines of its Pod or Workflow. */
        FOLLOW,
        /** Always read in full and kept: controller lifecycle. */
        ALWAYS,
        /** Makes its Pod or Workflow of interest. */
        TRIGGER
    }
}
