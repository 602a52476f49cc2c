"""A page's side of a class server's table service: the messages (`wire`) and the HTTP client
a kernel uses on loopback (`client`). No widgets; the server's side is `sq_edu.server.tables`.
"""
