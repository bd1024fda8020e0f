"""The pygame-ce window (issue 6). Only this package may import pygame."""
