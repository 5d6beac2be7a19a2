/* What the match's own files share and nothing outside src/match may
 * include: a Match's fields and the ops table of its link, here
 * (match_local.c) or a game host elsewhere (match_host.c). */
#ifndef ZANZIBAR_MATCH_INTERNAL_H
#define ZANZIBAR_MATCH_INTERNAL_H

#include "match/match.h"

/* How a link carries out each action of match.h. The ops below "what
 * it offers" are NULL in a link that does not offer their MATCH_ bit, and
 * match.c reads the bit before it calls them. */
typedef struct {
    unsigned (*offers)(const Match *m); /* MATCH_ bits, now */
    /* The games a command this link does not offer is for. */
    const char *elsewhere;
    bool (*move)(Match *m, Move mv);
    bool (*moveText)(Match *m, const char *text);
    /* The link's own reasons the player here may not move (false, why). */
    bool (*mayPlay)(const Match *m, char *why, size_t len);
    void (*resign)(Match *m);
    void (*request)(Match *m, RequestKind kind);
    bool (*asked)(const Match *m);
    bool (*answer)(Match *m, bool accept);
    bool (*tick)(Match *m, int64_t now_ms);
    int (*engineFd)(const Match *m);
    int (*linkFd)(const Match *m);
    short (*linkEvents)(const Match *m);
    bool (*busy)(const Match *m);
    /* Where this link keeps the game: after every change, at once (a
     * flip), the unfinished game before it is replaced, when the player
     * leaves. */
    void (*keepSaved)(Match *m);
    void (*keepNow)(Match *m);
    bool (*keepUnfinished)(Match *m);
    void (*end)(Match *m);
    /* Lets go of what the link holds, as the Match is freed or linked
     * anew. */
    void (*release)(Match *m);
    int (*localSide)(const Match *m);

    /* What it offers: MATCH_NAMED */
    const char *(*name)(const Match *m, int side);
    bool (*connected)(const Match *m, int side);
    const char *(*otherOption)(const Match *m);
    /* MATCH_CHAT */
    void (*say)(Match *m, const char *text);
    int (*chatCount)(const Match *m);
    const char *(*chatLine)(const Match *m, int i);
    /* MATCH_HOST */
    void (*claim)(Match *m);
    void (*abort)(Match *m);
    void (*deadline)(const Match *m, int64_t now_ms, MatchDeadline *out);
    /* MATCH_ARRANGE */
    int (*arranging)(const Match *m);
    bool (*awaitsArrangement)(const Match *m);
    bool (*arrangeDue)(Match *m);
    void (*offerArrangement)(Match *m);
    void (*arrange)(Match *m, int setup);
} MatchLink;

struct Match {
    GameSession *s;           /* the game in play: the match's own */
    const MatchLink *link;    /* here, until Match_attach links it to a host */
    struct Replica *remote;   /* the host link's replica, the match's own (NULL here) */
    const EngineSlots *slots; /* what the engine's searches take, or NULL */
};

#endif
