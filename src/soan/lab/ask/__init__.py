"""`soan ask GAME [QUESTION...]`: the draft's 問題点 as questions (games/<game>/data/questions.yaml),
answered by studies that share their seeds, grown until each answer is clear or the budget is spent.

A question's kind says how it is answered (docs/lab.md, "Questions"):
  compare  the base game against variants/parameters: the measure's paired difference, Holm-adjusted
           across the question's comparisons; "clear" when significant (or its interval is within
           the question's `margin`).
  level    figures of the base game with their intervals; clear when an interval is narrow.
  seats    win share by turn position (seat index for a game without turn order), 3 and 4 players.
  cards    per card: use rate, win share when played, held to the end; flagged cards after Holm.
  dealt    per dealt card: its holder's win share and whether it was kept; flagged after Holm.
Each is answered with two bot levels (BOTS); the verdict says whether it holds with both.

The package, by responsibility, one way: questions (the file, checked) -> plan (games per study) ->
run (the games, in stages) -> verdict (per kind) -> main (`ask()`, the result the report reads);
aa is the A/A harness.
"""

from ..stats import ALPHA
from .aa import aa, aa_question
from .asker import BOTS, Asker, Interrupted, hold_interrupts, release_interrupts
from .main import ask
from .plan import plan_sizes
from .questions import Setting, load_questions, questions_path

__all__ = ["ALPHA", "BOTS", "Asker", "Interrupted", "Setting", "aa", "aa_question", "ask", "hold_interrupts",
           "load_questions", "plan_sizes", "questions_path", "release_interrupts"]
