# uaccess_check: top-level entry points.
#   make scan   (default) install what is missing, build the plugin, prepare the kernel, scan it
#   make test   same set-up, then run the test suite (tools/tests)
#   make test-matrix  the version x architecture x compiler cells make test leaves out; docs/matrix.md
#   make bench  compile-time/memory cost of the plugin on the accessor units
#   make fuzz   generated region programs against the oracle (SEED=, COUNT= functions)

SHELL := /bin/bash
.DEFAULT_GOAL := scan

# Debian packages the project needs (build, kernel fixture, tests).
# linux-source-6.1 and -7.2 are not installed: `uaccess-check kernel --version V` downloads them
# into the cache with a private apt state (the archive keyring signs those lists).
DEB_PACKAGES := make gcc g++ gcc-12-plugin-dev python3 python3-pytest sparse coccinelle ccache \
	flex bison bc perl libelf-dev libssl-dev xz-utils patch linux-source-6.12 debian-archive-keyring gnupg
# The other toolchains (tools/uaccess_check/toolchain.py): GCC 11, and the arm64 and ppc64le cross
# compilers, each with its plugin headers.
DEB_PACKAGES += gcc-11 gcc-11-plugin-dev \
	gcc-12-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu \
	gcc-12-powerpc64le-linux-gnu gcc-12-plugin-dev-powerpc64le-linux-gnu
# npm installs the SARIF validator for the tests (tools/tests/sarif_validate.py); a Node.js that
# brings its own npm (NodeSource's nodejs) conflicts with Debian's npm package: only when missing.
DEB_PACKAGES += $(if $(shell command -v npm 2>/dev/null),,npm)
# Chromium, run headless, for the map page's browser test (tools/tests/test_map_html.py).
DEB_PACKAGES += chromium
# Debian's python has python3-pytest; a python3 earlier on PATH (pyenv...) may not.
PYTHON := /usr/bin/python3
BENCH_RUNS ?= 5
SEED ?= 1
COUNT ?= 1000

.PHONY: scan test test-matrix bench fuzz deps plugin kernel kernel-7.2 clean

deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' "$$p" 2>/dev/null | grep -q '^install ok installed$$' || echo "$$p"; \
	done | xargs); \
	if [ -n "$$missing" ]; then \
		cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing"; \
		if [ "$$(id -u)" != 0 ]; then \
			echo "uaccess-check: missing packages; run as root: $$cmd" >&2; exit 1; \
		fi; \
		echo "uaccess-check: installing: $$missing" >&2; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update -q && apt-get install -y -q $$missing </dev/null; \
	fi

plugin: deps
	$(MAKE) -C plugin

kernel: deps
	./uaccess-check kernel

# Linux 7.2 (Debian sid's linux-source-7.2, downloaded into the cache) for the 7.x tests; 6.1 is
# prepared on demand by the tests that use it.
kernel-7.2: deps
	./uaccess-check kernel --version 7.2

# Exit 1 is a report with findings (6.12's: the Coccinelle scripts' 6 on other architectures).
scan: deps plugin kernel
	./uaccess-check scan || [ $$? = 1 ]

# pytest's exit 5 (no test collected) fails the target like any other non-zero status.
test: deps plugin kernel kernel-7.2
	$(PYTHON) -m pytest -p no:cacheprovider -q tools/tests

# The cells make test leaves out (tools/tests/matrix.py): the triage of arm64 and powerpc 7.2,
# arm64 6.12, 6.1 cross, every testcase under GCC 11; then docs/matrix.md, every (version x
# architecture x compiler) cell at level 2.
test-matrix: deps plugin kernel kernel-7.2
	UACCESS_CHECK_MATRIX=1 $(PYTHON) -m pytest -p no:cacheprovider -q \
		tools/tests/test_real_triage.py tools/tests/test_gcc11.py tools/tests/test_testcases_powerpc.py
	$(PYTHON) tools/tests/matrix.py --output docs/matrix.md

bench: deps plugin kernel
	$(PYTHON) bench/compile_ratio.py --runs $(BENCH_RUNS)

# Exit 1 on any crash or disagreement; the reproducers go to the directory it names.
fuzz: deps plugin kernel
	$(PYTHON) tools/tests/fuzz.py --seed $(SEED) --count $(COUNT)

clean:
	-$(MAKE) -C plugin clean

# The plugin's cost to a whole W=1 build: 300 sampled units and every accessor unit, CPU and wall
# ratios and extra memory (goal: CPU ratio at most 1.01).
.PHONY: bench-build
bench-build: deps plugin kernel
	$(PYTHON) bench/build_ratio.py --runs $(BENCH_RUNS)

# Coccinelle scripts (cocci/): wall and CPU time of all scripts over the whole 6.12 tree (goal: 8 s).
.PHONY: bench-cocci
bench-cocci: deps kernel
	$(PYTHON) bench/cocci_bench.py --runs $(BENCH_RUNS)

# the distance map's time against the scan's, on 7.2 x86_64
.PHONY: bench-map
bench-map: deps plugin kernel-7.2
	$(PYTHON) bench/map_ratio.py --runs $(BENCH_RUNS)
