"""The sizes both the wire format and the sealed tables keep, declared once below both.

``schemas.tables`` (the token field's length), ``web.bodies`` (the /v1/tables endpoints' body
limits) and ``tables.seal`` (the sealer, which refuses to seal a longer token: 409, and opens
none longer) each take the limit from here, so ``tables/`` imports nothing of ``schemas/`` for it.
"""

# The longest table token the service seals and opens, in characters. The largest table
# measured, 6 players with names of 40 four-byte characters, 100 hands scored and a hand of
# 1,000 events (draws, discards, lay-offs), seals to 11,140 characters; a usual table to
# 900-3,000. The body limits of the /v1/tables endpoints are derived from it (web/bodies.py: this
# and a seat's one turn of moves), so the largest token always fits a body.
MAX_TOKEN_CHARS = 11 * 1024
