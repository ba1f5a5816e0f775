package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.jboss.logging.Logger;

import dev.toolfs.fs.ByteScan;

/**
 * MCP's stdio, opened as the process starts: one thread reads the input's lines from the first moment, before the
 * application (and its MCP server) is ready. Until a {@link Receiver} attaches, the lines are kept, and those the
 * {@link StdioHandshake} can answer are answered at once; the receiver then gets every line, kept ones first, in
 * order, and the early answers, so that it does not answer them twice.
 *
 * <p>
 * The channel writes to {@link #out()} until a receiver attaches (under its lock, one whole message at a time); then
 * only the receiver does.
 *
 * <p>
 * The receiver may do slow work in {@link Receiver#line} on the reading thread (the transport runs a call there when
 * nothing else runs, which saves waking another thread). When that work needs the next lines before it can finish (a
 * call that waits for the client's answer), it asks for {@link #handOver}: a new thread takes over the reading at once,
 * and the old one stops reading when its line is done. One thread reads at a time, in order. A line that keeps the
 * reading thread longer than {@link #STUCK_MILLIS} (a long call, an answer the client does not read yet while it
 * writes) gets the reading handed over too, by a watchdog, when the receiver says the line's place is fixed
 * ({@link Receiver#mayReadOn}), so that the input does not wait long for a busy reader.
 */
public final class StdioChannel {

    /** The longest message read on any heap, in bytes. */
    static final int MOST_MESSAGE_BYTES = 64 * 1024 * 1024;

    /**
     * The longest message read, in bytes; a longer line is passed on as {@link LineReader#TOO_LONG}: 64 MiB, or what the
     * maximum heap allows a request body if less (a write of a longer one would run it out).
     */
    public static final int MAX_MESSAGE_BYTES = maxMessageBytes(Runtime.getRuntime().maxMemory());

    static int maxMessageBytes(long maxHeapBytes) {
        return (int) Math.min(MOST_MESSAGE_BYTES, dev.toolfs.transport.rest.BodyLimits.forHeap(maxHeapBytes));
    }

    /** What a line over {@link #MAX_MESSAGE_BYTES} is told. */
    static String tooLong(int maxMessageBytes) {
        return "not a JSON-RPC message: the line is longer than " + maxMessageBytes + " bytes"
                + (maxMessageBytes < MOST_MESSAGE_BYTES ? ", the most that the server's maximum heap allows (a twelfth of"
                        + " it); give the JVM more heap (-Xmx) to send longer ones" : "");
    }

    /** How long a line may keep the reading thread before the watchdog hands the reading to another thread. */
    static final long STUCK_MILLIS = 50;
    /** The watchdog's looks without a line after which it sleeps until the next line. */
    private static final int IDLE_LOOKS = 20;

    /**
     * The log, first used after the server has attached: the channel opens before Quarkus has set up logging, and a
     * logger made that early would bind to the wrong log manager.
     */
    private static final class Log {
        static final Logger LOG = Logger.getLogger(StdioChannel.class);
    }

    /** What reads the channel once the server runs. */
    public interface Receiver {

        /** The requests answered before the server ran; called once, before any line. */
        void answeredEarly(List<StdioHandshake.EarlyAnswer> answers);

        /** A line of input (UTF-8), or {@link LineReader#TOO_LONG} for one over the limit (skipped). */
        void line(byte[] line);

        /** The input ended, or failed ({@code failure} not null). */
        void ended(Throwable failure);

        /**
         * Whether the reading may go on on another thread while {@code reader} is still inside {@link #line}: only
         * once that line's place among the others is fixed (the next lines cannot overtake it). The watchdog asks
         * before it hands the reading over; by default it never may.
         */
        default boolean mayReadOn(Thread reader) {
            return false;
        }

        /**
         * The line being delivered has lasted longer than {@link #STUCK_MILLIS}: what the receiver holds back for the
         * output should go out now. Called by the watchdog under the channel's monitor, so it must not wait: the
         * receiver hands the writing to another thread.
         */
        default void lineLasts() {
        }
    }

    /**
     * The system property the sidecar sets to {@code true} when it serves MCP over stdio (its HTTP server is then off).
     */
    public static final String SERVING_PROPERTY = "tool-fs.stdio";

    private static final AtomicReference<StdioChannel> OPENED = new AtomicReference<>();

