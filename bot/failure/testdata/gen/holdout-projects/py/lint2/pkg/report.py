import os
import json


def build(title, rows, width, height, color, border, footer, items=[]):
    items.append(title)
    try:
        data = json.dumps(rows)
    except Exception:
        data = None
    if data:
        return data
    else:
        return ""


def list(values):
    id = 0
    for v in values:
        id += 1
    return id


class report:
    def Render(self):
        print("rendering %s" % self.name)
