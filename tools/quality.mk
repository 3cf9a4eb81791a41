# tools/quality.mk -- static analysis, the OpenAPI contract, hostile input,
# soak (included by the Makefile).
#
#   make lint          cppcheck + clang-tidy over engine/ and service/ (tools/lint.sh)
#   make openapi-lint  redocly + spectral lint openapi/openapi.yaml
#   make mcp-tools     regenerate service/mcp/tools.json (the MCP tools'
#                      schemas) from openapi/openapi.yaml
#   make mcp-tools-check  fail when service/mcp/tools.json is stale (part of
#                      contract)
#   make contract      openapi-lint, then tests/contract/*.test.mjs (node --test):
#                      every route live, and every response of tests/e2e.sh,
#                      validated with Ajv against the document; hostile input;
#                      runs the sanitizer binary
#   make hostile       every kind of bad input, slow clients, SIGTERM drain,
#                      HTTP framing and the conformance suite's cases,
#                      overload and limits, an address-space limit
#                      (tests/contract/hostile, framing, conformance,
#                      overload, drain, oom; also part of contract)
#   make docs-check    GET /docs in headless Chromium with no network: every
#                      route rendered; screenshot in build/docs/docs.png
#   make explore-check GET /explore in headless Chromium (puppeteer-core) with
#                      no network: paste the README's example, draw, score,
#                      click tiles and cells, a problem marked in the pasted
#                      text, a phone-sized screen; screenshots in build/explore/
#                      (tests/explorer/explore.test.mjs; part of make test)
#   make soak          SOAK_SECONDS (600) of mixed valid and garbage load on
#                      the ASan build, RSS sampled; SOAK_VALGRIND=1 under valgrind
#   make golden        record the golden answers: tests/golden/e2e/ (every
#                      answer of tests/e2e.sh) and tests/golden/dispatch.digest
#                      (every saved fuzz input through svc_dispatch); make
#                      contract and the unit tests require them unchanged
#   make docs-lint     the documentation check (part of make test)
#   make problems-doc  regenerate docs/problems.md from the service's answers

NODE_MODULES := node_modules/.package-lock.json
SOAK_SECONDS ?= 600

.PHONY: lint openapi-lint contract hostile soak docs-check explore-check golden mcp-tools \
        mcp-tools-check

# npm ci installs exactly package-lock.json; redone when the lock changes.
$(NODE_MODULES): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

lint: | deps
	@tools/install-deps.sh cppcheck clang-tidy
	@tools/lint.sh

openapi-lint: $(NODE_MODULES)
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
	  npx --no-install redocly lint --format=stylish openapi/openapi.yaml
	npx --no-install spectral lint --fail-severity=warn \
	  --ruleset tests/contract/spectral.yaml openapi/openapi.yaml

# The load tests hold 3,000 connections (tests/contract/overload.test.mjs):
# the client and the server each need that many open files. Node and the
# server raise their soft limit to the hard one; where the hard limit is
# lower than 16,384 it is raised here (as root; elsewhere this does nothing
# and the test says what is missing).
RAISE_NOFILE := hard=$$(ulimit -Hn); \
  if [ "$$hard" != unlimited ] && [ "$$hard" -lt 16384 ]; then ulimit -Hn 16384 2>/dev/null || true; fi; \
  ulimit -Sn "$$(ulimit -Hn)" 2>/dev/null || true;
mcp-tools: $(NODE_MODULES)
	node tools/gen-mcp-tools.mjs

mcp-tools-check: $(NODE_MODULES)
	node tools/gen-mcp-tools.mjs --check

# The e2e script records every response it gets (E2E_RECORD); the node
# suite then validates each of them (recorded.test.mjs) besides its own.
E2E_RECORD_DIR := $(BUILD)/e2e-responses
# tests/contract/oom.test.mjs runs the release build under an address-space
# limit (the sanitizer build reserves terabytes of shadow memory).
contract: openapi-lint mcp-tools-check $(SAN_BIN) $(BIN)
	rm -rf $(E2E_RECORD_DIR) && mkdir -p $(E2E_RECORD_DIR)
	E2E_RECORD=$(abspath $(E2E_RECORD_DIR)) tests/e2e.sh $(SAN_BIN) > $(E2E_RECORD_DIR).log \
	  || { cat $(E2E_RECORD_DIR).log; exit 1; }
	tools/golden-e2e.sh check $(E2E_RECORD_DIR)
	$(RAISE_NOFILE) ASAN_OPTIONS=detect_leaks=1 CC_BIN=$(SAN_BIN) CC_RELEASE_BIN=$(BIN) \
	  E2E_RECORD=$(abspath $(E2E_RECORD_DIR)) node --test --test-concurrency=1 tests/contract/

hostile: $(SAN_BIN) $(BIN) $(NODE_MODULES)
	$(RAISE_NOFILE) ASAN_OPTIONS=detect_leaks=1 CC_BIN=$(SAN_BIN) CC_RELEASE_BIN=$(BIN) \
	  node --test tests/contract/hostile.test.mjs tests/contract/framing.test.mjs \
	  tests/contract/conformance.test.mjs tests/contract/overload.test.mjs tests/contract/drain.test.mjs tests/contract/oom.test.mjs

soak: $(SAN_BIN) $(BIN)
	@tools/install-deps.sh wrk $(if $(SOAK_VALGRIND),valgrind)
	tools/soak.sh $(if $(SOAK_VALGRIND),$(BIN),$(SAN_BIN)) $(SOAK_SECONDS)

docs-check: $(BIN)
	@tools/install-deps.sh chromium
	tools/docs-check.sh $(BIN)

explore-check: $(SAN_BIN) $(NODE_MODULES)
	@tools/install-deps.sh chromium
	ASAN_OPTIONS=detect_leaks=1 CC_BIN=$(SAN_BIN) node --test tests/explorer/

# The golden answers (tools/golden-e2e.sh, tools/golden_dispatch.c). Run
# after changing an answer on purpose, and commit tests/golden/ with it.
GOLDEN_TOOL := $(BUILD)/tools/golden_dispatch
$(GOLDEN_TOOL): tools/golden_dispatch.c $(BENCH_LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) tools/golden_dispatch.c $(BENCH_LIB) -o $@ $(LIBS)

golden: $(GOLDEN_TOOL) $(BIN)
	$(GOLDEN_TOOL) > tests/golden/dispatch.digest.tmp
	mv tests/golden/dispatch.digest.tmp tests/golden/dispatch.digest
	@echo "tests/golden/dispatch.digest: $$(wc -l < tests/golden/dispatch.digest) answers"
	rm -rf $(E2E_RECORD_DIR) && mkdir -p $(E2E_RECORD_DIR)
	E2E_RECORD=$(abspath $(E2E_RECORD_DIR)) tests/e2e.sh $(BIN) > $(E2E_RECORD_DIR).log \
	  || { cat $(E2E_RECORD_DIR).log; exit 1; }
	tools/golden-e2e.sh record $(E2E_RECORD_DIR)

# docs-lint: the repository documents itself (tools/docs-lint.mjs: nothing
# points outside it, no dead relative link or anchor, links out only to
# public pages), and docs/problems.md is what the service answers
# (tools/problems-doc.mjs --check). problems-doc regenerates that page.
.PHONY: docs-lint problems-doc
docs-lint: $(SAN_BIN)
	node tools/docs-lint.mjs
	ASAN_OPTIONS=detect_leaks=1 node tools/problems-doc.mjs $(SAN_BIN) --check

problems-doc: $(BIN)
	node tools/problems-doc.mjs $(BIN)
