"""`soan balance`: search a game's settings for one that meets targets stated in words (docs/balance.md).

Targets (`parse_target`): `SUBJECT OP VALUE`, e.g. `start-player=25±3`, `seat:2 within 25 ± 3`,
`win-when:dealt_harvest=chance±3`, `all_weather>=0.6`, `length at most 120`. What may move
(`parse_axis`): any rule parameter (`NAME=lo..hi`, `NAME=a,b,c`, one item of a list parameter
`NAME[k]=lo..hi`), a variant (`variant:ID`, on or off) or a component value (`data:PATH=lo..hi`, e.g.
`data:voyage_cards[15].power=2..4`). The search (Optuna: TPE for one target, NSGA-II for several, a
full grid when it fits the trials) plays every trial on the same seeds; the chosen setting is then
played again on fresh seeds next to the base game (paired), and each searched setting moved one step
either way is played on those fresh seeds too (robustness).

The package, one way: targets and axes (what is asked, what may move) -> search (the trials, then
validation and robustness) -> report (words and files); fix is `soan ask --fix`'s use of it all.
"""

from .axes import Axis, parse_axis
from .fix import (
    FIX_FLOORS,
    command_for,
    fix_html,
    fix_lines,
    fix_problem,
    fix_sizes,
    grid_choices,
    is_problem,
)
from .procedure import (
    Problem,
    best_of,
    changed,
    evaluate,
    kept_play,
    known_measures,
    neighbours,
    others_moved,
    per_game,
    play,
    run,
    search,
    setting_of,
)
from .report import REPORT_FILES, keep_earlier, measure_label, summary_lines, write
from .targets import FRESH, SEED_MAX, BalanceError, Target, parse_target, subject_name

__all__ = ["FIX_FLOORS", "FRESH", "REPORT_FILES", "SEED_MAX", "Axis", "BalanceError", "Problem", "Target", "best_of",
           "changed", "command_for", "evaluate", "fix_html", "fix_lines", "fix_problem", "fix_sizes", "grid_choices",
           "is_problem", "keep_earlier", "kept_play", "known_measures", "measure_label", "neighbours", "others_moved",
           "parse_axis", "parse_target", "per_game", "play", "run", "search", "setting_of", "subject_name",
           "summary_lines", "write"]
