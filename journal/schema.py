"""A small declarative schema for save files: types, ranges, unknown keys.

Each validator checks a value at a dotted path and appends readable problems such as
``state.signal = 31 is outside 0..25``. Games describe their state with these pieces
and add their own invariants (cross-references, rule constraints) on top.
"""

from __future__ import annotations

import functools
import re
import string

_BARE = frozenset(string.ascii_letters + string.digits + "_-")  # the characters of a bare TOML key


def _quoted(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


@functools.lru_cache(maxsize=4096)  # validating a save quotes the same few keys thousands of times
def quote_key(key: str) -> str:
    return key if key and _BARE.issuperset(key) else _quoted(key)


def key_path(prefix: str, key) -> str:
    """Extend a dotted TOML path; keys that are not bare are quoted: items."Jet Pack"."""
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    k = quote_key(str(key))
    return f"{prefix}.{k}" if prefix else k


def show_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return _quoted(v)
    if isinstance(v, dict):
        return "a table"
    if isinstance(v, list):
        return "an array"
    return str(v)


def type_name(v) -> str:
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, int):
        return "a whole number"
    if isinstance(v, float):
        return "a decimal number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, dict):
        return "a table"
    if isinstance(v, list):
        return "an array"
    return type(v).__name__


class Validator:
    expected = "a value"

    def check(self, value, path: str, problems: list[str]) -> None:  # pragma: no cover
        raise NotImplementedError

    def valid(self, value) -> bool:
        """A quick yes for a plain value that has no problem, so a table need not build its key's
        path (most of a save's validation); False means `check` decides (and words the problem)."""
        return False

    def check_at(self, value, parent: str, key, problems: list[str]) -> None:
        """`check` the value found at `key` inside `parent`, building that path only when
        `valid` does not already say yes."""
        if not self.valid(value):
            self.check(value, key_path(parent, key), problems)

    def wrong_type(self, value, path, problems):
        problems.append(f"{path} = {show_value(value)} is {type_name(value)}: expected {self.expected}")


class Int(Validator):
    def __init__(self, lo: int | None = None, hi: int | None = None):
        self.lo, self.hi = lo, hi
        if lo is not None and hi is not None:
            self.expected = f"a whole number {lo}..{hi}"
        elif lo is not None:
            self.expected = f"a whole number >= {lo}"
        else:
            self.expected = "a whole number"

    def valid(self, value):
        return type(value) is int and (self.lo is None or self.lo <= value) and (self.hi is None or value <= self.hi)

    def check(self, value, path, problems):
        if not isinstance(value, int) or isinstance(value, bool):
            return self.wrong_type(value, path, problems)
        if self.lo is not None and self.hi is not None and not self.lo <= value <= self.hi:
            problems.append(f"{path} = {value} is outside {self.lo}..{self.hi}")
        elif self.lo is not None and value < self.lo:
            problems.append(f"{path} = {value} is below {self.lo}")
        elif self.hi is not None and value > self.hi:
            problems.append(f"{path} = {value} is above {self.hi}")


class Bool(Validator):
    expected = "true or false"

    def valid(self, value):
        return value is True or value is False

    def check(self, value, path, problems):
        if not isinstance(value, bool):
            self.wrong_type(value, path, problems)


class Str(Validator):
    def __init__(self, choices=None, pattern: str | None = None, describe: str | None = None, nonempty=True):
        self.choices = tuple(choices) if choices else None
        self.pattern = pattern or None  # compiled when first used (re caches it)
        self.describe = describe
        self.nonempty = nonempty
        self.choice_set = frozenset(self.choices) if self.choices else None
        if self.choices:
            self.expected = "one of " + ", ".join(self.choices)
        else:
            self.expected = describe or "a string"

    def valid(self, value):
        return (type(value) is str and (self.choice_set is None or value in self.choice_set)
                and (self.pattern is None or re.fullmatch(self.pattern, value) is not None)
                and (not self.nonempty or not value.isspace() and value != ""))

    def check(self, value, path, problems):
        if not isinstance(value, str):
            return self.wrong_type(value, path, problems)
        if self.choices and value not in self.choices:
            problems.append(f"{path} = {show_value(value)} is not one of {', '.join(self.choices)}")
        elif self.pattern and not re.fullmatch(self.pattern, value):
            problems.append(f"{path} = {show_value(value)} is not {self.describe or 'valid'}")
        elif self.nonempty and not value.strip():
            problems.append(f"{path} is empty: expected {self.expected}")


class Field:
    def __init__(self, validator: Validator, required: bool = True):
        self.validator = validator
        self.required = required


