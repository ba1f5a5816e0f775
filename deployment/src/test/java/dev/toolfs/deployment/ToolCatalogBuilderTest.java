package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.Description;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

import dev.toolfs.tools.EditArgs;
import dev.toolfs.tools.EditTool;
import dev.toolfs.tools.ReadArgs;
import dev.toolfs.tools.ReadTool;
import dev.toolfs.tools.SandboxPermissions;
import dev.toolfs.tools.WriteArgs;
import dev.toolfs.tools.WriteTool;

class ToolCatalogBuilderTest {

    private static Index index() throws IOException {
        return Index.of(ReadTool.class, ReadArgs.class, WriteTool.class, WriteArgs.class, EditTool.class, EditArgs.class,
                SandboxPermissions.class);
    }

    @Test
    void theCatalogIsTheSameFromBuildToBuild() throws IOException {
        // Two independent builds (fresh indexes, fresh builders) give byte-identical catalogs.
        assertThat(new ToolCatalogBuilder(index()).build()).isEqualTo(new ToolCatalogBuilder(index()).build());
    }

    @Test
    void snakeCaseOfComponents() {
        assertThat(ToolCatalogBuilder.snakeCase("filePath")).isEqualTo("file_path");
        assertThat(ToolCatalogBuilder.snakeCase("replaceAll")).isEqualTo("replace_all");
        assertThat(ToolCatalogBuilder.snakeCase("limit")).isEqualTo("limit");
    }

    record PlainArgs(@Description("a text") String text) {
    }

    /** An application's own kind of tool: the executor's argument record is found through it. */
    interface TextTool extends ToolExecutor<PlainArgs> {
    }

    @CatalogTool(name = "via_interface", description = "A tool whose executor type is an interface of the app's.")
    static class ViaInterface implements TextTool {
        @Override
        public ToolOutcome execute(PlainArgs args, ToolContext context) {
            return ToolOutcome.text(args.text());
        }
    }

    @CatalogTool(name = "abstract_tool", description = "Nothing can be made of it.")
    abstract static class AbstractTool implements ToolExecutor<PlainArgs> {
    }

    record ClashingArgs(@Description("one") String fooBar, @Description("two") String foo_bar) {
    }

    @CatalogTool(name = "clashing", description = "Two components, one argument name.")
    static class Clashing extends BaseTool<ClashingArgs> {
    }

    @Test
    void anExecutorTypeOfTheApplicationsOwnIsFollowedToItsArguments() throws IOException {
        var tools = new ToolCatalogBuilder(Index.of(ViaInterface.class, TextTool.class, PlainArgs.class)).build();
        assertThat(tools).hasSize(1);
        assertThat(tools.get(0).params().get(0).name()).isEqualTo("text");
    }

    @Test
    void anAbstractToolAndTwoComponentsOfOneArgumentNameFailTheBuild() {
        // Found in a review: both passed the build, and every call failed.
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> new ToolCatalogBuilder(
                Index.of(AbstractTool.class, PlainArgs.class, Clashing.class, ClashingArgs.class, BaseTool.class)).build());
        assertThat(failure).hasMessage("Tool FS found problems in the tool catalog:\n"
                + " - tool class " + AbstractTool.class.getName() + ": a @CatalogTool class must be concrete, not abstract\n"
                + " - tool class " + Clashing.class.getName() + ": components fooBar and foo_bar are both the argument"
                + " \"foo_bar\"; rename one");
    }

    @CatalogTool(name = "read_image", description = "The application's own image tool.")
    static class AppImageTool extends BaseTool<PlainArgs> {
    }

    @Test
    void aBuiltInToolLeftOutLeavesItsNameToTheApplication() throws IOException {
        // Found in a review: with attachments off, an app's read_image still clashed with the built-in one.
        Index index = Index.of(dev.toolfs.tools.ReadImageTool.class, dev.toolfs.tools.ReadImageArgs.class,
                AppImageTool.class, BaseTool.class, PlainArgs.class);
        var tools = new ToolCatalogBuilder(index, java.util.Set.of(org.jboss.jandex.DotName.createSimple(
                dev.toolfs.tools.ReadImageTool.class.getName()))).build();
        assertThat(tools).extracting(t -> t.executorClass()).containsExactly(AppImageTool.class.getName());
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> new ToolCatalogBuilder(index).build()))
                .hasMessageContaining("tool name \"read_image\" is declared twice");
    }

    /** An application's base class that leaves the argument record to each tool. */
    abstract static class BaseTool<A extends Record> implements ToolExecutor<A> {
        @Override
        public ToolOutcome execute(A args, ToolContext context) {
            return ToolOutcome.text(args.toString());
        }
    }

    abstract static class MiddleTool<B extends Record> extends BaseTool<B> {
    }

    @CatalogTool(name = "via_base_class", description = "A tool whose argument record a base class leaves open.")
    static class ViaBaseClass extends MiddleTool<PlainArgs> {
    }

    @Test
    void aTypeVariableOfABaseClassIsFollowedToTheRecordThatBindsIt() throws IOException {
        var tools = new ToolCatalogBuilder(Index.of(ViaBaseClass.class, MiddleTool.class, BaseTool.class,
                PlainArgs.class)).build();
        assertThat(tools).extracting(t -> t.argsClass()).containsExactly(PlainArgs.class.getName());
    }

    record OtherArgs(@Description("a number") Integer n) {
    }

    /** An application's interface that passes its own type variable on. */
    interface GenericTextTool<T extends Record> extends ToolExecutor<T> {
    }

    @CatalogTool(name = "via_generic_interface", description = "Its record is given through a generic interface.")
    static class ViaGenericInterface implements GenericTextTool<PlainArgs> {
        @Override
        public ToolOutcome execute(PlainArgs args, ToolContext context) {
            return ToolOutcome.text("");
        }
    }

    /** A base class whose own type variable has nothing to do with the executor's record. */
    abstract static class Unrelated<A> implements GenericTextTool<PlainArgs> {
        @Override
        public ToolOutcome execute(PlainArgs args, ToolContext context) {
            return ToolOutcome.text("");
        }
    }

    @CatalogTool(name = "unrelated_variable", description = "Its base class binds a variable of its own.")
    static class UnrelatedVariable extends Unrelated<OtherArgs> {
    }

    @Test
    void eachTypeVariableIsReadWhereItIsDeclared() throws IOException {
        // Found in a review: the executor's T was looked up among the class's own variables.
        var tools = new ToolCatalogBuilder(Index.of(ViaGenericInterface.class, GenericTextTool.class,
                UnrelatedVariable.class, Unrelated.class, PlainArgs.class, OtherArgs.class)).build();
        assertThat(tools).extracting(t -> t.argsClass()).containsExactly(PlainArgs.class.getName(),
                PlainArgs.class.getName());
    }
}
