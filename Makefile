# Rummy Referee: `make serve` starts the service, `make test` runs every test.
# Both create the virtual environment and install the pinned requirements first.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: serve test lint format install openapi rulebook clients bench load stack deploy-config docs extract catalogs clean

# Node tools the tests run on openapi.yaml (Redocly's linter, openapi-typescript, tsc), pinned in
# tools/package-lock.json; installed when npm is on the machine (CI installs Debian's nodejs/npm).
NPM := $(shell command -v npm 2>/dev/null)
NODE_TOOLS = $(if $(NPM),tools/node_modules/.installed clients/typescript/node_modules/.installed)

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The service needs only requirements.txt (a fresh clone answers in seconds); the tests, the
# benchmarks and the OpenAPI generation get requirements-dev.txt as well.
$(VENV)/.runtime: requirements.txt $(BIN)/activate
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed: requirements.txt requirements-dev.txt clients/python/pyproject.toml $(VENV)/.runtime
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

tools/node_modules/.installed: tools/package.json tools/package-lock.json
	cd tools && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The TypeScript client's own pinned tools (clients/typescript/package-lock.json): its tests run in make test.
clients/typescript/node_modules/.installed: clients/typescript/package.json clients/typescript/package-lock.json
	cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed $(NODE_TOOLS)

# Without RUMMY_SEAL_KEYS, a development seal key kept in .dev-seal-key (git-ignored, made once),
# so the tables of /play survive a restart of `make serve`. Production sets RUMMY_SEAL_KEYS.
DEV_SEAL_KEY = .dev-seal-key
$(DEV_SEAL_KEY):
	umask 077 && $(PYTHON) -c 'import base64,secrets; print(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode())' > $@

serve: $(VENV)/.runtime $(if $(RUMMY_SEAL_KEYS),,$(DEV_SEAL_KEY))
	$(if $(RUMMY_SEAL_KEYS),,RUMMY_SEAL_KEYS="$$(cat $(DEV_SEAL_KEY))") $(BIN)/gunicorn --config gunicorn.conf.py --bind $(HOST):$(PORT) app:app

# Four workers (pytest-xdist), each test file on one of them: a file's module-scoped servers start
# once, and its tests run in their written order; the longest files first (tests/conftest.py).
# Four on this 2-core machine because most of the longest files wait on Chromium, nginx or
# gunicorn rather than compute. Measured on a quiet machine, the 1,903 tests of 2026-12-02 took
# 634 s with three workers and 521 s with four; on a fresh clone of 2026-12-05, four workers ran
# the 1,910 tests in 302-310 s.
# Bytecode is written (into the __pycache__ folders .gitignore ignores) even where the environment
# sets PYTHONDONTWRITEBYTECODE, as the team's machine does: each gunicorn, stack instance and
# script the tests start imports the app, 0.70 s of CPU without cached bytecode and 0.49 s with,
# and from the second run on each worker skips pytest's rewriting of the test modules (collecting
# tests/ 6.7 -> 2.6 s of CPU a worker). A fresh clone's four workers all compile at once at start.
test: install lint
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n 4 --dist loadfile --no-loadscope-reorder

# ruff (pyproject.toml): the lint rules, and the formatter's check (`make format` applies it);
# mypy --strict on referee/, schemas/, tables/ and web/, every module (pyproject.toml; no module excepted)
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: install
	$(BIN)/ruff format .

openapi: install rulebook
	$(BIN)/python -c "import app; open('openapi.yaml', 'w').write(app.openapi_document(app.app))"

# The generated parts of RULES.md (the options table from referee/rules.py, the reason codes from
# referee/reasons.py); `make openapi` runs it too. A test fails when the committed file is stale.
rulebook: install
	$(BIN)/python -m web.rulebook

# The browser's copy of the TypeScript client (clients/typescript, built with its pinned tools):
# /play imports static/js/rummy-referee-client.js, minified, with its source map (the TypeScript
# in clients/typescript/src is the one readable copy); a test fails when the committed build is stale.
clients: install
	cd clients/typescript && npm run build
	cp clients/typescript/dist/browser/rummy-referee-client.js clients/typescript/dist/browser/rummy-referee-client.js.map static/js/

bench: install
	$(BIN)/python bench/run.py
	$(BIN)/python bench/bots.py

# Load test: a realistic mix for DURATION seconds (default 60) through nginx over STACK app
# instances (default 2, as `make stack`; STACK=0: one gunicorn alone), all on 127.0.0.1.
load: install
	$(BIN)/python bench/load.py --duration $(or $(DURATION),60) --users $(or $(USERS),16) --stack $(or $(STACK),2)

# The production stack on this machine: Debian's nginx (deploy/nginx.conf.template) on PORT
# (default 8080) in front of two app instances on free loopback ports; Ctrl-C stops them all.
stack: install
	$(BIN)/python deploy/stack.py run --port $(if $(filter command line environment,$(origin PORT)),$(PORT),8080) --instances 2

# Rewrite the committed renderings of the nginx configuration (a test fails when they are stale).
deploy-config: install
	$(BIN)/python deploy/stack.py write

# Languages (issue 36). `make extract`: the sentences for players (the msgids of referee.speech's
# say, say_n and term) into locales/messages.pot, merged into every catalog
# (locales/<lang>/LC_MESSAGES/messages.po; a new sentence arrives untranslated and the catalog
# test fails until it is translated), then `make catalogs`: the compiled .mo files, the
# pseudo-locale en-XA and the pages' static/i18n/<lang>.json (tools/catalogs.py; all committed,
# a test fails when one is stale).
extract: install
	$(BIN)/pybabel extract -F babel.cfg --no-default-keywords -k say -k say_n:1,2 -k term:1c,2 -k say_in:1c,2 --sort-by-file --no-location --omit-header --width 100 -o locales/messages.pot .
	$(BIN)/python tools/catalogs.py update
	PYTHONPATH=. $(BIN)/pybabel extract -F locales/pages.cfg $(PAGES_KEYWORDS) --no-location --sort-output --project "Rummy Referee" -o locales/pages.pot .
	PYTHONPATH=. $(BIN)/pybabel extract -F locales/rulebook.cfg --no-location --project "Rummy Referee" -o locales/rulebook.pot .
	$(BIN)/pybabel update -i locales/pages.pot -d locales -D pages --width 100 --ignore-obsolete
	$(BIN)/pybabel update -i locales/rulebook.pot -d locales -D rulebook --width 100 --ignore-obsolete
	$(MAKE) catalogs

# The pages' own words are a second domain, `pages` (their JavaScript's _(), ngettext(), pgettext()
# and their HTML's text: locales/pages.cfg), and the players' rulebook a third, `rulebook` (RULES.md
# paragraph by paragraph: locales/rulebook.cfg); web/i18n_pages.py writes static/i18n/pages.<lang>.json
# and static/i18n/index.json (the languages the switch offers).
PAGES_KEYWORDS = -k _ -k ngettext:1,2 -k pgettext:1c,2 -k noop:1c,2
catalogs: install
	$(BIN)/python tools/catalogs.py
	$(BIN)/python -m web.i18n_pages

# The documentation site from docs/ (mkdocs.yml) into site/; `make test` builds it too (strict).
docs: install
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf site $(VENV) .pytest_cache .hypothesis

