import json

def summarize(records):
    return {r["id"]: r["score"] / r["count"] for r in records}

data = json.loads('[{"id": "a", "score": 10, "count": 2}, {"id": "b", "score": 3, "count": 0}]')
print(summarize(data))
