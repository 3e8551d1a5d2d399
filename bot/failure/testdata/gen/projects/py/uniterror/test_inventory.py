import unittest

from inventory import Inventory


class InventoryTest(unittest.TestCase):
    def test_add(self):
        inv = Inventory()
        inv.add("apple", 2)
        self.assertEqual(inv.items["apple"], 2)

    def test_remove_missing(self):
        inv = Inventory()
        inv.remove("pear", 1)
        self.assertNotIn("pear", inv.items)

    def test_qty_type(self):
        inv = Inventory()
        inv.add("apple", "3")
