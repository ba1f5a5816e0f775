package dev.toolfs.tools;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import dev.toolfs.attachments.AttachmentException;
import dev.toolfs.attachments.AttachmentStore;
import dev.toolfs.attachments.ImageFormat;
import dev.toolfs.attachments.ModelInfoResolver;
import dev.toolfs.attachments.StoredImage;
import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileBytes;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.RequestedPath;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.gates.Gates;

/**
 * {@code read_image}: every check that needs no I/O first (extension, store, accepted media types, the routed model's
 * image input), then one stat, a bounded read, the durable store, and {@code fs/observed}. The result is a short
 * text envelope followed by the image itself.
 */
@CatalogTool(name = ReadImageTool.NAME, order = 20, readOnly = true, description = "Shows an image file (PNG, JPEG, WebP or "
        + "GIF) to the model, with its media type, dimensions and size. Use it for screenshots, diagrams and photos in "
        + "the workspace; use read for text files.")
public class ReadImageTool implements ToolExecutor<ReadImageArgs> {

    /** The tool's name. */
    public static final String NAME = "read_image";

    @Inject
    FileSystemProvider fs;

    @Inject
    Gates gates;

    @Inject
    ToolFsConfig config;

    @Inject
    Instance<AttachmentStore> store;

    @Inject
    ModelInfoResolver models;

    /**
     * The bytes of images that calls hold at once, a thirty-second of the heap: an image's bytes are held several times
     * over once sent (as base64, in JSON, in the response), and parallel reads of large images ran a small heap out
     * (found by black-box testing: 16 reads of a 5 MiB PNG at -Xmx192m). Images under 256 KiB are not counted.
     */
    static long imageRoomFor(long maxHeapBytes) {
        return Math.max(IMAGE_SMALL_BYTES, maxHeapBytes / 32);
    }

    static final long IMAGE_SMALL_BYTES = 256 * 1024;

    /** How long a read waits for room before it is refused. */
    static final long IMAGE_WAIT_SECONDS = 30;

    private final dev.toolfs.fs.MemoryRoom images = new dev.toolfs.fs.MemoryRoom(
            imageRoomFor(Runtime.getRuntime().maxMemory()), IMAGE_SMALL_BYTES);

    /** The memory that reads of large images share (see {@link #imageRoomFor}). */
    public dev.toolfs.fs.MemoryRoom memoryRoom() {
        return images;
    }

    /** The model a call is routed to, as read_image judges it: the session's, else the default one, else "unknown". */
    public static String routedModel(Optional<String> sessionModel, Optional<String> defaultModel) {
        return sessionModel.or(() -> defaultModel).orElse("unknown");
    }

    @Override
    public ToolOutcome execute(ReadImageArgs args, ToolContext ctx) {
        // Checked and resolved without touching the disk: this runs before the model check.
        Path lexical = RequestedPath.of("read", args.filePath(), ctx.cwd());
        String display = ctx.display(lexical);
        ImageFormat declared = ImageFormat.fromExtension(args.filePath()).orElseThrow(() -> new ToolInputException(
                "cannot read \"" + display + "\": read_image only accepts PNG/JPEG/WebP/GIF paths"));
        if (!store.isResolvable()) {
            throw new ToolFailureException("ImageError", "NO_ATTACHMENT_STORE", "cannot read \"" + display
                    + "\": no attachment store is configured, so images cannot be returned");
        }
        List<String> accepted = config.image().mediaTypes().stream().map(t -> t.trim().toLowerCase(Locale.ROOT)).toList();
        if (!accepted.contains(shortName(declared))) {
            throw new ToolInputException("cannot read \"" + display + "\": this deployment accepts only "
                    + String.join("/", accepted) + " images; convert it to one of those");
        }
        String model = routedModel(ctx.execution().model(), config.defaultModel());
        if (!models.imageInput(model).orElse(false)) {
            throw new ToolFailureException("ModelCapabilityError", "MODEL_NO_IMAGE_INPUT", "cannot read \"" + display
                    + "\" as an image: model \"" + model
                    + "\" does not declare image input; switch to an image-capable model to read images");
        }

        ResolvedPath path = fs.resolve("read", args.filePath(), ctx.cwd(), ctx.cancellation());
        FileStat stat = ReadTarget.stat(fs, gates, ctx, path);
        long cap = Math.min(config.image().maxImageBytes(), config.image().maxMessageImageBytes());
        if (stat.size() > cap) {
            throw tooLarge(path, stat.size(), cap);
        }
        int room = room(path, stat.size(), ctx);
        ToolOutcome outcome;
        try {
            outcome = readWithin(args, ctx, path, display, declared, cap);
        } catch (RuntimeException | Error e) {
            images.give(room);
            throw e;
        }
        // The bytes are held, several times over, until the transport has sent them (as base64, in JSON): so is the
        // room (found by review: given back here, parallel reads held many more images than the room allows).
        return new ToolOutcome(outcome.content(), outcome.canonical(), outcome.metadata(), () -> images.give(room));
    }

