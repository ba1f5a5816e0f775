package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.AssertFalse;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;

import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

import dev.toolfs.tools.EditArgs;
import dev.toolfs.tools.ReadArgs;
import dev.toolfs.tools.ReadImageArgs;
import dev.toolfs.tools.SandboxPermissions;
import dev.toolfs.tools.WriteArgs;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The shortcut says "valid" only where the validator finds nothing, for the tools' own argument records and for a
 * record with every constraint it knows; it takes the usual valid calls of the tools; and it never decides for a
 * record with a constraint it does not know.
 */
class ValidityShortcutPropertyTest {

    private static final Validator VALIDATOR = Validation.byProvider(HibernateValidator.class).configure()
            .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory().getValidator();

    /** Every constraint the shortcut knows, on components and on getters. */
    record Everything(@NotNull String a, @NotEmpty String b, @NotBlank String c, @Min(-3) Integer d, @Max(7) Long e,
            @Positive Integer f, @PositiveOrZero Short g, @NotEmpty List<String> h) {

        @AssertTrue
        public boolean isShort() {
            return a == null || a.length() < 5;
        }

        @AssertFalse
        public Boolean getOdd() {
            return d == null ? null : d % 2 != 0;
        }
    }

    record Patterned(@Pattern(regexp = "a+") String p) {
    }

    record Cascaded(@Valid @NotNull ReadArgs inner) {
    }

    record Contained(@NotNull List<@NotBlank String> items) {
    }

    /** The validator reads the field, not this accessor that fills in a default. */
    record Defaulted(@NotBlank String path) {
        @Override
        public String path() {
            return path == null ? "." : path;
        }
    }

    /** A getter of the same property as a component: the validator merges the two, each read its own way. */
    record Merged(@NotNull String name) {
        @NotBlank
        public String getName() {
            return name == null ? null : name.trim();
        }
    }

    interface Named {
        @NotBlank
        String getLabel();
    }

    /** A getter constraint inherited from an interface, on a property that is also a component. */
    record Labelled(@NotNull String label) implements Named {
        @Override
        public String getLabel() {
            return label;
        }
    }

    /** The validator unwraps an OptionalInt by default: empty is null to it. */
    record Unwrapped(@NotNull java.util.OptionalInt n) {
    }

    /** A bound on a value the shortcut does not read as the validator does. */
    record Decimal(@Min(1) java.math.BigDecimal amount, @NotNull String s) {
    }

    private static boolean valid(Object args) {
        return VALIDATOR.validate(args).isEmpty();
    }

    private static boolean proves(Record args) {
        return ValidityShortcut.of(args.getClass(), VALIDATOR).provesValid(args);
    }

    @Property(tries = 2000)
    void neverCallsInvalidWhatTheValidatorRefuses(@ForAll("everything") Everything args) {
        if (proves(args)) {
            assertThat(valid(args)).as("%s", args).isTrue();
        }
    }

    @Property(tries = 1000)
    void theToolsArgumentsAlike(@ForAll("strings") String path, @ForAll("strings") String other,
            @ForAll("strings") String third, @ForAll("longs") Long offset, @ForAll("longs") Long limit,
            @ForAll Boolean all) {
        for (Record args : List.<Record> of(new ReadArgs(path, offset, limit), new WriteArgs(path, other, null, third),
                new EditArgs(path, other, third, all, SandboxPermissions.use_default, null), new ReadImageArgs(path))) {
            if (proves(args)) {
                assertThat(valid(args)).as("%s", args).isTrue();
            }
        }
    }

    @Example
    void theUsualCallsOfTheToolsTakeTheShortcut() {
        assertThat(proves(new ReadArgs("src/App.java", null, null))).isTrue();
        assertThat(proves(new ReadArgs("src/App.java", 10L, 2000L))).isTrue();
        assertThat(proves(new WriteArgs("a.txt", "", null, null))).isTrue();
        assertThat(proves(new EditArgs("a.txt", "old", "new", null, null, null))).isTrue();
        assertThat(proves(new EditArgs("a.txt", "old", "new", true, SandboxPermissions.require_escalated, "why")))
                .isTrue();
        assertThat(proves(new ReadImageArgs("a.png"))).isTrue();
        assertThat(proves(new Everything("a", "b", "c", 2, 7L, 1, (short) 0, List.of("x")))).isTrue();
    }

    @Example
    void whatIsWrongIsLeftToTheValidator() {
        assertThat(proves(new ReadArgs(" ", null, null))).isFalse();
        assertThat(proves(new ReadArgs("a", 0L, null))).isFalse();
        assertThat(proves(new EditArgs("a.txt", "same", "same", null, null, null))).isFalse();
        assertThat(proves(new EditArgs("a.txt", "", "x", null, null, null))).isFalse();
        assertThat(proves(new WriteArgs("a.txt", null, null, null))).isFalse();
    }

    @Example
    void aConstraintItDoesNotKnowLeavesEveryCallToTheValidator() {
        assertThat(proves(new Patterned("aaa"))).isFalse();
        assertThat(proves(new Cascaded(new ReadArgs("a", null, null)))).isFalse();
        assertThat(proves(new Contained(List.of("a")))).isFalse();
    }

    @Example
    void whatTheValidatorReadsOtherwiseIsLeftToIt() {
        // Each is invalid to the validator; a shortcut reading the accessor, merging a getter or not unwrapping
        // would have called it valid.
        assertThat(valid(new Defaulted(null))).isFalse();
        assertThat(proves(new Defaulted(null))).isFalse();
        assertThat(valid(new Merged("  "))).isFalse();
        assertThat(proves(new Merged("  "))).isFalse();
        assertThat(valid(new Labelled(" "))).isFalse();
        assertThat(proves(new Labelled(" "))).isFalse();
        assertThat(valid(new Unwrapped(java.util.OptionalInt.empty()))).isFalse();
        assertThat(proves(new Unwrapped(java.util.OptionalInt.empty()))).isFalse();
        // A decimal bound takes the validator's way, valid or not.
        assertThat(proves(new Decimal(java.math.BigDecimal.TEN, "s"))).isFalse();
        // A component read as its field: valid values still take the shortcut.
        assertThat(proves(new Defaulted("a.txt"))).isTrue();
    }

    @Provide
    Arbitrary<Everything> everything() {
        Arbitrary<Short> shorts = Arbitraries.shorts().between((short) -3, (short) 3).injectNull(0.1);
        Arbitrary<List<String>> lists = strings().list().ofMaxSize(2).injectNull(0.1);
        Arbitrary<Long> longs = Arbitraries.longs().between(5, 9).injectNull(0.1);
        return Combinators.combine(strings(), strings(), strings(), integers(), longs, integers(), shorts, lists)
                .as(Everything::new);
    }

    /** Null, empty, every kind of white space alone or around text, and plain text. */
    @Provide
    Arbitrary<String> strings() {
        Arbitrary<String> piece = Arbitraries.of("", " ", "\t", "\n", "\u000b", "\u001f", "\u0000", "\u00a0", "\u2003",
                "\u3000", "\u200b", "\ufeff", "a", "src/App.java", "\u00e9");
        return piece.list().ofMaxSize(3).map(l -> String.join("", l)).injectNull(0.1);
    }

    @Provide
    Arbitrary<Integer> integers() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-4, 4),
                Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE)).injectNull(0.15);
    }

    @Provide
    Arbitrary<Long> longs() {
        return Arbitraries.oneOf(Arbitraries.longs().between(-4, 4),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MAX_VALUE + 1)).injectNull(0.15);
    }
}
