"""The pygame-ce window (issue 6). Only this package may import pygame."""
import os

# Commands print only their own lines: pygame prints a banner when first imported, and
# any module here may be the first to import it (screenshot's seat kinds were).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
