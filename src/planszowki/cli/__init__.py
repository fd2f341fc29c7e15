"""The ``planszowki`` command: ``play`` a game in the terminal, ``replay`` a saved record, ``bench``."""
