#!/usr/bin/env bash
# Build the kitchen-sink fixture with real Docusaurus 3 (see ../build-with-docusaurus.sh,
# which builds any fixture of this folder). Never run by `npm test`.
#
# Usage:
#   bash build-with-docusaurus.sh SCRATCH_DIR OUT_DIR [docusaurus build options...]
#
# Example (the recorded oracle, see /work/notes/kitchen-sink.md):
#   bash importer/src/__tests__/__fixtures__/kitchen-sink/build-with-docusaurus.sh \
#     /work/scratch/docusaurus3 /work/scratch/kitchen-sink-build
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exec bash "$HERE/../build-with-docusaurus.sh" "$HERE" "$@"
