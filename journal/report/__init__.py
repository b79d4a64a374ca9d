"""`journal report` and `journal luck`: a campaign's play report (Markdown to paste into a forum
post, or one self-contained HTML file) and its luck audit.

model.py gathers the content (sessions of play, the story, the trackers over time, the audit);
streamed.py gathers the same from the log read as a stream, so that a report of a campaign of any
length holds counts and a few numbers per entry, never the entries (the renderers' `render_parts`
write the story as they read it again); luck.py and stats.py judge the dice; charts.py lays a
chart out, svg.py draws it for the HTML (journal/pdf/glance.py draws the same layout in the PDF);
markdown.py, html.py and bbcode.py render.
"""
