package dev.argoforensics.snapshot;

import dev.argoforensics.source.SourceRef;
import java.util.List;
import java.util.Locale;

/**
 * An object an export held that could not be read: a syntax error broke it (its kind, namespace and name as far as they were read
 * before the break), or nothing of a file named after one object could be read ({@code pod-wf-1-123.yaml}: the name from the
 * file's, the kind from its path). Not an observation: it says that evidence about the object was given and not read, so that a
 * finding on that Pod or Workflow that no readable export shows can name the file (and the reader can fix it and run again). It
 * never stands for what the object showed.
 *
 * @param source    where the object starts (the file's line 1 for a file named after it)
 * @param kind      {@code Pod}, {@code Workflow}, … or "" when not read
 * @param namespace "" when not read
 * @param name      never empty: an object whose name was not read names nothing
 * @param reason    what the reading met there, in the report's words (the parser's message)
 */
public record UnreadExport(SourceRef source, String kind, String namespace, String name, String reason) implements ExportedObject {

    /** Whether this could be the Pod (or Workflow: {@code kind} "Workflow") named {@code name} in {@code namespace}. */
    public boolean names(String wantedKind, String wantedNamespace, String wantedName) {
        return name.equals(wantedName) && (kind.isEmpty() || kind.equals(wantedKind))
                && (namespace.isEmpty() || wantedNamespace == null || wantedNamespace.isEmpty() || namespace.equals(wantedNamespace));
    }

    /** The object in words: {@code Pod argo/b}, {@code a Pod named b (from the file's name)}. */
    public String describe() {
        return (kind.isEmpty() ? "object" : kind) + " " + (namespace.isEmpty() ? "" : namespace + "/") + name;
    }

    private static final List<String> COMPRESSION = List.of(".gz");
    private static final List<String> FORMATS = List.of(".yaml", ".yml", ".json", ".txt");
    /** Kind words joined to an object's name in a file name ({@code wf} is not one: Workflows are often named {@code wf-…}). */
    private static final List<String> KIND_WORDS = List.of("pod", "workflow");
    /** File names that name many objects, or none: {@code pods.yaml}, {@code export.json}. */
    private static final List<String> MANY = List.of("pod", "pods", "workflow", "workflows", "wf", "wfs", "event", "events", "object",
            "objects", "export", "exports", "snapshot", "snapshots", "all", "list", "items", "taskresults", "workflowtaskresults", "audit",
            "before", "after", "dump", "output", "out", "get");
    private static final java.util.regex.Pattern DNS_NAME = java.util.regex.Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");

    /**
     * The name of the one object a file is named after: its last path segment without compression and format extensions and a
     * kind word joined to it before or after ({@code pod-wf-1-123.yaml}, {@code wf-1.workflow.json.gz}, {@code wf-1-123_pod.yaml}, {@code wf-1-123.yaml});
     * "" for a file named for many objects ({@code pods.yaml}) or not named as a Kubernetes object is.
     */
    public static String nameFromPath(String displayPath) {
        return fromPath(displayPath)[1];
    }

    /** The kind the file's name says ({@code Pod} for {@code pod-…}, {@code Workflow} for {@code workflow-…}, {@code ….workflow}), or "". */
    public static String kindFromPath(String displayPath) {
        return fromPath(displayPath)[0];
    }

    private static String[] fromPath(String displayPath) {
        String name = displayPath.substring(displayPath.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (String ext : COMPRESSION) {
            name = name.endsWith(ext) ? name.substring(0, name.length() - ext.length()) : name;
        }
        for (String ext : FORMATS) {
            name = name.endsWith(ext) ? name.substring(0, name.length() - ext.length()) : name;
        }
        String kind = "";
        outer:
        for (String word : KIND_WORDS) {
            for (String sep : List.of("-", "_", ".")) {
                boolean before = name.startsWith(word + sep);
                if ((before || name.endsWith(sep + word)) && name.length() > word.length() + 1) {
                    name = before ? name.substring(word.length() + 1) : name.substring(0, name.length() - word.length() - 1);
                    kind = word.equals("pod") ? "Pod" : "Workflow";
                    break outer;
                }
            }
        }
        boolean one = !MANY.contains(name) && name.length() <= 253 && DNS_NAME.matcher(name).matches();
        return one ? new String[] {kind, name} : new String[] {"", ""};
    }
}
