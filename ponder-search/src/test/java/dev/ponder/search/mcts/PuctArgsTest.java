package dev.ponder.search.mcts;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Puct refuses at construction what would otherwise fail or mislead later, in select. */
class PuctArgsTest {
  @Test
  void nullFpuIsRefusedAtConstruction() {
    assertThatThrownBy(() -> new Puct(1.25, 19652, null, 0)).isInstanceOf(NullPointerException.class).hasMessage("fpu");
  }

  @Test
  void nanFpuValueIsRefused() {
    assertThatThrownBy(() -> new Puct(1.25, 19652, Puct.Fpu.ABSOLUTE, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("fpu_value must be a number, got NaN");
  }

  @Test
  void badConstantsAreRefused() {
    assertThatThrownBy(() -> new Puct(-1, 19652, Puct.Fpu.LOSS, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Puct(1.25, 0, Puct.Fpu.LOSS, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
