#!/usr/bin/env python3
"""Installs the build tree into a temporary prefix, then builds and runs the consumer
project tests/consumer/ against it twice: with find_package(catan_referee) and with
pkg-config (catan-referee.pc). Checks the installed files, the version and that a
version the package does not have is refused.

usage: install_and_build.py CMAKE BUILD_DIR SOURCE_DIR VERSION CXX [CXXFLAGS [LDFLAGS]]
(the build's flags, which a consumer of a sanitizer build must also use)
"""
import glob
import os
import subprocess
import sys
import tempfile

cmake, build_dir, source_dir, version, cxx = sys.argv[1:6]
cxxflags = sys.argv[6] if len(sys.argv) > 6 else ""
ldflags = sys.argv[7] if len(sys.argv) > 7 else ""
consumer = os.path.join(source_dir, "tests", "consumer")
legal = os.path.join(source_dir, "samples", "legal-game-4p-seed5.yaml")
illegal = os.path.join(source_dir, "samples", "illegal-ROBBER-01-wrong-discard-count.yaml")
failures = []


def run(cmd, env=None, expect=0):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    if expect is not None and p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}, expected {expect}\n"
                 f"{p.stdout}\n{p.stderr}")
    return p


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def check_consumer(exe, how):
    p = run([exe, legal], expect=0)
    check(f"{legal}: legal\n" in p.stdout, f"{how}: the legal sample is legal")
    check(f"catan-referee library {version}\n" in p.stdout, f"{how}: version {version}")
    p = run([exe, illegal], expect=1)
    check(f"{illegal}: illegal ROBBER-01 at action 24\n" in p.stdout,
          f"{how}: the illegal sample breaks ROBBER-01 at action 24")


with tempfile.TemporaryDirectory(prefix="catan-consumer-") as tmp:
    prefix = os.path.join(tmp, "prefix")
    run([cmake, "--install", build_dir, "--prefix", prefix])
    rel = lambda pattern: sorted(os.path.relpath(f, prefix)
                                 for f in glob.glob(os.path.join(prefix, pattern), recursive=True))
    libs = rel("lib*/**/libcatan_*.a")
    for layer in ["core", "text", "rules", "log", "import", "diag", "replay", "gen"]:
        check(any(l.endswith(f"libcatan_{layer}.a") for l in libs), f"installed libcatan_{layer}.a")
    for h in ["engine.hpp", "reader.hpp", "report.hpp", "version.hpp", "core/state.hpp",
              "core/rules.def", "rules/engine.hpp", "replay/replay.hpp", "diag/diagnostic.hpp", "import/registry.hpp"]:
        check(os.path.isfile(os.path.join(prefix, "include", "catan", h)), f"installed include/catan/{h}")
    for h in ["rules/detail.hpp", "cli"]:
        check(not os.path.exists(os.path.join(prefix, "include", "catan", h)),
              f"include/catan/{h} is not installed (internal)")
    check(len(rel("lib*/**/cmake/catan_referee/catan_refereeConfig.cmake")) == 1, "CMake package config")
    check(len(rel("lib*/**/cmake/catan_referee/catan_refereeConfigVersion.cmake")) == 1,
          "CMake package version file")
    pcs = glob.glob(os.path.join(prefix, "lib*", "**", "pkgconfig", "catan-referee.pc"), recursive=True)
    check(len(pcs) == 1, "pkg-config file catan-referee.pc")
    for f in ["bin/catan-referee", "share/man/man1/catan-referee.1", "share/doc/catan-referee/rules.md",
              "share/bash-completion/completions/catan-referee",
              "share/catan-referee/schemas/catan-referee-report-1.schema.json"]:
        check(os.path.isfile(os.path.join(prefix, f)), f"installed {f}")

    # find_package, asking for the exact version the project declares.
    cbuild = os.path.join(tmp, "cmake-build")
    run([cmake, "-S", consumer, "-B", cbuild, f"-DCMAKE_PREFIX_PATH={prefix}",
         f"-DCMAKE_CXX_COMPILER={cxx}", f"-DCATAN_WANT_VERSION={version}",
         f"-DCMAKE_CXX_FLAGS={cxxflags}", f"-DCMAKE_EXE_LINKER_FLAGS={ldflags}"])
    run([cmake, "--build", cbuild])
    check_consumer(os.path.join(cbuild, "check_log"), "find_package")
    # A major version the package does not have is refused by the version file.
    p = run([cmake, "-S", consumer, "-B", os.path.join(tmp, "cmake-too-new"),
             f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_CXX_COMPILER={cxx}",
             "-DCATAN_WANT_VERSION=99.0"], expect=None)
    check(p.returncode != 0 and "99.0" in p.stderr, "find_package(catan_referee 99.0) is refused")

    # pkg-config, with the installed file found through PKG_CONFIG_PATH.
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.dirname(pcs[0]) if pcs else "")
    mod = run(["pkg-config", "--modversion", "catan-referee"], env=env).stdout.strip()
    check(mod == version, f"pkg-config --modversion is {version} (got {mod})")
    flags = run(["pkg-config", "--cflags", "--libs", "catan-referee"], env=env).stdout.split()
    exe = os.path.join(tmp, "pc-check_log")
    run([cxx, *cxxflags.split(), os.path.join(consumer, "check_log.cpp"), "-o", exe] + flags
        + ldflags.split())
    check_consumer(exe, "pkg-config")

    # The Python package, when it was built, imports from where it was installed.
    pkgs = glob.glob(os.path.join(prefix, "lib*", "**", "dist-packages", "catan_referee"), recursive=True)
    if pkgs:
        env = dict(os.environ, PYTHONPATH=os.path.dirname(pkgs[0]))
        p = run(["/usr/bin/python3", "-c", "import catan_referee; print(catan_referee.__version__, "
                 "catan_referee.check(%r).error.rule)" % illegal], env=env)
        check(p.stdout == f"{version} ROBBER-01\n", "the installed Python package imports and checks")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("consumer: all checks passed")
