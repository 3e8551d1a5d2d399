from typing import Protocol, TypedDict


class Movie(TypedDict):
    title: str
    year: int


class Greeter(Protocol):
    def greet(self, name: str) -> str: ...


class English:
    def greet(self, name: str, loud: bool) -> str:
        return "Hello " + name


def welcome(g: Greeter) -> None:
    print(g.greet("x"))


m: Movie = {"title": "Alien", "year": "1979"}
m["rating"] = 5
welcome(English())
