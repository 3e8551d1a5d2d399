import sys

print("processing 3 items")
sys.exit(1)
