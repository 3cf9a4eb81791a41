# fuzz/fuzz.mk -- libFuzzer harnesses (included by the Makefile).
#
#   make fuzz                 each harness FUZZ_SECONDS (60) on one core, from
#                             the committed corpus; findings in build/fuzz/crashes/
#   make fuzz-long            the same for FUZZ_LONG_SECONDS (3600) each
#   make fuzz-merge           add the new inputs that add coverage to fuzz/corpus/
#   make fuzz-seed            (re)seed fuzz/corpus/ from every JSON body in the tests
#   make fuzz-jcz             the .jcz round trip of FUZZ_JCZ_RUNS (5,000) random
#                             setups (fuzz_jcz_roundtrip: seed, players,
#                             expansions, options), whole games each
#
# Our sources (engine/, service/) are compiled with clang and
# -fsanitize=fuzzer-no-link,address,undefined so libFuzzer sees their
# coverage; json-c and SQLite are Debian's, uninstrumented.
# A crash is kept as fuzz/regressions/<harness>/<name>: the unit tests replay
# every file there (tests/service/wire/test_fuzz_regressions.c).

FUZZ_CC       ?= clang-14
FUZZ_SECONDS  ?= 60
FUZZ_LONG_SECONDS ?= 3600
FUZZ_JOBS_NICE ?= nice -n 19
FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_HARNESSES := decode dispatch random_game http1 reader_diff mcp lang jcz_roundtrip
FUZZ_JCZ_RUNS ?= 5000
FUZZ_CFLAGS   := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
                 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
# The service sources (an archive: each harness links only what it reaches),
# and the oracle the reader is compared with (fuzz_reader_diff).
FUZZ_SRC      := $(ENGINE_SRC) $(SERVICE_SRC) \
                 tests/support/oracle_json.c tests/support/oracle_decode.c \
                 tests/support/jcz_roundtrip.c
FUZZ_OBJ      := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(FUZZ_SRC))
# Generated data objects (the embedded catalog, ...) are reused from the
# release build: they are data, nothing to instrument.
FUZZ_DATA_OBJ := $(filter-out $(BUILD)/engine/% $(BUILD)/service/%,$(REL_OBJ))
# An archive, so each harness links only the objects it reaches.
FUZZ_LIB      := $(FUZZ_DIR)/libfuzzcc.a
FUZZ_BINS     := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_HARNESSES))
# libFuzzer options shared by every run: inputs up to 64 KB (a full 107-tile
# position is about 10 KB), 5 s per input is a hang, 2 GB is a leak. Each
# harness reads fuzz/<harness>.dict if there is one, else fuzz/json.dict.
FUZZ_DICT      = $$( [ -f fuzz/$$h.dict ] && echo fuzz/$$h.dict || echo fuzz/json.dict )
FUZZ_OPTS     := -max_len=65536 -timeout=5 -rss_limit_mb=2048 \
                 -print_final_stats=1

.PHONY: fuzz fuzz-build fuzz-long fuzz-merge fuzz-seed fuzz-deps fuzz-jcz
# Keep the instrumented objects between runs (they are pattern-rule intermediates).
.SECONDARY: $(FUZZ_OBJ)

# clang and its libFuzzer runtime, installed when missing.
fuzz-deps:
	@tools/install-deps.sh clang-14 libclang-rt-14-dev

$(FUZZ_DIR)/%.o: %.c $(HEADERS) $(wildcard tests/support/*.h) | deps fuzz-deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_LIB): $(FUZZ_OBJ) $(FUZZ_DATA_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_catalog.h fuzz/fuzz_routes.h fuzz/fuzz_http1.h fuzz/reader_diff.h fuzz/fuzz_lang.h $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_LIB) -o $@ $(LIBS)

fuzz-build: $(FUZZ_BINS)

# One harness after the other, each bounded in time; exits non-zero on the
# first finding (its input is in build/fuzz/crashes/).
fuzz: fuzz-build
	@set -e; for h in $(FUZZ_HARNESSES); do \
	  mkdir -p $(FUZZ_DIR)/new/$$h $(FUZZ_DIR)/crashes; \
	  echo "== fuzz_$$h: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_JOBS_NICE) $(FUZZ_DIR)/fuzz_$$h $(FUZZ_OPTS) -dict=$(FUZZ_DICT) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$h- \
	    $(FUZZ_DIR)/new/$$h fuzz/corpus/$$h 2>$(FUZZ_DIR)/fuzz_$$h.log \
	    || { tail -60 $(FUZZ_DIR)/fuzz_$$h.log; exit 1; }; \
	  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done' $(FUZZ_DIR)/fuzz_$$h.log || true; \
	done

fuzz-long:
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_LONG_SECONDS)

# The round trip of FUZZ_JCZ_RUNS setups (issue 30): libFuzzer's own inputs
# from the committed corpus on, each a whole game exported and imported.
fuzz-jcz: $(FUZZ_DIR)/fuzz_jcz_roundtrip
	@mkdir -p $(FUZZ_DIR)/new/jcz_roundtrip $(FUZZ_DIR)/crashes
	$(FUZZ_JOBS_NICE) $(FUZZ_DIR)/fuzz_jcz_roundtrip -max_len=16 -timeout=60 -rss_limit_mb=2048 \
	  -print_final_stats=1 -runs=$(FUZZ_JCZ_RUNS) -artifact_prefix=$(FUZZ_DIR)/crashes/jcz_roundtrip- \
	  $(FUZZ_DIR)/new/jcz_roundtrip fuzz/corpus/jcz_roundtrip

# Add to the committed corpus only the inputs found since that add coverage
# (libFuzzer's merge writes into its first directory; nothing is removed).
fuzz-merge: fuzz-build
	@set -e; for h in $(FUZZ_HARNESSES); do \
	  mkdir -p $(FUZZ_DIR)/new/$$h; \
	  $(FUZZ_DIR)/fuzz_$$h $(FUZZ_OPTS) -dict=$(FUZZ_DICT) -merge=1 fuzz/corpus/$$h $(FUZZ_DIR)/new/$$h \
	    2>$(FUZZ_DIR)/merge_$$h.log; \
	  echo "fuzz/corpus/$$h: $$(ls fuzz/corpus/$$h | wc -l) inputs"; \
	done

fuzz-seed:
	python3 tools/fuzz-seed.py
