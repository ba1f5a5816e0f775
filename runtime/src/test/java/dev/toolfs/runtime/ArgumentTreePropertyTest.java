package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializerBase;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The arguments' tree is the one Jackson's {@code valueToTree} makes, node types and field order included, for every
 * value a JSON parser makes; anything else is left to Jackson.
 */
class ArgumentTreePropertyTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Property(tries = 1000)
    void theTreeIsJacksonsForWhatAParserMakes(@ForAll("arguments") Map<String, Object> args) {
        JsonNode ours = ArgumentTree.of(args);
        JsonNode jacksons = MAPPER.valueToTree(args);
        assertThat(ours).isEqualTo(jacksons);
        // Equal trees may still differ in order, which the unknown argument's error follows, and in node type.
        assertThat(ours.toString()).isEqualTo(jacksons.toString());
        assertSameTypes(ours, jacksons);
    }

    @Property(tries = 300)
    void theTreeOfParsedJsonIsJacksons(@ForAll("arguments") Map<String, Object> args) throws Exception {
        // The way in: JSON text parsed into maps as the stdio transport parses a request.
        Map<String, Object> parsed = MAPPER.readValue(MAPPER.writeValueAsBytes(args),
                new TypeReference<HashMap<String, Object>>() {
                });
        JsonNode ours = ArgumentTree.of(parsed);
        assertThat(ours).isEqualTo(MAPPER.valueToTree(parsed));
        assertSameTypes(ours, MAPPER.valueToTree(parsed));
    }

    @Example
    void valuesNoParserMakesAreLeftToJackson() {
        assertThat(ArgumentTree.of(Map.of("n", 1.5f))).isNull();
        assertThat(ArgumentTree.of(Map.of("n", new BigDecimal("2.0000000000000001")))).isNull();
        assertThat(ArgumentTree.of(Map.of("deep", List.of(Map.of("x", new Object()))))).isNull();
        assertThat(ArgumentTree.of(Map.of(1, "one"))).isNull();
        Map<String, Object> self = new HashMap<>();
        self.put("self", self);
        assertThat(ArgumentTree.of(self)).isNull();
    }

    @Example
    void noArgumentsAreAnEmptyObject() {
        assertThat(ArgumentTree.of(null)).isEqualTo(new ObjectMapper().createObjectNode());
    }

    @Example
    void aMapperSetToMakeOtherTreesIsLeftToMakeThem() {
        assertThat(ArgumentTree.sameAs(new ObjectMapper())).isTrue();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_NULL)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_EMPTY)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().enable(SerializationFeature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)))
                .isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().registerModule(new SimpleModule()
                .addSerializer(String.class, new ToStringSerializerBase(String.class) {
                    @Override
                    public String valueToString(Object value) {
                        return value.toString().strip();
                    }
                })))).as("an application's serializer of texts").isFalse();
        assertThat(ArgumentTree.sameAs(new ObjectMapper().registerModule(new SimpleModule()
                .addSerializer(Double.class, new StdSerializer<Double>(Double.class) {
                    @Override
                    public void serialize(Double value, JsonGenerator gen, SerializerProvider provider)
                            throws java.io.IOException {
                        gen.writeNumber(BigDecimal.valueOf(value));
                    }
                })))).as("an application's serializer of decimals").isFalse();
        // Settings that change nothing in such trees keep the direct way.
        assertThat(ArgumentTree.sameAs(new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS))).isTrue();
    }

    private static void assertSameTypes(JsonNode a, JsonNode b) {
        assertThat(a.getClass()).isEqualTo(b.getClass());
        if (a.isContainerNode()) {
            List<JsonNode> as = new ArrayList<>();
            a.elements().forEachRemaining(as::add);
            List<JsonNode> bs = new ArrayList<>();
            b.elements().forEachRemaining(bs::add);
            assertThat(as).hasSameSizeAs(bs);
            for (int i = 0; i < as.size(); i++) {
                assertSameTypes(as.get(i), bs.get(i));
            }
        }
    }

    @Provide
    Arbitrary<Map<String, Object>> arguments() {
        return objects(3);
    }

    private Arbitrary<Map<String, Object>> objects(int depth) {
        return Arbitraries.maps(Arbitraries.strings().ofMaxLength(6), value(depth)).ofMaxSize(5)
                .map(LinkedHashMap::new);
    }

    private Arbitrary<Object> value(int depth) {
        List<Arbitrary<?>> kinds = new ArrayList<>(List.of(
                Arbitraries.just(null),
                Arbitraries.strings().ofMaxLength(10),
                Arbitraries.of(true, false),
                Arbitraries.integers(),
                Arbitraries.longs(),
                Arbitraries.bigIntegers().between(BigInteger.ONE.shiftLeft(70).negate(), BigInteger.ONE.shiftLeft(70)),
                Arbitraries.doubles().withSpecialValue(-0.0).withSpecialValue(1e300)));
        if (depth > 0) {
            kinds.add(objects(depth - 1));
            kinds.add(value(depth - 1).list().ofMaxSize(4));
        }
        return Arbitraries.oneOf(kinds.stream().map(a -> a.map(v -> (Object) v)).toList());
    }
}
