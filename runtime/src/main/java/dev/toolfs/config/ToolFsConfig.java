package dev.toolfs.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Tool FS run-time configuration. */
@ConfigMapping(prefix = "quarkus.tool-fs")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface ToolFsConfig {

    /** The workspace the tools may touch. */
    Workspace workspace();

    /** Limits of the read tool. */
    Read read();

    /** Limits of the edit tool. */
    Edit edit();

    /** How write and edit put a file on the disk. */
    Write write();

    /** How file versions are taken. */
    Version version();

    /** The read-before-write observation policy. */
    Policy policy();

    /** Tool sessions. */
    Sessions sessions();

    /** Access control of the HTTP endpoints. */
    Auth auth();

    /** The REST endpoints. */
    Rest rest();

    /** The MCP endpoint of the sidecar. */
    Mcp mcp();

    /** The sandbox for write and edit. */
    Sandbox sandbox();

    interface Sandbox {
        /**
         * {@code off}: any path in the workspace may be changed. {@code workspace-write}: changes are allowed in the
         * writable folders except protected paths; anything else needs an approved escalation, which write and edit
         * can request with {@code sandbox_permissions} and a {@code justification}.
         */
        @WithDefault("off")
        String mode();

        /**
         * The folders changes are allowed in: absolute, or relative to the workspace roots (that folder of each root that
         * has it). Defaults to the workspace roots.
         */
        Optional<List<String>> writableRoots();

        /** Globs, relative to each workspace root, of paths that are never changed without approval. */
        @WithDefault(".git/**,**/.git/**,.tool-fs/**")
        List<String> protectedPaths();

        /**
         * How escalations are decided: {@code deny} (every one), {@code approve} (every one), or {@code ask} (a person
         * answers through {@code /approvals} or the MCP client; no answer within the timeout is a denial).
         */
        @WithDefault("deny")
        String approval();

        /** How long an escalation waits for an answer in {@code ask} mode. */
        @WithDefault("2m")
        Duration approvalTimeout();
    }

    /** Limits of read_image. */
    Image image();

    /** Where read_image keeps the images it returns. */
    Attachments attachments();

    /**
     * The model a call is routed to when the caller does not say ({@code X-Model} over REST). read_image refuses
     * unless this model, or the caller's, declares image input.
     */
    Optional<String> defaultModel();

    /** What each model can do, by model name (e.g. {@code quarkus.tool-fs.models."gpt-4o".image-input=true}). */
    @io.quarkus.runtime.annotations.ConfigDocMapKey("model")
    java.util.Map<String, Model> models();

    interface Image {
        /** The largest image file read_image accepts, in bytes. */
        @WithDefault("5242880")
        long maxImageBytes();

        /** The most image bytes one tool result may carry (one result carries one image). */
        @WithDefault("5242880")
        long maxMessageImageBytes();

        /** The most pixels (width × height) an image may have. */
        @WithDefault("33177600")
        long maxImagePixels();

        /** The image formats this deployment accepts: any of png, jpeg, webp, gif. */
        @WithDefault("png,jpeg,webp,gif")
        List<String> mediaTypes();
    }

    interface Attachments {
        /** The folder of the local attachment store; created on first use. Defaults to ~/.tool-fs/attachments. */
        Optional<String> dir();
    }

    interface Model {
        /** Whether the model accepts images in tool results. */
        @WithDefault("false")
        boolean imageInput();
    }

    /** The LangChain4j binding (used only with the quarkus-tool-fs-langchain4j extension). */
    LangChain4j langchain4j();

    interface LangChain4j {
        /** The folder, inside the workspace, that relative paths of AI-service tool calls resolve against. */
        Optional<String> cwd();

        /** The model AI-service tool calls are routed to (for read_image); defaults to default-model. */
        Optional<String> model();

        /**
         * Whether AI services are offered read_image, which returns the image itself as LangChain4j image content,
         * after its text, inside the tool result. Turn it on when the chat model's provider module sends images in tool
         * results (LangChain4j's Anthropic module does); one that does not (OpenAI Chat Completions, Ollama, Mistral,
         * among others) fails the next model call. Off, read_image is not offered.
         */
        @WithDefault("false")
        boolean imageContent();
    }

    /** Per-tool settings, by tool name. */
    @io.smallrye.config.WithName("tools")
    @io.quarkus.runtime.annotations.ConfigDocMapKey("name")
    java.util.Map<String, Tool> tools();

    interface Tool {
        /**
         * Whether the tool is offered at all. A disabled tool disappears from every listing and cannot be called; the
         * guidance sections stay, so the system prompt does not change.
         */
        @WithDefault("true")
        boolean enabled();
    }

    interface Mcp {
        /**
         * Browser origins allowed to call {@code /mcp}, {@code /tools} and {@code /approvals} besides localhost ones
         * (e.g. {@code https://agent.example.com}): scheme, host and port, compared as browsers send them (the scheme
         * and host in any case, a trailing slash ignored). A request with any other {@code Origin} gets 403, as the MCP
         * specification requires against DNS rebinding: a web page the user visits must not use the tools.
         */
        Optional<List<String>> allowedOrigins();

        /**
         * Where a tool result carries its presentation metadata (the read-card, image-card or diff-card; on a failure
         * the error's name and code), over Streamable HTTP and stdio alike. The model-facing text is always the first
         * content block. By default ({@code auto}) a success's card goes in the result's {@code _meta} only to a client
         * that asks for it by declaring the experimental capability {@code dev.toolfs/metadata} (an empty object will do)
         * at {@code initialize}, and a failure's name and code to every client; {@code meta} gives every client the card,
         * {@code structured-content} puts it in the result's {@code structuredContent}, {@code none} leaves both out.
         */
        @WithDefault("auto")
        MetadataPlacement presentationMetadata();

        /** The places {@link #presentationMetadata()} can name. */
        enum MetadataPlacement {
            /**
             * A failure's name and code in the result's {@code _meta}, under {@code dev.toolfs/error}, for every
             * client; a success's card in {@code _meta}, under {@code dev.toolfs/metadata}, only for a client that
             * declared the experimental capability {@code dev.toolfs/metadata} in its {@code initialize}. A read's card
             * repeats its lines, so the clients that do not show cards (most) get answers half the size. The default.
             */
            AUTO,
            /**
             * In the result's {@code _meta}, under {@code dev.toolfs/metadata} (on a failure {@code dev.toolfs/error}),
             * for every client: a client keeps it for its user interface, and the model sees the text.
             */
            META,
            /**
             * As the result's {@code structuredContent}. Several clients (Claude Code and VS Code among them) then give
             * the model that JSON instead of the text: use it only with a client that shows the text.
             */
            STRUCTURED_CONTENT,
            /** Left out: the smallest answers, for clients that would not use it. */
            NONE
        }
    }

    interface Rest {
        /**
         * The largest request body {@code POST /tools/{name}} (and {@code /mcp} in the sidecar) accepts; a larger one
         * gets a JSON 413, judged on the declared length before the body is read. A chunked body is also bounded by
         * {@code quarkus.http.limits.max-body-size}: keep that above this. 0 sets no limit of its own (Quarkus' still
         * applies).
         */
        @WithDefault("10M")
        io.quarkus.runtime.configuration.MemorySize maxBodySize();

        /**
         * The most bytes of request bodies ({@code POST /tools/{name}}, and {@code /mcp} in the sidecar) received and
         * handled at once, each counted by its declared length (a chunked one by {@code max-body-size}). A body that
         * would go over while others are in hand is refused at once with a JSON 503 and {@code Retry-After}; one alone
         * is always taken. A write holds its body several times over, so this keeps concurrent large writes from running
         * the JVM out of memory. Defaults to a tenth of the maximum heap, and at least {@code max-body-size}.
         */
        Optional<io.quarkus.runtime.configuration.MemorySize> bodiesInMemory();
    }

    interface Workspace {
        /**
         * The folders the tools may read and write, absolute or relative to the process's current folder, separated by
         * commas (spaces around them are ignored). The first one is the default working folder of a session. Defaults
         * to the process's current folder; an empty or blank value ({@code roots=}, or an empty environment variable)
         * counts as unset, so it means that folder too. A value of only commas names no folder, and the start is refused.
         */
        Optional<List<String>> roots();
    }

    interface Read {
        /** The most lines one read returns; also the default of its {@code limit} argument. */
        @WithDefault("2000")
        int limit();

        /** Longer lines are cut to this many characters and marked as truncated. */
        @WithDefault("2000")
        int maxLineLength();

        /** The most bytes of text one read returns, its header and footer included; the window stops early ("Output capped") before it. */
        @WithDefault("51200")
        long maxBytes();
    }

    interface Edit {
        /**
         * The largest file edit loads into memory, in bytes, and the largest it makes. Larger files are refused with
         * {@code FS_TOO_LARGE} (write can still replace them), and so is an edit whose result would be larger.
         */
        @WithDefault("16777216")
        long maxFileBytes();
    }

    interface Write {
        /**
         * Whether write and edit wait until the new content and its name are on the disk (an fsync of the new file and
         * of its folder) before they answer. Either way a file is replaced atomically: a reader, or a crash of this
         * process, sees the old content or the new one, never a mix. Without fsync a call is faster (the two fsyncs are
         * most of a small write's time), but after a power loss or a crash of the operating system a file changed in
         * the last seconds may come back with its old content, or empty (a new file; on some file systems a replaced
         * one too): for a scratch or throwaway workspace, or a file system that is lost with the machine anyway (tmpfs).
         */
        @WithDefault("true")
        boolean fsync();
    }

    interface Version {
        /**
         * Files up to this many bytes get a 64-bit checksum (CRC-32C and CRC-32) of their content in their version, so
         * a timestamp-only change (a touch, a formatter rewriting identical bytes) is not reported as a change. Larger
         * files are versioned by size, timestamps and identity alone, so reading a window of a huge file does not read
         * all of it.
         */
        @WithDefault("8388608")
        long maxHashBytes();
    }

    interface Policy {
        /**
         * Whether write and edit require the session to have read the file at its current version. When false, both
         * are unconditional.
         */
        @WithDefault("true")
        boolean enabled();
    }

    interface Sessions {
        /** The most sessions kept; the least recently used is forgotten beyond it. */
        @WithDefault("1000")
        int max();

        /** A session unused this long is forgotten, and with it what it observed. */
        @WithDefault("1h")
        Duration idleTimeout();

        /**
         * The most files one session remembers having read (or found missing), the least recently used forgotten
         * first. A forgotten file must be read again before write or edit change it. Bounds the memory of a session
         * that reads path after path: about 160 bytes a file plus twice its path's length; all sessions' records
         * together are bounded by sessions.observations-memory.
         */
        @WithDefault("1000")
        int maxObservations();

        /**
         * The most memory that every session's records of what it read take together (by default a sixteenth of the
         * heap). Past it, the sessions that hold the most let go of their least recently used records, down to a share
         * every session may keep: a session reading path after path, or many sessions at once, cannot fill the heap.
         */
        Optional<io.quarkus.runtime.configuration.MemorySize> observationsMemory();
    }

    interface Auth {
        /** When set, the HTTP endpoints require {@code Authorization: Bearer <token>}. */
        Optional<String> token();
    }
}
