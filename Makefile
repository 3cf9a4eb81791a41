# carcassonne-rules -- build, run and test.
#
#   make run     install missing Debian packages, build, start on $(HOST):$(PORT)
#   make test    install missing packages, build under ASan/UBSan, run every test
#   make bench   throughput ratios and engine microbenchmarks (see README)
#   make install the binary, the library, its header, pkg-config file and
#                man page (PREFIX=/usr/local, DESTDIR); make deb: a .deb
#
# Everything builds into build/ (release) and build/san/ (sanitizers).

CC      ?= gcc
HOST    ?= 127.0.0.1
PORT    ?= 8080
BUILD   := build
SAN     := $(BUILD)/san

WARN    := -std=c11 -Wall -Wextra -Werror -D_DEFAULT_SOURCE
# Release objects are position-independent: the same objects make the
# binary and the shared library (packaging/packaging.mk). EXTRA_CFLAGS and
# EXTRA_LDFLAGS add to the release build (make deb passes Debian's
# hardening flags from dpkg-buildflags). -O3 and
# -fno-semantic-interposition (position-independent code may otherwise not
# inline a file's own exported functions) made every hot route 6 to 13%
# faster in bench/route_bench than -O2 (bench/README.md, issue 13 round 6).
CFLAGS_RELEASE := $(WARN) -O3 -fno-semantic-interposition -g -fPIC $(EXTRA_CFLAGS)
CFLAGS_SAN     := $(WARN) -O1 -g -fno-omit-frame-pointer \
                  -fsanitize=address,undefined -fno-sanitize-recover=all
LIBS    := -ljson-c -lsqlite3 -lcairo -lpng16 -lfontconfig -lpthread -lm

ENGINE_SRC  := $(sort $(wildcard engine/*.c))
SERVICE_SRC := $(sort $(filter-out service/main.c,$(wildcard service/*.c service/*/*.c)))
CLI_SRC     := $(sort $(wildcard cli/*.c))
TEST_SRC    := $(sort $(wildcard tests/*/*.c tests/*/*/*.c))
HEADERS     := $(wildcard engine/*.h service/*.h service/*/*.h service/*/*.def cli/*.h include/*.h \
               fuzz/*.h tests/*/*.h tests/*/*/*.inc)
SCHEMA      := schema/schema.sql schema/tiles.sql

REL_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(ENGINE_SRC) $(SERVICE_SRC)) $(BUILD)/catalog_image.o \
           $(BUILD)/openapi_image.o $(BUILD)/mcp_image.o $(BUILD)/gen/po_catalog.o
SAN_OBJ := $(patsubst %.c,$(SAN)/%.o,$(ENGINE_SRC) $(SERVICE_SRC)) $(SAN)/catalog_image.o \
           $(SAN)/openapi_image.o $(SAN)/mcp_image.o $(SAN)/gen/po_catalog.o

BIN      := $(BUILD)/carcassonne-rules
SAN_BIN  := $(SAN)/carcassonne-rules
TEST_BIN := $(SAN)/unit-tests

.PHONY: all deps run test unit cli-test e2e bench clean docs
all: $(BIN)

# DEPS_FLAGS=--build: install only what the release build needs (the
# container image's build stage), not the test tools.
DEPS_FLAGS ?=
deps:
	@tools/install-deps.sh $(DEPS_FLAGS)

# ---- the embedded catalog: schema/*.sql -> SQLite image -> C array -------
$(BUILD)/catalog.db: $(SCHEMA) | deps
	@mkdir -p $(@D)
	rm -f $@.tmp
	cat $(SCHEMA) | sqlite3 -bail $@.tmp
	mv $@.tmp $@

$(BUILD)/catalog_image.c: $(BUILD)/catalog.db
	cd $(BUILD) && xxd -i -n catalog_db_image catalog.db > catalog_image.c.tmp
	mv $@.tmp $@

# ---- the embedded OpenAPI document, docs page, explorer page, problem types (service/assets.h)
$(BUILD)/openapi_image.c: openapi/openapi.yaml openapi/docs.html explorer/explore.html docs/problems.md
	@mkdir -p $(@D)
	{ xxd -i -n openapi_yaml openapi/openapi.yaml && xxd -i -n docs_html openapi/docs.html && \
	  xxd -i -n explore_html explorer/explore.html && xxd -i -n problems_md docs/problems.md; } > $@.tmp
	mv $@.tmp $@

$(BUILD)/openapi_image.o: $(BUILD)/openapi_image.c
	$(CC) -O2 -fPIC -c $< -o $@

$(SAN)/openapi_image.o: $(BUILD)/openapi_image.c
	@mkdir -p $(@D)
	$(CC) -O1 -c $< -o $@

