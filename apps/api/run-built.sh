#!/bin/sh
# Runs one entry point of the API's build (dist/ENTRY.js) with plain node and source maps, e.g. `sh run-built.sh server`
# or `sh run-built.sh cli/job offer-alerts`; `npm run build` makes the build (docs/decisions/041). The package scripts
# `exec` this and this `exec`s node: npm's child is the server itself, and signals reach it directly.
entry="$(cd "$(dirname "$0")" && pwd)/dist/$1.js"
shift
if [ ! -f "$entry" ]; then
  echo "L'API non è compilata (manca $entry): esegui prima npm run build" >&2
  exit 1
fi
exec node --enable-source-maps "$entry" "$@"
