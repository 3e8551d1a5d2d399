import sys

from shop import catalog


def main(argv):
    total = 0.0
    for name in argv:
        total += catalog.find(name).price
    print(f"total: {total:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["pen", "book", "lamp"])
