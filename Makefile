# Rendezvous: `make run` serves the demo sites, `make test` runs every test.
SHELL := /bin/bash
GO ?= go
SQLC_VERSION := v1.31.1
# Expanded only in the recipes that use it: `go env` at every make start
# cost the second `make run` up to half a second on a loaded machine.
SQLC = $(shell $(GO) env GOPATH)/bin/sqlc
STATICCHECK_VERSION := v0.8.2
STATICCHECK = $(shell $(GO) env GOPATH)/bin/staticcheck
ADDR ?= 127.0.0.1:8080
DATA ?= ./var

.PHONY: all build run test check staticcheck test-go test-web test-e2e bench sqlc sqlc-check sqlc-install web deps-web deps-browser deps-proxy clean release release-image release-check deps-podman

all: build

## build: the self-contained binary at bin/rendezvous (web bundle included)
build: web
	@echo "==> go build bin/rendezvous"
	@$(GO) build -trimpath -ldflags "$(BUILD_LDFLAGS)" -o bin/rendezvous ./engine/cmd/rendezvous
	@echo "==> built bin/rendezvous"

## run: build what changed and serve the demo tenants
run: bin/rendezvous
	@echo "==> serving demo sites (Ctrl-C stops)"
	@./bin/rendezvous serve --addr $(ADDR) --data $(DATA) --demo

# run's binary is linked again only when a Go file, an embedded file or the
# web bundle is newer than it: `go build`'s own up-to-date check costs 1-2 s
# on a loaded machine, a second `make run` skips it (engine/README.md,
# Benchmarks: make_run_second_start_s).
# `make build` always asks go build (a new Go toolchain, GOFLAGS).
GO_SOURCES := $(shell find config engine landers migrations tenants themes -type f -not -name '*_test.go' 2>/dev/null) \
	go.mod go.sum web/embed.go

bin/rendezvous: $(GO_SOURCES) web/dist/index.html
	@echo "==> go build bin/rendezvous"
	@$(GO) build -trimpath -ldflags "$(BUILD_LDFLAGS)" -o bin/rendezvous ./engine/cmd/rendezvous
	@touch bin/rendezvous

# The web bundle is built again only when one of its sources is newer than
# the last build, so a second `make run` starts in seconds (engine/README.md,
# Benchmarks).
WEB_SOURCES := $(shell find web/src web/public web/scripts -type f 2>/dev/null) \
	web/index.html web/admin.html web/vite.config.ts web/package.json web/package-lock.json web/tsconfig.json

web: web/dist/index.html

web/dist/index.html: $(WEB_SOURCES) web/node_modules/.package-lock.json
	@echo "==> web build (vite)"
	@cd web && npm run build --silent

deps-web: web/node_modules/.package-lock.json

# npm ci runs when node_modules is missing or older than the lock file
# (npm writes node_modules/.package-lock.json last). It prefers the npm
# cache to the network, and the Go packages the engine is made of (all but
# the web bundle's) compile meanwhile on the other core, with run's flags
# (-trimpath is part of the build cache's key), so a clean clone's go build
# only compiles the bundle's package and links.
web/node_modules/.package-lock.json: web/package-lock.json
	@echo "==> npm ci (web), compiling the Go packages meanwhile"
	@$(GO) build -trimpath ./engine/server/ & gobuild=$$!; \
		(cd web && npm ci --prefer-offline --no-audit --no-fund --loglevel=error); npm=$$?; \
		wait $$gobuild; exit $$npm
	@touch $@

deps-browser:
	@if ! command -v chromium >/dev/null; then \
		echo "==> installing Debian's chromium for browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi

# The two-instance test (engine/server, scaleout_test.go) runs the engines
# behind Debian's HAProxy.
deps-proxy:
	@if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then \
		echo "==> installing Debian's haproxy for the two-instance test"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null; fi

