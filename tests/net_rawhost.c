/* A hand-written hostile game host for tests, with none of the real
 * host's manners:
 *   net_rawhost script SOCKET FILE  answers one client's hello with the
 *                                   lines of FILE, then reads until it leaves
 *   net_rawhost flood SOCKET FILE   the same, then sends chat whenever the
 *                                   socket takes more, until the client goes
 *                                   (a minute at most), and prints each line
 *                                   the client sends meanwhile as "got LINE"
 *   net_rawhost deaf SOCKET FILE    the same, then never reads again
 *   net_rawhost late SOCKET FILE    the same as script, but answers three
 *                                   seconds after the hello
 *   net_rawhost squat SOCKET...     listens on each socket, fills its queue
 *                                   and never accepts anyone
 *   net_rawhost silent SOCKET...    listens on each socket and never accepts
 *                                   anyone: a connect succeeds, and nothing
 *                                   ever answers
 * The folder of each socket must exist; it prints "listening" once ready. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define FLOOD_SECONDS 60
#define LATE_SECONDS 3

static struct sockaddr_un RawHost_address(const char *path)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
    return sa;
}

static int RawHost_listen(const char *path, int backlog)
{
    struct sockaddr_un sa = RawHost_address(path);
    unlink(path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || chmod(path, 0666) != 0
        || listen(fd, backlog) != 0) {
        perror(path);
        exit(1);
    }
    return fd;
}

/* Connects to itself until the queue is full, so that a blocking
 * connect() from anyone else would wait for ever. */
static void RawHost_fillQueue(const char *path)
{
    struct sockaddr_un sa = RawHost_address(path);
    for (int i = 0; i < 64; i++) {
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0)
            break; /* EAGAIN: full; the descriptor that failed is dropped */
    }
}

static void RawHost_squat(int n, char **paths, bool fill)
{
    for (int i = 0; i < n; i++) {
        RawHost_listen(paths[i], fill ? 0 : 64);
        if (fill)
            RawHost_fillQueue(paths[i]);
    }
    printf("listening\n");
    fflush(stdout);
    for (;;)
        pause();
}

static void RawHost_writeAll(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n <= 0)
            exit(0); /* the client went */
        text += n;
        len -= (size_t)n;
    }
}

/* Waits for the client's first line (its hello), whatever it says. */
static void RawHost_awaitHello(int fd)
{
    char c;
    while (read(fd, &c, 1) == 1)
        if (c == '\n')
            return;
    exit(0);
}

static void RawHost_sendFile(int fd, const char *file)
{
    FILE *f = fopen(file, "r");
    char line[4096];
    if (f == NULL) {
        perror(file);
        exit(1);
    }
    while (fgets(line, sizeof line, f) != NULL)
        RawHost_writeAll(fd, line, strlen(line));
    fclose(f);
}

/* Prints the whole lines the client sent as "got LINE"; false once it
 * has gone. */
static bool RawHost_readLines(int fd, char *buf, size_t cap, size_t *len)
{
    ssize_t n = read(fd, buf + *len, cap - *len);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
        return false;
    if (n > 0)
        *len += (size_t)n;
    char *nl;
    while ((nl = memchr(buf, '\n', *len)) != NULL) {
        printf("got %.*s\n", (int)(nl - buf), buf);
        *len -= (size_t)(nl + 1 - buf);
        memmove(buf, nl + 1, *len);
    }
    if (*len == cap)
        *len = 0; /* a line longer than the buffer: not one the test looks for */
    fflush(stdout);
    return true;
}

/* Chat in large writes whenever the socket takes more, while reading what
 * the client sends. The socket's send buffer is made as large as allowed
 * (root may pass the system's ceiling), so that the host refills it long
 * before the client could empty it, however late the host is scheduled: a
 * client that takes the host's messages until none is left never gets
 * back to its keys. */
static void RawHost_flood(int fd)
{
    static const char CHAT[] = "said white flood the client is flooded with chat\n";
    static char block[64 * 1024];
    char in[4096];
    size_t n = 0, off = 0, inlen = 0;
    while (n + sizeof CHAT - 1 <= sizeof block) {
        memcpy(block + n, CHAT, sizeof CHAT - 1);
        n += sizeof CHAT - 1;
    }
    int room = 8 << 20;
#ifdef SO_SNDBUFFORCE
    if (setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &room, sizeof room) != 0)
#endif
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &room, sizeof room);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    time_t end = time(NULL) + FLOOD_SECONDS;
    while (time(NULL) < end) {
        struct pollfd p = {.fd = fd, .events = POLLIN | POLLOUT};
        if (poll(&p, 1, 1000) < 0 && errno != EINTR)
            exit(1);
        if ((p.revents & (POLLIN | POLLHUP | POLLERR))
            && !RawHost_readLines(fd, in, sizeof in, &inlen))
            exit(0); /* the client went */
        if (!(p.revents & POLLOUT))
            continue;
        ssize_t w = write(fd, block + off, n - off); /* from where the last write stopped */
        if (w < 0 && errno != EAGAIN && errno != EINTR)
            exit(0);
        off = w > 0 ? (off + (size_t)w) % n : off;
    }
}

static void RawHost_drain(int fd)
{
    char buf[4096];
    while (read(fd, buf, sizeof buf) > 0)
        ;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 3 && (strcmp(argv[1], "squat") == 0 || strcmp(argv[1], "silent") == 0))
        RawHost_squat(argc - 2, argv + 2, strcmp(argv[1], "squat") == 0);
    if (argc != 4) {
        fprintf(stderr,
                "usage: net_rawhost script|flood|deaf|late SOCKET FILE\n"
                "       net_rawhost squat|silent SOCKET...\n");
        return 2;
    }
    int lfd = RawHost_listen(argv[2], 4);
    printf("listening\n");
    fflush(stdout);
    int fd = accept(lfd, NULL, NULL);
    if (fd < 0)
        return 1;
    RawHost_awaitHello(fd);
    if (strcmp(argv[1], "late") == 0)
        sleep(LATE_SECONDS);
    RawHost_sendFile(fd, argv[3]);
    if (strcmp(argv[1], "flood") == 0)
        RawHost_flood(fd);
    if (strcmp(argv[1], "deaf") == 0)
        for (;;)
            pause();
    RawHost_drain(fd);
    return 0;
}
