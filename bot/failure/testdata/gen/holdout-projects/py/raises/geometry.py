import math


def hypot(a, b):
    return math.sqrt(a * a + b * b)


def area(radius):
    if radius < 0:
        return 0.0
    return 3.14 * radius * radius
