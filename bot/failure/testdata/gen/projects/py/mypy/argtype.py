def greet(name: str, times: int) -> str:
    return (name + " ") * times


print(greet("bob", "3"))
