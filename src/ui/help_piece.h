/* A piece page of the help apart from the screen: the diagram's position,
 * its marks and symbols, the legend of the symbols it uses, and the text
 * for the game shown. Curses-free, so that tests can hold every page
 * against the core's move generation. */
#ifndef ZANZIBAR_UI_HELP_PIECE_H
#define ZANZIBAR_UI_HELP_PIECE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/movegen.h"
#include "core/position.h"

#define HELP_PIECE_MAX_LEGEND 8

/* An empty board of the game (carpets where they start) with a White piece
 * of that type alone near the middle, screens where a hopper needs them and
 * the King's jump right where the game has one (Variant_pieceNote); returns its square. */
int HelpPiece_setUp(Position *pos, const Variant *v, int type);
/* The DestKind bits of every cell the piece on from reaches. generic: the
 * board is a diagram, so each empty square is also tried with an enemy on
 * it to show where the piece takes. */
void HelpPiece_marks(Position *pos, int type, int from, bool generic, uint8_t dest[MAX_CELLS]);
/* The diagram's symbol for a cell's marks, or 0 for none. */
char HelpPiece_glyph(uint8_t dest);
/* The legend entries ("o moves only") of the symbols that glyphs (one per
 * cell, 0 for none) use, in a fixed order, and last the piece's own mark;
 * returns how many. */
int HelpPiece_legend(const char glyphs[MAX_CELLS], const char *entries[HELP_PIECE_MAX_LEGEND]);

#endif
