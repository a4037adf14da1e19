# Installs the library for consumers: the layers' static libraries, their headers under
# include/catan/, a CMake package (find_package(catan_referee) -> catan_referee::catan) with
# a version file, and a pkg-config file (catan-referee.pc). Included from CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(CATAN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/catan_referee)
install(TARGETS catan catan_core catan_rules catan_text catan_log catan_import catan_diag catan_replay catan_gen
        EXPORT catan_referee_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Every layer's headers but those one layer's sources alone share: the detail.hpp files and
# the reader's parts (log/read_values.hpp, log/game_reader.hpp, log/header_scan.hpp).
foreach(layer IN LISTS CATAN_LAYERS)
  install(DIRECTORY src/${layer} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/catan
          FILES_MATCHING PATTERN "*.hpp" PATTERN "*.def"
          PATTERN "detail.hpp" EXCLUDE PATTERN "read_values.hpp" EXCLUDE
          PATTERN "game_reader.hpp" EXCLUDE PATTERN "header_scan.hpp" EXCLUDE)
endforeach()
install(FILES include/catan/engine.hpp include/catan/reader.hpp include/catan/report.hpp
              ${PROJECT_BINARY_DIR}/include/catan/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/catan)

install(EXPORT catan_referee_targets NAMESPACE catan_referee::
        FILE catan_refereeTargets.cmake DESTINATION ${CATAN_CMAKE_DIR})
configure_package_config_file(cmake/catan_refereeConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/catan_refereeConfig.cmake
                              INSTALL_DESTINATION ${CATAN_CMAKE_DIR})
# 0.x releases promise nothing across minor versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/catan_refereeConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/catan_refereeConfig.cmake
              ${PROJECT_BINARY_DIR}/catan_refereeConfigVersion.cmake
        DESTINATION ${CATAN_CMAKE_DIR})

# pkg-config: static libraries, so yaml-cpp (used inside log) is a public requirement.
set(CATAN_PC_LIBS "")
foreach(layer gen replay diag import log rules text core)  # dependants first, for the static linker
  string(APPEND CATAN_PC_LIBS " -lcatan_${layer}")
endforeach()
file(RELATIVE_PATH CATAN_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" CATAN_PC_TO_PREFIX "${CATAN_PC_TO_PREFIX}")
configure_file(cmake/catan-referee.pc.in ${PROJECT_BINARY_DIR}/catan-referee.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/catan-referee.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
