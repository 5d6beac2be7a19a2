/* Tests of the meeting place of games between terminals: the socket
 * folder's checks (a symbolic link, a file, a foreign owner, a folder
 * writable by others), a stale socket replaced and a live one kept, the
 * client's checks of the socket and of the host's account, and listing. */
#include <check.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "net/place.h"
#include "net_testdir.h"
#include "runner.h"

#define ERR_LEN 300

static char err[ERR_LEN];
static NetPlace place;

static void initPlace(uid_t inviter, uid_t guest)
{
    ck_assert_msg(NetPlace_init(&place, base, inviter, guest, err, sizeof err), "%s", err);
}

static void assertListenRefused(const char *words)
{
    int lock;
    err[0] = '\0';
    int fd = NetPlace_listen(&place, &lock, err, sizeof err);
    ck_assert_int_lt(fd, 0);
    ck_assert_msg(strstr(err, words) != NULL, "expected '%s' in: %s", words, err);
}

START_TEST(test_place_made_safely)
{
    initPlace(getuid(), getuid());
    umask(077); /* the folder must still open to guests */
    int lock, fd = NetPlace_listen(&place, &lock, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    struct stat st;
    ck_assert_int_eq(lstat(place.dir, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0755);
    ck_assert_int_eq(lstat(place.sock, &st), 0);
    ck_assert(S_ISSOCK(st.st_mode));
    ck_assert_uint_eq(st.st_mode & 0777, 0666);
    NetGameRef refs[4];
    ck_assert_int_eq(NetPlace_list(base, getuid(), refs, 4), 1);
    ck_assert_uint_eq(refs[0].guest, getuid());
    close(fd);
    NetPlace_remove(&place, lock);
    ck_assert_int_ne(lstat(place.sock, &st), 0);
    ck_assert_int_ne(lstat(place.lock, &st), 0);
    ck_assert_int_eq(NetPlace_list(base, getuid(), refs, 4), 0);
}
END_TEST

START_TEST(test_place_user_found)
{
    uid_t uid = 12345;
    struct passwd *me = getpwuid(getuid());
    ck_assert_ptr_nonnull(me);
    ck_assert_msg(NetPlace_uidOf(me->pw_name, &uid, err, sizeof err), "%s", err);
    ck_assert_uint_eq(uid, getuid());
    ck_assert(!NetPlace_uidOf("no-such-user-\x1b[2J", &uid, err, sizeof err));
    ck_assert_str_eq(err, "this machine has no user named no-such-user-");
}
END_TEST

START_TEST(test_place_symlink_refused)
{
    initPlace(getuid(), getuid());
    char elsewhere[128];
    snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", base);
    ck_assert_int_eq(mkdir(elsewhere, 0755), 0);
    ck_assert_int_eq(symlink(elsewhere, place.dir), 0);
    assertListenRefused("symbolic link");
    ck_assert(!NetPlace_checkDir(place.dir, getuid(), err, sizeof err));
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert(strstr(err, "symbolic link") != NULL);
}
END_TEST

START_TEST(test_place_file_refused)
{
    initPlace(getuid(), getuid());
    int fd = open(place.dir, O_CREAT | O_WRONLY, 0644);
    ck_assert_int_ge(fd, 0);
    close(fd);
    assertListenRefused("not a folder");
}
END_TEST

START_TEST(test_place_group_writable_refused)
{
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0700), 0);
    ck_assert_int_eq(chmod(place.dir, 0775), 0);
    assertListenRefused("written by other accounts");
    ck_assert_int_eq(chmod(place.dir, 0757), 0);
    assertListenRefused("written by other accounts");
}
END_TEST

START_TEST(test_place_foreign_owner_refused)
{
    if (geteuid() != 0) {
        fprintf(stderr, "skipped: a folder owned by another account needs root to make\n");
        return;
    }
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    ck_assert_int_eq(chown(place.dir, 54321, 54321), 0);
    assertListenRefused("belongs to");
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert(strstr(err, "belongs to") != NULL);
}
END_TEST

static int bindAt(const char *path, bool listening)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    if (listening)
        ck_assert_int_eq(listen(fd, 4), 0);
    return fd;
}

