#!/bin/sh
# Copy the build output somewhere.
dest=$1
cp -r build/ $dest
