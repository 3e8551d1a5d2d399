import os

DEBUG = os.environ.get("DEBUG", "0") == "1"
TIMEOUT = DEFAULT_TIMEOUT * 2
