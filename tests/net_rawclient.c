/* A raw protocol client for tests: connects to a game's socket without any
 * of the real client's checks, sends the lines given as arguments, and
 * prints every line the host sends until it hangs up or is quiet for
 * two seconds. Garbage and floods are sent with it on purpose. */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: net_rawclient SOCKET [LINE...]\n");
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
    struct pollfd p = {.fd = fd, .events = POLLIN};
    char buf[4096];
    ssize_t n;
    while (poll(&p, 1, 2000) > 0 && (n = read(fd, buf, sizeof buf)) > 0)
        fwrite(buf, 1, (size_t)n, stdout);
    close(fd);
    return 0;
}
