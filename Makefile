# Quire's entry points. `make run` and `make test` are the two commands of the README.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: setup run test lint build release bench fuzz sanitize-address sanitize-thread

setup:
	@scripts/setup

## Install what is missing, build, and open the bundled handbook.
run: setup
	swift build -c release --product quire
	.build/release/quire open

## Install what is missing, check formatting, build with warnings as errors, run the tests:
## everything but the front ends first (the corpus suites take every core), then the
## front ends' targets alone and one suite at a time, so that the waits of the tests that
## drive the terminal reader in tmux and the window under Xvfb (and the voice heard at a
## sound card's pace) are never starved.
FRONT_ENDS := 'QuireTerminalTests\.|QuireDesktopTests\.|ReadAloudControllerTests'
test: setup lint
	swift build --build-tests -Xswiftc -warnings-as-errors
	swift test --skip-build --skip $(FRONT_ENDS)
	swift test --skip-build --no-parallel --filter $(FRONT_ENDS)

lint:
	swift format lint --strict --recursive Sources Tests Fuzz Package.swift

release:
	swift build -c release -Xswiftc -warnings-as-errors

bench: setup release
	.build/release/quire bench

## libFuzzer targets for a bounded time each (FUZZ_SECONDS, default 60).
fuzz: setup
	scripts/fuzz $(or $(FUZZ_SECONDS),60)

sanitize-address: setup
	scripts/sanitize address

sanitize-thread: setup
	scripts/sanitize thread
