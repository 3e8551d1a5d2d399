import json


def load(path):
    with open(path) as f:
        return json.load(f)


def keys(d: dict) -> list:
    return list(d.keys())


def first(xs: list[int]) -> int:
    return load("x.json")
