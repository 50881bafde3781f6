package dev.toolspill.quota;

/** Bytes a tenant stored on one UTC day; a new day starts from zero. */
final class DailyBytes {

    private long day;
    private long bytes;

    synchronized long used(long today) {
        roll(today);
        return bytes;
    }

    synchronized void add(long today, long more) {
        roll(today);
        bytes += more;
    }

    private void roll(long today) {
        if (today != day) {
            day = today;
            bytes = 0;
        }
    }
}
