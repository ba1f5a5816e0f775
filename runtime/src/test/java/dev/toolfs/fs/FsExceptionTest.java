package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The I/O errors a model can do nothing about by retrying say what they are. */
class FsExceptionTest {

    private static String shown(FsException e) {
        return e.messageFor(p -> p.getFileName().toString());
    }

    /** Found by testing on a full disk: "retry, or check the disk" sent the model to retry. */
    @Test
    void aFullDiskIsNamed() {
        Path file = Path.of("/w/a.txt");
        FsException full = FsException.io("write", file, new IOException("No space left on device"));
        assertThat(full.code()).isEqualTo(FsErrorCode.FS_IO);
        assertThat(shown(full)).isEqualTo("cannot write \"a.txt\": the disk is full (No space left on device); nothing"
                + " was changed — tell the user; do not delete files to make room unless asked");
        assertThat(shown(FsException.io("edit", file, new FileSystemException("/w/.a.txt.tmp", null, "Disk quota exceeded"))))
                .isEqualTo("cannot edit \"a.txt\": the disk quota is used up (Disk quota exceeded); nothing was changed —"
                        + " tell the user; do not delete files to make room unless asked");
        assertThat(shown(FsException.io("write", file, new FileSystemException("/w/a.txt", null, "Read-only file system"))))
                .isEqualTo("cannot write \"a.txt\": the file system it is on is mounted read-only; nothing was changed —"
                        + " tell the user");
        // Any other stays as it was.
        assertThat(shown(FsException.io("write", file, new IOException("Input/output error")))).isEqualTo(
                "cannot write \"a.txt\": I/O error (IOException: Input/output error); nothing was changed — retry, or check the disk");
    }
}
