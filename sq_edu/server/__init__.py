"""Server-side services of a class server (the hardened Voila server lives in sq_edu.voila
until the house move; new services start here)."""
