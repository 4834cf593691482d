"""Run mutmut (pinned in pyproject.toml) on this repository's layout, for ``make mutate``.

The package lives in ``py/``, which the tests put on the import path, so its modules are named
``gamenight.…``. mutmut names mutants after the file path (``py.gamenight.…``; it only knows to drop a
``src.`` prefix), and its trampolines activate a mutant only when that name's module is the running
module's ``__name__``: without this, no mutant would ever run and every one would "survive". This
drops the ``py.`` prefix where mutmut makes the names, then hands over to mutmut's own command line.
"""

from __future__ import annotations

import sys

import mutmut.__main__ as cli
import mutmut.mutation.file_mutation as file_mutation
from mutmut.utils import format_utils

_path_name = format_utils.get_mutant_name


def get_mutant_name(*args, **kwargs) -> str:
    return _path_name(*args, **kwargs).removeprefix("py.")


format_utils.get_mutant_name = cli.get_mutant_name = file_mutation.get_mutant_name = get_mutant_name

if __name__ == "__main__":
    sys.exit(cli.cli())
