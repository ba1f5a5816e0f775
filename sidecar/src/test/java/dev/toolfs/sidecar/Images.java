package dev.toolfs.sidecar;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

import javax.imageio.ImageIO;

/** Real small images, made at test time with the JDK's ImageIO (WebP, which it cannot write, by hand). */
final class Images {

    private Images() {
    }

    static byte[] write(String format, int width, int height, boolean noise) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random r = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                img.setRGB(x, y, noise ? r.nextInt(0xFFFFFF) : (x * 255 / width) << 16 | (y * 255 / height) << 8);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(img, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    /** A lossless WebP header (RIFF, VP8L chunk) declaring the given size; the pixel data is not needed. */
    static byte[] webpLossless(int width, int height) {
        byte[] b = new byte[30];
        System.arraycopy("RIFF".getBytes(), 0, b, 0, 4);
        putLe32(b, 4, b.length - 8);
        System.arraycopy("WEBPVP8L".getBytes(), 0, b, 8, 8);
        putLe32(b, 16, 10);
        b[20] = 0x2F; // VP8L signature
        int bits = (width - 1) | (height - 1) << 14; // 14 bits each, little-endian
        putLe32(b, 21, bits);
        return b;
    }

    private static void putLe32(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >> 8);
        b[at + 2] = (byte) (v >> 16);
        b[at + 3] = (byte) (v >> 24);
    }
}
