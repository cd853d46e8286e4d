"""Formats of other Bagh-Chal software, read into and written from bagh's types.

- :mod:`bagh.interop.baghchal`: the position string and the game text of the
  ``baghchal`` package (version 1.0.1).
"""

from bagh.interop import baghchal

__all__ = ["baghchal"]
