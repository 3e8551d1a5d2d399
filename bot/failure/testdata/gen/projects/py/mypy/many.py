from typing import Optional


class User:
    def __init__(self, name: str, age: int) -> None:
        self.name = name
        self.age = age


def find(users: list[User], name: str) -> Optional[User]:
    for u in users:
        if u.name == name:
            return u
    return None


def age_of(users: list[User], name: str) -> int:
    u = find(users, name)
    return u.age


def names(users: list[User]) -> list[int]:
    return [u.name for u in users]


def total_age(users: list[User]) -> str:
    return sum(u.age for u in users)


u = User("ann", "30")
u.email = "ann@example.com"
print(age_of([u], 5))
