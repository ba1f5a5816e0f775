package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import io.quarkus.test.QuarkusUnitTest;

/** Without a durable attachment store, read_image is never offered. */
class NoAttachmentStoreTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.attachments.local.enabled", "false");

    @Inject
    ToolCatalog catalog;

    @Test
    void readImageIsNotInTheCatalog() {
        assertThat(catalog.tools()).extracting(ToolDescriptor::name).containsExactly("read", "write", "edit");
    }
}
