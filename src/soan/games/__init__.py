"""Every game registers itself on import.

`soan.games` is both this package (`soan/games/<game>/`) and the contract's `soan.games()` listing:
the module is callable, so `import soan.games.la_superba.rules` and `soan.games()` both work.
"""

import sys
import types

from . import asian_delivery, la_superba, undecim  # noqa: F401


class _ListingModule(types.ModuleType):
    def __call__(self):
        """Every game with its variants and parameters (same as `soan.core.game.games()`)."""
        from ..core.game import games

        return games()


sys.modules[__name__].__class__ = _ListingModule
