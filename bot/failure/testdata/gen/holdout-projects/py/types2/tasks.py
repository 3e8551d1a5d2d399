import asyncio
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


class Sink(Protocol):
    def write(self, data: bytes) -> int: ...


class Console:
    def write(self, data: str) -> int:
        print(data)
        return len(data)


class Box(Generic[T]):
    def __init__(self, value: T) -> None:
        self.value = value

    def get(self) -> T:
        return self.value


async def fetch(n: int) -> str:
    await asyncio.sleep(0)
    return str(n)


def emit(sink: Sink) -> None:
    sink.write(b"hello")


async def main() -> None:
    text: str = fetch(3)
    count: int = await fetch(4)
    emit(Console())
    b: Box[int] = Box("seven")
    print(text, count, b.get() + 1)


asyncio.run(main())
