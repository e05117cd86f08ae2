"""The answers of `soan ask` in words (Japanese or English) and as one HTML report with a figure each.

A verdict is the lead bot level's (the competent one, normal); other levels are labelled context.
Verdict lines are plain words; how they were reached (paired games, the correction, the equivalence
test, the plan's size) is the report's footnote.

The package: wording (the words answers are made of) -> sentences (each kind's lines) and figures ->
page (notes and the HTML report).
"""

from .figures import card_table, figure
from .page import notes, write_html
from .sentences import cards_lines, compare_lines, level_lines, lines, need_line, seats_lines, words_lines
from .wording import label, w, who

__all__ = ["card_table", "cards_lines", "compare_lines", "figure", "label", "level_lines", "lines", "need_line",
           "notes", "seats_lines", "w", "who", "words_lines", "write_html"]
