package dev.argoforensics.report;

/**
 * One problem with an input, as the report's "Inputs with problems" lists it: where (a file, and the
 * line if there is one) and what was expected and found.
 *
 * @param line 0 when the problem is the file as a whole (it could not be opened, a link loops)
 */
public record InputProblem(String path, long line, String problem) implements Comparable<InputProblem> {

    /** {@code file:line}, or the file alone. */
    public String location() {
        return line > 0 ? path + ":" + line : path;
    }

    @Override
    public int compareTo(InputProblem o) {
        int c = path.compareTo(o.path);
        return c != 0 ? c : Long.compare(line, o.line);
    }

    @Override
    public String toString() {
        return location() + ": " + problem;
    }
}
