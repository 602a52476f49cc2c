"""The class game in the class server: the service (`service`), its SQLite store (`store`)
and its HTTP route (`handlers`), mounted beside the table service (`tables/mount.py`)."""
