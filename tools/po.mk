# tools/po.mk -- the translations' template and check (included by the Makefile).
#
#   make pot       write po/carcassonne-rules.pot from the English C tables
#                  (tools/pot.c over service/text/english.h); commit it
#   make po-check  (part of make test) every po/<code>.po against the
#                  current template (tools/po-check.py: msgfmt --check, every
#                  message translated, placeholders as in the English, no
#                  fuzzy or stale entry, the committed template current,
#                  the Plural-Forms header the service's rule and every
#                  choice {n:...} of its forms),
#                  then tests/po/test_po.sh: the check fails on each broken
#                  fixture, and po2c's table answers txt_lookup() as msgfmt
#                  reads the file
#
# The PO files themselves become part of the binary through the generated
# table build/gen/po_catalog.c (the Makefile, tools/po2c.py).

POT_TOOL := $(BUILD)/tools/pot
POT_NOW  := $(BUILD)/po/carcassonne-rules.pot

.PHONY: pot po-check

$(POT_TOOL): tools/pot.c $(BENCH_LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_RELEASE) tools/pot.c $(BENCH_LIB) -o $@ $(LIBS)

$(POT_NOW): $(POT_TOOL)
	@mkdir -p $(@D)
	$(POT_TOOL) > $@.tmp
	mv $@.tmp $@

pot: $(POT_NOW)
	cp $(POT_NOW) po/carcassonne-rules.pot
	@echo "po/carcassonne-rules.pot: $$(grep -c '^msgctxt' po/carcassonne-rules.pot) messages"

po-check: $(POT_NOW) | deps
	python3 tools/po-check.py --template $(POT_NOW) --committed po/carcassonne-rules.pot --pot-tool $(POT_TOOL) \
	  --languages "$$($(POT_TOOL) --languages | paste -sd, -)" $(PO_FILES)
	tests/po/test_po.sh $(CC) $(POT_TOOL)
