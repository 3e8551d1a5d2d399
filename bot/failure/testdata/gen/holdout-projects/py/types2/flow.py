from typing import Union


def describe(x: Union[int, str]) -> str:
    if isinstance(x, int):
        return "int"
    elif isinstance(x, str):
        return "str"
    else:
        return "never"


def scale(values, factor):
    return [v * factor for v in values]


def check(flag: bool) -> int:
    return 1
    print("unreachable")


def parse(s: str) -> int:
    if not s:
        raise ValueError("empty")
        return -1
    return int(s)
