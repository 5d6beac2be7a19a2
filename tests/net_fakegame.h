/* A small stand-in for the game session, for the host's tests only: moves
 * are any word but "illegal", sides alternate, requests are remembered,
 * and everything it accepts is told to the clients as the real one will. */
#ifndef ZANZIBAR_TESTS_NET_FAKEGAME_H
#define ZANZIBAR_TESTS_NET_FAKEGAME_H

#include <stdbool.h>

#include "net/host.h"

typedef struct {
    int nplies;
    char moves[64][MOVE_TEXT_MAX];
    NetRequest pending;
    NetSide pending_from;
    bool over, shut_down;
    int arrivals[3], departures[3]; /* by NetSide */
    int ticks, wakes;
} FakeGame;

extern const NetGameOps FAKE_GAME_OPS;

#endif
