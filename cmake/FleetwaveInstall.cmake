# `cmake --install build [--prefix /usr/local]`: the two binaries into bin/ and their shell
# completion scripts where bash-completion, zsh and fish look for them. The scripts are what the
# built binaries print (`fleetwave completion SHELL`), written at install time so a build pays
# nothing for them.
include(GNUInstallDirs)

set(FLEETWAVE_INSTALLED_TOOLS fleetwave-render)
if(TARGET fleetwave)
  list(APPEND FLEETWAVE_INSTALLED_TOOLS fleetwave)
endif()
install(TARGETS ${FLEETWAVE_INSTALLED_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(completion_dir ${PROJECT_BINARY_DIR}/completion)
foreach(tool IN LISTS FLEETWAVE_INSTALLED_TOOLS)
  foreach(shell bash zsh fish)
    install(CODE "
      file(MAKE_DIRECTORY \"${completion_dir}\")
      execute_process(COMMAND \"$<TARGET_FILE:${tool}>\" completion ${shell}
                      OUTPUT_FILE \"${completion_dir}/${tool}.${shell}\" RESULT_VARIABLE status)
      if(NOT status EQUAL 0)
        message(FATAL_ERROR \"${tool} completion ${shell} failed: \${status}\")
      endif()")
  endforeach()
  install(FILES ${completion_dir}/${tool}.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          RENAME ${tool})
  install(FILES ${completion_dir}/${tool}.zsh DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions
          RENAME _${tool})
  install(FILES ${completion_dir}/${tool}.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d
          RENAME ${tool}.fish)
endforeach()
