package dev.argoforensics.testing;

import dev.argoforensics.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the command line in-process, as the launcher would, and keeps what it printed. */
public record Cli(int exitCode, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Main.run(o, e, args);
        }
        return new Cli(code, out.toString(), err.toString());
    }
}
