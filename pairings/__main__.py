"""``python -m pairings pair|standings < in.json > out.json`` (see pairings.cli)."""

import sys

from pairings.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