    private final OutputStream out;
    private final List<byte[]> kept = new ArrayList<>();
    private final List<StdioHandshake.EarlyAnswer> answered = new ArrayList<>();
    /** Guarded by {@code this}: while null, lines are kept. */
    private Receiver receiver;
    private boolean ended;
    private Throwable failure;
    private String handshakeProblem;
    /** Counted down once the recording is loaded, or could not be. */
    private final CountDownLatch loaded = new CountDownLatch(1);
    /** The thread that reads; written under {@code this}. */
    private volatile Thread reader;
    /** Guarded by {@code this}: whether {@link #reader} is inside {@link Receiver#line}. */
    private boolean delivering;
    /** The input and its reader, handed from one reading thread to the next; set before the first line is read. */
    private InputStream input;
    private LineReader lines;
    /** Guarded by {@code this}: what answers the handshake until a receiver attaches (then null). */
    private StdioHandshake handshake;
    /** Guarded by {@code this}: lines handed to the receiver so far, for the watchdog to tell a line that lasts. */
    private long delivered;
    /** Guarded by {@code this}: the watchdog, once a receiver attaches, and whether it sleeps until the next line. */
    private Thread watchdog;
    private boolean watchdogAsleep;

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
        Thread reader = readerThread(() -> channel.read(in, handshake, toolList));
        channel.reader = reader;
        reader.start();
        OPENED.set(channel);
        return channel;
    }

    private static Thread readerThread(Runnable reading) {
        Thread t = new Thread(reading, "mcp-stdio-reader");
        t.setDaemon(true);
        return t;
    }

    /** The channel opened last, if no one has taken it yet. */
    public static Optional<StdioChannel> takeOpened() {
        return Optional.ofNullable(OPENED.getAndSet(null));
    }

    /**
     * The protocol's output. The channel writes to it under its monitor until a receiver attaches; from then on only
     * the receiver writes, under a lock of its own.
     */
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
     * Whether the calling thread reads the input and has its next whole line in hand already (read in with the one
     * being delivered): an answer written now may wait for that line's, and go out with it in one write.
     */
    public boolean nextLineInHand() {
        synchronized (this) {
            return reader == Thread.currentThread() && lines != null && lines.hasLine();
        }
    }

    /** Whether the calling thread is the one reading the input now. */
    public boolean onReaderThread() {
        return reader == Thread.currentThread();
    }

    /**
     * Lets another thread read the input from now on, if {@code busy} is the thread reading it and is inside
     * {@link Receiver#line} (so that it reads nothing while it is): {@code busy} then stops reading once that line is
     * done. Returns whether it did.
     */
    public boolean handOver(Thread busy) {
        synchronized (this) {
            return reader == busy && delivering && handOverLocked();
        }
    }

    /** Under the channel's lock, the reader inside a line: another thread reads from now on. */
    private boolean handOverLocked() {
        Thread busy = reader;
        Thread next = readerThread(this::readLines);
        reader = next;
        delivering = false;
        try {
            next.start();
            return true;
        } catch (Throwable e) {
            // No thread to be had (out of memory): the busy one goes on reading when its line is done.
            reader = busy;
            delivering = true;
            Log.LOG.warnf(e, "MCP stdio: could not start a thread to read the input");
            return false;
        }
    }

    /**
     * Looks at the reading every {@link #STUCK_MILLIS}: a line still being delivered since the last look gets the
     * reading handed over. Sleeps while no line comes (a sidecar waits for its model most of the time).
     */
    private void watch() {
        long seen = -1;
        int idle = 0;
        while (true) {
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(STUCK_MILLIS));
            boolean sleep;
            synchronized (this) {
                if (ended) {
                    return;
                }
                boolean lasts = delivering && delivered == seen;
                if (lasts && receiver.mayReadOn(reader)) {
                    handOverLocked();
                }
                if (lasts) {
                    receiver.lineLasts();
                }
                idle = !delivering && delivered == seen ? idle + 1 : 0;
                seen = delivered;
                sleep = idle >= IDLE_LOOKS;
                watchdogAsleep = sleep;
            }
            if (sleep) {
                // Until the next line is delivered (or the input ends).
                LockSupport.park(this);
                idle = 0;
            }
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
            for (byte[] line : kept) {
                r.line(line);
            }
            kept.clear();
            receiver = r;
            if (ended) {
                r.ended(failure);
            } else {
                watchdog = new Thread(this::watch, "mcp-stdio-watchdog");
                watchdog.setDaemon(true);
                watchdog.start();
            }
        }
    }

    private void read(InputStream in, Path recording, boolean toolList) {
        StdioHandshake recorded = null;
        try {
            recorded = recording == null ? null : StdioHandshake.load(recording);
            if (recorded != null && !toolList) {
                recorded = recorded.withoutToolList();
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            synchronized (this) {
                handshakeProblem = e.toString();
            }
        } finally {
            // Whatever happened, nobody waits for the load any longer.
            loaded.countDown();
        }
        synchronized (this) {
            input = in;
            lines = new LineReader(in, MAX_MESSAGE_BYTES);
            handshake = recorded != null ? recorded : StdioHandshake.pingOnly();
        }
        readLines();
    }

    /** Reads lines until the input ends, or until another thread takes over the reading. */
    private void readLines() {
        Thread me = Thread.currentThread();
        LineReader reading;
        synchronized (this) {
            reading = lines;
        }
        Throwable failed = null;
        try {
            for (byte[] line; (line = reading.next()) != null;) {
                Receiver r;
                synchronized (this) {
                    r = receiver;
                    if (r == null) {
                        kept.add(line);
                        // Not UTF-8 (an overlong "/"): the transport refuses the line, so no early answer either.
                        if (handshake != null && line != LineReader.TOO_LONG
                                && dev.toolfs.fs.ByteScan.isUtf8(line, 0, line.length)) {
                            answerEarly(handshake, line);
                        }
                    } else {
                        delivering = true;
                        delivered++;
                        if (watchdogAsleep) {
                            watchdogAsleep = false;
                            LockSupport.unpark(watchdog);
                        }
                        // Handshake answers are no longer needed: the server is there.
                        handshake = null;
                    }
                }
                if (r != null) {
                    Throwable lineFailed = deliver(r, line);
                    synchronized (this) {
                        if (reader != me) {
                            // Handed over while this line was delivered: the new reader goes on.
                            if (lineFailed != null) {
                                Log.LOG.warnf(lineFailed, "MCP stdio: handling a line failed");
                            }
                            return;
                        }
                        delivering = false;
                    }
                    if (lineFailed != null) {
                        throw lineFailed;
                    }
                }
            }
        } catch (Throwable e) {
            // Whatever stops the reading ends the channel: the server then stops instead of waiting for input that
            // no one reads any more.
            failed = e;
        }
        try {
            input.close();
        } catch (IOException e) {
            // Ending anyway.
        }
        Receiver r;
        synchronized (this) {
            ended = true;
            failure = failed;
            r = receiver;
            if (watchdog != null) {
                LockSupport.unpark(watchdog);
            }
        }
        if (r != null) {
            r.ended(failed);
        }
    }

    private static Throwable deliver(Receiver r, byte[] line) {
        try {
            r.line(line);
            return null;
        } catch (Throwable e) {
            return e;
        }
    }

    /** Under the channel's lock: no receiver yet. */
    private void answerEarly(StdioHandshake handshake, byte[] line) {
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
     * Lines of bytes from a stream, read in blocks, each at most {@code max} bytes: a longer one is skipped whole and
     * reported as {@link #TOO_LONG}. Lines stay UTF-8 bytes, for the JSON parser to read: decoding them to a
     * {@code String} first, as a {@code Reader} does, costs two more passes over a message that carries a whole file.
     */
    static final class LineReader {

        static final byte[] TOO_LONG = new byte[0];

        private final InputStream in;
        private final int max;
        private final byte[] buf = new byte[64 * 1024];
        private int pos;
        private int limit;

        LineReader(InputStream in, int max) {
            this.in = in;
            this.max = max;
        }

        /** Whether a whole line is in the buffer already: {@link #next()} returns it without reading. */
        boolean hasLine() {
            return pos < limit && ByteScan.indexOf(buf, (byte) '\n', pos, limit) >= 0;
        }

        /** The next line without its line break ({@code \n} or {@code \r\n}), or null at the end of the input. */
        byte[] next() throws IOException {
            byte[] line = null; // the start of a line that spans reads
            int have = 0;
            boolean tooLong = false;
            while (true) {
                if (pos == limit) {
                    limit = in.read(buf, 0, buf.length);
                    pos = 0;
                    if (limit <= 0) {
                        limit = 0;
                        if (line == null && !tooLong) {
                            return null;
                        }
                        return tooLong ? TOO_LONG : strip(line, have);
                    }
                }
                int start = pos;
                int nl = ByteScan.indexOf(buf, (byte) '\n', pos, limit);
                pos = nl < 0 ? limit : nl;
                int len = pos - start;
                if (!tooLong) {
                    // One byte more than the limit may be the CR of a CRLF, which is no part of the message.
                    if (have + len > max + 1L) {
                        tooLong = true;
                        line = null;
                    } else if (line == null && nl >= 0) {
                        // The whole line is in the buffer: one copy.
                        pos++;
                        int end = len > 0 && buf[start + len - 1] == '\r' ? len - 1 : len;
                        return end > max ? TOO_LONG : Arrays.copyOfRange(buf, start, start + end);
                    } else {
                        if (line == null) {
                            line = new byte[Math.max(len * 2, 256)];
                        } else if (have + len > line.length) {
                            line = Arrays.copyOf(line, Math.max(line.length * 2, have + len));
                        }
                        System.arraycopy(buf, start, line, have, len);
                        have += len;
                    }
                }
                if (nl >= 0) {
                    pos++; // the line break
                    return tooLong ? TOO_LONG : strip(line, have);
                }
            }
        }

        /**
         * The first {@code n} bytes of {@code line}, without a final {@code \r}; {@link #TOO_LONG} when that is longer
         * than the limit (the CR of a CRLF is no part of the message).
         */
        private byte[] strip(byte[] line, int n) {
            int end = n > 0 && line[n - 1] == '\r' ? n - 1 : n;
            if (end > max) {
                return TOO_LONG;
            }
            return end == line.length ? line : Arrays.copyOf(line, end);
        }
    }
}
