# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later

# AUTOMOC with only the project's own include directories (cmake/moc-own-headers.sh.in says
# why): every target of the project that uses AUTOMOC runs moc through that script. It saves
# some 400 s of CPU in each of CI's two builds, a third of the main one's.
# EVERX_MOC_OWN_HEADERS=OFF runs moc as AUTOMOC does by default.
option(EVERX_MOC_OWN_HEADERS "Run AUTOMOC's moc with the project's include directories only" ON)

# everx_moc_own_headers(): call once, at the end of the top-level CMakeLists.txt, when every
# target exists.
function(everx_moc_own_headers)
    if(NOT EVERX_MOC_OWN_HEADERS)
        return()
    endif()
    get_target_property(EVERX_QT_MOC Qt6::moc LOCATION)
    set(wrapper ${PROJECT_BINARY_DIR}/moc-own-headers.sh)
    configure_file(${PROJECT_SOURCE_DIR}/cmake/moc-own-headers.sh.in ${wrapper}
        @ONLY FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
        WORLD_READ WORLD_EXECUTE)
    set(directories ${PROJECT_SOURCE_DIR})
    while(directories)
        list(POP_FRONT directories directory)
        get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
        foreach(target IN LISTS targets)
            get_target_property(automoc ${target} AUTOMOC)
            if(automoc)
                set_target_properties(${target} PROPERTIES AUTOMOC_EXECUTABLE ${wrapper})
            endif()
        endforeach()
        get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
        list(APPEND directories ${subdirectories})
    endwhile()
endfunction()
