# bench/bench.mk -- measured speed (included by the Makefile).
#
#   make bench            wrk on loopback: nginx `return 200`, then healthz,
#                         validate, placements, deployments, score, features
#                         with a 100-tile position; prints req/s, the ratios
#                         and the peak RSS (bench/run.sh), then the engine
#                         microbenchmark (µs per operation) and each hot
#                         route without HTTP (bench/route_bench.c), then
#                         bench-overload
#   make bench-overload   wrk with 256, 5,000 and 10,000 connections on
#                         /healthz while a new client probes twice a second
#                         (bench/overload.sh): req/s, ratios, probe latency
#   make bench-callgrind  instruction counts of the engine microbenchmark
#                         and of each hot route through svc_dispatch()
#                         (valgrind --tool=callgrind), and the cache lines
#                         a route's request fetches from beyond L2 when it
#                         starts with cold caches (route_bench --cold, the
#                         cache simulation): repeatable on a noisy machine,
#                         the figures to compare between commits
#   make bench-bodies     regenerate bench/positions/ and bench/bodies/
#                         (bench/layouts.py: bench/bodies/layouts/ and
#                         layouts-67/)
#   make bench-layouts    placements on two positions (issue 37's late game
#                         of 67 tiles, and 100 tiles) in every layout clients
#                         send (compact, Python's spacing, pretty, members
#                         reversed, UTF-8 names): over HTTP against healthz
#                         and nginx (bench/layouts.sh, with each layout's
#                         answer time inside the server, and every
#                         target's CPU a request, server and wrk, and each
#                         layout's body answered 404 unread: its transport
#                         alone), then without
#                         sockets (route_bench --layouts), warm and with
#                         cold caches;
#                         ratios (issue 37); part of bench
#   make bench-lang       placements in English against German (?lang=de and
#                         Accept-Language), interleaved, ratios (issue 15: a
#                         language costs what English costs, within 5%)
#   make bench-render     pictures of the largest legal position, SVG and
#                         PNG, with and without its end-game scoring
#                         highlighted (bench/render_bench.c); part of bench
#   make bench-fairness   placements latency alone and while six connections
#                         loop on 2048-pixel PNG renders (bench/fairness.mjs,
#                         issue 35); part of bench

BENCH_DIR := $(BUILD)/bench
ENGINE_BENCH := $(BENCH_DIR)/engine_bench
ROUTE_BENCH := $(BENCH_DIR)/route_bench
GEN_POSITION := $(BENCH_DIR)/gen_position
RENDER_BENCH := $(BENCH_DIR)/render_bench
BENCH_SUPPORT := $(filter-out tests/support/testutil.c,$(wildcard tests/support/*.c))
# Linked through an archive, so a program pulls in only the objects it uses.
BENCH_LIB := $(BENCH_DIR)/libcarcassonne.a
BENCH_LINK_OBJ := $(BENCH_LIB)

.PHONY: bench bench-http bench-engine bench-overload bench-callgrind bench-bodies bench-render \
        bench-fairness bench-layouts

$(BENCH_LIB): $(REL_OBJ) $(patsubst %.c,$(BUILD)/%.o,$(BENCH_SUPPORT))
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(ENGINE_BENCH): bench/engine_bench.c $(BENCH_LINK_OBJ) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) bench/engine_bench.c $(BENCH_LINK_OBJ) -o $@ $(LIBS)

$(ROUTE_BENCH): bench/route_bench.c $(BENCH_LINK_OBJ) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) bench/route_bench.c $(BENCH_LINK_OBJ) -o $@ $(LIBS)

$(GEN_POSITION): bench/gen_position.c $(BENCH_LINK_OBJ) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) bench/gen_position.c $(BENCH_LINK_OBJ) -o $@ $(LIBS)

$(RENDER_BENCH): bench/render_bench.c $(BENCH_LINK_OBJ) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) bench/render_bench.c $(BENCH_LINK_OBJ) -o $@ $(LIBS)

bench-render: $(RENDER_BENCH)
	nice -n 10 $(RENDER_BENCH) --out $(BENCH_DIR)

bench-bodies: $(GEN_POSITION)
	$(GEN_POSITION) bench
	bench/layouts.py bench

bench-http: $(BIN)
	@tools/install-deps.sh wrk nginx-light
	bench/run.sh $(BIN)

bench-engine: $(ENGINE_BENCH) $(ROUTE_BENCH)
	$(ENGINE_BENCH) bench/bodies/placements.json
	$(ROUTE_BENCH)

bench-overload: $(BIN)
	@tools/install-deps.sh wrk
	bench/overload.sh $(BIN)

bench-fairness: $(BIN)
	node bench/fairness.mjs $(BIN)

bench-layouts: $(BIN) $(ROUTE_BENCH)
	@tools/install-deps.sh wrk nginx-light
	bench/layouts.sh $(BIN)
	$(ROUTE_BENCH) --layouts
	$(ROUTE_BENCH) --layouts --cold

bench: bench-http bench-layouts bench-engine bench-render bench-overload bench-fairness

bench-callgrind: $(ENGINE_BENCH) $(ROUTE_BENCH)
	@tools/install-deps.sh valgrind
	bench/callgrind.sh $(ENGINE_BENCH) bench/bodies/placements.json $(ROUTE_BENCH)

bench-lang: $(ROUTE_BENCH)
	nice -n 10 $(ROUTE_BENCH) --languages
