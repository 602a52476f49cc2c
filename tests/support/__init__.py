"""Support code shared by the browser, fault, hub and site tests and by bench/ (not shipped)."""
