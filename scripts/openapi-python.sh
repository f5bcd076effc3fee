#!/usr/bin/env bash
# Prints the path of a Python that has openapi-spec-validator (from PyPI), jsonschema and PyYAML, for
# scripts/check-openapi.py. Makes a virtual environment in Apps/.build/openapi-venv on first use (and
# installs python3-venv from Debian when the system Python lacks venv); later runs reuse it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=Apps/.build/openapi-venv
check='import openapi_spec_validator, jsonschema, yaml'
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c "$check" 2>/dev/null; then
  mkdir -p Apps/.build
  if ! python3 -m venv "$venv" >&2 2>/dev/null; then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >&2
    python3 -m venv "$venv" >&2
  fi
  "$venv/bin/pip" install -q --disable-pip-version-check 'openapi-spec-validator>=0.7,<1' 'PyYAML>=6' >&2
fi
echo "$PWD/$venv/bin/python"
