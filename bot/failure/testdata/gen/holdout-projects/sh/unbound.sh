#!/bin/bash
set -euo pipefail

echo "preparing release"
version=$(date +%Y.%m)
echo "tagging v${version}-${BUILD_NUMBER}"
git tag "v${version}"
