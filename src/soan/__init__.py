"""soan (草案): tabletop game drafts as playable, testable, measurable software."""

from . import games  # (the package of games; calling it lists them: soan.games())
from .core.actions import Action, parse_action
from .core.errors import ComponentError, ConfigError, IllegalAction, PluginError, RecordError, SoanError
from .core.game import from_view, make
from .core.records import replay
from .core.state import Prompt
from .core.version import __version__

__all__ = [
    "Action", "ComponentError", "ConfigError", "IllegalAction", "PluginError", "Prompt", "RecordError", "SoanError",
    "from_view", "games", "make", "parse_action", "replay", "__version__",
]
