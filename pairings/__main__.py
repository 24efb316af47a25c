"""``python -m pairings pair|standings < in.json > out.json`` (see pairings.cli)."""
import sys

from pairings.cli import main

sys.exit(main(sys.argv[1:]))
