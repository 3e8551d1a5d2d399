def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    elif n < 10:
        if n % 2 == 0:
            return "small even"
        else:
            return "small odd"
    elif n < 100:
        for d in range(2, n):
            if n % d == 0:
                return "composite"
        return "prime"
    return "big"


PATTERN = "\d+\.\d+"
MESSAGE = "this line is deliberately far too long for the configured maximum line length of seventy nine"
