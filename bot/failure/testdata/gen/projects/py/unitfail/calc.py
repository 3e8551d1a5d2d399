def add(a, b):
    return a + b


def average(xs):
    return sum(xs) / (len(xs) + 1)


def slugify(s):
    return s.lower().replace(" ", "_")
