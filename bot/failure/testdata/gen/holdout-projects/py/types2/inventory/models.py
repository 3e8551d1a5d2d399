from dataclasses import dataclass
from typing import Callable, List, Optional


@dataclass
class Item:
    sku: str
    qty: int
    price: float


class Store:
    def lookup(self, sku: str) -> Optional[Item]:
        return None

    def restock(self, item: Item, qty: int) -> None:
        item.qty += qty


class Warehouse(Store):
    def lookup(self, sku: int) -> Item:
        return Item(str(sku), 0, 0.0)

    def restock(self, item: Item, qty: int) -> bool:
        item.qty += qty
        return True
