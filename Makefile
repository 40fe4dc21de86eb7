# The README's commands. Everything runs from the checkout; nothing is installed system-wide.
SHELL := /bin/bash
MVNW := ./mvnw -B -q
HOME_DIR ?= $(CURDIR)/var/boxmaker
JAR_MEMORYD := memoryd/target/quarkus-app/quarkus-run.jar
JAR_BXCTL := bxctl/target/quarkus-app/quarkus-run.jar
JAR_BROKERD := brokerd/target/quarkus-app/quarkus-run.jar
JAR_LOOPD := loopd/target/quarkus-app/quarkus-run.jar
SOURCES := $(shell find pom.xml common-proto memoryd brokerd loopd bxctl src/main/resources -type f \( -name '*.java' -o -name '*.xml' -o -name '*.properties' -o -name '*.md' \) -not -path '*/target/*' 2>/dev/null)

.PHONY: run stop test build bench clean honcho-contract

## run: build if needed, then start every daemon on the home ./var/boxmaker (in the background)
run: $(JAR_MEMORYD) $(JAR_BROKERD) $(JAR_LOOPD) $(JAR_BXCTL)
	@bin/boxmaker-run "$(HOME_DIR)"

## stop: stop the daemons `make run` started
stop:
	@bin/boxmaker-stop "$(HOME_DIR)"

## test: every test (unit, socket, and process tests); Surefire's and Failsafe's summaries are printed
test:
	./mvnw -B --no-transfer-progress verify

## honcho-contract: only the Honcho contract suite; against HONCHO_URL (and HONCHO_KEY) when set, else the fake
honcho-contract:
	@# HONCHO_URL and HONCHO_KEY reach the tests from the environment (make exports command-line
	@# variables too); the recipe never names the key, so make never echoes it.
	./mvnw -B --no-transfer-progress -pl memoryd -am test \
		-Dtest=HonchoContractTest -Dsurefire.failIfNoSpecifiedTests=false

## build: the daemons and bxctl, without running tests
build: $(JAR_MEMORYD) $(JAR_BROKERD) $(JAR_LOOPD) $(JAR_BXCTL)

$(JAR_MEMORYD) $(JAR_BROKERD) $(JAR_LOOPD) $(JAR_BXCTL) &: $(SOURCES)
	$(MVNW) -DskipTests install

## bench: the benchmarks of bench/ (figures go to docs/benchmarks.md by hand)
bench: build
	bin/boxmaker-bench

clean:
	$(MVNW) clean