    private int room(ResolvedPath path, long size, ToolContext ctx) {
        try {
            return images.take(size, ctx.cancellation(), java.util.concurrent.TimeUnit.SECONDS.toNanos(IMAGE_WAIT_SECONDS));
        } catch (java.util.concurrent.CancellationException e) {
            throw FsException.cancelled("read", path.requested());
        } catch (java.util.concurrent.TimeoutException e) {
            throw FsException.noRoomForImages(path.requested(), images.capacityBytes(), IMAGE_WAIT_SECONDS);
        }
    }

    private ToolOutcome readWithin(ReadImageArgs args, ToolContext ctx, ResolvedPath path, String display,
            ImageFormat declared, long cap) {
        FileBytes file;
        try {
            file = fs.readBytes(path, cap, ctx.cancellation());
        } catch (FsException e) {
            if (e.code() != FsErrorCode.FS_TOO_LARGE) {
                throw e;
            }
            // It grew past the limit since its stat: still an image to make smaller, of the size it has now.
            throw tooLarge(path, Math.max(fs.stat(path).size(), cap + 1), cap);
        }
        Optional<ImageFormat> actual = ImageFormat.sniff(file.bytes());
        if (actual.isPresent() && actual.get() != declared) {
            throw new ToolFailureException("ImageError", "IMAGE_FORMAT_MISMATCH", "cannot read \"" + display + "\": the "
                    + extension(args.filePath()) + " extension declares " + declared.mediaType()
                    + ", but the bytes use a different image format; rename the file to match its actual format if it is"
                    + " PNG/JPEG/WebP/GIF, or convert it to one of those formats");
        }
        StoredImage stored;
        try {
            stored = store.get().saveImage(file.bytes());
        } catch (AttachmentException e) {
            String message = "cannot read " + FsException.PATH + ": " + e.getMessage();
            throw switch (e.reason()) {
                case TOO_LARGE -> new FsException(FsErrorCode.FS_TOO_LARGE, path.requested(), message);
                case IO -> new FsException(FsErrorCode.FS_IO, path.requested(), message);
                case INVALID -> new ToolFailureException("ImageError", "IMAGE_INVALID",
                        "cannot read \"" + display + "\": " + e.getMessage());
            };
        }
        gates.observed(ctx.execution(), path, file.version());

        String mediaType = stored.info().format().mediaType();
        String facts = mediaType + " " + stored.info().width() + "x" + stored.info().height() + ", " + stored.bytes()
                + " bytes";
        String text = "<path>" + display + "</path>\n<type>image</type>\n<content>\n" + facts + "\n</content>";
        String name = path.requested().getFileName().toString();
        ReadImageResult canonical = new ReadImageResult(display, new ReadImageResult.Image(stored.attachmentId(),
                mediaType, stored.bytes(), stored.info().width(), stored.info().height(), name));
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("kind", "image-card");
        card.put("path", display);
        card.put("attachmentId", stored.attachmentId());
        card.put("mediaType", mediaType);
        card.put("width", stored.info().width());
        card.put("height", stored.info().height());
        card.put("bytes", stored.bytes());
        return new ToolOutcome(List.of(new ContentBlock.Text(text),
                new ContentBlock.Image(mediaType, stored.attachmentId(), file.bytes())), canonical, card);
    }

    private static FsException tooLarge(ResolvedPath path, long size, long cap) {
        return new FsException(FsErrorCode.FS_TOO_LARGE, path.requested(), "cannot read " + FsException.PATH
                + ": the image is " + size + " bytes, over the " + cap + "-byte limit; downscale or compress it");
    }

    private static String extension(String filePath) {
        int dot = filePath.lastIndexOf('.');
        return filePath.substring(dot).toLowerCase(Locale.ROOT);
    }

    private static String shortName(ImageFormat f) {
        return f.mediaType().substring("image/".length());
    }
}
