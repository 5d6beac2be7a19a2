/* The waiting thread behind the session's poll descriptor: it joins the
 * engine's search and writes one byte, so nobody has to ask "done yet?". */
#include "session/thinker.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct Thinker {
    int pipe[2]; /* [0] read by the host's poll, [1] written when done */
    pthread_t thread;
    bool running; /* a search was started and not yet finished */
    atomic_bool done;
    Engine *engine;
    Move best;
    EngineInfo info;
};

Thinker *Thinker_new(void)
{
    Thinker *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    if (pipe(t->pipe) != 0) {
        free(t);
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(t->pipe[i], F_SETFL, fcntl(t->pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(t->pipe[i], F_SETFD, FD_CLOEXEC);
    }
    atomic_init(&t->done, false);
    return t;
}

void Thinker_free(Thinker *t)
{
    if (!t)
        return;
    if (t->running) {
        Engine_stop(t->engine);
        EngineInfo info;
        Thinker_finish(t, &info);
    }
    close(t->pipe[0]);
    close(t->pipe[1]);
    free(t);
}

static void *Thinker_main(void *arg)
{
    Thinker *t = arg;
    t->best = Engine_wait(t->engine, &t->info);
    atomic_store(&t->done, true);
    ssize_t n;
    do
        n = write(t->pipe[1], "!", 1);
    while (n < 0 && errno == EINTR);
    return NULL;
}

bool Thinker_start(Thinker *t, Engine *e, const Game *g, const SearchLimits *lim)
{
    if (t->running || !Engine_start(e, &g->pos, g->hashes, g->nmoves, lim))
        return false;
    t->engine = e;
    atomic_store(&t->done, false);
    if (pthread_create(&t->thread, NULL, Thinker_main, t) != 0) {
        Engine_stop(e);
        Engine_wait(e, &t->info);
        return false;
    }
    t->running = true;
    return true;
}

bool Thinker_running(const Thinker *t)
{
    return t->running;
}

bool Thinker_done(const Thinker *t)
{
    return t->running && atomic_load(&t->done);
}

Move Thinker_finish(Thinker *t, EngineInfo *info)
{
    char buf[16];
    if (!t->running)
        return MOVE_NONE;
    pthread_join(t->thread, NULL);
    t->running = false;
    while (read(t->pipe[0], buf, sizeof buf) > 0)
        ;
    *info = t->info;
    return t->best;
}

int Thinker_fd(const Thinker *t)
{
    return t->pipe[0];
}
