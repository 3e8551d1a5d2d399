#!/bin/bash
echo "deploying to staging..."
echo "uploaded 3 artifacts"
exit 3
