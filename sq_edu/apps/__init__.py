"""Dashboard applications, one folder each (thin views over widget-free state)."""
