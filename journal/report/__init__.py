"""`journal report` and `journal luck`: a campaign's play report (Markdown to paste into a forum
post, or one self-contained HTML file) and its luck audit.

model.py gathers the content (sessions of play, the story, the trackers over time, the audit);
luck.py and stats.py judge the dice; charts.py lays a chart out, svg.py draws it for the HTML
(journal/pdf/glance.py draws the same layout in the PDF); markdown.py and html.py render.
"""
