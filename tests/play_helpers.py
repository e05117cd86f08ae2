"""A scripted person at the terminal prompt, shared by the terminal-play tests; a bot that records
what it is shown, shared by the terminal and web tests of watching."""

from __future__ import annotations

from soan.agents import RandomAgent
from soan.cli.play import Session


class Spy(RandomAgent):
    """Plays at random and watches: records every other seat's move it is shown; `forget` clears it."""

    watches = True

    def __init__(self, seed=0):
        super().__init__(seed)
        self.seen: list[tuple[int, str]] = []

    def observe(self, view, seat, action):
        self.seen.append((seat, str(action)))

    def forget(self):
        self.seen.clear()


class Script:
    """Feeds typed lines to the prompt; once they run out, answers each prompt with the first option
    listed (numbers stay stable within a step, so that is not always 1) and 'y' to a confirmation."""

    def __init__(self, lines=(), then_first=True, limit=400, interrupt_at=None):
        self.lines = list(lines)
        self.then_first = then_first
        self.asked = 0
        self.limit = limit
        self.interrupt_at = interrupt_at
        self.out: list[str] = []
        self.status: list[str] = []
        self.on_prompt = None

    def input(self, prompt: str) -> str:
        self.out.append(prompt)
        self.asked += 1
        if self.on_prompt:
            self.on_prompt(prompt)
        if self.interrupt_at is not None and self.asked >= self.interrupt_at:
            raise KeyboardInterrupt
        if self.asked > self.limit:
            raise EOFError
        if self.lines:
            return self.lines.pop(0)
        if "[y/N]" in prompt or "はい＝y" in prompt:
            return "y"
        if self.then_first:
            return self.first_option()
        raise EOFError

    def first_option(self) -> str:
        for i in range(len(self.out) - 1, -1, -1):
            if self.out[i] in ("Options:", "選択肢:"):
                return self.out[i + 1].split(".")[0].strip()
        return ""

    def print(self, text: str) -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def session(tmp_path, script, **kw) -> Session:
    args = dict(game="la-superba", players=4, humans=[0], bots=["random"], seed=5, lang="en",
                record=str(tmp_path / "rec.jsonl"), input_fn=script.input, output=script.print, clear=False,
                width=80, status=script.status.append)
    args.update(kw)
    return Session(**args)


# Bots for the web tests. A web room's bots decide in worker processes: a bot travels pickled, so a
# test's bot is a class of this module (importable there), never a lambda set on an instance.
class FailingBot(RandomAgent):
    """A bot with a bug: every decision raises."""

    def decide(self, view):
        return 1 / 0


class WatchFails(RandomAgent):
    """Plays at random; watching another seat's move raises (in any game)."""

    def watching(self, game_id):
        return True

    def observe(self, view, seat, action):
        raise RuntimeError("a watching bot's bug")


class SlowBot(RandomAgent):
    """Plays at random after `delay` seconds of (pretended) search: holds its worker meanwhile."""

    delay = 0.2

    def decide(self, view):
        import time

        time.sleep(self.delay)
        return super().decide(view)


class WhereBot(RandomAgent):
    """Plays at random and says where it decided: its process id and whether on a main thread."""

    def decide(self, view):
        import os
        import threading

        d = super().decide(view)
        d.why = [("pid", float(os.getpid())),
                 ("main_thread", float(threading.current_thread() is threading.main_thread()))]
        return d
