"""Checks for the lessons' Your turn exercises, one module per lesson (lesson01, lesson02, ...)."""
