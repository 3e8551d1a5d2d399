from dataclasses import dataclass


@dataclass
class Item:
    name: str
    price: float
    qty: int = 1


def total(items):
    return sum(i.price for i in items)


def apply_discount(amount, pct):
    return amount - amount * pct


def parse_items(text):
    out = []
    for line in text.splitlines():
        name, price = line.split(",")
        out.append(Item(name, float(price)))
    return out
