"""SHA-256 and BLAKE2b without importing OpenSSL (hashlib's _hashlib costs ~2 ms per command)."""

try:  # CPython's built-in implementations: same digests, cheaper import
    from _blake2 import blake2b
except ImportError:  # pragma: no cover
    from hashlib import blake2b
try:
    from _sha2 import sha256  # Python 3.12+
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:  # pragma: no cover
        from hashlib import sha256

__all__ = ["blake2b", "sha256"]
