"""Checks for the lessons' Your turn exercises and Check yourself questions, one module per lesson."""
