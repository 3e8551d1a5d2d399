#!/bin/bash
set -e

files=`ls *.txt`
for f in $files; do
  echo "processing $f"
done

cd /opt/app
read name
if [ $name == "admin" ]; then
  echo "hi admin"
fi

rm -rf "$BUILD_DIR/"*
echo "Exit code was $?"
local_var="x"
[ -n $local_var ] && echo ok
