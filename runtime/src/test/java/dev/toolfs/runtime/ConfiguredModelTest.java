package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * A model's settings from an environment variable, which spells neither a dash nor a dot, are found for the model's
 * own name (found by black-box testing: QUARKUS_TOOL_FS_MODELS__VISION_MODEL__IMAGE_INPUT did not reach "vision-model").
 */
class ConfiguredModelTest {

    @Test
    void aNameSpelledWithOtherSeparatorsOrCaseIsTheSameModel() {
        Map<String, String> models = Map.of("vision.model", "env", "gpt.4.1", "env too");
        assertThat(ToolFsProducers.configuredModel(models, "vision-model")).isEqualTo("env");
        assertThat(ToolFsProducers.configuredModel(models, "Vision_Model")).isEqualTo("env");
        assertThat(ToolFsProducers.configuredModel(models, "gpt-4.1")).isEqualTo("env too");
        assertThat(ToolFsProducers.configuredModel(models, "visionmodel")).isNull();
        assertThat(ToolFsProducers.configuredModel(models, "other")).isNull();
    }

    @Test
    void theModelsOwnNameComesFirst() {
        Map<String, String> models = Map.of("a-b", "exact", "a.b", "loose");
        assertThat(ToolFsProducers.configuredModel(models, "a-b")).isEqualTo("exact");
        assertThat(ToolFsProducers.configuredModel(models, "a.b")).isEqualTo("loose");
    }
}
