PRODUCTS = {"pen": {"price": 1.5}, "book": {"price": 12.0}}


class Product:
    def __init__(self, name, price):
        self.name = name
        self.price = price


def find(name):
    data = PRODUCTS.get(name)
    if data is None:
        return None
    return Product(name, data["price"])
