# Trickwood build. `make` builds the program, `make test` runs every test
# (a plain build, an AddressSanitizer + UndefinedBehaviorSanitizer build,
# and the server tests under ThreadSanitizer), `make play` starts a For
# Northwood! game.
CC ?= cc
WARN = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
DEFS = -D_POSIX_C_SOURCE=200809L -DTW_DATA_DIR='"$(CURDIR)/data"'
# libpq's header lives in a folder of its own (Debian: /usr/include/postgresql)
PG_CFLAGS := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
CFLAGS_COMMON = $(WARN) $(DEFS) -Iinclude -Isrc $(PG_CFLAGS)
LIBS = -lmicrohttpd -lsqlite3 -lpq -ljansson -lm -lpthread
SAN = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

LIB_SRC = $(sort $(wildcard src/core/*.c src/northwood/*.c src/foxduet/*.c src/ai/*.c src/game/*.c))
# the shared library's C API (trickwood/libtrickwood.h), in both libraries
LIB_SRC += $(sort $(wildcard src/lib/*.c))
CLI_SRC = $(sort $(wildcard src/cli/*.c src/term/*.c src/play/*.c src/play/*/*.c src/sim/*.c src/bench/*.c src/history/*.c src/server/*.c))
TEST_SRC = $(sort $(wildcard tests/*.c))
HEADERS = $(wildcard include/trickwood/*.h src/*/*.h src/*/*/*.h tests/*.h)

.PHONY: all deps play serve site test test-e2e test-site check-clang check-tsan fuzz fuzz-build loadtest bench clean install uninstall

all: build/trickwood build/libtrickwood.a

# $(1): variant name, $(2): extra flags, $(3): compiler
define variant
build/$(1)/%.o: %.c $(HEADERS)
	@mkdir -p $$(dir $$@)
	$(3) $$(CFLAGS_COMMON) $(2) -c $$< -o $$@
build/$(1)/libtrickwood.a: $$(patsubst %.c,build/$(1)/%.o,$$(LIB_SRC))
	@mkdir -p $$(dir $$@)
	rm -f $$@ && ar rcs $$@ $$^
build/$(1)/trickwood: $$(patsubst %.c,build/$(1)/%.o,$$(CLI_SRC)) build/$(1)/libtrickwood.a
	$(3) $(2) -o $$@ $$(filter %.o,$$^) build/$(1)/libtrickwood.a $$(LIBS)
build/$(1)/run-tests: $$(patsubst %.c,build/$(1)/%.o,$$(TEST_SRC)) $$(patsubst %.c,build/$(1)/%.o,$$(filter-out src/cli/main.c,$$(CLI_SRC))) build/$(1)/libtrickwood.a build/$(1)/clock-shift.so
	$(3) $(2) -o $$@ $$(filter %.o,$$^) build/$(1)/libtrickwood.a $$(LIBS)
# The tests' wall-clock shim (tests/shim/clock_shift.c), beside the test
# program: preloaded into a server whose wall clock a test steps.
build/$(1)/clock-shift.so: tests/shim/clock_shift.c
	@mkdir -p $$(dir $$@)
	$(3) $$(WARN) -O1 -shared -fPIC -o $$@ $$< -ldl
endef

CLANG ?= clang
# gcc's truncation warning fires on every bounded snprintf; truncation is
# intended there, so it is off for gcc (clang has no such warning).
GCC_ONLY = $(if $(findstring clang,$(CC)),,-Wno-format-truncation)
$(eval $(call variant,release,-O2 -g $(GCC_ONLY),$(CC)))
$(eval $(call variant,asan,-O1 -g $(SAN) $(GCC_ONLY),$(CC)))
$(eval $(call variant,clang,-O1 -g,$(CLANG)))
$(eval $(call variant,tsan,-O1 -g -fsanitize=thread $(GCC_ONLY),$(CC)))
# The library and server objects the fuzz targets link (clang, with
# libFuzzer's coverage, ASan and UBSan).
FUZZ_SAN = -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
$(eval $(call variant,fuzz,-O1 -g $(FUZZ_SAN),$(CLANG)))

# ---- Fuzzing (tests/fuzz/, docs/server.md "Fuzzing") ----
FUZZ_TARGETS = $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BINS = $(addprefix build/fuzz/,$(FUZZ_TARGETS))
FUZZ_SERVER_OBJ = $(patsubst %.c,build/fuzz/%.o,$(filter-out src/cli/main.c,$(CLI_SRC)))
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_SERVER_OBJ) build/fuzz/libtrickwood.a
	$(CLANG) $(CFLAGS_COMMON) -O1 -g -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer \
		-fno-sanitize-recover=undefined -o $@ $< $(FUZZ_SERVER_OBJ) build/fuzz/libtrickwood.a $(LIBS)
fuzz-build: $(FUZZ_BINS)

# Copied through a temporary file and renamed, so a running build/trickwood
# is replaced, not overwritten ("text file busy").
build/trickwood: build/release/trickwood
	cp $< $@.tmp && mv -f $@.tmp $@
build/libtrickwood.a: build/release/libtrickwood.a
	cp $< $@.tmp && mv -f $@.tmp $@

# ---- The static site: the engine in WebAssembly (docs/site.md) ----
# `make site` writes build/site/: the web app with the engine, bots and
# hints compiled by Debian's emcc, run in a Web Worker of the page, games
# kept in the browser; any static file host can serve the folder. jansson
# and SQLite come from Debian's source packages (scripts/wasm-deps.sh).
EMCC ?= emcc
WASM_DEPS = build/wasm/deps
WASM_SERVER_SRC = $(filter-out src/server/srv_http.c src/server/srv_front.c src/server/srv_head.c \
	src/server/srv_static.c,$(wildcard src/server/*.c))
# no PostgreSQL in the browser: its back end is left out (TW_NO_PG)
WASM_SRC = $(LIB_SRC) $(filter-out src/history/sql_pg.c,$(wildcard src/history/*.c)) $(WASM_SERVER_SRC) $(wildcard src/wasm/*.c)
WASM_OBJ = $(patsubst %.c,build/wasm/obj/%.o,$(WASM_SRC))
WASM_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L -DTW_DATA_DIR='"/data"' -DTW_NO_PG -Iinclude -Isrc -I$(WASM_DEPS)/include -O2
WASM_EXPORTS = _tw_wasm_open,_tw_wasm_close,_tw_wasm_request,_tw_wasm_status,_tw_wasm_error,_tw_wasm_free,_malloc,_free
# emcc's optimizer finds Debian's acorn through NODE_PATH.
WASM_ENV = NODE_PATH=/usr/share/nodejs
# One run of the script makes both libraries (a stamp, so that parallel
# jobs never run it twice at once).
$(WASM_DEPS)/built: scripts/wasm-deps.sh
	@sh scripts/wasm-deps.sh $(CURDIR)/$(WASM_DEPS)
	@touch $@
$(WASM_DEPS)/lib/libsqlite3.a $(WASM_DEPS)/lib/libjansson.a: $(WASM_DEPS)/built
build/wasm/obj/%.o: %.c $(HEADERS) $(WASM_DEPS)/built
	@mkdir -p $(dir $@)
	$(WASM_ENV) $(EMCC) $(WASM_CFLAGS) -c $< -o $@
# The module: trickwood.js (its loader), trickwood.wasm, and trickwood.data
# (data/ without its examples, mounted at /data: the characters, the boards
# and the rules the Rules panel reads through GET /api/rules/GAME).
build/wasm/trickwood.js: $(WASM_OBJ) $(WASM_DEPS)/lib/libjansson.a $(WASM_DEPS)/lib/libsqlite3.a $(wildcard data/*.json data/boards/*.json data/rules/*.md data/challenges/*.json)
	$(WASM_ENV) $(EMCC) -O2 -o $@ $(WASM_OBJ) $(WASM_DEPS)/lib/libjansson.a $(WASM_DEPS)/lib/libsqlite3.a \
		-sENVIRONMENT=worker,node -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=8MB -sFORCE_FILESYSTEM=1 \
		-sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,FS,UTF8ToString \
		-sMODULARIZE=1 -sEXPORT_NAME=TrickwoodEngine \
		--preload-file data/characters.json@/data/characters.json --preload-file data/boards@/data/boards \
		--preload-file data/rules@/data/rules --preload-file data/challenges@/data/challenges
site: build/wasm/trickwood.js
	@sh scripts/build-site.sh build/site

# Installs missing Debian packages (needs root or sudo).
deps:
	@sh scripts/install-deps.sh

play: deps
	@$(MAKE) --no-print-directory build/trickwood
	./build/trickwood northwood

# Installs what is missing, builds, and serves the web app and its API on
# http://127.0.0.1:8080/ (docs/server.md).
serve: deps
	@$(MAKE) --no-print-directory build/trickwood
	./build/trickwood serve

# Runs the suite twice: optimised and under ASan + UBSan, then the server
# tests under ThreadSanitizer, the fuzz targets briefly, `replay` on a
# pseudo-terminal (tests/term/run.sh) and a sharded simulation through GNU
# parallel (tests/sim-parallel.sh), two parts at a time (the machines have
# two cores, and the server tests spend much of their time waiting); then,
# each alone, `make install` into a temporary folder
# (scripts/check-install.sh) beside the store and history tests against a
# throwaway PostgreSQL cluster (tests/pg/run.sh), the shared library's exported symbols and the
# Python package (tests/python/run.sh) beside the WebAssembly engine against
# the native one (tests/wasm/run.sh), the browser end-to-end tests, and the
# static site in the browser, served by a plain static file server
# (tests/e2e/run-site.sh; `make site` is built first), and two whole
# browser games on a server whose store is PostgreSQL (tests/pg/e2e.sh).
# The last line is the combined "N passed, N failed".
test:
	@sh scripts/install-deps.sh --test
	@$(MAKE) -j2 --no-print-directory build/release/run-tests build/asan/run-tests build/trickwood build/asan/trickwood check-clang build/tsan/run-tests build/tsan/trickwood fuzz-build
	@$(MAKE) -j2 --no-print-directory site
	@sh tests/run.sh -j 2 build/release/run-tests build/asan/run-tests scripts/check-tsan.sh tests/fuzz/run.sh tests/term/run.sh tests/sim-parallel.sh \
		--then scripts/check-install.sh tests/pg/run.sh --then tests/python/run.sh tests/wasm/run.sh --then tests/e2e/run.sh --then tests/e2e/run-site.sh --then tests/pg/e2e.sh

# Browser end-to-end tests: headless Chromium plays the web app served by
# build/trickwood serve (tests/e2e/run.sh; screenshots in build/e2e-artifacts/).
test-e2e: build/trickwood
	@sh tests/e2e/run.sh

# The static site's browser tests only (tests/e2e/run-site.sh).
test-site: site build/trickwood
	@sh tests/e2e/run-site.sh

# Builds everything with clang too, so both compilers see -Werror.
check-clang: build/clang/run-tests build/clang/trickwood

# The server tests under ThreadSanitizer (scripts/check-tsan.sh): the test
# program and every server it starts are TSan builds; any report fails.
check-tsan: build/tsan/run-tests build/tsan/trickwood
	@sh scripts/check-tsan.sh

# Runs every fuzz target for FUZZ_SECONDS each (default 60); new inputs
# go to build/fuzz/corpus/, crashes to build/fuzz/crashes/.
FUZZ_SECONDS ?= 60
fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# A bounded loopback load test of the server (tests/load/loadtest.c, not
# part of make test): LOADTEST_ARGS such as --seconds 20 --tables 8
# --streams 2000 (the defaults).
# (the SQL layer's objects too: the harness makes PostgreSQL schemas under TW_TEST_PG)
LOADTEST_SQL = $(patsubst %.c,build/release/%.o,$(wildcard src/history/sql*.c))
build/release/loadtest: tests/load/loadtest.c build/release/tests/test_server_client.o $(LOADTEST_SQL) build/release/libtrickwood.a
	$(CC) $(CFLAGS_COMMON) -O2 -g $(GCC_ONLY) -o $@ $^ $(LIBS)
loadtest: build/release/loadtest build/release/trickwood
	./build/release/loadtest $(LOADTEST_ARGS)

bench: build/trickwood
	./build/trickwood bench

# ---- Installing (docs/install.md) ----
# `make install` puts the program in $(PREFIX)/bin, its data and web app in
# $(PREFIX)/share/trickwood and the manual page in $(PREFIX)/share/man/man1;
# DESTDIR is put in front of every path (for packages). The installed
# program finds its data beside it, without the source tree.
PREFIX ?= /usr/local
SHARE = $(DESTDIR)$(PREFIX)/share/trickwood
install: build/trickwood
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/data/boards $(SHARE)/data/examples $(SHARE)/data/rules \
		$(SHARE)/data/challenges $(SHARE)/web/js $(SHARE)/web/css \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/trickwood $(DESTDIR)$(PREFIX)/bin/trickwood
	install -m 644 data/*.json $(SHARE)/data/
	install -m 644 data/boards/*.json $(SHARE)/data/boards/
	install -m 644 data/rules/*.md $(SHARE)/data/rules/
	install -m 644 data/challenges/*.json $(SHARE)/data/challenges/
	install -m 644 $(wildcard data/examples/*) $(SHARE)/data/examples/
	install -m 644 web/index.html web/favicon.svg web/difficulty.json $(SHARE)/web/
	install -m 644 web/js/*.js $(SHARE)/web/js/
	install -m 644 web/css/*.css $(SHARE)/web/css/
	install -d $(SHARE)/web/tutorial && install -m 644 web/tutorial/*.json $(SHARE)/web/tutorial/
	install -m 644 docs/trickwood.1 $(DESTDIR)$(PREFIX)/share/man/man1/trickwood.1
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/trickwood $(DESTDIR)$(PREFIX)/share/man/man1/trickwood.1
	rm -rf $(SHARE)

clean:
	rm -rf build

# ---- The shared library and its Python package (docs/python.md) ----
# src/lib/ is the stable C API of trickwood/libtrickwood.h (in LIB_SRC, at
# the top: the static library has it too). build/shared/libtrickwood.so.1
# is every library object built position-independent with
# -fvisibility=hidden, so that only the declarations marked TWL_API are
# exported (the version script gives them the version TRICKWOOD_1). Its
# data folder is $(PREFIX)/share/trickwood/data, where `make install`
# puts the data ($TRICKWOOD_DATA overrides it, as for the program).
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PYTHONDIR ?= $(PREFIX)/share/trickwood/python
# Debian's python3 (with python3-numpy), before any other on the PATH.
PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
SO_NAME = libtrickwood.so.1
SO_FILE = libtrickwood.so.1.0.0
SHARED_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L -DTW_DATA_DIR='"$(PREFIX)/share/trickwood/data"' -Iinclude -Isrc \
	-O2 -g -fPIC -fvisibility=hidden $(GCC_ONLY)
SHARED_OBJ = $(patsubst %.c,build/shared/%.o,$(LIB_SRC))
.PHONY: shared install-lib uninstall-lib test-python examples bench-python
shared: build/shared/libtrickwood.so build/shared/trickwood.pc
build/shared/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(SHARED_CFLAGS) -c $< -o $@
# The data folder built in follows PREFIX: the one object that reads it is
# built again when PREFIX changes.
build/shared/prefix.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' >$@
build/shared/src/core/datadir.o: build/shared/prefix.txt
.PHONY: FORCE
FORCE:
build/shared/$(SO_FILE): $(SHARED_OBJ) src/lib/libtrickwood.map
	$(CC) -shared -Wl,-soname,$(SO_NAME) -Wl,--version-script=src/lib/libtrickwood.map -Wl,--no-undefined \
		-o $@ $(SHARED_OBJ) -ljansson -lm -lpthread
build/shared/libtrickwood.so: build/shared/$(SO_FILE)
	ln -sf $(SO_FILE) build/shared/$(SO_NAME) && ln -sf $(SO_NAME) $@
build/shared/trickwood.pc: src/lib/trickwood.pc.in build/shared/prefix.txt
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' $< >$@.tmp && mv $@.tmp $@
# The C examples, built against the library in the tree.
EXAMPLES = $(patsubst examples/%.c,build/examples/%,$(wildcard examples/*.c))
build/examples/%: examples/%.c include/trickwood/libtrickwood.h build/shared/libtrickwood.so
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -Iinclude -o $@ $< -Lbuild/shared -ltrickwood -Wl,-rpath,$(CURDIR)/build/shared
examples: $(EXAMPLES)
install: install-lib
install-lib: build/libtrickwood.a shared
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/trickwood $(DESTDIR)$(PYTHONDIR)/trickwood
	install -m 644 build/libtrickwood.a $(DESTDIR)$(LIBDIR)/libtrickwood.a
	install -m 755 build/shared/$(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SO_FILE)
	ln -sf $(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sf $(SO_NAME) $(DESTDIR)$(LIBDIR)/libtrickwood.so
	install -m 644 build/shared/trickwood.pc $(DESTDIR)$(LIBDIR)/pkgconfig/trickwood.pc
	install -m 644 include/trickwood/*.h $(DESTDIR)$(INCLUDEDIR)/trickwood/
	install -m 644 python/trickwood/*.py $(DESTDIR)$(PYTHONDIR)/trickwood/
	printf '# Written by make install.\nLIBRARY = "%s"\nDATA = "%s"\n' "$(LIBDIR)/$(SO_NAME)" \
		"$(PREFIX)/share/trickwood/data" >$(DESTDIR)$(PYTHONDIR)/trickwood/_installed.py.tmp && \
		mv -f $(DESTDIR)$(PYTHONDIR)/trickwood/_installed.py.tmp $(DESTDIR)$(PYTHONDIR)/trickwood/_installed.py
uninstall: uninstall-lib
uninstall-lib:
	rm -f $(DESTDIR)$(LIBDIR)/libtrickwood.a $(DESTDIR)$(LIBDIR)/$(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SO_NAME) \
		$(DESTDIR)$(LIBDIR)/libtrickwood.so $(DESTDIR)$(LIBDIR)/pkgconfig/trickwood.pc
	rm -rf $(DESTDIR)$(INCLUDEDIR)/trickwood $(DESTDIR)$(PYTHONDIR)/trickwood
# The Python package's tests and the exported symbols (tests/python/run.sh).
test-python: shared examples
	@sh tests/python/run.sh
# Steps per second through Python beside the C loop (docs/benchmarks.md).
bench-python: shared
	$(PYTHON) python/bench.py
