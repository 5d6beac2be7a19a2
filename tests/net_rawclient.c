/* A raw protocol client for tests: connects to a game's socket without any
 * of the real client's checks, sends the lines given as arguments, and
 * prints every line the host sends until it hangs up or is quiet for
 * two seconds. Garbage and floods are sent with it on purpose.
 *   net_rawclient SOCKET [LINE...]
 *   net_rawclient --deaf SECONDS SOCKET [LINE...]  after the lines, asks
 *       "sync" eighteen times a second (under the host's limit of twenty)
 *       for SECONDS without reading anything, then reads as above and
 *       prints "ended" when the host had hung up: a client that never
 *       reads, and makes the host send it the whole game again and again */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define DEAF_SYNCS_PER_SECOND 18

static void RawClient_deaf(int fd, int seconds)
{
    const struct timespec gap = {0, 1000000000L / DEAF_SYNCS_PER_SECOND};
    for (int i = 0; i < seconds * DEAF_SYNCS_PER_SECOND; i++) {
        if (write(fd, "sync\n", 5) < 0)
            return; /* dropped */
        nanosleep(&gap, NULL);
    }
}

int main(int argc, char **argv)
{
    int deaf = -1;
    if (argc >= 3 && strcmp(argv[1], "--deaf") == 0) {
        deaf = atoi(argv[2]);
        argc -= 2, argv += 2;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: net_rawclient [--deaf SECONDS] SOCKET [LINE...]\n");
        return 2;
    }
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", argv[1]);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        perror(argv[1]);
        return 1;
    }
    signal(SIGPIPE, SIG_IGN); /* a host that hangs up early still said why */
    for (int i = 2; i < argc; i++)
        if (write(fd, argv[i], strlen(argv[i])) < 0 || write(fd, "\n", 1) < 0)
            break;
    if (deaf >= 0)
        RawClient_deaf(fd, deaf);
    struct pollfd p = {.fd = fd, .events = POLLIN};
    char buf[4096];
    ssize_t n = 1;
    while (poll(&p, 1, 2000) > 0 && (n = read(fd, buf, sizeof buf)) > 0)
        fwrite(buf, 1, (size_t)n, stdout);
    if (deaf >= 0 && n <= 0)
        printf("ended\n");
    close(fd);
    return 0;
}
