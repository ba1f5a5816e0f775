package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * MCP's stdio, opened as the process starts: one thread reads the input's lines from the first moment, before the
 * application (and its MCP server) is ready. Until a {@link Receiver} attaches, the lines are kept, and those the
 * {@link StdioHandshake} can answer are answered at once; the receiver then gets every line, kept ones first, in
 * order, and the early answers, so that it does not answer them twice.
 *
 * <p>
 * Both write to {@link #out()} under its lock, one whole message at a time.
 */
public final class StdioChannel {

    /** The longest message read; a longer line is passed on as {@link LineReader#TOO_LONG}. */
    static final int MAX_MESSAGE_CHARS = 64 * 1024 * 1024;

    /** What reads the channel once the server runs. */
    public interface Receiver {

        /** The requests answered before the server ran; called once, before any line. */
        void answeredEarly(List<StdioHandshake.EarlyAnswer> answers);

        /** A line of input, or {@link LineReader#TOO_LONG} for one over the limit (skipped). */
        void line(String line);

        /** The input ended, or failed ({@code failure} not null). */
        void ended(Throwable failure);
    }

    private static final AtomicReference<StdioChannel> OPENED = new AtomicReference<>();

    private final OutputStream out;
    private final List<String> kept = new ArrayList<>();
    private final List<StdioHandshake.EarlyAnswer> answered = new ArrayList<>();
    /** Guarded by {@code this}: while null, lines are kept. */
    private Receiver receiver;
    private boolean ended;
    private Throwable failure;
    private String handshakeProblem;
    /** Counted down once the recording is loaded, or could not be. */
    private final CountDownLatch loaded = new CountDownLatch(1);

    private StdioChannel(OutputStream out) {
        this.out = out;
    }

    /**
     * Starts reading {@code in} on a thread of its own, answering the handshake from {@code handshake} (loaded on that
     * thread, so the caller goes on at once) until a receiver attaches. The server then finds it with
     * {@link #takeOpened()}.
     *
     * @param handshake the build's recorded handshake (see {@link StdioHandshake#load}), or null to answer nothing early
     * @param toolList whether its tool list may be answered too (not when this run's configuration changes it)
     */
    public static StdioChannel open(InputStream in, OutputStream out, Path handshake, boolean toolList) {
        StdioChannel channel = new StdioChannel(out);
        Thread reader = new Thread(() -> channel.read(in, handshake, toolList), "mcp-stdio-reader");
        reader.setDaemon(true);
        reader.start();
        OPENED.set(channel);
        return channel;
    }

    /** The channel opened last, if no one has taken it yet. */
    public static Optional<StdioChannel> takeOpened() {
        return Optional.ofNullable(OPENED.getAndSet(null));
    }

    /** The protocol's output; lock it for a whole message. */
    public OutputStream out() {
        return out;
    }

    /**
     * Why the recorded handshake was not used, when it was asked for and could not be loaded (waits for the load, which
     * the reader does first).
     */
    public Optional<String> handshakeProblem() throws InterruptedException {
        loaded.await();
        synchronized (this) {
            return Optional.ofNullable(handshakeProblem);
        }
    }

    /**
     * From now on {@code r} gets the input: first what was answered early, then the kept lines, then each line as it
     * comes, and the end.
     */
    public void attach(Receiver r) {
        synchronized (this) {
            if (receiver != null) {
                throw new IllegalStateException("the stdio channel is already attached");
            }
            r.answeredEarly(List.copyOf(answered));
            for (String line : kept) {
                r.line(line);
            }
            kept.clear();
            receiver = r;
            if (ended) {
                r.ended(failure);
            }
        }
    }

    private void read(InputStream in, Path recording, boolean toolList) {
        StdioHandshake handshake = null;
        try {
            handshake = recording == null ? null : StdioHandshake.load(recording);
            if (handshake != null && !toolList) {
                handshake = handshake.withoutToolList();
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            synchronized (this) {
                handshakeProblem = e.toString();
            }
        } finally {
            // Whatever happened, nobody waits for the load any longer.
            loaded.countDown();
        }
        Throwable failed = null;
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            LineReader lines = new LineReader(reader, MAX_MESSAGE_CHARS);
            for (String line; (line = lines.next()) != null;) {
                Receiver r;
                synchronized (this) {
                    r = receiver;
                    if (r == null) {
                        kept.add(line);
                        if (handshake != null && line != LineReader.TOO_LONG) {
                            answerEarly(handshake, line);
                        }
                    }
                }
                if (r != null) {
                    // Handshake answers are no longer needed: the server is there.
                    handshake = null;
                    r.line(line);
                }
            }
        } catch (Throwable e) {
            // Whatever stops the reading ends the channel: the server then stops instead of waiting for input that
            // no one reads any more.
            failed = e;
        }
        Receiver r;
        synchronized (this) {
            ended = true;
            failure = failed;
            r = receiver;
        }
        if (r != null) {
            r.ended(failed);
        }
    }

    /** Under the channel's lock: no receiver yet. */
    private void answerEarly(StdioHandshake handshake, String line) {
        Optional<StdioHandshake.Answer> answer = handshake.answer(line);
        if (answer.isEmpty()) {
            return;
        }
        byte[] bytes = answer.get().line().getBytes(StandardCharsets.UTF_8);
        try {
            synchronized (out) {
                out.write(bytes);
                out.write('\n');
                out.flush();
            }
            answered.add(answer.get().answered());
        } catch (IOException e) {
            // The output is gone; the server finds that out when it writes, and stops.
        }
    }

    /**
     * Lines from a reader, read in blocks (not a character at a time), each at most {@code max} characters: a longer
     * one is skipped whole and reported as {@link #TOO_LONG}.
     */
    static final class LineReader {

        static final String TOO_LONG = new String("(too long)");

        private final Reader reader;
        private final int max;
        private final char[] buf = new char[64 * 1024];
        private int pos;
        private int limit;

        LineReader(Reader reader, int max) {
            this.reader = reader;
            this.max = max;
        }

        /** The next line without its line break ({@code \n} or {@code \r\n}), or null at the end of the input. */
        String next() throws IOException {
            StringBuilder line = null;
            boolean tooLong = false;
            while (true) {
                if (pos == limit) {
                    limit = reader.read(buf, 0, buf.length);
                    pos = 0;
                    if (limit <= 0) {
                        limit = 0;
                        if (line == null && !tooLong) {
                            return null;
                        }
                        return tooLong ? TOO_LONG : strip(line);
                    }
                }
                int start = pos;
                while (pos < limit && buf[pos] != '\n') {
                    pos++;
                }
                int len = pos - start;
                if (!tooLong) {
                    int have = line == null ? 0 : line.length();
                    if (have + len > max) {
                        tooLong = true;
                        line = null;
                    } else {
                        if (line == null) {
                            if (pos < limit) {
                                // The whole line is in the buffer: one copy, into its string.
                                pos++;
                                int n = len > 0 && buf[start + len - 1] == '\r' ? len - 1 : len;
                                return new String(buf, start, n);
                            }
                            line = new StringBuilder(Math.max(len * 2, 256));
                        }
                        line.append(buf, start, len);
                    }
                }
                if (pos < limit) {
                    pos++; // the line break
                    return tooLong ? TOO_LONG : strip(line);
                }
            }
        }

        private static String strip(StringBuilder line) {
            int n = line.length();
            return n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
        }
    }
}
