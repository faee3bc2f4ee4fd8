package dev.argoforensics.redact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Host names in the text of log lines: a service's name without a dot (an in-cluster MinIO, the Argo server) is somebody's and
 * is replaced wherever it stands, also bare; a public cloud service's endpoint ({@code s3.amazonaws.com}) is the same for
 * everyone and stays readable, while the bucket or account in it is replaced.
 */
class HostRedactionTest {
    private static final Pattern HOST = Pattern.compile("host-[0-9a-f]{6}");

    private static TextRedactor redactor() {
        return new TextRedactor(new Pseudonyms(RedactionKey.of("k"), new Identifiers()));
    }

    /** An artifact upload to an in-cluster MinIO failing, as the executor logs it: the host in the URL and bare after "lookup". */
    @Test
    void aHostWithoutADotIsReplacedInTheUrlAndBare() {
        String line = "msg=\"failed to put file: Put \\\"http://minio:9000/my-bucket/wf-1/wf-1-123/main.log\\\": dial tcp: lookup minio on"
                + " 10.96.0.10:53: no such host\"";
        String out = redactor().apply(line);
        assertFalse(out.contains("minio"), out);
        Matcher m = HOST.matcher(out);
        assertTrue(m.find(), out);
        String pseudonym = m.group();
        assertTrue(out.contains("http://" + pseudonym + ":9000/") && out.contains("lookup " + pseudonym + " on"), out);
        String server = redactor().apply("Get \"https://argo-server:2746/api/v1/info\": EOF");
        assertFalse(server.contains("argo-server"), server);
        assertTrue(server.contains(":2746/api/v1/info"), "the port and path stay: " + server);
    }

    @Test
    void aPublicStorageEndpointStaysAndItsBucketIsReplaced() {
        String out = redactor().apply("Put \"https://s3.amazonaws.com/acme-ledger/wf-1/main.log\": dial tcp: i/o timeout");
        assertTrue(out.contains("https://s3.amazonaws.com/host-"), out);
        assertFalse(out.contains("acme-ledger"), out);
        assertTrue(out.endsWith("/wf-1/main.log\": dial tcp: i/o timeout"), out);

        String virtual = redactor().apply("Get https://acme-ledger.s3.eu-west-1.amazonaws.com/k: 403 Forbidden");
        assertFalse(virtual.contains("acme-ledger"), virtual);
        assertTrue(virtual.matches("Get https://host-[0-9a-f]{6}\\.s3\\.eu-west-1\\.amazonaws\\.com/k: 403 Forbidden"), virtual);

        String ecr = redactor().apply("pull 123456789012.dkr.ecr.us-east-1.amazonaws.com/app:1");
        assertFalse(ecr.contains("123456789012"), ecr);
        assertTrue(ecr.contains(".dkr.ecr.us-east-1.amazonaws.com/app:1"), ecr);

        String gcs = redactor().apply("https://storage.googleapis.com/acme-art/o and s3.eu-west-1.amazonaws.com");
        assertTrue(gcs.startsWith("https://storage.googleapis.com/host-") && gcs.endsWith(" and s3.eu-west-1.amazonaws.com"), gcs);
        assertFalse(gcs.contains("acme-art"), gcs);
    }

    /** Controls: a company's own dotted host is still replaced whole; public and every-cluster names stay. */
    @Test
    void otherHostsAreAsBefore() {
        String out = redactor().apply("https://k8s-api.payments.corp:6443 https://github.com/argoproj/argo-workflows http://localhost:8080/x");
        assertFalse(out.contains("payments.corp"), out);
        assertTrue(out.contains("https://github.com/argoproj/argo-workflows") && out.contains("http://localhost:8080/x"), out);
        assertEquals(null, TextRedactor.privatePart("s3.amazonaws.com"));
        assertEquals("acme", TextRedactor.privatePart("acme.blob.core.windows.net"));
        assertEquals("billing.acme", TextRedactor.privatePart("billing.acme.s3.amazonaws.com"));
        assertEquals("minio", TextRedactor.privatePart("minio"));
    }

    /** The same host met first bare and then in a URL gets one pseudonym once it is collected from the lines first. */
    @Test
    void aCollectedHostIsReplacedBareInAnEarlierLine() {
        Identifiers found = new Identifiers();
        found.add(IdentifierKind.HOST, TextRedactor.privatePart("minio"));
        TextRedactor t = new TextRedactor(new Pseudonyms(RedactionKey.of("k"), found));
        String first = t.apply("endpoint=minio:9000 bucket=b");
        String second = t.apply("Put \"http://minio:9000/b/k\"");
        assertFalse(first.contains("minio"), first);
        Matcher m = HOST.matcher(first);
        assertTrue(m.find());
        assertTrue(second.contains("http://" + m.group() + ":9000/"), second);
    }
}
