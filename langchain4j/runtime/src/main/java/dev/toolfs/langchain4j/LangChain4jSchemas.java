package dev.toolfs.langchain4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.tools.Guidance;

/**
 * LangChain4j tool specifications from the catalog's build-time JSON Schemas. Descriptions carry the guidance
 * sections (an AI service has its own system message, so the guidance travels with the tools). Constraints the
 * LangChain4j schema types cannot express (lengths, minimums) are still enforced when the tool runs.
 */
final class LangChain4jSchemas {

    private LangChain4jSchemas() {
    }

    static ToolSpecification specification(ToolDescriptor tool, ObjectMapper mapper) {
        JsonNode schema;
        try {
            schema = mapper.readTree(tool.inputSchema());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        JsonObjectSchema.Builder params = JsonObjectSchema.builder();
        for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
            params.addProperty(p.getKey(), element(p.getValue()));
        }
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        params.required(required).additionalProperties(false);
        return ToolSpecification.builder()
                .name(tool.name())
                .description(Guidance.describe(tool.name(), tool.description()))
                .parameters(params.build())
                .build();
    }

    private static JsonSchemaElement element(JsonNode p) {
        String description = p.path("description").asText(null);
        if (p.has("enum")) {
            List<String> values = new ArrayList<>();
            p.get("enum").forEach(v -> values.add(v.asText()));
            return JsonEnumSchema.builder().enumValues(values).description(description).build();
        }
        return switch (p.path("type").asText()) {
            case "integer" -> JsonIntegerSchema.builder().description(description).build();
            case "number" -> JsonNumberSchema.builder().description(description).build();
            case "boolean" -> JsonBooleanSchema.builder().description(description).build();
            case "array" -> JsonArraySchema.builder().description(description).items(element(p.path("items"))).build();
            default -> JsonStringSchema.builder().description(description).build();
        };
    }
}
