package dev.toolfs.bench.jmh;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.toolfs.attachments.ImageHeaders;
import dev.toolfs.attachments.ImageInfo;

/**
 * Image size from the header ({@link ImageHeaders#parse}) against ImageIO doing the least it can: find a reader for
 * the stream and ask it for the width and height of the first image, which reads the header only (no pixels).
 * WebP is left out: the JDK has no WebP reader.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Djava.awt.headless=true")
public class ImageBench {

    @Param({ "png", "jpeg", "gif" })
    public String format;

    private byte[] bytes;

    @Setup
    public void setup() throws IOException {
        // No disk cache for ImageIO streams: the bytes are in memory, and so should the baseline's work be.
        ImageIO.setUseCache(false);
        BufferedImage img = new BufferedImage(1920, 1080, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 1920, 1080);
        g.setColor(Color.BLUE);
        g.fillOval(300, 200, 800, 500);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(img, format, out)) {
            throw new IllegalStateException("no ImageIO writer for " + format);
        }
        bytes = out.toByteArray();
        if (ours() != jdk()) {
            throw new IllegalStateException("ImageHeaders and ImageIO disagree on the size of the " + format);
        }
    }

    @Benchmark
    public long ours() {
        ImageInfo info = ImageHeaders.parse(bytes);
        return (long) info.width() << 32 | info.height();
    }

    @Benchmark
    public long jdk() {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                return (long) reader.getWidth(0) << 32 | reader.getHeight(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
