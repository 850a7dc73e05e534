#!/bin/sh
# Regenerates the font subsets pictures are rasterised with (README "Pictures"):
# DejaVu Sans and DejaVu Sans Bold cut to Latin-1, Latin Extended-A (Spanish and every
# western European name), general punctuation and the symbol blocks the games' drawers use
# (arrows, geometric shapes, card suits and stars, check marks). Needs pyftsubset (fonttools).
# Run from the repository root: sh scripts/subset-fonts.sh
set -eu
SRC=node_modules/dejavu-fonts-ttf/ttf
OUT=assets/fonts
UNICODES="U+0020-007E,U+00A0-017F,U+0192,U+02C6-02DC,U+2010-2027,U+2030-203A,U+2044,U+20AC,U+2116,U+2122,U+2190-21FF,U+2212-2219,U+221E,U+2248,U+2260-2265,U+2300-23FF,U+2460-24FF,U+2500-25FF,U+2600-26FF,U+2700-27BF,U+2B00-2BFF,U+FFFD"
mkdir -p "$OUT"
for face in DejaVuSans DejaVuSans-Bold; do
  pyftsubset "$SRC/$face.ttf" --unicodes="$UNICODES" --layout-features='kern,liga' \
    --no-hinting --desubroutinize --drop-tables+=FFTM --name-IDs='*' --output-file="$OUT/$face.subset.ttf"
done
cp node_modules/dejavu-fonts-ttf/LICENSE "$OUT/DejaVu-LICENSE"
ls -l "$OUT"
