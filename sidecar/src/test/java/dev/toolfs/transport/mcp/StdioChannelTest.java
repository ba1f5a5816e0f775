package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class StdioChannelTest {

    /** Records what the channel hands over. */
    static final class Recorder implements StdioChannel.Receiver {
        final List<StdioHandshake.EarlyAnswer> early = new ArrayList<>();
        final List<String> lines = new ArrayList<>();
        final CompletableFuture<Throwable> end = new CompletableFuture<>();

        @Override
        public synchronized void answeredEarly(List<StdioHandshake.EarlyAnswer> answers) {
            assertThat(lines).as("early answers come before any line").isEmpty();
            early.addAll(answers);
        }

        @Override
        public synchronized void line(byte[] line) {
            lines.add(new String(line, StandardCharsets.UTF_8));
        }

        @Override
        public void ended(Throwable failure) {
            end.complete(failure);
        }
    }

    /**
     * Records each line and the thread that delivered it. Its "wait" line keeps the reading thread until its "answer"
     * line has been delivered (so by another thread), asking the channel for a hand-over first when {@code asks}.
     * Each outcome is kept for the test's thread to check: a failure inside a line would only reach the channel.
     */
    static final class WaitingReceiver implements StdioChannel.Receiver {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final AtomicInteger ends = new AtomicInteger();
        final CompletableFuture<Boolean> handedOver = new CompletableFuture<>();
        final CompletableFuture<Boolean> handedOverAgain = new CompletableFuture<>();
        final CompletableFuture<Boolean> answerRead = new CompletableFuture<>();
        private final CountDownLatch answered = new CountDownLatch(1);
        private final StdioChannel channel;
        private final boolean asks;
        private final boolean mayReadOn;

        WaitingReceiver(StdioChannel channel, boolean asks, boolean mayReadOn) {
            this.channel = channel;
            this.asks = asks;
            this.mayReadOn = mayReadOn;
        }

        @Override
        public void answeredEarly(List<StdioHandshake.EarlyAnswer> answers) {
        }

        @Override
        public void line(byte[] bytes) {
            String line = new String(bytes, StandardCharsets.UTF_8);
            lines.add(line);
            threads.add(Thread.currentThread().getName() + "#" + Thread.currentThread().getId());
            if (line.equals("wait")) {
                if (asks) {
                    handedOver.complete(channel.handOver(Thread.currentThread()));
                    handedOverAgain.complete(channel.handOver(Thread.currentThread()));
                }
                try {
                    answerRead.complete(answered.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    answerRead.completeExceptionally(e);
                }
            } else if (line.equals("answer")) {
                answered.countDown();
            }
        }

        @Override
        public void ended(Throwable failure) {
            ends.incrementAndGet();
        }

        @Override
        public boolean mayReadOn(Thread reader) {
            return mayReadOn;
        }
    }

    /** The output, safe to read while the channel's thread writes (the channel writes under its lock). */
    static String written(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    static void await(ByteArrayOutputStream out, int lines) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (written(out).split("\n", -1).length <= lines && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    @Test
    void answersTheHandshakeBeforeTheServerAttachesThenHandsOverEveryLineInOrder() throws Exception {
        Path recording = StdioHandshakeTest.recording(StdioHandshakeTest.INITIALIZE, StdioHandshakeTest.TOOLS);
        TestPipe pipe = new TestPipe();
        OutputStream client = pipe.client;
        InputStream in = pipe.server;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioChannel channel = StdioChannel.open(in, out, recording, true);

        String init = StdioHandshakeTest.initialize(1, "2025-06-18");
        String initialized = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
        String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
        String call = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}";
        client.write((init + "\n" + initialized + "\n" + list + "\r\n" + call + "\n").getBytes(StandardCharsets.UTF_8));
        client.flush();
        await(out, 2);
        String[] answers = written(out).split("\n");
        assertThat(answers).hasSize(2);
        assertThat(answers[0]).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\"");
        assertThat(answers[1]).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[{\"name\":\"read\"}]}}");

        Recorder server = new Recorder();
        channel.attach(server);
        String later = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}";
        client.write((later + "\n").getBytes(StandardCharsets.UTF_8));
        client.close();

        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(server.early).extracting(StdioHandshake.EarlyAnswer::method, StdioHandshake.EarlyAnswer::id)
                .containsExactly(tuple("initialize", "1"),
                        tuple("tools/list", "2"));
        synchronized (server) {
            // Every line, the answered ones too (the server answers them again, unseen), in order.
            assertThat(server.lines).containsExactly(init, initialized, list, call, later);
        }
        assertThat(written(out).split("\n")).as("once attached, the channel answers nothing itself").hasSize(2);
        assertThat(channel.handshakeProblem()).isEmpty();
    }

    @Test
    void withoutARecordingKeepsEverythingButPingsForTheServerAndSaysWhy() throws Exception {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}";
        byte[] input = (ping + "\n" + StdioHandshakeTest.initialize(1, "2025-06-18") + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioChannel channel = StdioChannel.open(new ByteArrayInputStream(input), out, Path.of("/no/such/recording"), true);
        Recorder server = new Recorder();
        // Attached after the input may already have ended: the end is handed over as well.
        Thread.sleep(50);
        channel.attach(server);
        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(server.lines).containsExactly(ping, StdioHandshakeTest.initialize(1, "2025-06-18"));
        // A ping needs no recording: answered before the server ran (found by black-box testing).
        assertThat(server.early).extracting(StdioHandshake.EarlyAnswer::method).containsExactly("ping");
        assertThat(written(out)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}\n");
        assertThat(channel.handshakeProblem()).hasValueSatisfying(p -> assertThat(p).contains("/no/such/recording"));
    }

    @Test
    void withoutTheToolListOnlyInitializeIsAnsweredEarly() throws Exception {
        Path recording = StdioHandshakeTest.recording(StdioHandshakeTest.INITIALIZE, StdioHandshakeTest.TOOLS);
        TestPipe pipe = new TestPipe();
        OutputStream client = pipe.client;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioChannel channel = StdioChannel.open(pipe.server, out, recording, false);
        client.write((StdioHandshakeTest.initialize(1, "2025-06-18") + "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
                .getBytes(StandardCharsets.UTF_8));
        client.flush();
        await(out, 1);
        Thread.sleep(100);
        assertThat(written(out).split("\n")).hasSize(1);
        assertThat(written(out)).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":");
        Recorder server = new Recorder();
        channel.attach(server);
        client.close();
        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(server.early).extracting(StdioHandshake.EarlyAnswer::method).containsExactly("initialize");
    }

    @Test
    void aLineThatIsNotUtf8IsNotAnsweredEarly() throws Exception {
        // Found in a review: the transport refuses an overlong "/" (C0 AF), the early answer took it for "/".
        Path recording = StdioHandshakeTest.recording(StdioHandshakeTest.INITIALIZE, StdioHandshakeTest.TOOLS);
        TestPipe pipe = new TestPipe();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioChannel channel = StdioChannel.open(pipe.server, out, recording, true);
        String init = StdioHandshakeTest.initialize(1, "2025-06-18").replace("\"name\":\"c\"", "\"name\":\"c\u00c0\u00af\"");
        pipe.client.write((init + "\n").getBytes(StandardCharsets.ISO_8859_1));
        pipe.client.flush();
        Thread.sleep(300);
        assertThat(written(out)).isEmpty();
        Recorder server = new Recorder();
        channel.attach(server);
        pipe.client.close();
        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(server.early).isEmpty();
    }

    @Test
    void noRecordingAskedForIsNoProblem() throws Exception {
        StdioChannel channel = StdioChannel.open(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream(), null, true);
        Recorder server = new Recorder();
        channel.attach(server);
        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(channel.handshakeProblem()).isEmpty();
        assertThat(StdioChannel.takeOpened()).containsSame(channel);
        assertThat(StdioChannel.takeOpened()).as("taken once").isEmpty();
    }

    @Test
    void aFailingInputEndsTheChannelWithTheFailure() throws Exception {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("gone");
            }
        };
        StdioChannel channel = StdioChannel.open(broken, new ByteArrayOutputStream(), null, true);
        Recorder server = new Recorder();
        channel.attach(server);
        assertThat(server.end.get(10, TimeUnit.SECONDS)).hasMessage("gone");
    }

    @Test
    void aReceiverBusyWithALineHandsTheReadingOverAndEveryLineComesOnceInOrder() throws Exception {
        TestPipe pipe = new TestPipe();
        OutputStream client = pipe.client;
        StdioChannel channel = StdioChannel.open(pipe.server, new ByteArrayOutputStream(), null, true);
        // Like a call that waits for the client's answer: it asks for a hand-over, and the next lines must be read.
        WaitingReceiver server = new WaitingReceiver(channel, true, false);
        channel.attach(server);
        client.write("first\nwait\n".getBytes(StandardCharsets.UTF_8));
        client.flush();
        assertThat(server.handedOver.get(10, TimeUnit.SECONDS)).isTrue();
        client.write("answer\nlast\n".getBytes(StandardCharsets.UTF_8));
        client.close();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (server.ends.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Thread.sleep(100); // room for a second end, which must not come
        assertThat(server.handedOverAgain.get()).as("handed over once").isFalse();
        assertThat(server.answerRead.get()).as("the answer was read while the line was busy").isTrue();
        assertThat(server.ends.get()).isEqualTo(1);
        assertThat(server.lines).containsExactly("first", "wait", "answer", "last");
        assertThat(server.threads.get(1)).isEqualTo(server.threads.get(0));
        assertThat(server.threads.get(2)).as("read by the new reader").isNotEqualTo(server.threads.get(1))
                .startsWith("mcp-stdio-reader#");
        assertThat(server.threads.get(3)).isEqualTo(server.threads.get(2));
    }

    @Test
    void onlyTheReaderBusyWithALineCanHandOver() throws Exception {
        TestPipe pipe = new TestPipe();
        OutputStream client = pipe.client;
        StdioChannel channel = StdioChannel.open(pipe.server, new ByteArrayOutputStream(), null, true);
        Recorder server = new Recorder();
        channel.attach(server);
        assertThat(channel.onReaderThread()).isFalse();
        // The reader waits for input, not inside a line; and this thread is not the reader at all.
        assertThat(channel.handOver(Thread.currentThread())).isFalse();
        client.write("one\n".getBytes(StandardCharsets.UTF_8));
        client.close();
        assertThat(server.end.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(server.lines).containsExactly("one");
    }

    @Test
    void aLineThatKeepsTheReaderGetsTheReadingHandedOverByTheWatchdog() throws Exception {
        TestPipe pipe = new TestPipe();
        OutputStream client = pipe.client;
        StdioChannel channel = StdioChannel.open(pipe.server, new ByteArrayOutputStream(), null, true);
        // Busy without asking for a hand-over (a long call, an answer the client does not read yet), at a point
        // where its place among the lines is fixed.
        WaitingReceiver server = new WaitingReceiver(channel, false, true);
        channel.attach(server);
        // After more than the watchdog's idle time, so that it sleeps and the line must wake it.
        Thread.sleep(StdioChannel.STUCK_MILLIS * 25);
        client.write("wait\nanswer\n".getBytes(StandardCharsets.UTF_8));
        client.flush();
        assertThat(server.answerRead.get(10, TimeUnit.SECONDS)).as("the next line was read while the first was busy")
                .isTrue();
        client.close();
        assertThat(server.lines).containsExactly("wait", "answer");
        assertThat(server.threads.get(1)).isNotEqualTo(server.threads.get(0)).startsWith("mcp-stdio-reader#");
    }

    /**
     * A message as long as a write's body may be on this heap: 64 MiB, or a twelfth of a smaller heap's maximum (at
     * -Xmx48m one write of 7 MiB ran the heap out, found by black-box testing); the refusal says which.
     */
    @Test
    void theLongestMessageFitsTheHeap() {
        assertThat(StdioChannel.maxMessageBytes(1L << 30)).isEqualTo(64 << 20);
        assertThat(StdioChannel.maxMessageBytes(48L << 20)).isEqualTo(4 << 20);
        assertThat(StdioChannel.MAX_MESSAGE_BYTES).isEqualTo(StdioChannel.maxMessageBytes(Runtime.getRuntime().maxMemory()));
        assertThat(StdioChannel.tooLong(64 << 20)).isEqualTo("not a JSON-RPC message: the line is longer than 67108864 bytes");
        assertThat(StdioChannel.tooLong(4 << 20)).isEqualTo("not a JSON-RPC message: the line is longer than 4194304 bytes,"
                + " the most that the server's maximum heap allows (a twelfth of it); give the JVM more heap (-Xmx) to send"
                + " longer ones");
    }
}
