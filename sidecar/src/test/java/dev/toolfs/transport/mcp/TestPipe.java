package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;

/**
 * A client's pipe into a channel, usable from any thread: {@code PipedInputStream} refuses writes once the thread that
 * last read it has ended, which is what a reader does after it hands the reading over.
 */
final class TestPipe {

    final OutputStream client;
    final InputStream server;

    TestPipe() throws IOException {
        Pipe pipe = Pipe.open();
        client = Channels.newOutputStream(pipe.sink());
        server = Channels.newInputStream(pipe.source());
    }
}
