"""Ani-Mayhem, the digital table: `python main.py --help`."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
