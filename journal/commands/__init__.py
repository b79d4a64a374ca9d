"""The commands every game shares, a module a kind (the saves folder, a campaign's record, what
is printed, commands that run other commands). The root group (journal/cli.py) imports a
module only when one of its commands runs or a help lists it: a game's command pays for none.
"""

# command name -> "module:attribute" in this package, in the order `journal --help` lists them
SHARED = {
    "games": "folder:games_cmd",
    "list": "folder:list_cmd",
    "use": "folder:use",
    "show": "record:show",
    "log": "record:log_cmd",
    "note": "record:note",
    "set": "record:set_cmd",
    "undo": "record:undo",
    "redo": "record:redo",
    "check": "record:check",
    "roll": "record:roll",
    "batch": "table:batch",
    "play": "table:play",
    "pdf": "printed:pdf",
    "sheet": "printed:sheet",
    "guide": "table:guide",
    "demo": "table:demo",
    "where": "folder:where",
    "copy": "folder:copy_cmd",
    "rename": "folder:rename",
    "delete": "folder:delete",
    "restore": "folder:restore",
    "report": "printed:report",
    "luck": "printed:luck",
}
