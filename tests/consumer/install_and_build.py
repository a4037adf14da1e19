#!/usr/bin/env python3
"""Installs the build tree into a temporary prefix and checks what a consumer of the C++
API gets (docs/API.md): only include/catan_referee/ (no internal header, no `catan`
identifier), the shared library, the CMake package and the pkg-config file. Each installed
header compiles alone with -Wall -Wextra -Werror -pedantic. Then the consumer
tests/consumer/api_tour.cpp, which uses every task of the API, is built with those flags
and run twice: through find_package(catan_referee) and through `pkg-config --cflags --libs
catan-referee` (with <complex.h>, <complex> and <cmath> included: GCC's builtin catan()
must not collide with anything), and the reports it renders are compared with the
installed CLI's `check --format ...` on the same file. A version the package does not have
is refused. The CLI, man page, schemas and Python package are still installed.

usage: install_and_build.py CMAKE BUILD_DIR SOURCE_DIR VERSION CXX [CXXFLAGS [LDFLAGS]]
(the build's flags, which a consumer of a sanitizer build must also use)
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

cmake, build_dir, source_dir, version, cxx = sys.argv[1:6]
cxxflags = sys.argv[6] if len(sys.argv) > 6 else ""
ldflags = sys.argv[7] if len(sys.argv) > 7 else ""
consumer = os.path.join(source_dir, "tests", "consumer")
illegal = os.path.join(source_dir, "samples", "illegal-ROBBER-01-wrong-discard-count.yaml")
strict = ["-std=c++20", "-Wall", "-Wextra", "-Werror", "-pedantic"]
headers = ["catan_referee.hpp", "check.hpp", "diagnostic.hpp", "live_game.hpp", "read.hpp",
           "report.hpp", "version.hpp"]
failures = []
started = time.monotonic()


def run(cmd, env=None, expect=0, cwd=None):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=cwd)
    if expect is not None and p.returncode != expect:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {p.returncode}, expected {expect}\n"
                 f"{p.stdout}\n{p.stderr}")
    return p


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def lap(what, since):
    print(f"time {what}: {time.monotonic() - since:.1f} s")
    return time.monotonic()


def run_tour(exe, how, out, prefix, env=None):
    os.makedirs(out)
    p = run([exe, source_dir, out], env=env, expect=None, cwd=out)
    print(p.stdout, end="")
    check(p.returncode == 0, f"{how}: api_tour passed every check\n{p.stderr}")
    check(f"version {version} library {version}\n" in p.stdout, f"{how}: version {version}")
    # The reports it rendered are the CLI's, byte for byte (text: but the time).
    cli = os.path.join(prefix, "bin", "catan-referee")
    for fmt in ["json", "jsonl", "sarif", "junit", "github", "text"]:
        got_path = os.path.join(out, "illegal." + fmt)
        got = open(got_path).read() if os.path.exists(got_path) else None
        want = run([cli, "check", "--format", fmt, "--help-uri-base", "", "--color", "never",
                    illegal], expect=1, cwd=out).stdout
        if fmt == "text":
            want = re.sub(r" in [0-9.]+ s\n$", "\n", want)
        check(got == want, f"{how}: render({fmt!r}) is `check --format {fmt}`")
    # render_html(0) is `report --out -`: the same page, its rules reference the same
    # installed rules.md (found from the library's place as the CLI finds it from its own).
    got = open(os.path.join(out, "illegal.html")).read()
    want = run([cli, "report", illegal, "--out", "-"], expect=1, cwd=out).stdout
    check(got == want, f"{how}: render_html(0) is `report --out -`")
    check(os.path.join(prefix, "share", "doc", "catan-referee", "rules.md") in got,
          f"{how}: the page names the installed rules reference")
    got = open(os.path.join(out, "illegal.quiet.text")).read()
    want = run([cli, "check", "--quiet", "--color", "never", illegal], expect=1, cwd=out).stdout
    check(got == want, f"{how}: render('text', quiet) is `check --quiet`")


with tempfile.TemporaryDirectory(prefix="catan-consumer-") as tmp:
    prefix = os.path.join(tmp, "prefix")
    t = time.monotonic()
    run([cmake, "--install", build_dir, "--prefix", prefix])
    t = lap("install", t)
    rel = lambda pattern: sorted(os.path.relpath(f, prefix)
                                 for f in glob.glob(os.path.join(prefix, pattern), recursive=True))
    inc = os.path.join(prefix, "include")
    check(sorted(os.listdir(inc)) == ["catan_referee"],
          f"include/ holds catan_referee/ only (got {sorted(os.listdir(inc))})")
    installed = sorted(os.listdir(os.path.join(inc, "catan_referee")))
    check(installed == sorted(headers), f"include/catan_referee/ holds the API's headers ({installed})")
    # No internal name: `catan` as a word (a namespace, a function) collides with GCC's
    # builtin catan() from <complex.h>.
    for h in installed:
        text = open(os.path.join(inc, "catan_referee", h)).read()
        code = re.sub(r"//[^\n]*", "", text)
        check(not re.search(r"\bcatan\b", code), f"include/catan_referee/{h} names no `catan`")
        check(not re.search(r'#include\s+"(core|diag|log|replay|rules|text|import|gen)/', code),
              f"include/catan_referee/{h} includes no internal header")
    libs = rel("lib*/**/libcatan*")
    check(any(re.search(r"libcatan_referee\.so$", l) for l in libs), "installed libcatan_referee.so")
    check(not any(l.endswith(".a") for l in libs), f"no internal static library installed ({libs})")
    check(len(rel("lib*/**/cmake/catan_referee/catan_refereeConfig.cmake")) == 1, "CMake package config")
    check(len(rel("lib*/**/cmake/catan_referee/catan_refereeConfigVersion.cmake")) == 1,
          "CMake package version file")
    pcs = glob.glob(os.path.join(prefix, "lib*", "**", "pkgconfig", "catan-referee.pc"), recursive=True)
    check(len(pcs) == 1, "pkg-config file catan-referee.pc")
    for f in ["bin/catan-referee", "share/man/man1/catan-referee.1", "share/doc/catan-referee/rules.md",
              "share/bash-completion/completions/catan-referee",
              "share/catan-referee/schemas/catan-referee-report-1.schema.json"]:
        check(os.path.isfile(os.path.join(prefix, f)), f"installed {f}")

    # Each header alone, with nothing but the standard library and the install's include/.
    for h in headers:
        one = os.path.join(tmp, f"alone-{h}.cpp")
        with open(one, "w") as f:
            f.write(f"#include <catan_referee/{h}>\n")
        p = run([cxx, *strict, "-fsyntax-only", "-I", inc, one], expect=None)
        check(p.returncode == 0, f"catan_referee/{h} compiles alone under -Werror\n{p.stderr}")
    t = lap("headers", t)

    # find_package, asking for the exact version the project declares.
    cbuild = os.path.join(tmp, "cmake-build")
    run([cmake, "-S", consumer, "-B", cbuild, f"-DCMAKE_PREFIX_PATH={prefix}",
         f"-DCMAKE_CXX_COMPILER={cxx}", f"-DCATAN_WANT_VERSION={version}",
         f"-DCMAKE_CXX_FLAGS={cxxflags}", f"-DCMAKE_EXE_LINKER_FLAGS={ldflags}"])
    run([cmake, "--build", cbuild])
    t = lap("find_package consumer build", t)
    run_tour(os.path.join(cbuild, "api_tour"), "find_package", os.path.join(tmp, "out-cmake"), prefix)
    t = lap("find_package consumer run", t)
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
    libdir = run(["pkg-config", "--variable=libdir", "catan-referee"], env=env).stdout.strip()
    exe = os.path.join(tmp, "pc-api_tour")
    run([cxx, *cxxflags.split(), *strict, "-DCATAN_CONSUMER_WITH_COMPLEX",
         os.path.join(consumer, "api_tour.cpp"), "-o", exe] + flags + ldflags.split()
        + [f"-Wl,-rpath,{libdir}"])
    t = lap("pkg-config consumer build", t)
    run_tour(exe, "pkg-config", os.path.join(tmp, "out-pc"), prefix)
    t = lap("pkg-config consumer run", t)

    # The Python package, when it was built, imports from where it was installed.
    pkgs = glob.glob(os.path.join(prefix, "lib*", "**", "dist-packages", "catan_referee"), recursive=True)
    if pkgs:
        env = dict(os.environ, PYTHONPATH=os.path.dirname(pkgs[0]))
        p = run(["/usr/bin/python3", "-c", "import catan_referee; print(catan_referee.__version__, "
                 "catan_referee.check(%r).error.rule)" % illegal], env=env)
        check(p.stdout == f"{version} ROBBER-01\n", "the installed Python package imports and checks")

print(f"time in all: {time.monotonic() - started:.1f} s")
if failures:
    sys.exit(f"{len(failures)} failure(s)")
print("consumer: all checks passed")
