package dev.toolspill.quota;

/**
 * What one request asks of its tenant's limits: a request only; a request whose tools' outputs may be stored (the
 * day's bytes must not be spent); or an upload of {@code declaredBytes} (0 when unknown) that takes one of at most
 * {@code maxUploads} slots (0: no cap of its own).
 */
public record Ask(Kind kind, long declaredBytes, int maxUploads) {

    public enum Kind { REQUEST, STORING, UPLOAD }

    public static final Ask REQUEST = new Ask(Kind.REQUEST, 0, 0);
    public static final Ask STORING = new Ask(Kind.STORING, 0, 0);

    public static Ask upload(long declaredBytes, int maxUploads) {
        return new Ask(Kind.UPLOAD, declaredBytes, maxUploads);
    }
}
