"""The stack's own limit: a bare Flask route that parses the JSON body and returns it.

Served by gunicorn with the same settings as the referee (``bench/run.py`` starts both), so the
ratio of their requests/s is the referee's own overhead. Nothing else: no schemas, no CORS, no
after-request hooks, Flask's default JSON.
"""

from flask import Flask, request

app = Flask(__name__)


@app.post("/v1/move")
def echo():
    return request.get_json()
