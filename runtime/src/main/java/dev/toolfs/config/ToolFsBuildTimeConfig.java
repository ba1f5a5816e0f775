package dev.toolfs.config;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Tool FS build-time configuration. */
@ConfigMapping(prefix = "quarkus.tool-fs")
@ConfigRoot(phase = ConfigPhase.BUILD_AND_RUN_TIME_FIXED)
public interface ToolFsBuildTimeConfig {

    /** The REST endpoints ({@code GET /tools}, {@code POST /tools/{name}}). */
    Rest rest();

    /** The attachment store that read_image needs. */
    AttachmentsBuild attachments();

    interface AttachmentsBuild {
        /**
         * Whether to provide the local, content-addressed attachment store. Without it (and without an attachment
         * store bean of the application's own), read_image is not offered at all.
         */
        @WithDefault("true")
        @io.smallrye.config.WithName("local.enabled")
        boolean localEnabled();
    }

    interface Rest {
        /**
         * Whether to serve the tools over REST. Off by default in an application that embeds the extension, so that
         * adding it never exposes the filesystem; the sidecar turns it on.
         */
        @WithDefault("false")
        boolean enabled();
    }
}
