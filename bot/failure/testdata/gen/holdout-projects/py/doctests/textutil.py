"""Text helpers with doctests."""


def initials(name):
    """Return initials.

    >>> initials("ada lovelace")
    'A.L.'
    >>> initials("grace brewster murray hopper")
    'G.B.M.H.'
    """
    return ".".join(p[0].upper() for p in name.split())


def title(s):
    """Title-case.

    >>> title("hello world")
    'Hello World'
    """
    return s.title()
