from typing import Callable, Dict, List

from inventory.models import Item, Store


def total(items: List[float]) -> float:
    return sum(items)


def apply(fn: Callable[[Item], float], items: List[Item]) -> List[float]:
    return [fn(i) for i in items]


def label(item: Item) -> str:
    return f"{item.sku}:{item.qty}"


def value(store: Store, sku: str) -> float:
    item = store.lookup(sku)
    return item.qty * item.price


def stock_level(counts: Dict[str, int], sku: str) -> int:
    if sku in counts:
        return counts[sku]


qtys: List[int] = [1, 2, 3]
print(total(qtys))
print(apply(label, [Item("a", 1, 2.0)]))
bad = Item("b", "3", 1.0)
