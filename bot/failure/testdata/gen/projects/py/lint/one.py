"""Tiny module with a single problem."""

import os


def main():
    """Print hello."""
    print("hello")


if __name__ == "__main__":
    main()
