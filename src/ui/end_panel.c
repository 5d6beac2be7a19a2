/* The end panel: says in words who won and why (the status line above it
 * gives the score), names the file the game was kept in, and lists the
 * keys that lead on: a new game, a rematch, a review, a save. */
#include "ui/end_panel.h"

#include <stdio.h>
#include <string.h>

#include "core/status.h"
#include "ui/colors.h"
#include "ui/review.h"
#include "ui/ui.h"

/* The panel's key lines; the first letters are the keys. */
static const char *const end_keys[] = {
    "n  new game",
    "R  rematch, colours swapped",
    "[  review the game",
    "s  save it to a file",
};
#define NEND_KEYS ((int)(sizeof end_keys / sizeof end_keys[0]))

bool EndPanel_shown(const Play *p)
{
    return Session_hasGame(p->s) && Game_over(Session_game(p->s)) && !Review_active(p);
}

/* "White wins: checkmate"; against the engine "You win" or "The engine
 * wins"; between terminals the winner's name; "Drawn: stalemate". */
static void EndPanel_outcome(const Play *p, char *buf, size_t len)
{
    const GameStatus *st = &Session_game(p->s)->status;
    const char *why = Status_reasonText(st->reason);
    if (st->result == RESULT_DRAW) {
        /* A flag is a draw only against a side that could never mate. */
        snprintf(buf, len, "Drawn: %s",
                 st->reason == REASON_TIME ? "time out, no mate possible" : why);
        return;
    }
    int winner = st->result == RESULT_WHITE_WINS ? WHITE : BLACK;
    const char *colour = winner == WHITE ? "White" : "Black";
    if (Match_offers(p->match, MATCH_NAMED))
        snprintf(buf, len, "%s (%s) wins: %s", Match_name(p->match, winner), colour, why);
    else if (Session_seat(p->s, winner) == SEAT_ENGINE)
        snprintf(buf, len, "The engine (%s) wins: %s", colour, why);
    else if (Session_seat(p->s, !winner) == SEAT_ENGINE)
        snprintf(buf, len, "You (%s) win: %s", colour, why);
    else
        snprintf(buf, len, "%s wins: %s", colour, why);
}

/* The kept file's own name: its folder is the saved-games folder. */
static const char *EndPanel_keptName(const Play *p)
{
    const char *slash = strrchr(Session_keptPath(p->s), '/');
    return slash != NULL ? slash + 1 : Session_keptPath(p->s);
}

int EndPanel_draw(const Play *p, int y, int x, int w, int h)
{
    char outcome[160];
    int row = 0;
    EndPanel_outcome(p, outcome, sizeof outcome);
    Ui_text(y + row++, x, w, ROLE_TITLE, "%s", outcome);
    if (row + 1 < h && Session_keptPath(p->s)[0] != '\0') {
        Ui_text(y + row++, x, w, ROLE_NORMAL, "saved among the saved games as");
        Ui_text(y + row++, x, w, ROLE_NORMAL, "%s", EndPanel_keptName(p));
    } else if (row < h) {
        Ui_text(y + row++, x, w, ROLE_LABEL, "not kept among the saved games");
    }
    /* Between terminals the host ends the game: no new one from here. */
    for (int i = Match_offers(p->match, MATCH_NEW) ? 0 : 1; i < NEND_KEYS && row + 1 < h; i++)
        Ui_text(y + row++, x, w, ROLE_LABEL, "%s", end_keys[i]);
    return row + 1 < h ? row + 1 : row;
}

const char *EndPanel_keyLine(const Play *p)
{
    if (!Match_offers(p->match, MATCH_NEW))
        return "R rematch  [ review  s save  : command  ? help  q quit";
    /* u is offered only where it would work: never after a flag. */
    return Match_offers(p->match, MATCH_UNDO) && Session_endingUndoable(p->s)
        ? "n new game  R rematch  [ review  s save  u undo the end  q quit"
        : "n new game  R rematch  [ review  s save  q quit";
}
