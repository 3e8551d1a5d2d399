def apply(values):
    out = []
    for v in values:
        if v > 1:
            out.append(v * 2)
          else:
            out.append(v)
    return out
