# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later

# Rooms: a folder per concern inside a layer, each a static library target (everx_<room>), so
# that the link graph says who may use whom (docs/architecture.md "Layers and rooms").
#
#   everx_layer(<layer> [USES <layers...>])
#       declares a top folder (models, exchange, ui) and the layers its rooms may use.
#   everx_add_room(<room> SOURCES <files...> [USES <rooms...>] [LIBS <targets...>]
#                  [PRIVATE_LIBS <targets...>])
#       in <layer>/<room>/CMakeLists.txt: the library everx_<room>, linking the rooms it USES
#       (declared earlier, in its own layer or in one its layer may use) and other LIBS.
#       Sources include headers by room: #include "wire/clientsession.h".
#   everx_check_rooms()
#       at the end of the top CMakeLists: fails the configure when any room target links a room
#       it does not declare, and writes rooms.txt (room, folder, rooms it may include) for the
#       rooms_includes test (scripts/check-rooms.sh).

function(everx_layer layer)
    cmake_parse_arguments(ARG "" "" "USES" ${ARGN})
    set_property(GLOBAL APPEND PROPERTY EVERX_LAYERS ${layer})
    set_property(GLOBAL PROPERTY EVERX_LAYER_${layer}_USES ${ARG_USES})
endfunction()

function(everx_add_room room)
    cmake_parse_arguments(ARG "" "" "SOURCES;USES;LIBS;PRIVATE_LIBS" ${ARGN})
    get_filename_component(layerDir "${CMAKE_CURRENT_SOURCE_DIR}" DIRECTORY)
    get_filename_component(layer "${layerDir}" NAME)
    get_property(layers GLOBAL PROPERTY EVERX_LAYERS)
    if(NOT layer IN_LIST layers)
        message(FATAL_ERROR "room ${room}: ${layer}/ is not a declared layer")
    endif()
    get_property(layerUses GLOBAL PROPERTY EVERX_LAYER_${layer}_USES)
    # What this room may include: the rooms it uses and, through them, what they may include.
    set(allowed ${room})
    foreach(used IN LISTS ARG_USES)
        get_property(usedLayer GLOBAL PROPERTY EVERX_ROOM_${used}_LAYER)
        if(NOT usedLayer)
            message(FATAL_ERROR "room ${room} uses ${used}, which is no room declared before it")
        endif()
        if(NOT usedLayer STREQUAL layer AND NOT usedLayer IN_LIST layerUses)
            message(FATAL_ERROR "room ${room} (${layer}/) may not use ${used} (${usedLayer}/)")
        endif()
        get_property(usedAllowed GLOBAL PROPERTY EVERX_ROOM_${used}_ALLOWED)
        list(APPEND allowed ${usedAllowed})
    endforeach()
    list(REMOVE_DUPLICATES allowed)

    add_library(everx_${room} STATIC ${ARG_SOURCES})
    set_target_properties(everx_${room} PROPERTIES UNITY_BUILD ${EVERX_UNITY_BUILD})
    target_include_directories(everx_${room} PUBLIC ${layerDir})
    list(TRANSFORM ARG_USES PREPEND everx_ OUTPUT_VARIABLE usedTargets)
    target_link_libraries(everx_${room} PUBLIC ${usedTargets} ${ARG_LIBS}
        PRIVATE everx_build_flags everx_fuzz_coverage ${ARG_PRIVATE_LIBS})

    set_property(GLOBAL APPEND PROPERTY EVERX_ROOMS ${room})
    set_property(GLOBAL PROPERTY EVERX_ROOM_${room}_LAYER ${layer})
    set_property(GLOBAL PROPERTY EVERX_ROOM_${room}_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    set_property(GLOBAL PROPERTY EVERX_ROOM_${room}_ALLOWED ${allowed})
endfunction()

function(everx_check_rooms)
    get_property(rooms GLOBAL PROPERTY EVERX_ROOMS)
    set(table "")
    foreach(room IN LISTS rooms)
        get_property(allowed GLOBAL PROPERTY EVERX_ROOM_${room}_ALLOWED)
        get_property(dir GLOBAL PROPERTY EVERX_ROOM_${room}_DIR)
        get_target_property(links everx_${room} LINK_LIBRARIES)
        foreach(link IN LISTS links)
            string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" link "${link}")
            if(link MATCHES "^everx_(.*)$" AND CMAKE_MATCH_1 IN_LIST rooms
               AND NOT CMAKE_MATCH_1 IN_LIST allowed)
                message(FATAL_ERROR "room ${room} links ${link}, which it may not use")
            endif()
        endforeach()
        list(JOIN allowed "," allowedText)
        string(APPEND table "${room} ${dir} ${allowedText}\n")
    endforeach()
    file(WRITE ${CMAKE_BINARY_DIR}/rooms.txt "${table}")
endfunction()
