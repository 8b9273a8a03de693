"""vlmxla's IREE runtime host (host.py), its wire protocol (protocol.py) and a small Python
client for tests and tools (client.py)."""
