"""The games shipped with soan, one folder each (`soan/games/<game>/`).

Nothing here imports them: each is an installed game like any other, found through its
`[project.entry-points."soan.games"]` line in pyproject.toml (core/game.py) and loaded on first use.

`soan.games` is also the contract's `soan.games()` listing (docs/engine.md): the package is callable,
so `import soan.games.la_superba.rules` and `soan.games()` both work. A module cannot be called, and a
package's submodules are set on it as attributes when imported, so a function of that name beside the
package would be replaced by the package; the module's class gets the one method instead.
"""

import sys
import types
from typing import Any


class _ListingModule(types.ModuleType):
    def __call__(self) -> list[dict[str, Any]]:
        """Every game with its variants and parameters (same as `soan.core.game.games()`)."""
        from ..core.game import games

        return games()


sys.modules[__name__].__class__ = _ListingModule