## test: Go tests on a real PostgreSQL, generated-code check, web unit and browser tests
# The Go tests wait on PostgreSQL more than they compute, so the web's
# checks and the build of the browser tests' binary run beside the sqlc
# check and the Go tests (whose output follows when they end). Each stage's time is printed at the
# end, also after a failure, for the stages that ran.
test:
	@start=$$(date +%s); report=""; status=0; golog=$$(mktemp); \
	stage() { local t=$$(date +%s) rc=0; $(MAKE) --no-print-directory "$$1" || rc=$$?; \
		report="$$report $$1=$$(( $$(date +%s) - t ))s"; [ $$rc = 0 ] || report="$$report(failed)"; return $$rc; }; \
	( report=""; { stage sqlc-check && stage test-go; } >"$$golog" 2>&1; echo "$$? $$report" >"$$golog.done" ) & gopid=$$!; \
	stage test-web || status=1; \
	[ $$status = 0 ] && { stage build || status=1; }; \
	wait $$gopid; cat "$$golog"; read gorc goreport <"$$golog.done"; report="$$report $$goreport"; \
	[ "$$gorc" = 0 ] || status=1; \
	[ $$status = 0 ] && { stage test-e2e || status=1; }; \
	rm -f "$$golog" "$$golog.done"; \
	echo "==> stage times:$$report total=$$(( $$(date +%s) - start ))s"; \
	exit $$status

