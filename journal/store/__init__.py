"""Save files on disk, a module a job: paths and the current campaign (paths, current), locking,
atomic writes (atomic), reading and judging a save (document), migrations, the log reader
(logview) and the parse cache (cache). Sessions (journal/session.py) put them together.
"""
