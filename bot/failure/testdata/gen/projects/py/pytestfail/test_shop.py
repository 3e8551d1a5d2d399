import pytest

from shop import Item, apply_discount, parse_items, total


def test_total_single():
    assert total([Item("a", 2.0)]) == 2.0


def test_total_uses_qty():
    items = [Item("a", 2.0, qty=3), Item("b", 1.5)]
    assert total(items) == 7.5


@pytest.mark.parametrize("pct,expected", [(0.1, 90.0), (10, 90.0), (0, 100.0)])
def test_discount(pct, expected):
    assert apply_discount(100.0, pct) == expected


def test_parse_items():
    items = parse_items("apple,1.0\nbanana\n")
    assert [i.name for i in items] == ["apple", "banana"]


def test_names():
    assert {"apple", "pear"} == {"apple", "plum"}
