"""Findings of one script on one file: collected, then sorted, de-duplicated and printed.

Rules add findings as they go; the script's last rules print them in the mode spatch runs
(report, org) or mark their positions (context, through keep()), then reset.
"""

from cexpr import key


class Reports:
    def __init__(self):
        self.found = []
        self.kept = set()
        self.out = []

    def add(self, pos, msg):
        """pos: a position metavariable (a list, its first element is the match)."""
        self.found.append((pos, msg))

    def final(self):
        """The findings in position order, each (position, message) once; marks them kept
        (context mode) and keeps them for print()."""
        out = []
        seen = set()
        for pos, msg in sorted(self.found, key=lambda r: (key(r[0][0]), r[1])):
            if (key(pos[0]), msg) in seen:
                continue
            seen.add((key(pos[0]), msg))
            self.kept.add(key(pos[0]))
            out.append((pos, msg))
        self.out = out
        return out

    def keep(self, pos):
        return key(pos[0]) in self.kept

    def print(self, coccilib, mode):
        for pos, msg in self.out:
            if mode == "report":
                coccilib.report.print_report(pos[0], msg)
            elif mode == "org":
                coccilib.org.print_todo(pos[0], msg)

    def reset(self):
        self.__init__()
