"""Helpers shared by the Python drivers of the system tests and benchmarks (the shell side is common.sh).

Standard library only. Import it with the folder on sys.path, e.g. from src/it/<suite>/x.py:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
"""
import socket


def free_port():
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