# ---- the MCP server's embedded files (service/assets.h) ------------------
# service/mcp/tools.json is generated from openapi/openapi.yaml and
# committed (make mcp-tools; make test fails when it is stale), so this
# build needs no Node.
$(BUILD)/mcp_image.c: service/mcp/tools.json service/mcp/notation.md
	@mkdir -p $(@D)
	{ xxd -i -n mcp_tools_json service/mcp/tools.json && \
	  xxd -i -n mcp_notation_md service/mcp/notation.md; } > $@.tmp
	mv $@.tmp $@

$(BUILD)/mcp_image.o: $(BUILD)/mcp_image.c
	$(CC) -O2 -fPIC -c $< -o $@

$(SAN)/mcp_image.o: $(BUILD)/mcp_image.c
	@mkdir -p $(@D)
	$(CC) -O1 -c $< -o $@

# ---- the embedded translations: po/*.po -> msgfmt -> C table (service/text/catalog.h)
# The po directory is a prerequisite too, so adding or removing a file
# rebuilds the table.
PO_FILES := $(sort $(wildcard po/*.po))
$(BUILD)/gen/po_catalog.c: $(PO_FILES) tools/po2c.py $(wildcard po) | deps
	python3 tools/po2c.py $@ $(PO_FILES)

$(BUILD)/gen/po_catalog.o: $(BUILD)/gen/po_catalog.c service/text/catalog.h service/text/lang.h
	$(CC) $(CFLAGS_RELEASE) -I. -c $< -o $@

$(SAN)/gen/po_catalog.o: $(BUILD)/gen/po_catalog.c service/text/catalog.h service/text/lang.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) -I. -c $< -o $@

# openapi/docs.html is generated and committed (the page works offline):
# regenerate it after editing openapi/openapi.yaml. Needs npm (package.json).
docs:
	@[ -x node_modules/.bin/redocly ] || npm ci --no-audit --no-fund
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint openapi/openapi.yaml
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly build-docs \
	  openapi/openapi.yaml --disableGoogleFont -o openapi/docs.html
	node tools/docs-inline.mjs openapi/docs.html

# ---- release build -------------------------------------------------------
$(BUILD)/%.o: %.c $(HEADERS) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) -c $< -o $@

# Profile-guided (PGO=1, the default with gcc; PGO=0 builds without): the
# binary's own objects are built once instrumented ($(PGO_DIR)), that
# binary answers the bench's positions over HTTP (tools/pgo-train.py: the
# hot routes, and placements in every layout clients send), and each object
# is built again with its counts: the compiler lays out and inlines for the
# paths a request takes, and moves what it never takes out of the way.
# Placements: 7% fewer instructions a request, and 6 to 25% less time
# answering it in a server (17% at the median), against the same sources
# built without (bench/README.md, issue 37, round 9).
# Functions the training never runs are compiled as without a profile
# (-fprofile-partial-training). An object is rebuilt when its own counts
# change, so an edit retrains but rebuilds only what the training saw
# change.
PGO ?= $(if $(findstring gcc version,$(shell $(CC) -v 2>&1)),1,0)

ifeq ($(PGO),1)
PGO_DIR  := $(BUILD)/pgo
PGO_SRC  := $(ENGINE_SRC) $(SERVICE_SRC) $(CLI_SRC) service/main.c
PGO_GCDA := $(patsubst %.c,$(BUILD)/%.gcda,$(PGO_SRC))
PGO_DATA := $(filter-out $(patsubst %.c,$(BUILD)/%.o,$(ENGINE_SRC) $(SERVICE_SRC)),$(REL_OBJ))
# The training's requests: bench/bodies/ROUTE.json to POST /v1/ROUTE, and
# each file of bench/bodies/layouts/ to placements.
PGO_ROUTE_BODIES  := $(sort $(wildcard bench/bodies/*.json))
PGO_LAYOUT_BODIES := $(sort $(wildcard bench/bodies/layouts/*.json))
PGO_REQUESTS := $(foreach f,$(PGO_ROUTE_BODIES),$(basename $(notdir $(f)))=$(f)) \
                $(addprefix placements=,$(PGO_LAYOUT_BODIES))

# -dumpdir: each instrumented object is named for its release object, so
# that its static functions match theirs and its counts are written where
# the release compile reads them ($(BUILD)/DIR/NAME.gcda).
$(PGO_DIR)/%.o: %.c $(HEADERS) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) -fprofile-generate -fprofile-update=prefer-atomic \
	  -dumpdir $(BUILD)/$(dir $*) -c $< -o $@

$(PGO_DIR)/carcassonne-rules: $(patsubst %.c,$(PGO_DIR)/%.o,$(PGO_SRC)) $(PGO_DATA)
	$(CC) $(CFLAGS_RELEASE) -fprofile-generate $^ -o $@ $(LIBS)

# Counts add up run after run, so each training starts from none; a
# profile the same as before keeps its time, so only the objects whose
# counts changed are built again. Addresses enter the counts (the
# alignment of pointers), so the training runs without address-space
# randomisation where the system allows it (setarch -R: a container's
# default seccomp profile refuses it, and the counts differ a little).
$(PGO_DIR)/profile.stamp: $(PGO_DIR)/carcassonne-rules tools/pgo-train.py \
                          $(PGO_ROUTE_BODIES) $(PGO_LAYOUT_BODIES)
	@for f in $(PGO_GCDA); do [ ! -f $$f ] || mv $$f $$f.before; done
	norandom=$$(setarch -R true 2>/dev/null && echo setarch -R); \
	  $$norandom python3 tools/pgo-train.py $< $(PGO_REQUESTS)
	@for f in $(PGO_GCDA); do \
	  if [ -f $$f.before ] && cmp -s $$f $$f.before; then mv $$f.before $$f; \
	  else rm -f $$f.before; fi; \
	done
	touch $@

$(PGO_GCDA): $(PGO_DIR)/profile.stamp
	@:

$(patsubst %.c,$(BUILD)/%.o,$(PGO_SRC)): $(BUILD)/%.o: %.c $(BUILD)/%.gcda $(HEADERS) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) -fprofile-use -fprofile-partial-training -Wno-missing-profile \
	  -c $< -o $@
endif

$(BUILD)/catalog_image.o: $(BUILD)/catalog_image.c
	$(CC) -O2 -fPIC -c $< -o $@

$(BIN): $(REL_OBJ) $(patsubst %.c,$(BUILD)/%.o,$(CLI_SRC)) $(BUILD)/service/main.o
	$(CC) $(CFLAGS_RELEASE) $(EXTRA_LDFLAGS) $^ -o $@ $(LIBS)

# ---- sanitizer build (tests) ---------------------------------------------
$(SAN)/%.o: %.c $(HEADERS) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) -c $< -o $@

$(SAN)/catalog_image.o: $(BUILD)/catalog_image.c
	@mkdir -p $(@D)
	$(CC) -O1 -c $< -o $@

$(SAN_BIN): $(SAN_OBJ) $(patsubst %.c,$(SAN)/%.o,$(CLI_SRC)) $(SAN)/service/main.o
	$(CC) $(CFLAGS_SAN) $^ -o $@ $(LIBS)

# The unit tests' allocations go through tests/support/failalloc.c, which
# can make the Nth one fail (the out-of-memory sweep, tests/service/routes/
# test_oom_sweep.c); only our own objects' calls are redirected.
FAILALLOC_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup

$(TEST_BIN): $(SAN_OBJ) $(patsubst %.c,$(SAN)/%.o,$(TEST_SRC))
	$(CC) $(CFLAGS_SAN) $(FAILALLOC_WRAP) $^ -o $@ $(LIBS) -lcriterion

# ---- the two commands ----------------------------------------------------
run: $(BIN)
	HOST=$(HOST) PORT=$(PORT) $(BIN)

# Criterion runs each test in its own process; ASan/UBSan abort on the first
# report and every suite checks for leaks in its fini (tests/support).
unit: $(TEST_BIN)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  $(TEST_BIN) --jobs 2

# The whole suite: unit tests under sanitizers, the command line
# (tests/cli/test_cli.sh: subcommands, exit statuses, hostile arguments,
# the man page against every --help), the library and the examples against
# a staged install (examples-test), then `contract`
# (tools/quality.mk): the OpenAPI lint, the end-to-end script against the
# sanitizer binary with every answer validated against the OpenAPI document,
# and the live contract and hostile-input tests; then `lint` (cppcheck,
# clang-tidy), which must stay clean; then `docs-lint` (the repository
# documents itself: tools/quality.mk). `po-check` (tools/po.mk): the
# translations complete, current and well-formed, and the check's own
# fixtures.
test: unit po-check cli-test examples-test contract explore-check lint docs-lint

cli-test: $(SAN_BIN)
	ASAN_OPTIONS=detect_leaks=1 tests/cli/test_cli.sh $(SAN_BIN) cli/carcassonne-rules.1

e2e: $(SAN_BIN)
	@if [ -x tests/e2e.sh ]; then tests/e2e.sh $(SAN_BIN); fi

clean:
	rm -rf $(BUILD)

# ---- the library, install, examples, the Debian package ------------------
# make lib, install (PREFIX, DESTDIR), uninstall, examples-test, deb,
# deb-check: packaging/packaging.mk says what each does.
include packaging/packaging.mk

# ---- production quality: fuzzing, benchmarks, lint, contract, docker -----
# Each file says what its targets do: make fuzz / fuzz-long, bench /
# bench-callgrind, docker / docker-check, lint, contract, hostile, soak.
# (-include: the container build copies only what the binary needs.)
-include fuzz/fuzz.mk bench/bench.mk docker/docker.mk tools/quality.mk tools/po.mk