## check: the developer's loop (a few minutes): go vet and staticcheck, Go
## tests of the packages changed since main (on main: the uncommitted ones), the web
## typecheck, ESLint and the vitest files related to what changed
CHECK_BASE ?= $(shell git merge-base HEAD main 2>/dev/null || echo HEAD)
check: sqlc-check
	@echo "==> go vet"
	@$(GO) vet ./engine/... ./migrations/...
	@$(MAKE) --no-print-directory staticcheck
	@changed=$$( { git diff --name-only $(CHECK_BASE); git ls-files -o --exclude-standard; } | sort -u); \
	pkgs=$$(echo "$$changed" | grep -E '^(engine|migrations|tenants|themes|landers|config)/.*\.(go|sql|yaml|json|html|css)$$' | xargs -r -n1 dirname | sort -u | \
		while read d; do while [ "$$d" != . ] && ! ls "$$d"/*.go >/dev/null 2>&1; do d=$$(dirname "$$d"); done; [ "$$d" != . ] && echo "./$$d"; done | sort -u); \
	if [ -n "$$pkgs" ]; then echo "==> go test of the changed packages:" $$pkgs; \
		$(GO) run ./engine/platform/pgtest/withpg $(GO) test -count=1 $$pkgs || exit 1; fi; \
	web=$$(echo "$$changed" | grep -E '^web/(src|e2e|scripts)/' | sed 's#^web/##'); \
	if [ -n "$$web" ]; then $(MAKE) --no-print-directory deps-web && cd web && echo "==> web typecheck, ESLint, related vitest" && \
		npm run typecheck --silent && npm run lint --silent && npx vitest related --run --passWithNoTests $$(echo "$$web" | grep '^src/') ; fi

test-go: deps-proxy deps-podman
	@echo "==> gofmt, go mod tidy and go vet"
	@unformatted=$$(gofmt -l engine config migrations tenants themes web/embed.go); \
		if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	@$(GO) mod tidy -diff >/dev/null || { echo "go.mod is not tidy: run go mod tidy"; exit 1; }
	@$(GO) vet ./...
	@$(MAKE) --no-print-directory staticcheck
	@echo "==> go test (one throwaway PostgreSQL cluster for the run)"
	@$(GO) run ./engine/platform/pgtest/withpg $(GO) test -count=1 -timeout 15m ./...

test-web: deps-web
	@echo "==> web API types (openapi-typescript) up to date, typecheck, ESLint, unit tests (vitest)"
	@cd web && npm run api-types:check --silent && npm run typecheck --silent && npm run lint --silent && npm test --silent

test-e2e: build deps-browser
	@echo "==> browser tests (playwright-core + Debian chromium)"
	@bash web/e2e/run.sh

## release: static Linux binaries (amd64, arm64), their Debian packages and
## SHA256SUMS in dist/ (config/README.md, Install and upgrade)
# The version is the last v* tag (0.1.0 on it, 0.1.0+3.gabc1234 three
# commits later), else 0.0.0+<commit>. CGO is off: the binaries run on any
# Linux and in an image FROM scratch.
RELEASE_VERSION ?= $(shell v=$$(git describe --tags --match 'v*' 2>/dev/null); \
	if [ -n "$$v" ]; then echo "$$v" | sed -E 's/^v//; s/-([0-9]+)-g([0-9a-f]+)$$/+\1.g\2/'; \
	else echo "0.0.0+$$(git rev-parse --short HEAD)"; fi)
RELEASE_ARCHES := amd64 arm64
RELEASE_LDFLAGS = -s -w -X rendezvous/engine/platform/version.version=$(RELEASE_VERSION) \
	-X rendezvous/engine/platform/version.commit=$$(git rev-parse HEAD) \
	-X rendezvous/engine/platform/version.date=$$(date -u +%Y-%m-%dT%H:%M:%SZ)
# make build and make run name the build too (`rendezvous version`, the
# operations address's /healthz): the commit's own time stands for the
# date, so the same commit links the same binary and go build's cache holds.
BUILD_LDFLAGS = -X rendezvous/engine/platform/version.version=$(RELEASE_VERSION) \
	-X rendezvous/engine/platform/version.commit=$$(git rev-parse HEAD 2>/dev/null) \
	-X rendezvous/engine/platform/version.date=$$(git log -1 --format=%cI 2>/dev/null)
release: web
	@rm -rf dist && mkdir -p dist
	@for arch in $(RELEASE_ARCHES); do \
		echo "==> go build dist/rendezvous-$(RELEASE_VERSION)-linux-$$arch"; \
		CGO_ENABLED=0 GOOS=linux GOARCH=$$arch $(GO) build -trimpath -ldflags "$(RELEASE_LDFLAGS)" \
			-o dist/rendezvous-$(RELEASE_VERSION)-linux-$$arch ./engine/cmd/rendezvous || exit 1; \
		echo "==> Debian package ($$arch)"; \
		$(GO) run ./engine/cmd/release deb --version $(RELEASE_VERSION) --arch $$arch \
			--binary dist/rendezvous-$(RELEASE_VERSION)-linux-$$arch --out dist || exit 1; \
	done
	@cd dist && sha256sum rendezvous-* rendezvous_* > SHA256SUMS && cat SHA256SUMS

## release-image: the OCI image rendezvous:<version> from config/deploy/Containerfile (podman)
release-image: deps-podman
	@[ -x dist/rendezvous-$(RELEASE_VERSION)-linux-amd64 ] || $(MAKE) --no-print-directory release
	@rm -rf dist/image && $(GO) run ./engine/cmd/release image-context \
		--binary dist/rendezvous-$(RELEASE_VERSION)-linux-amd64 --out dist/image
	@podman build --format docker -f config/deploy/Containerfile -t rendezvous:$(subst +,-,$(RELEASE_VERSION)) dist/image
	@podman save --format docker-archive -o dist/rendezvous-$(RELEASE_VERSION)-image.tar rendezvous:$(subst +,-,$(RELEASE_VERSION))

## release-check: make release and release-image, then the release tests of config/deploy
## (also part of make test) with their logs
release-check: release-image
	@$(GO) run ./engine/platform/pgtest/withpg $(GO) test -count=1 -v ./config/deploy/

# The image test (config/deploy) builds the image with Debian's podman.
deps-podman:
	@if ! command -v podman >/dev/null; then \
		echo "==> installing Debian's podman for the image test"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman >/dev/null; fi

## bench: benchmarks, one `bench <name> <value> <unit>` line each
bench: build
	@$(GO) run ./engine/cmd/bench
	@cd web && node scripts/js-floor.mjs
	@bash web/scripts/lighthouse-bench.sh
	@bash engine/cmd/bench/run-timing.sh

## staticcheck: the Go code's static analysis (honnef.co/go/tools)
staticcheck:
	@if [ ! -x "$(STATICCHECK)" ] || ! "$(STATICCHECK)" -version | grep -q "$(STATICCHECK_VERSION:v%=%)"; then \
		echo "==> installing staticcheck $(STATICCHECK_VERSION)"; \
		$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION); fi
	@echo "==> staticcheck"
	@$(STATICCHECK) ./...

sqlc-install:
	@if [ ! -x "$(SQLC)" ]; then \
		echo "==> installing sqlc $(SQLC_VERSION) (one-time compile)"; \
		$(GO) install github.com/sqlc-dev/sqlc/cmd/sqlc@$(SQLC_VERSION); fi

## sqlc: regenerate the query code after changing queries or migrations
sqlc: sqlc-install
	@$(SQLC) -f config/sqlc.yaml generate

sqlc-check: sqlc-install
	@echo "==> sqlc diff (generated code must be current)"
	@$(SQLC) -f config/sqlc.yaml diff

clean:
	rm -rf bin web/dist/assets web/dist/*.html
