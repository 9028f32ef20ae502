# Rummy Referee: `make serve` starts the service, `make test` runs every test.
# Both create the virtual environment and install the pinned requirements first.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: serve test install openapi bench load clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt requirements-dev.txt $(BIN)/activate
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

serve: install
	$(BIN)/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) app:app

test: install
	$(BIN)/python -m pytest -q

openapi: install
	$(BIN)/python -c "import app; open('openapi.yaml', 'w').write(app.openapi_document(app.app))"

bench: install
	$(BIN)/python bench/run.py
	$(BIN)/python bench/bots.py

# Load test: gunicorn on 127.0.0.1 under a realistic mix for DURATION seconds (default 60).
load: install
	$(BIN)/python bench/load.py --duration $(or $(DURATION),60) --users $(or $(USERS),16)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
