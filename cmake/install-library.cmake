# Installs the C++ API for consumers (docs/API.md) and nothing of the internals: the
# headers of include/catan_referee/ (with the generated version.hpp), the shared library
# libcatan_referee (the layers linked in, their symbols hidden), a CMake package
# (find_package(catan_referee) -> catan_referee::catan_referee) with a version file, and a
# pkg-config file (catan-referee.pc). Included from CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(CATAN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/catan_referee)
install(TARGETS catan_referee
        EXPORT catan_referee_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/catan_referee DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/include/catan_referee/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/catan_referee)

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

# pkg-config: a shared library whose dependencies (fmt, yaml-cpp) are its own business.
file(RELATIVE_PATH CATAN_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" CATAN_PC_TO_PREFIX "${CATAN_PC_TO_PREFIX}")
configure_file(cmake/catan-referee.pc.in ${PROJECT_BINARY_DIR}/catan-referee.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/catan-referee.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
