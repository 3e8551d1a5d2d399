import os, sys
import json
from collections import *


def Process(Data, l=[]):
    for i in range(len(Data)):
        x = Data[i]
        if x == None:
            continue
        l.append(x)
    try:
        result = json.dumps(l)
    except:
        pass
    return undefined_name


class cfg:
    def method(self):
        unused_local = 1
        return 1
