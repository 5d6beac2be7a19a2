/* Moves and square names in XBoard's terms: XBoard counts the ranks of a
 * board with exactly ten ranks from 0, and sends a carpet flight as two
 * legs "a,b" where we write one word. */
#include "cli/xbmove.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/movegen.h"
#include "core/notation.h"

/* Rewrites every square name in text, shifting ranks by delta; ranks of
 * more than three digits name no square and are copied unchanged. False
 * if out is too small, so that a cut word is never read as a move. */
bool XbMove_shiftRanks(const char *in, char *out, size_t len, int delta)
{
    size_t o = 0;
    for (size_t i = 0; in[i];) {
        if (o + 1 >= len)
            return false;
        if (!isalpha((unsigned char)in[i]) || !isdigit((unsigned char)in[i + 1])) {
            out[o++] = in[i++];
            continue;
        }
        out[o++] = in[i++];
        size_t digits = strspn(in + i, "0123456789");
        int n;
        if (digits > 3)
            n = snprintf(out + o, len - o, "%.*s", (int)digits, in + i);
        else
            n = snprintf(out + o, len - o, "%d", atoi(in + i) + delta);
        if (n < 0 || (size_t)n >= len - o)
            return false;
        o += (size_t)n;
        i += digits;
    }
    out[o] = '\0';
    return true;
}

int XbMove_rankShift(const Variant *v)
{
    return v->ranks == 10 ? 1 : 0;
}

void XbMove_text(const Position *pos, Move m, char *buf, size_t len)
{
    char ours[MOVE_TEXT_MAX];
    Notation_coord(pos, m, ours);
    XbMove_shiftRanks(ours, buf, len, -XbMove_rankShift(pos->v));
}

/* XBoard's form to ours; a two-leg "a,b" form of a carpet flight becomes
 * our single word (landing square, then the flight's square). False if
 * the word is too long to be a move. */
bool XbMove_parse(const Variant *v, const char *in, char *buf, size_t len)
{
    char joined[XB_WORD_MAX];
    const char *comma = strchr(in, ',');
    if (comma) {
        size_t n = (size_t)(comma - in);
        if (n >= sizeof joined)
            return false;
        memcpy(joined, in, n);
        const char *second = comma + 1;
        if (isalpha((unsigned char)*second) && isdigit((unsigned char)second[1])) {
            second++; /* skip the second leg's start square only */
            while (isdigit((unsigned char)*second))
                second++;
        }
        int m = snprintf(joined + n, sizeof joined - n, "%s", second);
        if (m < 0 || (size_t)m >= sizeof joined - n)
            return false;
        in = joined;
    }
    return XbMove_shiftRanks(in, buf, len, XbMove_rankShift(v));
}

/* Mate in N moves is 100000 + N for XBoard, mated -100000 - N. */
static int XbMove_scoreForGui(int score)
{
    if (score > ENGINE_MATE_BOUND)
        return 100000 + (ENGINE_MATE - score + 1) / 2;
    if (score < -ENGINE_MATE_BOUND)
        return -100000 - (ENGINE_MATE + score) / 2;
    return score;
}

void XbMove_thinking(FILE *out, const Position *from, int depth, const EngineInfo *info, int score,
                     const Move *pv, int npv)
{
    char line[2048], mv[MOVE_TEXT_MAX + 8];
    int o = snprintf(line, sizeof line, "%d %d %d %llu", depth, XbMove_scoreForGui(score),
                     info->elapsed_ms / 10, (unsigned long long)info->nodes);
    Position pos = *from;
    for (int i = 0; i < npv && o < (int)sizeof line - 40; i++) {
        if (!Movegen_isLegalMove(&pos, pv[i]))
            break;
        XbMove_text(&pos, pv[i], mv, sizeof mv);
        o += snprintf(line + o, sizeof line - (size_t)o, " %s", mv);
        Undo u;
        Position_make(&pos, pv[i], &u);
    }
    fprintf(out, "%s\n", line);
}
