def parse_line(line):
    key, value = line.split("=", 1)
    if not key
        raise ValueError("empty key")
    return key.strip(), value.strip()
