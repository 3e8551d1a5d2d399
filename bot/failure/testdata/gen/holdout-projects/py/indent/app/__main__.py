from app import rules

print(rules.apply([3, 1, 2]))
