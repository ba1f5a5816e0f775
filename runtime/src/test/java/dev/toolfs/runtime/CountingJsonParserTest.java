package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;

import org.junit.jupiter.api.Test;

class CountingJsonParserTest {

    private static CountingJsonParser parser(String json, int maxNames) throws Exception {
        return new CountingJsonParser(new JsonFactory().createParser(json), maxNames);
    }

    @Test
    void countsEveryValueObjectsAndArraysIncludedAlsoWhenSkipped() throws Exception {
        try (CountingJsonParser p = parser("{\"a\": [1, {\"b\": null}], \"c\": \"x\"}", 10)) {
            assertThat(p.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            assertThat(p.nextToken()).isEqualTo(JsonToken.FIELD_NAME);
            p.nextToken();
            p.skipChildren();
            while (p.nextToken() != null) {
                // to the end
            }
            assertThat(p.values()).isEqualTo(6); // the object, the array, 1, the inner object, null, "x"
        }
    }

    @Test
    void anObjectWithMoreNamesThanTheBoundIsRefusedAtAnyDepthEvenWhenSkipped() throws Exception {
        try (CountingJsonParser p = parser("{\"x\": {\"a\": 1, \"b\": 2, \"c\": 3}}", 2)) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            assertThatThrownBy(p::skipChildren).isInstanceOf(CountingJsonParser.TooManyNamesException.class)
                    .hasMessage("an object has more than 2 names");
        }
        // Names are counted per object: two objects of two names each pass a bound of two.
        try (CountingJsonParser p = parser("[{\"a\": 1, \"b\": 2}, {\"a\": 1, \"b\": 2}]", 2)) {
            while (p.nextToken() != null) {
                // to the end
            }
            assertThat(p.values()).isEqualTo(7);
        }
    }

    @Test
    void moreValuesThanTheBoundAreRefusedEvenWhenSkipped() throws Exception {
        try (CountingJsonParser p = new CountingJsonParser(new com.fasterxml.jackson.core.JsonFactory()
                .createParser("{\"x\": [{}, {}, 1]}"), 10, 4)) {
            p.nextToken();
            p.nextToken();
            p.nextToken();
            assertThatThrownBy(p::skipChildren).isInstanceOf(CountingJsonParser.TooManyValuesException.class)
                    .hasMessage("more than 4 values");
        }
        try (CountingJsonParser p = new CountingJsonParser(new com.fasterxml.jackson.core.JsonFactory()
                .createParser("{\"x\": [{}, 1]}"), 10, 4)) {
            while (p.nextToken() != null) {
                // to the end: four values pass a bound of four
            }
            assertThat(p.values()).isEqualTo(4);
        }
    }
}
