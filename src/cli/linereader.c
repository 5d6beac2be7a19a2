/* The line reader thread and its queue. Lines of any length are read;
 * the queue grows as needed because commands are short and few. */
#include "cli/linereader.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct LineReader {
    FILE *in;
    char *stop_word;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t ready;
    char **lines;
    size_t head, count, capacity;
    bool ended;
};

static bool LineReader_push(LineReader *r, char *line)
{
    pthread_mutex_lock(&r->lock);
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? r->capacity * 2 : 16;
        char **grown = malloc(cap * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&r->lock);
            return false;
        }
        for (size_t i = 0; i < r->count; i++)
            grown[i] = r->lines[(r->head + i) % r->capacity];
        free(r->lines);
        r->lines = grown;
        r->head = 0;
        r->capacity = cap;
    }
    r->lines[(r->head + r->count) % r->capacity] = line;
    r->count++;
    pthread_cond_signal(&r->ready);
    pthread_mutex_unlock(&r->lock);
    return true;
}

static void *LineReader_readerMain(void *arg)
{
    LineReader *r = arg;
    char *buf = NULL;
    size_t size = 0;
    ssize_t n;
    while ((n = getline(&buf, &size, r->in)) >= 0) {
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = '\0';
        /* Compared before the push: once queued, the line is the consumer's. */
        bool last = strcmp(buf, r->stop_word) == 0;
        char *line = strdup(buf);
        if (!line || !LineReader_push(r, line)) {
            free(line);
            break;
        }
        if (last)
            break;
    }
    free(buf);
    pthread_mutex_lock(&r->lock);
    r->ended = true;
    pthread_cond_signal(&r->ready);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

LineReader *LineReader_start(FILE *in, const char *stop_word)
{
    LineReader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->in = in;
    r->stop_word = strdup(stop_word);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->ready, NULL);
    if (!r->stop_word || pthread_create(&r->thread, NULL, LineReader_readerMain, r) != 0) {
        pthread_mutex_destroy(&r->lock);
        pthread_cond_destroy(&r->ready);
        free(r->stop_word);
        free(r);
        return NULL;
    }
    return r;
}

static void LineReader_deadlineAfter(struct timespec *ts, int ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

char *LineReader_next(LineReader *r, int timeout_ms, bool *eof)
{
    struct timespec deadline;
    if (timeout_ms >= 0)
        LineReader_deadlineAfter(&deadline, timeout_ms);
    pthread_mutex_lock(&r->lock);
    while (r->count == 0 && !r->ended) {
        if (timeout_ms < 0)
            pthread_cond_wait(&r->ready, &r->lock);
        else if (pthread_cond_timedwait(&r->ready, &r->lock, &deadline) == ETIMEDOUT)
            break;
    }
    char *line = NULL;
    if (r->count) {
        line = r->lines[r->head];
        r->head = (r->head + 1) % r->capacity;
        r->count--;
    }
    *eof = !line && r->ended;
    pthread_mutex_unlock(&r->lock);
    return line;
}

void LineReader_free(LineReader *r)
{
    if (!r)
        return;
    pthread_join(r->thread, NULL);
    for (size_t i = 0; i < r->count; i++)
        free(r->lines[(r->head + i) % r->capacity]);
    free(r->lines);
    free(r->stop_word);
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->ready);
    free(r);
}
