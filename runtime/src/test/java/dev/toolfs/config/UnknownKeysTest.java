package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class UnknownKeysTest {

    /** As the build works them out (ToolFsProcessor). */
    private final UnknownKeys keys = new UnknownKeys(SettingNames.ofSettingInterfaces());

    @Test
    void everySettingIsKnownWhateverItsKind() {
        assertThat(keys.problems(List.of(
                "quarkus.tool-fs.sandbox.mode", // run time
                "quarkus.tool-fs.attachments.local.enabled", // build time
                "quarkus.tool-fs.workspace.roots",
                "quarkus.tool-fs.workspace.roots[0]", // a list, one item at a time
                "quarkus.tool-fs.models.\"gpt-4.1\".image-input", // a map's quoted key
                "quarkus.tool-fs.models.vision.image-input",
                "quarkus.tool-fs.tools.edit.enabled",
                "quarkus.tool-fs.mcp.allowed-origins",
                "quarkus.http.port", "quarkus.tool-fsx", "%dev.quarkus.tool-fs.nothing")))
                .isEmpty();
    }

    @Test
    void aSlipIsNamedWithTheSettingItMostLikelyMeant() {
        assertThat(keys.problems(List.of("quarkus.tool-fs.sandbox.writable-root", "quarkus.http.port")))
                .containsExactly("quarkus.tool-fs.sandbox.writable-root is no setting of Tool FS; did you mean"
                        + " quarkus.tool-fs.sandbox.writable-roots?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.models.\"gpt-4.1\".image-inputs")))
                .containsExactly("quarkus.tool-fs.models.\"gpt-4.1\".image-inputs is no setting of Tool FS; did you mean"
                        + " quarkus.tool-fs.models.\"gpt-4.1\".image-input?");
        // The sandbox is turned on by its mode: a switch it does not have was ignored, leaving it off.
        assertThat(keys.problems(List.of("quarkus.tool-fs.sandbox.enabled")))
                .containsExactly("quarkus.tool-fs.sandbox.enabled is no setting of Tool FS; the settings of"
                        + " quarkus.tool-fs.sandbox are approval, approval-timeout, mode, protected-paths, writable-roots");
        assertThat(keys.problems(List.of("quarkus.tool-fs.colour")))
                .containsExactly("quarkus.tool-fs.colour is no setting of Tool FS; see the configuration reference for"
                        + " the settings there are");
    }

    /** Found by black-box testing: suggestions that configured another model, or pointed into another group. */
    @Test
    void aSuggestionKeepsToTheKeysGroupAndItsModelName() {
        assertThat(keys.problems(List.of("quarkus.tool-fs.models.gpt-4.1.image-input")))
                .containsExactly("quarkus.tool-fs.models.gpt-4.1.image-input is no setting of Tool FS; did you mean"
                        + " quarkus.tool-fs.models.\"gpt-4.1\".image-input?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.models.claude-3.5-sonnet.image-inputs")))
                .containsExactly("quarkus.tool-fs.models.claude-3.5-sonnet.image-inputs is no setting of Tool FS; did you"
                        + " mean quarkus.tool-fs.models.\"claude-3.5-sonnet\".image-input?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.image.max-bytes")))
                .containsExactly("quarkus.tool-fs.image.max-bytes is no setting of Tool FS; the settings of"
                        + " quarkus.tool-fs.image are max-image-bytes, max-image-pixels, max-message-image-bytes, media-types");
        assertThat(keys.problems(List.of("quarkus.tool-fs.tools.edit")))
                .containsExactly("quarkus.tool-fs.tools.edit is no setting of Tool FS; did you mean"
                        + " quarkus.tool-fs.tools.\"edit\".enabled?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.models.m")))
                .containsExactly("quarkus.tool-fs.models.m is no setting of Tool FS; did you mean"
                        + " quarkus.tool-fs.models.\"m\".image-input?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.roots", "quarkus.tool-fs.token")))
                .containsExactly("quarkus.tool-fs.roots is no setting of Tool FS; did you mean quarkus.tool-fs.workspace.roots?",
                        "quarkus.tool-fs.token is no setting of Tool FS; did you mean quarkus.tool-fs.auth.token?");
        // Not close enough to be a slip: the group's settings instead.
        assertThat(keys.problems(List.of("quarkus.tool-fs.sandbox.foo"))).containsExactly("quarkus.tool-fs.sandbox.foo"
                + " is no setting of Tool FS; the settings of quarkus.tool-fs.sandbox are approval, approval-timeout,"
                + " mode, protected-paths, writable-roots");
        assertThat(keys.problems(List.of("quarkus.tool-fs.read.limt"))).containsExactly("quarkus.tool-fs.read.limt is no"
                + " setting of Tool FS; did you mean quarkus.tool-fs.read.limit?");
        assertThat(keys.problems(List.of("quarkus.tool-fs.sandbox")))
                .containsExactly("quarkus.tool-fs.sandbox is no setting of Tool FS; the settings of"
                        + " quarkus.tool-fs.sandbox are approval, approval-timeout, mode, protected-paths, writable-roots");
    }

    /** Found by black-box testing: a misspelt variable was not even warned of, and the workspace was the current folder. */
    @Test
    void environmentVariablesAreCheckedToo() {
        assertThat(keys.problems(List.of("QUARKUS_TOOL_FS_WORKSPACE_ROOTS", "QUARKUS_TOOL_FS_WORKSPACE_ROOTS_0_",
                "QUARKUS_TOOL_FS_MODELS__VISION_MODEL__IMAGE_INPUT", "QUARKUS_TOOL_FS_MODELS_M_IMAGE_INPUT",
                "QUARKUS_TOOL_FS_TOOLS__WRITE__ENABLED", "QUARKUS_TOOL_FS_SANDBOX_APPROVAL_TIMEOUT",
                "QUARKUS_TOOL_FS_ATTACHMENTS_LOCAL_ENABLED", "QUARKUS_HTTP_PORT", "PATH"))).isEmpty();
        assertThat(keys.problems(List.of("QUARKUS_TOOL_FS_WORKSPACE_ROOT", "QUARKUS_TOOL_FS_COLOUR")))
                .containsExactly("QUARKUS_TOOL_FS_COLOUR is no setting of Tool FS; see the configuration reference for the"
                        + " settings there are",
                        "QUARKUS_TOOL_FS_WORKSPACE_ROOT is no setting of Tool FS; did you mean QUARKUS_TOOL_FS_WORKSPACE_ROOTS?");
        // As for keys (found by black-box testing: a setting in another group was suggested, or none).
        // Found by black-box testing: a one-word key between double underscores on one side only, and a key with
        // underscores too many, which Quarkus reads as no key.
        assertThat(keys.problems(List.of("QUARKUS_TOOL_FS_TOOLS__WRITE_ENABLED", "QUARKUS_TOOL_FS_TOOLS__READ__IMAGE__ENABLED",
                "QUARKUS_TOOL_FS_TOOLS___READ_IMAGE___ENABLED", "QUARKUS_TOOL_FS_TOOLS__WRITE__ENABLED"))).containsExactly(
                        "QUARKUS_TOOL_FS_TOOLS__READ__IMAGE__ENABLED is no setting of Tool FS as spelled (Quarkus reads no"
                                + " map key of several words between single underscores); did you mean"
                                + " QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED?",
                        "QUARKUS_TOOL_FS_TOOLS__WRITE_ENABLED is no setting of Tool FS as spelled (Quarkus reads no map key"
                                + " with underscores too many); did you mean QUARKUS_TOOL_FS_TOOLS_WRITE_ENABLED?",
                        "QUARKUS_TOOL_FS_TOOLS___READ_IMAGE___ENABLED is no setting of Tool FS as spelled (Quarkus reads no"
                                + " map key of several words between single underscores); did you mean"
                                + " QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED?");
        // Two variables of one setting that disagree: Quarkus takes one without a word.
        assertThat(UnknownKeys.conflicts(java.util.Map.of("QUARKUS_TOOL_FS_TOOLS_EDIT_ENABLED", "false",
                "quarkus_tool_fs_tools_edit_enabled", "true", "QUARKUS_TOOL_FS_TOOLS__WRITE__ENABLED", "false",
                "QUARKUS_TOOL_FS_TOOLS_WRITE_ENABLED", "FALSE", "PATH", "/bin", "QUARKUS_TOOL_FS_WORKSPACE_ROOTS", "/Work",
                "quarkus_tool_fs_workspace_roots", "/work"))).containsExactly(
                        "QUARKUS_TOOL_FS_TOOLS_EDIT_ENABLED and quarkus_tool_fs_tools_edit_enabled set one setting to"
                                + " different values; keep one",
                        "QUARKUS_TOOL_FS_WORKSPACE_ROOTS and quarkus_tool_fs_workspace_roots set one setting to"
                                + " different values; keep one");
        // Quarkus reads a variable in lower case too: a slip there left the sandbox off as well.
        assertThat(keys.problems(List.of("quarkus_tool_fs_sandbox_mode", "quarkus_tool_fs_sandbox_mod",
                "quarkus_tool_fs_models__gpt_4_1__image_input", "Quarkus_Tool_Fs_Whatever"))).containsExactly(
                        "quarkus_tool_fs_sandbox_mod is no setting of Tool FS; did you mean quarkus_tool_fs_sandbox_mode?");
        // Found by black-box testing: Quarkus reads no map key of several words between single underscores, so that
        // read_image stayed offered and gpt-4.1 took no images.
        assertThat(keys.problems(List.of("QUARKUS_TOOL_FS_TOOLS_READ_IMAGE_ENABLED", "QUARKUS_TOOL_FS_MODELS_GPT_4_1_IMAGE_INPUT",
                "QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED", "QUARKUS_TOOL_FS_MODELS_GPT4_IMAGE_INPUT"))).containsExactly(
                        "QUARKUS_TOOL_FS_MODELS_GPT_4_1_IMAGE_INPUT is no setting of Tool FS as spelled (Quarkus reads no map"
                                + " key of several words between single underscores); did you mean"
                                + " QUARKUS_TOOL_FS_MODELS__GPT_4_1__IMAGE_INPUT?",
                        "QUARKUS_TOOL_FS_TOOLS_READ_IMAGE_ENABLED is no setting of Tool FS as spelled (Quarkus reads no map"
                                + " key of several words between single underscores); did you mean"
                                + " QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED?");
        assertThat(keys.problems(List.of("QUARKUS_TOOL_FS_ATTACHMENTS_LOCAL", "QUARKUS_TOOL_FS_ROOTS",
                "QUARKUS_TOOL_FS_TOKEN", "QUARKUS_TOOL_FS_REST_MAX_BODY"))).containsExactly(
                        "QUARKUS_TOOL_FS_ATTACHMENTS_LOCAL is no setting of Tool FS; did you mean"
                                + " QUARKUS_TOOL_FS_ATTACHMENTS_LOCAL_ENABLED?",
                        "QUARKUS_TOOL_FS_REST_MAX_BODY is no setting of Tool FS; did you mean QUARKUS_TOOL_FS_REST_MAX_BODY_SIZE?",
                        "QUARKUS_TOOL_FS_ROOTS is no setting of Tool FS; did you mean QUARKUS_TOOL_FS_WORKSPACE_ROOTS?",
                        "QUARKUS_TOOL_FS_TOKEN is no setting of Tool FS; did you mean QUARKUS_TOOL_FS_AUTH_TOKEN?");
    }

    @Test
    void eachUnknownKeyIsNamedOnceInOrder() {
        assertThat(keys.problems(List.of("quarkus.tool-fs.b-thing", "quarkus.tool-fs.a-thing", "quarkus.tool-fs.b-thing")))
                .hasSize(2).first().asString().startsWith("quarkus.tool-fs.a-thing ");
    }

    @Test
    void distanceCountsEdits() {
        assertThat(UnknownKeys.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(UnknownKeys.distance("", "abc")).isEqualTo(3);
        assertThat(UnknownKeys.distance("same", "same")).isZero();
    }
}
