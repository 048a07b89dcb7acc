"""Templates, run in Jinja's sandbox: the environment of a game (its loader inside the game's
folders, its filters), the budget of steps, time and size every render gets, the cache of compiled
code, and the readers that tell what a template may print."""
