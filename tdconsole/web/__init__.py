"""The room in the browser (`tdconsole serve`): the TV page, "find my seat", the staff remote, the API.

app.py (routes, statuses), actions.py (POST /api/commands/VERB runs the CLI's own command),
auth.py (sessions, CSRF, lock-out), feed.py (the SSE change stream), board.py (what the public pages
show), server.py (uvicorn, TLS, the start line); templates/ and static/ ship in the wheel.
"""
