package dev.ponder.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ponder.game.fixtures.TakeAwayGame;
import dev.ponder.spec.Params;
import dev.ponder.spec.SpecException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SimpleGameFactoryTest {

  @BeforeAll
  static void register() throws Exception {
    // As ServiceLoader does: through the public no-argument constructor.
    GameRegistry.register(TakeAwayGame.Factory.class.getConstructor().newInstance());
  }

  @Test
  void servesItsTypeAndAliases() {
    GameFactory f = new TakeAwayGame.Factory();
    assertThat(f.type()).isSameAs(TakeAwayGame.TYPE);
    assertThat(f.aliases()).containsExactly("nim_lite");
    assertThat(GameRegistry.factory("nim_lite").type()).isSameAs(TakeAwayGame.TYPE);
  }

  @Test
  void createsGamesFromAGameString() {
    Game g = GameRegistry.load("take_away(pile=7)");
    assertThat(g).isInstanceOf(TakeAwayGame.class);
    assertThat(((TakeAwayGame) g).pile).isEqualTo(7);
    assertThat(g.maxGameLength()).isEqualTo(7);
    assertThat(g.spec()).isEqualTo("take_away(pile=7)");
    assertThat(((TakeAwayGame) GameRegistry.load("nim_lite")).pile).isEqualTo(3);
    // Each call makes a new game.
    Params p = Params.defaults("take_away", TakeAwayGame.TYPE.parameters());
    GameFactory f = new TakeAwayGame.Factory();
    assertThat(f.create(p)).isNotSameAs(f.create(p));
  }

  @Test
  void rejectsUnknownParametersAndBadValues() {
    assertThatThrownBy(() -> GameRegistry.load("take_away(piles=4)"))
        .isInstanceOf(SpecException.class)
        .hasMessage("unknown parameter 'piles' for take_away; valid: pile (did you mean pile?)");
    assertThatThrownBy(() -> GameRegistry.load("take_away(pile=x)"))
        .isInstanceOf(SpecException.class).hasMessageStartingWith("take_away: ");
    // The game's own range check runs through create().
    assertThatThrownBy(() -> GameRegistry.load("take_away(pile=21)"))
        .isInstanceOf(SpecException.class).hasMessageContaining("pile=21 is out of range; valid: 1..20");
  }

  @Test
  void refusesAMissingTypeOrConstructor() {
    assertThatThrownBy(() -> new SimpleGameFactory(null, TakeAwayGame::new) {})
        .isInstanceOf(NullPointerException.class).hasMessageContaining("type");
    assertThatThrownBy(() -> new SimpleGameFactory(TakeAwayGame.TYPE, null) {})
        .isInstanceOf(NullPointerException.class).hasMessageContaining("create");
    assertThat(new SimpleGameFactory(TakeAwayGame.TYPE, TakeAwayGame::new) {}.aliases()).isEqualTo(List.of());
  }
}
