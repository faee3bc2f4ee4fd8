package dev.argoforensics.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Debian's Chromium, headless, driven over the DevTools protocol with the JDK's own WebSocket
 * client: it opens a page, records every request the page makes and every console message or
 * uncaught exception, evaluates expressions in the page and takes screenshots.
 *
 * <p>Chromium runs with the flags that keep it off the network (no background networking,
 * component updates or sync) and with a fresh profile, on a DevTools port on the loopback address
 * that it picks itself. The waits below only guard against a hang; no test asserts a duration.
 */
public final class HeadlessChromium implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long WAIT_SECONDS = 60;
    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new ArrayList<>();

    private HeadlessChromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /** The browser to use: $CHROMIUM if set, else Debian's. */
    public static Optional<Path> executable() {
        String env = System.getenv("CHROMIUM");
        Stream<String> names = env != null && !env.isEmpty() ? Stream.of(env) : CANDIDATES.stream();
        return names.map(Path::of).filter(Files::isExecutable).findFirst();
    }

    public static HeadlessChromium start(Path executable) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("argo-forensics-chromium");
        Process p = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--user-data-dir=" + profile, "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0", "--hide-scrollbars", "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!(Files.exists(portFile) && Files.readAllLines(portFile).size() >= 2)) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                String log = Files.exists(profile.resolve("chromium.log")) ? Files.readString(profile.resolve("chromium.log")) : "";
                p.destroyForcibly();
                throw new IOException("Chromium did not open its DevTools port: " + log);
            }
            Thread.sleep(50);
        }
        List<String> port = Files.readAllLines(portFile);
        URI uri = URI.create("ws://127.0.0.1:" + port.get(0).strip() + port.get(1).strip());
        HeadlessChromium[] self = new HeadlessChromium[1];
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new WebSocket.Listener() {
            private final StringBuilder message = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                message.append(data);
                if (last) {
                    String text = message.toString();
                    message.setLength(0);
                    while (self[0] == null) {
                        Thread.onSpinWait();
                    }
                    self[0].receive(text);
                }
                ws.request(1);
                return null;
            }
        }).join();
        self[0] = new HeadlessChromium(p, profile, socket);
        return self[0];
    }

    private void receive(String text) {
        try {
            JsonNode msg = JSON.readTree(text);
            if (msg.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
                if (f != null) {
                    f.complete(msg);
                }
            } else {
                synchronized (events) {
                    events.add(msg);
                    events.notifyAll();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends one command (to a page session, or to the browser when session is null) and waits for its result. */
    JsonNode send(String session, String method, ObjectNode params) throws IOException {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        msg.set("params", params == null ? JSON.createObjectNode() : params);
        if (session != null) {
            msg.put("sessionId", session);
        }
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(JSON.writeValueAsString(msg), true).join();
        try {
            JsonNode reply = f.get(WAIT_SECONDS, TimeUnit.SECONDS);
            if (reply.has("error")) {
                throw new IOException(method + ": " + reply.get("error"));
            }
            return reply.path("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(method + " interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(method + " got no answer", e);
        }
    }

    /** Opens a file in a new tab of the given width and waits until it has loaded. */
    public Page open(Path file, int width) throws IOException, InterruptedException {
        String target = send(null, "Target.createTarget", params().put("url", "about:blank")).get("targetId").asText();
        String session = send(null, "Target.attachToTarget", params().put("targetId", target).put("flatten", true)).get("sessionId").asText();
        for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
            send(session, domain + ".enable", null);
        }
        send(session, "Emulation.setDeviceMetricsOverride", params().put("width", width).put("height", 900).put("deviceScaleFactor", 1)
                .put("mobile", false));
        int seen = eventCount();
        send(session, "Page.navigate", params().put("url", file.toUri().toString()));
        awaitEvent(session, "Page.loadEventFired", seen);
        return new Page(session, seen);
    }

    private int eventCount() {
        synchronized (events) {
            return events.size();
        }
    }

    private void awaitEvent(String session, String method, int from) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        synchronized (events) {
            while (true) {
                for (int i = from; i < events.size(); i++) {
                    JsonNode e = events.get(i);
                    if (method.equals(e.path("method").asText()) && session.equals(e.path("sessionId").asText())) {
                        return;
                    }
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new IOException("no " + method + " from Chromium");
                }
                events.wait(left);
            }
        }
    }

    private static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** One open tab. */
    public final class Page {
        private final String session;
        private final int firstEvent;

        private Page(String session, int firstEvent) {
            this.session = session;
            this.firstEvent = firstEvent;
        }

        /** The value of a JavaScript expression evaluated in the page. */
        public JsonNode evaluate(String expression) throws IOException {
            JsonNode r = send(session, "Runtime.evaluate", params().put("expression", expression).put("returnByValue", true));
            if (r.has("exceptionDetails")) {
                throw new IOException("evaluating " + expression + ": " + r.get("exceptionDetails"));
            }
            return r.path("result").path("value");
        }

        /** Every URL the page requested, the page itself included. */
        public List<String> requests() {
            return events("Network.requestWillBeSent").stream().map(e -> e.path("params").path("request").path("url").asText()).toList();
        }

        /** Console errors and warnings, uncaught exceptions and browser log errors (a CSP violation is one). */
        public List<String> problems() {
            List<String> out = new ArrayList<>();
            for (JsonNode e : events("Runtime.consoleAPICalled")) {
                String type = e.path("params").path("type").asText();
                if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
                    out.add("console." + type + ": " + e.path("params").path("args"));
                }
            }
            events("Runtime.exceptionThrown").forEach(e -> out.add("exception: " + e.path("params").path("exceptionDetails")));
            for (JsonNode e : events("Log.entryAdded")) {
                String level = e.path("params").path("entry").path("level").asText();
                if (level.equals("error") || level.equals("warning")) {
                    out.add("log." + level + ": " + e.path("params").path("entry").path("text").asText());
                }
            }
            return out;
        }

        private List<JsonNode> events(String method) {
            synchronized (events) {
                return events.subList(firstEvent, events.size()).stream()
                        .filter(e -> method.equals(e.path("method").asText()) && session.equals(e.path("sessionId").asText())).toList();
            }
        }

        /**
         * A PNG of the page, or of the box of the first element matching a CSS selector, cut at
         * {@code maxHeight} CSS pixels.
         */
        public byte[] screenshot(String selector, int maxHeight) throws IOException {
            JsonNode box = evaluate(selector == null
                    ? "({x:0,y:0,width:document.documentElement.scrollWidth,height:document.documentElement.scrollHeight})"
                    : "(()=>{const r=document.querySelector(" + JSON.writeValueAsString(selector)
                    + ").getBoundingClientRect();return {x:r.x+scrollX,y:r.y+scrollY,width:r.width,height:r.height};})()");
            ObjectNode clip = params().put("x", box.get("x").asDouble()).put("y", box.get("y").asDouble())
                    .put("width", box.get("width").asDouble()).put("height", Math.min(maxHeight, box.get("height").asDouble())).put("scale", 1);
            ObjectNode p = params().put("format", "png").put("captureBeyondViewport", true);
            p.set("clip", clip);
            return Base64.getDecoder().decode(send(session, "Page.captureScreenshot", p).get("data").asText());
        }
    }

    @Override
    public void close() throws IOException {
        try {
            send(null, "Browser.close", null);
        } catch (IOException e) {
            // The browser may already be gone; it is stopped below either way.
        }
        socket.abort();
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
