"""Errors the contract promises. Each message says what was wrong and what was expected."""


class SoanError(Exception):
    """Base of soan's own errors. `ja`: the same message in Japanese, shown by a command run with
    `--lang ja` (without it, the English one is shown there too)."""

    def __init__(self, *args: object, ja: str | None = None) -> None:
        super().__init__(*args)
        self.ja = ja


class IllegalAction(SoanError, ValueError):
    """An action that is not legal now; the state is unchanged."""


class ConfigError(SoanError, ValueError):
    """A bad game id, variant, parameter, player count or agent spec. `field`: the setting it is about
    when one is ('game', 'players', 'variants', 'params' or 'params.NAME'), for a form or API to name."""

    def __init__(self, *args: object, ja: str | None = None, field: str | None = None) -> None:
        super().__init__(*args, ja=ja)
        if field is not None and (not isinstance(field, str) or not field):
            raise TypeError(f"a ConfigError's field is a setting's name, got {field!r}")
        self.field = field


class ComponentError(SoanError, ValueError):
    """A component file that fails validation: names file, entry and problem."""


class RecordError(SoanError, ValueError):
    """A game record that cannot be replayed as written."""


class PluginError(ConfigError):
    """A game plugin that breaks the contract (docs/new-game.md): its GameInfo's fields, its functions'
    signatures or what they return, its turn dynamics, or an entry point that cannot be imported.
    `plugin`: the game (its id, or its entry point's name) the message names."""

    def __init__(self, plugin: str, problem: str, problem_ja: str) -> None:
        if not isinstance(plugin, str) or not isinstance(problem, str) or not isinstance(problem_ja, str):
            raise TypeError(f"a PluginError names a plugin and its problem in English and Japanese as text, got "
                            f"{plugin!r}, {problem!r}, {problem_ja!r}")
        super().__init__(f"the game plugin {plugin!r} is broken: {problem}",
                         ja=f"ゲームのプラグイン {plugin!r} に誤りがあります：{problem_ja}")
        self.plugin, self.problem, self.problem_ja = plugin, problem, problem_ja
