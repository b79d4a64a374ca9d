"""PDF output: canvas primitives shared by every game (`primitives`), the campaign
log pages (`logpages`) and the document that puts trackers and log together
(`document`). Each game draws its own tracker in ``journal/games/<game>/sheets.py``."""
