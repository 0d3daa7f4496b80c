# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later

# Run by cpack (CPACK_PROJECT_CONFIG_FILE) before it builds the packages. The configuration file,
# the unit and the conffiles list are laid out for /usr; from another prefix they would land
# outside /etc and /usr/lib/systemd.
if(NOT CPACK_PACKAGING_INSTALL_PREFIX STREQUAL "/usr")
    message(FATAL_ERROR "Debian packages need a build configured with -DCMAKE_INSTALL_PREFIX=/usr "
        "(this one installs to ${CPACK_PACKAGING_INSTALL_PREFIX})")
endif()
