package dev.toolfs.sidecar;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import dev.toolfs.transport.mcp.StdioChannel;
import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * The sidecar's JSON (REST, MCP over stdio): strings written through {@link LongStringSerializer}. The sidecar is the
 * application, so it may tune its own mapper; the extension leaves an embedding application's mapper alone.
 */
@Singleton
public class SidecarJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(module());
        // Jackson refuses strings over 20 million characters by default; a stdio message may be up to 64 MiB (a
        // write's content), and one refused here could not even be answered with its own id.
        mapper.getFactory().setStreamReadConstraints(
                StreamReadConstraints.builder().maxStringLength(StdioChannel.MAX_MESSAGE_BYTES).build());
        untrustedNames(mapper);
    }

    /**
     * A mapper that reads what clients send keeps no table of the names it read: the table is shared by every parse,
     * and about a thousand names made to collide in it, in one message or over several, left it broken, so that every
     * message after failed to parse (found by black-box testing). Messages have few names; the table hardly speeds
     * them up.
     */
    @SuppressWarnings("deprecation") // JsonFactory.disable(Feature): the mapper's factory is made already
    public static void untrustedNames(ObjectMapper mapper) {
        mapper.getFactory().disable(com.fasterxml.jackson.core.JsonFactory.Feature.CANONICALIZE_FIELD_NAMES);
    }

    /** The module that writes strings through {@link LongStringSerializer}. */
    public static SimpleModule module() {
        return new SimpleModule("tool-fs-sidecar-strings").addSerializer(String.class, new LongStringSerializer());
    }
}