START_TEST(test_place_stale_replaced)
{
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    close(bindAt(place.sock, true)); /* a host that died without cleaning up */
    int lock, fd = NetPlace_listen(&place, &lock, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    int client = NetPlace_connect(&place, err, sizeof err);
    ck_assert_msg(client >= 0, "the new socket does not answer: %s", err);
    close(client);
    close(fd);
    NetPlace_remove(&place, lock);
}
END_TEST

START_TEST(test_place_live_kept)
{
    initPlace(getuid(), getuid());
    int lock, fd = NetPlace_listen(&place, &lock, err, sizeof err);
    ck_assert_msg(fd >= 0, "%s", err);
    assertListenRefused("already running"); /* its host holds the lock */
    close(fd);
    NetPlace_remove(&place, lock);
    int live = bindAt(place.sock, true); /* a live socket without the lock */
    assertListenRefused("live game");
    struct stat st;
    ck_assert_int_eq(lstat(place.sock, &st), 0);
    close(live);
}
END_TEST

START_TEST(test_place_not_socket_refused)
{
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    int fd = open(place.sock, O_CREAT | O_WRONLY, 0644);
    close(fd);
    assertListenRefused("not a socket");
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert(strstr(err, "not a socket") != NULL);
}
END_TEST

START_TEST(test_place_connect_refusals)
{
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "no game waiting") != NULL, "%s", err);
    close(bindAt(place.sock, false));
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "no longer running") != NULL, "%s", err);
}
END_TEST

START_TEST(test_place_host_account_checked)
{
    if (geteuid() != 0) {
        fprintf(stderr, "skipped: a host under another account needs root\n");
        return;
    }
    /* the folder and socket claim to be uid 54321's, the host runs as root */
    initPlace(54321, getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    int fd = bindAt(place.sock, true);
    ck_assert_int_eq(chown(place.dir, 54321, 54321), 0);
    ck_assert_int_eq(chown(place.sock, 54321, 54321), 0);
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "is run by") != NULL, "%s", err);
    close(fd);
}
END_TEST

/* A socket that listens with its queue full and never accepts: a client
 * must be refused at once, not wait for ever (alarm ends a test that hangs). */
START_TEST(test_place_squatted_refused_at_once)
{
    initPlace(getuid(), getuid());
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    int squat = bindAt(place.sock, false);
    ck_assert_int_eq(listen(squat, 0), 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", place.sock);
    for (int i = 0; i < 64; i++) { /* fills the queue; the descriptors stay open */
        int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
        if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
            close(fd);
            break;
        }
    }
    alarm(5);
    ck_assert_int_lt(NetPlace_connect(&place, err, sizeof err), 0);
    alarm(0);
    ck_assert_msg(strstr(err, "does not take connections") != NULL, "%s", err);
    close(squat);
}
END_TEST

/* An account with sixty-four sockets: its game with me is found by its
 * name, and only NET_PLACE_PER_OWNER of the others are listed. */
START_TEST(test_place_list_capped_per_owner)
{
    if (geteuid() != 0) {
        fprintf(stderr, "skipped: sockets of another account need root to make\n");
        return;
    }
    uid_t squatter = 54321, me = getuid();
    initPlace(squatter, me);
    ck_assert_int_eq(mkdir(place.dir, 0755), 0);
    ck_assert_int_eq(chown(place.dir, squatter, squatter), 0);
    for (int i = 0; i <= 64; i++) {
        char path[NET_PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/game-%u", place.dir, i == 64 ? (unsigned)me : 60000u + i);
        close(bindAt(path, false));
        ck_assert_int_eq(lchown(path, squatter, squatter), 0);
    }
    NetGameRef refs[64];
    int n = NetPlace_list(base, me, refs, 64);
    ck_assert_int_eq(n, 1 + NET_PLACE_PER_OWNER);
    ck_assert_uint_eq(refs[0].inviter, squatter);
    ck_assert_uint_eq(refs[0].guest, me);
    ck_assert_int_eq(NetPlace_list(base, me, refs, 1), 1);
    ck_assert_uint_eq(refs[0].guest, me);
}
END_TEST

static Suite *placeSuite(void)
{
    Suite *s = suite_create("net place");
    TCase *tc = tcase_create("place");
    tcase_add_checked_fixture(tc, makeBase, cleanBase);
    tcase_add_test(tc, test_place_made_safely);
    tcase_add_test(tc, test_place_user_found);
    tcase_add_test(tc, test_place_symlink_refused);
    tcase_add_test(tc, test_place_file_refused);
    tcase_add_test(tc, test_place_group_writable_refused);
    tcase_add_test(tc, test_place_foreign_owner_refused);
    tcase_add_test(tc, test_place_stale_replaced);
    tcase_add_test(tc, test_place_live_kept);
    tcase_add_test(tc, test_place_not_socket_refused);
    tcase_add_test(tc, test_place_connect_refusals);
    tcase_add_test(tc, test_place_host_account_checked);
    tcase_add_test(tc, test_place_squatted_refused_at_once);
    tcase_add_test(tc, test_place_list_capped_per_owner);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(placeSuite());
}
