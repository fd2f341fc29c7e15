"""Why a file a person named could not be read, told by a catalog message (said in their language).

A save (``play --load``, ``replay``) and a content file (``--content``) are read the same way: the system's
refusal to open it and Python's reason the text is not JSON come in English; these turn the common ones into
catalog messages (``error_file_*``, ``error_json_*``) and leave the rare others as the words they came in.
"""

from __future__ import annotations

import json

from .core import PlanszowkiError


def os_problem(exc: OSError) -> PlanszowkiError | str:
    """Why a file could not be opened: no such file, a directory, no permission; else the system's own words."""
    if isinstance(exc, FileNotFoundError):
        return PlanszowkiError.told("error_file_missing")
    if isinstance(exc, IsADirectoryError):
        return PlanszowkiError.told("error_file_is_directory")
    if isinstance(exc, PermissionError):
        return PlanszowkiError.told("error_file_no_permission")
    return str(exc.strerror or exc)


def json_problem(exc: json.JSONDecodeError) -> PlanszowkiError | str:
    """Why a text is not JSON, as Python's parser says it: the common reasons by a catalog message, the others in
    Python's (English) words."""
    msg = exc.msg
    if msg == "Expecting value":
        return PlanszowkiError.told("error_json_expecting_value")
    if msg == "Expecting ',' delimiter":
        return PlanszowkiError.told("error_json_expecting_comma")
    if msg == "Expecting ':' delimiter":
        return PlanszowkiError.told("error_json_expecting_colon")
    if msg == "Expecting property name enclosed in double quotes":
        return PlanszowkiError.told("error_json_expecting_name")
    if msg == "Unterminated string starting at":
        return PlanszowkiError.told("error_json_unterminated_string")
    if msg == "Invalid control character at":
        return PlanszowkiError.told("error_json_control_character")
    if msg == "Extra data":
        return PlanszowkiError.told("error_json_extra_data")
    if msg.startswith("Illegal trailing comma"):  # Python 3.13 names a trailing comma
        return PlanszowkiError.told("error_json_trailing_comma")
    return msg
