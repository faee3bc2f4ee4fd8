package dev.argoforensics.redact;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret behind the pseudonyms: HMAC-SHA256 of an identifier under this key. The same key gives
 * the same pseudonyms in every run (reports of one incident can be compared); without the key a
 * pseudonym cannot be traced back, even by trying likely names.
 */
public final class RedactionKey {
    private static final int RANDOM_BYTES = 32;

    private final byte[] key;

    private RedactionKey(byte[] key) {
        this.key = key.clone();
    }

    /** A key the user chose ({@code --redact-key}). */
    public static RedactionKey of(String secret) {
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("the redaction key is empty");
        }
        return new RedactionKey(secret.getBytes(StandardCharsets.UTF_8));
    }

    /** A fresh random key, for a run whose pseudonyms need not match any other run's. */
    public static RedactionKey random() {
        byte[] k = new byte[RANDOM_BYTES];
        new SecureRandom().nextBytes(k);
        return new RedactionKey(k);
    }

    /** The keyed hash of a value, as lower-case hex. */
    String hash(String value) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    @Override
    public String toString() {
        return "RedactionKey[hidden]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RedactionKey k && Arrays.equals(key, k.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }
}
