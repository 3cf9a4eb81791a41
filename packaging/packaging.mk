# packaging/packaging.mk -- the library, installing, the examples, the
# Debian package (included by the Makefile).
#
#   make lib            build/lib/: libcarcassonne-rules.a, .so.VERSION (soname
#                       .so.SOVERSION) and build/include/carcassonne_rules.h
#   make install        binary, libraries, header, pkg-config file, man page
#                       under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local; LIBDIR,
#                       BINDIR, INCLUDEDIR, MANDIR, PKGCONFIGDIR follow it)
#   make uninstall      remove what install put there
#   make examples-test  install into build/stage/ and build and run examples/
#                       (C with pkg-config, shared and static; Python with
#                       ctypes) against it; check the exported symbols (part
#                       of make test)
#   make deb            build/deb/carcassonne-rules_VERSION_ARCH.deb, then lintian
#   make deb-check      install that .deb with dpkg -i into a debootstrapped
#                       Debian 12 chroot and start the service there (needs
#                       network to Debian's archive the first time; not part
#                       of make test)
#
# The library is the engine and the dispatcher (service/ less http/) in one
# relocatable object whose global symbols are only those the public header
# declares (crl_* and cc_*): everything else is made local with objcopy, so
# neither the .a nor the .so can clash with a program's own names.

VERSION   := $(shell sed -n 's/^\#define CRL_VERSION "\(.*\)"$$/\1/p' include/carcassonne_rules.h)
SOVERSION := $(shell sed -n 's/^\#define CRL_SOVERSION \([0-9]*\)$$/\1/p' include/carcassonne_rules.h)

PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

LIB_DIR    := $(BUILD)/lib
LIB_NAME   := libcarcassonne-rules
LIB_SONAME := $(LIB_NAME).so.$(SOVERSION)
LIB_A      := $(LIB_DIR)/$(LIB_NAME).a
LIB_SO     := $(LIB_DIR)/$(LIB_NAME).so.$(VERSION)
PUBLIC_H   := $(BUILD)/include/carcassonne_rules.h
LIB_OBJ    := $(patsubst %.c,$(BUILD)/%.o,$(ENGINE_SRC) $(filter-out service/http/%,$(SERVICE_SRC))) \
              $(BUILD)/catalog_image.o $(BUILD)/openapi_image.o $(BUILD)/mcp_image.o $(BUILD)/gen/po_catalog.o

.PHONY: lib install uninstall examples-test deb deb-check

lib: $(LIB_A) $(LIB_SO) $(PUBLIC_H)

