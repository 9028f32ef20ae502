#!/bin/sh
# $RUMMY_CHROMIUM with its --disable-features switches merged into one, and its --enable-features
# switches into another: Chromium keeps only the last of each, so the browser tests' own
# (tests/browser/conftest.py) would otherwise drop the list playwright passes before them.
disable=
enable=
for arg in "$@"; do
  shift
  case $arg in
    --disable-features=*) disable=${disable:+$disable,}${arg#--disable-features=} ;;
    --enable-features=*) enable=${enable:+$enable,}${arg#--enable-features=} ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${RUMMY_CHROMIUM:?the Chromium to run}" ${disable:+"--disable-features=$disable"} ${enable:+"--enable-features=$enable"} "$@"