def opt(v: Validator) -> Field:
    return Field(v, required=False)


class Table(Validator):
    expected = "a table"

    def __init__(self, fields: dict):
        self.fields = {k: (f if isinstance(f, Field) else Field(f)) for k, f in fields.items()}

    def valid(self, value):
        if type(value) is not dict:
            return False
        fields = self.fields
        for key, field in fields.items():
            if key in value:
                if not field.validator.valid(value[key]):
                    return False
            elif field.required:
                return False
        return fields.keys() >= value.keys()  # no unknown key

    def check(self, value, path, problems, keys=None):
        """`keys`: check only those keys (of a table whose other keys are known to be valid)."""
        if not isinstance(value, dict):
            return self.wrong_type(value, path, problems)
        fields = self.fields.items() if keys is None else [(k, f) for k, f in self.fields.items() if k in keys]
        for key, field in fields:  # in the schema's order, whichever keys changed
            if key in value:
                field.validator.check_at(value[key], path, key, problems)
            elif field.required:
                problems.append(f"{key_path(path, key)} is missing ({field.validator.expected})")
        unknown = [k for k in value if k not in self.fields and (keys is None or k in keys)]
        for k in unknown:
            problems.append(f"{key_path(path, k)} is not a known key: expected {', '.join(self.fields)}")


def fold(name: str) -> str:
    """A name as names are compared: case-folded and in one Unicode form (NFC), so that "José"
    typed with a composed é or with e and a combining accent is one name, as "Ana" and "ana" are."""
    if name.isascii():
        return name.casefold()
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())


def casefold_twins(names, path: str, what: str, problems: list[str]) -> None:
    """Names that differ only in case or Unicode form (`Ana` and `ana`): the player types names in
    any case, so each must differ from the others ignoring case (as `new` refuses them)."""
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str):
            continue
        folded = fold(name)
        if folded in seen:
            other = seen[folded]
            how = "in case" if other.casefold() == name.casefold() else \
                "in how their letters are encoded (an accent typed apart or joined: Unicode NFD or NFC)"
            problems.append(f"{path}: {show_value(other)} and {show_value(name)} differ only {how}: "
                            f"{what}s must differ ignoring case")
        else:
            seen[folded] = name


class Map(Validator):
    """A table of user-named entries (characters, items ...), each checked alike.

    `unique_casefold`: the names must differ ignoring case (players type them in any case).
    """

    expected = "a table"

    def __init__(self, item: Validator, key_pattern: str | None = None, key_describe: str = "a name",
                 min_items: int = 0, unique_casefold: bool = False):
        self.item = item
        self.key_pattern = key_pattern or None
        self.key_describe = key_describe
        self.min_items = min_items
        self.unique_casefold = unique_casefold

    def valid(self, value):
        if type(value) is not dict or len(value) < self.min_items:
            return False
        if self.key_pattern and not all(re.fullmatch(self.key_pattern, k) for k in value):
            return False
        if self.unique_casefold and len({fold(k) for k in value}) != len(value):
            return False
        return all(map(self.item.valid, value.values()))

    def check(self, value, path, problems):
        if not isinstance(value, dict):
            return self.wrong_type(value, path, problems)
        if len(value) < self.min_items:
            problems.append(f"{path} has {len(value)} entries: expected at least {self.min_items}")
        for k, v in value.items():
            if self.key_pattern and not re.fullmatch(self.key_pattern, k):
                problems.append(f"{key_path(path, k)}: the name is not {self.key_describe}")
            self.item.check_at(v, path, k, problems)
        if self.unique_casefold:
            casefold_twins(value, path, "name", problems)


class List(Validator):
    """An array of values checked alike. `unique_casefold`: the key of its tables whose values
    (names) must differ ignoring case."""

    expected = "an array"

    def __init__(self, item: Validator, max_items: int | None = None, unique_casefold: str | None = None):
        self.item = item
        self.max_items = max_items
        self.unique_casefold = unique_casefold

    def valid(self, value):
        if type(value) is not list or self.unique_casefold or (self.max_items is not None
                                                                and len(value) > self.max_items):
            return False
        return all(map(self.item.valid, value))

    def check(self, value, path, problems):
        if not isinstance(value, list):
            return self.wrong_type(value, path, problems)
        if self.max_items is not None and len(value) > self.max_items:
            problems.append(f"{path} has {len(value)} items: at most {self.max_items}")
        for i, v in enumerate(value):
            self.item.check_at(v, path, i, problems)
        if self.unique_casefold:
            key = self.unique_casefold
            casefold_twins([v.get(key) for v in value if isinstance(v, dict)], path, key, problems)
