"""Builds the Python package catan_referee with the project's own CMake build.

pyproject.toml holds the metadata; this file adds what setuptools cannot read from there:
the version (project() in CMakeLists.txt) and the native module, which CMake builds.

`build_ext` builds the CMake target catan_python, then copies the whole folder
cmake/python-module.cmake assembles (<build>/python/catan_referee: _native*.so,
__init__.py, and whatever else is put there, such as .pyi stubs and py.typed) into the
wheel. The CMake build tree is either:
  - fresh: a Release build configured by this file in setuptools' build_temp
    (build/temp.*/cmake under this folder), tests left out; or
  - CATAN_CMAKE_BUILD_DIR: an existing, configured build tree of this source (such as
    build/dev), rebuilt (target catan_python only) and packaged as it is.
CATAN_CMAKE_ARGS adds arguments to the fresh tree's configure step (shell words);
CMAKE_BUILD_PARALLEL_LEVEL sets the build's jobs (default: one per CPU).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "catan_referee"


def project_version():
    with open(os.path.join(SOURCE_DIR, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"project\(\s*catan-referee\s+VERSION\s+([0-9][0-9.]*)", f.read())
    if not m:
        sys.exit("setup.py: no `project(catan-referee VERSION x.y.z)` in CMakeLists.txt")
    return m.group(1)


def cache_value(build_dir, name):
    """The value of NAME in BUILD_DIR/CMakeCache.txt, or None."""
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            key, sep, value = line.rstrip("\n").partition("=")
            if sep and key.split(":")[0] == name:
                return value
    return None


class CMakeExtension(Extension):
    """The native module, built by CMake rather than by setuptools' compiler."""

    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def run(self):
        # An in-place build would copy the module into ./catan_referee, which is not the
        # package's source (python/catan_referee is, and CMake assembles it elsewhere).
        if self.inplace or getattr(self, "editable_mode", False):
            sys.exit("setup.py: in-place and editable builds (pip install -e) are not "
                     "supported; build with CMake and use PYTHONPATH=build/<preset>/python")
        super().run()

    def build_extension(self, ext):
        build_dir = self.cmake_build_dir()
        jobs = (os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL")
                or str(self.parallel or os.cpu_count() or 1))
        self.run_cmake(["cmake", "--build", build_dir, "--target", "catan_python",
                        "--parallel", jobs])
        self.copy_package(os.path.join(build_dir, "python", PACKAGE),
                          os.path.dirname(self.get_ext_fullpath(ext.name)))

    def cmake_build_dir(self):
        existing = os.environ.get("CATAN_CMAKE_BUILD_DIR")
        if existing:
            build_dir = os.path.abspath(existing)
            if not os.path.isfile(os.path.join(build_dir, "CMakeCache.txt")):
                sys.exit(f"setup.py: CATAN_CMAKE_BUILD_DIR={existing} is not a configured "
                         "CMake build tree (no CMakeCache.txt)")
            home = cache_value(build_dir, "CMAKE_HOME_DIRECTORY")
            if not home or os.path.realpath(home) != os.path.realpath(SOURCE_DIR):
                sys.exit(f"setup.py: CATAN_CMAKE_BUILD_DIR={existing} is a build of {home}, "
                         f"not of {SOURCE_DIR}")
            print(f"setup.py: packaging the CMake build tree {build_dir}", flush=True)
            return build_dir
        build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        os.makedirs(build_dir, exist_ok=True)
        # The module is for the interpreter running this build (a venv's python is a link
        # to its base interpreter, whose headers and ABI are the same).
        python = os.path.realpath(sys.executable)
        self.run_cmake(["cmake", "-S", SOURCE_DIR, "-B", build_dir,
                        "-DCMAKE_BUILD_TYPE=Release", "-DCATAN_BUILD_TESTS=OFF",
                        "-DCATAN_PYTHON_MODULE=ON", f"-DCATAN_MODULE_PYTHON={python}",
                        *shlex.split(os.environ.get("CATAN_CMAKE_ARGS", ""))])
        return build_dir

    def run_cmake(self, cmd):
        print("setup.py:", shlex.join(cmd), flush=True)
        try:
            subprocess.run(cmd, check=True)
        except FileNotFoundError:
            sys.exit("setup.py: cmake is not installed (scripts/setup-deps.sh installs it)")
        except subprocess.CalledProcessError as e:
            sys.exit(f"setup.py: `{shlex.join(cmd)}` failed (exit {e.returncode}); the Python "
                     "module needs pybind11-dev and python3-dev (scripts/setup-deps.sh) and is "
                     "not built with sanitizers")

    def copy_package(self, built, dest):
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        names = os.listdir(built) if os.path.isdir(built) else []
        natives = [n for n in names if n.startswith("_native.") and n.endswith(".so")]
        if "__init__.py" not in names or not natives:
            sys.exit(f"setup.py: {built} lacks __init__.py or the native module _native*.so")
        if f"_native{suffix}" not in natives:
            sys.exit(f"setup.py: {built} holds {', '.join(natives)}, not _native{suffix} for "
                     f"{sys.executable}; build the tree for this interpreter "
                     "(-DCATAN_MODULE_PYTHON) or leave CATAN_CMAKE_BUILD_DIR unset")
        # Whatever a previous build left here goes: the package is the folder as built now.
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(built, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        print(f"setup.py: copied {built} to {dest}: {', '.join(sorted(os.listdir(dest)))}",
              flush=True)


setup(
    version=project_version(),
    # The package is the folder CMake assembles (build_ext copies it): nothing for
    # setuptools to find in the source tree (src/ is C++, python/ is copied by CMake).
    packages=[],
    ext_modules=[CMakeExtension(f"{PACKAGE}._native")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
