#!/bin/bash
for f in *.log; do
  if [ -s "$f" ]; then
    echo "$f"
done
