/* Glicko-2 ratings (Mark Glickman's system): a rating, its deviation and
 * its volatility, updated after each rated game. Pure arithmetic, no I/O. */
#ifndef ZANZIBAR_SERVER_GLICKO_H
#define ZANZIBAR_SERVER_GLICKO_H

#include <stdbool.h>
#include <stddef.h>

#define GLICKO_START_RATING 1500.0
#define GLICKO_START_RD 350.0
#define GLICKO_START_VOLATILITY 0.06
/* The system constant: how much the volatility may change in one update. */
#define GLICKO_TAU 0.5
/* A rating whose deviation is above this is shown as provisional. */
#define GLICKO_PROVISIONAL_RD 110.0
/* Enough room for "1500?" and any rating the arithmetic can give. */
#define GLICKO_TEXT_MAX 16

typedef struct {
    double rating;
    double rd;
    double volatility;
} Glicko;

/* One game of a rating period: the opponent as rated before it, and the
 * score (1 a win, 0.5 a draw, 0 a loss). */
typedef struct {
    Glicko opponent;
    double score;
} GlickoGame;

/* A new player's rating. */
Glicko Glicko_initial(void);

/* The rating after a period of n games (n >= 1) with system constant tau.
 * The server rates each game as its own period. */
Glicko Glicko_update(Glicko player, const GlickoGame *games, size_t n, double tau);

/* True while the deviation is too large for the rating to mean much. */
bool Glicko_isProvisional(Glicko g);

/* The rating rounded, with "?" after it while provisional: "1500?". */
void Glicko_format(Glicko g, char *text, size_t len);

#endif
