/* Moves and square names in XBoard's numbering (ranks from 0 on boards of
 * exactly ten ranks), both ways, for the XBoard loop and its analysis. */
#ifndef ZANZIBAR_CLI_XBMOVE_H
#define ZANZIBAR_CLI_XBMOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/notation.h"
#include "core/position.h"
#include "engine/engine.h"

/* Room for any move word we accept; longer words are refused whole. */
#define XB_WORD_MAX (MOVE_TEXT_MAX * 2)

/* Rewrites every square name in text, shifting ranks by delta; false if
 * out is too small, so that a cut word is never read as a move. */
bool XbMove_shiftRanks(const char *in, char *out, size_t len, int delta);
/* What XBoard's rank numbers lack against ours on board v (0 or 1). */
int XbMove_rankShift(const Variant *v);
/* Move m of pos as XBoard writes it. */
void XbMove_text(const Position *pos, Move m, char *buf, size_t len);
/* XBoard's move word to ours (a carpet flight's two legs joined); false
 * if the word is too long to be a move. */
bool XbMove_parse(const Variant *v, const char *in, char *buf, size_t len);
/* One line of thinking output, "depth score time nodes pv", the line pv
 * (its moves read from from) with the search's time and nodes in info. */
void XbMove_thinking(FILE *out, const Position *from, int depth, const EngineInfo *info, int score,
                     const Move *pv, int npv);

#endif
