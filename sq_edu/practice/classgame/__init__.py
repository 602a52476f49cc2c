"""The class game without widgets: the whole class as one seat against bots (`state`), and
what the class is asked and may vote for at its turn (`question`)."""