$(PUBLIC_H): include/carcassonne_rules.h $(wildcard engine/*.h) tools/flatten-header.sh
	@mkdir -p $(@D)
	tools/flatten-header.sh $< > $@.tmp
	mv $@.tmp $@

# One relocatable object; its exports are the names the public header
# declares that it defines.
$(LIB_DIR)/all.o: $(LIB_OBJ)
	@mkdir -p $(@D)
	$(LD) -r -o $@ $^

$(LIB_DIR)/exports.txt: $(LIB_DIR)/all.o $(PUBLIC_H)
	nm --defined-only --extern-only $< | awk '{ print $$3 }' | sort -u > $@.defined
	grep -oE '(crl|cc)_[A-Za-z0-9_]+' $(PUBLIC_H) | sort -u > $@.declared
	comm -12 $@.defined $@.declared > $@.tmp
	mv $@.tmp $@

$(LIB_DIR)/carcassonne-rules.o: $(LIB_DIR)/all.o $(LIB_DIR)/exports.txt
	objcopy --keep-global-symbols=$(LIB_DIR)/exports.txt $< $@

$(LIB_A): $(LIB_DIR)/carcassonne-rules.o
	rm -f $@
	ar rcs $@ $<

$(LIB_SO): $(LIB_DIR)/carcassonne-rules.o
	$(CC) -shared -Wl,-soname,$(LIB_SONAME) -Wl,-z,defs $(EXTRA_LDFLAGS) $< -o $@ \
	  -ljson-c -lsqlite3 -lcairo -lpng16 -lfontconfig -lpthread -lm
	ln -sf $(notdir $@) $(LIB_DIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(LIB_DIR)/$(LIB_NAME).so

install: $(BIN) lib
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/carcassonne-rules
	install -m 644 $(LIB_A) $(LIB_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(LIB_SO)) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/$(LIB_NAME).so
	install -m 644 $(PUBLIC_H) $(DESTDIR)$(INCLUDEDIR)/carcassonne_rules.h
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' packaging/carcassonne-rules.pc.in > $(BUILD)/carcassonne-rules.pc
	install -m 644 $(BUILD)/carcassonne-rules.pc $(DESTDIR)$(PKGCONFIGDIR)/carcassonne-rules.pc
	install -m 644 cli/carcassonne-rules.1 $(DESTDIR)$(MANDIR)/man1/carcassonne-rules.1
	@# Into the system itself (no DESTDIR), as root: refresh the dynamic linker's
	@# cache, or the freshly built ./ask finds no libcarcassonne-rules.so.N.
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then \
	  echo ldconfig; ldconfig; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/carcassonne-rules $(DESTDIR)$(LIBDIR)/$(LIB_NAME).a \
	  $(DESTDIR)$(LIBDIR)/$(LIB_NAME).so $(DESTDIR)$(LIBDIR)/$(LIB_SONAME) \
	  $(DESTDIR)$(LIBDIR)/$(notdir $(LIB_SO)) $(DESTDIR)$(INCLUDEDIR)/carcassonne_rules.h \
	  $(DESTDIR)$(PKGCONFIGDIR)/carcassonne-rules.pc $(DESTDIR)$(MANDIR)/man1/carcassonne-rules.1

# A staged install (DESTDIR under build/), then the examples against it.
STAGE := $(BUILD)/stage
examples-test: | deps
	@tools/install-deps.sh python3 binutils
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(STAGE)) PREFIX=/usr
	tests/packaging/test_install.sh $(STAGE) /usr

# The Debian package: a build of its own (build/deb/build) with Debian's
# hardening flags, installed as Debian lays files out, then packed.
DEB_DIR       := $(BUILD)/deb
DEB_VERSION   := $(VERSION)-1
DEB_BUILDFLAGS = DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get
deb: | deps
	@tools/install-deps.sh dpkg-dev lintian binutils
	rm -rf $(DEB_DIR)/root
	$(MAKE) --no-print-directory BUILD=$(DEB_DIR)/build \
	  EXTRA_CFLAGS="$$($(DEB_BUILDFLAGS) CFLAGS) $$($(DEB_BUILDFLAGS) CPPFLAGS)" \
	  EXTRA_LDFLAGS="$$($(DEB_BUILDFLAGS) LDFLAGS)" \
	  install DESTDIR=$(abspath $(DEB_DIR)/root) PREFIX=/usr \
	  LIBDIR=/usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	packaging/deb/build-deb.sh $(DEB_DIR)/root $(DEB_DIR) $(DEB_VERSION) > $(DEB_DIR)/deb-path
	@echo "built $$(cat $(DEB_DIR)/deb-path)"
	lintian --fail-on error --display-info --show-overrides $$(cat $(DEB_DIR)/deb-path) \
	  > $(DEB_DIR)/lintian.txt 2>&1; status=$$?; cat $(DEB_DIR)/lintian.txt; exit $$status
	@echo "lintian: no error (every tag above: $(DEB_DIR)/lintian.txt)"

# Not part of make test: it bootstraps Debian 12 once (a few minutes, from
# Debian's archive) and installs packages into it on every run.
deb-check: deb
	@tools/install-deps.sh debootstrap systemd util-linux curl
	packaging/deb/deb-check.sh $$(cat $(DEB_DIR)/deb-path) $(DEB_DIR)/check
