"""The shell's scenes: title, new game, settings, how to play, pause, game over."""
