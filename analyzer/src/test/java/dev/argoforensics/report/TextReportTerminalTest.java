package dev.argoforensics.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.argoforensics.testing.Cli;
import dev.argoforensics.testing.V4;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Escape sequences in log lines (colours, a window title, concealed text) are shown, not sent to the terminal. */
class TextReportTerminalTest {
    @Test
    void controlCharactersOfTheInputsAreShownAsEscapes(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("controller.log");
        Files.writeString(log, String.join("\n",
                V4.createdPod("2026-09-19T16:27:10.431Z"),
                V4.podEvent("2026-09-19T16:31:11.256Z", "add"),
                "\u001b[33mWARN\u001b[0m[2026-09-19T16:31:11.300Z] failed to clean-up pod                        \u001b]0;pwned\u0007"
                        + "\u001b[8maction\u001b[0m=removeFinalizer namespace=ns podName=p",
                V4.podMissing("2026-09-19T16:33:02.246Z"), ""), StandardCharsets.UTF_8);
        String out = Cli.run("analyze", log.toString(), "--timelines", "all", "--now", "2026-09-20T00:00:00Z").out();
        assertTrue(out.contains("\\x1b[33mWARN\\x1b[0m[2026-09-19T16:31:11.300Z] failed to clean-up pod"), out);
        assertFalse(out.contains("\u001b") || out.contains("\u0007"), "no raw escape sequence reaches the terminal");
    }
}
