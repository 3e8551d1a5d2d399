#!/bin/bash
set -e

export BUILD_DIR=$(mktemp -d)
files=$(ls *.log)
rm -f $(find . -name '*.tmp')

unused_var="hello"

make build
if [ $? -ne 0 ]; then
  echo "build failed"
fi

run_all() {
  for arg in $@; do
    echo "$arg"
  done
  local args=$@
  echo "$args"
}

run_all "$files"
echo "done in $BUILD_DIR"
