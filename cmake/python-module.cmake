# The Python package catan_referee: python/catan_referee/*.py and the native module
# _native (src/python/module.cpp, pybind11), assembled in build/<preset>/python so that
# PYTHONPATH=build/<preset>/python imports it. Built only when pybind11 (Debian
# pybind11-dev) and the headers of CATAN_MODULE_PYTHON (python3-dev) are found.
# The module is for the system interpreter, where Debian's python3-pytest and python3-dask
# live, not for another python3 that may come first on PATH.
set(CATAN_MODULE_PYTHON /usr/bin/python3 CACHE FILEPATH "The python3 the module is built for")
# A sanitizer build's module cannot be loaded by an uninstrumented python3 (the ASan
# runtime must come first): the sanitize and fuzz presets leave the module out.
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  message(STATUS "Python module catan_referee: not built with sanitizers (${CMAKE_CXX_FLAGS})")
  set(CATAN_PYTHON_MODULE_BUILT OFF)
  return()
endif()
set(Python_EXECUTABLE ${CATAN_MODULE_PYTHON})
set(PYBIND11_FINDPYTHON ON)
set(PYBIND11_PYTHON ${CATAN_MODULE_PYTHON})
find_package(Python COMPONENTS Interpreter Development.Module QUIET)
if(Python_Development.Module_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
if(NOT Python_Development.Module_FOUND OR NOT pybind11_FOUND)
  message(STATUS "Python module catan_referee: not built (needs pybind11-dev and python3-dev "
                 "for ${CATAN_MODULE_PYTHON})")
  set(CATAN_PYTHON_MODULE_BUILT OFF)
  return()
endif()
message(STATUS "Python module catan_referee: built for ${Python_EXECUTABLE} ${Python_VERSION}")
set(CATAN_PYTHON_MODULE_BUILT ON)

# `cmake --install` puts the package where that interpreter looks under the prefix
# (lib/python3.11/dist-packages on Debian for /usr/local).
set(CATAN_PYTHON_INSTALL_DIR
    ${CMAKE_INSTALL_LIBDIR}/python${Python_VERSION_MAJOR}.${Python_VERSION_MINOR}/dist-packages
    CACHE STRING "Where, under the prefix, the Python package catan_referee is installed")
set(CATAN_PYTHON_PACKAGE_DIR ${PROJECT_BINARY_DIR}/python/catan_referee)
pybind11_add_module(catan_python MODULE src/python/module.cpp src/python/game.cpp
                    src/python/imported.cpp src/python/tools.cpp)
target_link_libraries(catan_python PRIVATE catan)
set_target_properties(catan_python PROPERTIES OUTPUT_NAME _native
                      LIBRARY_OUTPUT_DIRECTORY ${CATAN_PYTHON_PACKAGE_DIR})
# The explain panel of report_html names the installed rules reference as the CLI does,
# found from the package's folder (src/diag/explain.hpp, find_rules_reference).
target_compile_definitions(catan_python PRIVATE CATAN_DOC_DIR="${CMAKE_INSTALL_FULL_DOCDIR}"
  CATAN_INSTALL_DOCDIR="${CMAKE_INSTALL_DOCDIR}" CATAN_BUILD_DIR="${PROJECT_BINARY_DIR}"
  CATAN_SOURCE_DIR="${PROJECT_SOURCE_DIR}" CATAN_PYTHON_INSTALL_DIR="${CATAN_PYTHON_INSTALL_DIR}")
# The pure Python part, its type stubs and the PEP 561 marker (py.typed).
set(CATAN_PYTHON_FILES __init__.py __init__.pyi py.typed)
foreach(f IN LISTS CATAN_PYTHON_FILES)
  configure_file(python/catan_referee/${f} ${CATAN_PYTHON_PACKAGE_DIR}/${f} COPYONLY)
endforeach()

install(TARGETS catan_python LIBRARY DESTINATION ${CATAN_PYTHON_INSTALL_DIR}/catan_referee)
list(TRANSFORM CATAN_PYTHON_FILES PREPEND python/catan_referee/ OUTPUT_VARIABLE CATAN_PYTHON_SOURCES)
install(FILES ${CATAN_PYTHON_SOURCES} DESTINATION ${CATAN_PYTHON_INSTALL_DIR}/catan_referee)
