"""Walks a category tree; the tree has a cycle."""

TREE = {"root": ["books", "music"], "books": ["fiction"], "fiction": ["root"], "music": []}


def depth(node):
    children = TREE.get(node, [])
    if not children:
        return 1
    return 1 + max(depth(c) for c in children)


if __name__ == "__main__":
    print("depth:", depth("root"))
