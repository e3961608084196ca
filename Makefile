# hf-airgap: build, test, demo, bench, fuzz and install.
#
# `make demo` and `make test` each install what is missing first (`make deps`), so on a fresh Debian machine
# with the Swift toolchain they are the whole quick start.

SWIFT     ?= swift
PREFIX    ?= /usr/local
DESTDIR   ?=
BINDIR     = $(DESTDIR)$(PREFIX)/bin
MANDIR     = $(DESTDIR)$(PREFIX)/share/man
PRODUCTS   = hf-signer hf-watcher hf-devnet
APT_PKGS   = pkg-config binutils libcurl4-openssl-dev libsecp256k1-dev libssl-dev libqrencode-dev libzbar-dev libpng-dev libsqlite3-dev zlib1g-dev zbar-tools qrencode strace gdb
PC_MODULES = libsecp256k1 libcrypto libcurl libqrencode zbar libpng sqlite3 zlib
# Tools the tests run: zbarimg/qrencode (QR interop), strace (kill tests at every durable system call), gdb (the
# zeroization test dumps a running signer with gcore), strip (make dist).
TEST_TOOLS = zbarimg qrencode strace gdb strip
# Installed by `make test` only (make test-deps), not by `make demo`: headless Chromium, the real browser of
# LoopTests/WalletAPIBrowserTests (a page calls the wallet API with fetch, through CORS).
TEST_APT_PKGS = chromium
TEST_APT_TOOLS = chromium
# make dist: the portable tarball (packaging/dist.sh) and the check that it runs in a minimal chroot (DistTests).
DIST_DIR  ?= dist
# The build fails when a target imports a module of this package that is neither a declared dependency nor one of
# theirs. SwiftPM allows the whole closure, so a planted `import HFStore` in hf-watcher still passes this check:
# WatcherFacadeTests, which reads the sources, catches that.
IMPORT_CHECK = --explicit-target-dependency-import-check error
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# make check, the quick lane: the library modules' tests and the quick command-line suites, without the kill tests,
# the devnet loops, the QR camera and interop runs and the few library suites that wait out timeouts (make test runs
# everything). Suites are matched by their module and name.
CHECK_FILTER = ^(HFBundlesTests|HFCommandLineTests|HFCryptoTests|HFPrimitivesTests|HFProtocolsTests|HFSPVTests|HFSystemTests|HFWalletTests|HFQRTests|HFStoreTests|HFHomeTests|HFMigrationTests|HFSignerCoreTests|HFNetworkTests|HFDevnetTests|HFWatcherCoreTests|DevnetAPITests|SystemLibraryTests)\.|^SignerCLITests\.(WrongFileTests|KeysDeriveTests|KeysRejectionTests|GenerateMnemonicTests|CompletionTests|HomeFilesTests|HomeNetworkTests|SignerLinkageTests|DiceCommandTests|WalletCommandTests)/
CHECK_SKIP   = WalletAPITests|ReconciliationDevnetTests|BundleRoundTripTests|BBQrVectorTests|SpendingPolicyTests

.PHONY: all deps test-deps interop-venv build release check test dist dist-check demo bench fuzz install uninstall clean

all: build

## deps: install the Debian development packages the build links against, if any is missing.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PC_MODULES) \
		&& (for t in $(TEST_TOOLS); do command -v $$t >/dev/null 2>&1 || exit 1; done); then \
		echo "deps: all C libraries and test tools present"; \
	else \
		echo "deps: installing $(APT_PKGS)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PKGS); \
	fi

## test-deps: the test-only packages (TEST_APT_PKGS), if any is missing.
test-deps: deps
	@if (for t in $(TEST_APT_TOOLS); do command -v $$t >/dev/null 2>&1 || exit 1; done); then \
		echo "test-deps: $(TEST_APT_TOOLS) present"; \
	else \
		echo "test-deps: installing $(TEST_APT_PKGS)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_APT_PKGS); \
	fi

## interop-venv: bsv-sdk (pinned in Tests/Interop/requirements.txt) in a virtual environment, for the BRC-100 interop
## test only (LoopTests/BRC100InteropTests); never a runtime dependency.
INTEROP_VENV ?= .build/interop-venv
interop-venv:
	@if $(INTEROP_VENV)/bin/python -c "import bsv.wallet.substrates.http_wallet_json" 2>/dev/null; then \
		echo "interop-venv: bsv-sdk present"; \
	else \
		echo "interop-venv: installing bsv-sdk into $(INTEROP_VENV)"; \
		python3 -m venv $(INTEROP_VENV) 2>/dev/null \
			|| { $(SUDO) apt-get install -y -qq python3-venv && python3 -m venv $(INTEROP_VENV); }; \
		$(INTEROP_VENV)/bin/pip install -q -r Tests/Interop/requirements.txt; \
	fi

build: deps
	$(SWIFT) build $(IMPORT_CHECK)

release: deps
	$(SWIFT) build -c release

## test: the whole suite (unit, vector and end-to-end tests). Set HF_REQUIRE_VECTORS=1 to fail on missing vectors.
## check: the quick lane while working (CHECK_FILTER, CHECK_SKIP above); make test is the whole suite, as CI runs it.
check: deps
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	$(SWIFT) test --skip-build --disable-xctest --filter '$(CHECK_FILTER)' --skip '$(CHECK_SKIP)'

test: deps test-deps interop-venv
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	$(SWIFT) test --skip-build --disable-xctest
	$(MAKE) dist-check

## dist: dist/hf-airgap-VERSION-linux-ARCH.tar.gz, a signer that needs only glibc (README "Moving hf-signer…").
dist: deps
	SWIFT=$(SWIFT) DIST_DIR=$(DIST_DIR) sh packaging/dist.sh

## dist-check: make dist, then DistTests unpack the tarball into a chroot of glibc only and run the signer there.
dist-check: dist
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	HF_DIST_TARBALL="$$(ls $(CURDIR)/$(DIST_DIR)/hf-airgap-*-linux-$$(uname -m).tar.gz)" \
		$(SWIFT) test --skip-build --disable-xctest --filter DistTests

## demo: the main job: run the toolkit on the sample wallet (samples/demo.sh).
demo: release
	@sh samples/demo.sh .build/release

## bench: release build, then every hf-bench case (one JSON line each).
bench: release
	.build/release/hf-bench

## fuzz: build the libFuzzer targets in Fuzz/ and run each briefly (FUZZ_SECONDS, default 20).
fuzz: deps
	@sh Fuzz/run.sh $${FUZZ_SECONDS:-20}

install: release
	install -d $(BINDIR) $(MANDIR)/man1
	for p in $(PRODUCTS); do install -m 755 .build/release/$$p $(BINDIR)/$$p; done
	for p in $(PRODUCTS); do install -m 644 man/$$p.1 $(MANDIR)/man1/$$p.1; done
	install -d $(MANDIR)/man5 && install -m 644 man/hf-bundles.5 $(MANDIR)/man5/hf-bundles.5

uninstall:
	for p in $(PRODUCTS); do rm -f $(BINDIR)/$$p; done
	for p in $(PRODUCTS); do rm -f $(MANDIR)/man1/$$p.1; done
	rm -f $(MANDIR)/man5/hf-bundles.5

clean:
	$(SWIFT) package clean
	rm -rf Fuzz/.build $(DIST_DIR)
