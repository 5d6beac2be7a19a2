/* Tests of the server's pieces around sshd: SHA-256, key fingerprints as
 * ssh-keygen shows them, the key command's line, the path check sshd
 * applies to a key command, names, and the gate's word splitting. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_server.h"
#include "net/place.h"
#include "scratch.h"
#include "server/gate.h"
#include "server/names.h"
#include "server/netblock.h"
#include "server/peers.h"
#include "server/registry.h"
#include "server/sha256.h"
#include "server/sshd.h"
#include "server/sshkey.h"

/* Keys made with ssh-keygen, and the fingerprints ssh-keygen -l gave. */
static const char ED_BLOB[] =
    "AAAAC3NzaC1lZDI1NTE5AAAAIKvmvnfr9+9qzkrEgkzTBZ2kD5WCdk2LuP4r63ZSiaPX";
static const char ED_FP[] = "SHA256:+hTm9tOcmcDF8sFffRG6Sefcuz6rh4WzueKjCfhYFik";
static const char RSA_BLOB[] =
    "AAAAB3NzaC1yc2EAAAADAQABAAAAgQDkKHXkZWgAX6ePtPfpy8NQIWP+al12zTli1iLYkwqL+JAttvJ4wciqLd2"
    "vxT+tSeaHMj/FMRyyOeqUuxH2PVpw7mbSyBw0eTUY2EkR2d9+qQZsZsCafpvYrBdIPTaNm/tQLXT0jn2e3vA3mP"
    "YeIAPDaBKty2kpEQUzdz5HYiH7RQ==";
static const char RSA_FP[] = "SHA256:rR/bnYdtgwOb1Kcp7sN/XzGcnVngUz3I8+kRFH7iu58";

static void CheckGate_hex(const unsigned char *d, char out[65])
{
    for (int i = 0; i < SHA256_DIGEST_LEN; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* FIPS 180-2's examples: one block, two blocks, and a million a's. */
START_TEST(test_sha256_known_digests)
{
    unsigned char d[SHA256_DIGEST_LEN];
    char hex[65];
    Sha256_digest((const unsigned char *)"", 0, d);
    CheckGate_hex(d, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    Sha256_digest((const unsigned char *)"abc", 3, d);
    CheckGate_hex(d, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    Sha256_digest((const unsigned char *)two, strlen(two), d);
    CheckGate_hex(d, hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    unsigned char *a = malloc(1000000);
    memset(a, 'a', 1000000);
    Sha256_digest(a, 1000000, d);
    free(a);
    CheckGate_hex(d, hex);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

START_TEST(test_fingerprint_as_ssh_keygen)
{
    char fp[SSHKEY_FINGERPRINT_MAX], err[256];
    ck_assert_msg(SshKey_fingerprint("ssh-ed25519", ED_BLOB, fp, err, sizeof err), "%s", err);
    ck_assert_str_eq(fp, ED_FP);
    ck_assert_msg(SshKey_fingerprint("ssh-rsa", RSA_BLOB, fp, err, sizeof err), "%s", err);
    ck_assert_str_eq(fp, RSA_FP);
    ck_assert(SshKey_isFingerprint(ED_FP));
    ck_assert(!SshKey_isFingerprint("SHA256:short"));
    ck_assert(!SshKey_isFingerprint("SHA256:+hTm9tOcmcDF8sFffRG6Sefcuz6rh4WzueKjCfhYF\"k"));
}
END_TEST

START_TEST(test_fingerprint_refuses)
{
    char fp[SSHKEY_FINGERPRINT_MAX], err[256];
    /* the blob says ssh-ed25519 */
    ck_assert(!SshKey_fingerprint("ssh-rsa", ED_BLOB, fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("ssh-ed25519\" x", ED_BLOB, fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("ssh-ed25519", "AAAA!AAA", fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("ssh-ed25519", "AAA", fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("ssh-ed25519", "", fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("ssh-ed25519", "A===", fp, err, sizeof err));
    ck_assert(!SshKey_fingerprint("", ED_BLOB, fp, err, sizeof err));
}
END_TEST

START_TEST(test_key_line)
{
    char line[1024];
    ck_assert(
        ServerSshd_keyLine("zanzibar", "zanzibar", "ssh-ed25519", ED_BLOB, line, sizeof line));
    char want[1024];
    snprintf(want, sizeof want, "restrict,pty ssh-ed25519 %s", ED_BLOB);
    ck_assert_str_eq(line, want);
    /* sshd has not checked the key yet: it is not decoded, so a key that
     * does not match its type gets its line all the same (sshd judges) */
    ck_assert(ServerSshd_keyLine("zanzibar", "zanzibar", "ssh-rsa", ED_BLOB, line, sizeof line));
    ck_assert(ServerSshd_keyLine("zanzibar", "zanzibar", "ssh-ed25519", "AAAA", line, sizeof line));
    /* another account, or a word that would add to the line: nothing */
    ck_assert(!ServerSshd_keyLine("zanzibar", "alice", "ssh-ed25519", ED_BLOB, line, sizeof line));
    ck_assert(!ServerSshd_keyLine("zanzibar", "zanzibar", "ssh-ed25519", "AAAA\nssh-rsa BBBB", line,
                                  sizeof line));
    ck_assert(!ServerSshd_keyLine("zanzibar", "zanzibar", "ssh-ed25519 command=\"x\"", ED_BLOB,
                                  line, sizeof line));
    ck_assert(!ServerSshd_keyLine("zanzibar", "zanzibar", "", ED_BLOB, line, sizeof line));
}
END_TEST

/* Run as root for a regular user, --server-keys prints nothing at all. */
START_TEST(test_keys_for_root_prints_nothing)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    ck_assert_int_eq(ServerSshd_keys("root", "ssh-ed25519", ED_BLOB, out), 0);
    ck_assert_int_eq(ServerSshd_keys("nosuchaccount", "ssh-ed25519", ED_BLOB, out), 0);
    fclose(out);
    if (getuid() == 0)
        ck_assert_int_eq((int)len, 0);
    free(text);
}
END_TEST

START_TEST(test_path_safety)
{
    char err[512];
    Scratch_make();
    char file[512];
    snprintf(file, sizeof file, "%s/zanzibar", scratch_dir);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    chmod(file, 0755);
    /* /tmp is writable by all: sshd refuses anything below it */
    ck_assert(!ServerSshd_pathIsSafe(file, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "writable by group or others"));
    ck_assert(!ServerSshd_pathIsSafe("/no/such/file", err, sizeof err));
    ck_assert(!ServerSshd_pathIsSafe("relative/zanzibar", err, sizeof err));
    ck_assert(!ServerSshd_pathIsSafe("/usr/bin/a b", err, sizeof err));
    ck_assert(!ServerSshd_pathIsSafe("/usr/bin", err, sizeof err)); /* not a file */
    struct stat st;
    if (stat("/bin/sh", &st) == 0 && stat("/bin", &st) == 0 && st.st_uid == 0
        && (st.st_mode & 022) == 0)
        ck_assert_msg(ServerSshd_pathIsSafe("/bin/sh", err, sizeof err), "%s", err);
    Scratch_remove();
}
END_TEST

START_TEST(test_config_refuses)
{
    char *text = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&text, &len);
    ck_assert_int_eq(ServerSshd_config("no-such-account-here", stdout, err), 2);
    ck_assert_int_eq(ServerSshd_config("root", stdout, err), 2);
    fclose(err);
    ck_assert_ptr_nonnull(strstr(text, "no account named"));
    ck_assert_ptr_nonnull(strstr(text, "is root"));
    free(text);
}
END_TEST

START_TEST(test_names)
{
    char name[NAME_MAX_LEN + 1], err[256];
    ck_assert(ServerName_check("alice", "zanzibar", name, err, sizeof err));
    ck_assert_str_eq(name, "alice");
    ck_assert(ServerName_check("Bob_2-x", "zanzibar", name, err, sizeof err));
    ck_assert_str_eq(name, "bob_2-x");
    ck_assert(ServerName_check("ab", "zanzibar", name, err, sizeof err));
    ck_assert(ServerName_check("abcdefghijklmnop", "zanzibar", name, err, sizeof err));
    static const char *const bad[] = {"a",       "abcdefghijklmnopq",
                                      "al/ce",   "../x",
                                      "1abc",    "_abc",
                                      "-abc",    "a b",
                                      "al\033c", "caf\xc3\xa9",
                                      "root",    "Admin",
                                      "engine",  "ZANZIBAR",
                                      "games",   "anyone",
                                      "Anyone",  "white",
                                      "you",     "host",
                                      "ban",     "revoke"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!ServerName_check(bad[i], "zanzibar", name, err, sizeof err), "accepted %s",
                      bad[i]);
    ck_assert(!ServerName_check("srv", "srv", name, err, sizeof err)); /* the account's own */
    ck_assert(ServerName_isWellFormed("alice"));
    ck_assert(!ServerName_isWellFormed("Alice"));
    ck_assert(!ServerName_isWellFormed(".."));
}
END_TEST

/* New names are counted per network: an IPv4 /24, an IPv6 /64. */
START_TEST(test_netblock)
{
    static const char *const cases[][2] = {
        {"192.0.2.7", "192.0.2.0/24"},
        {"192.0.2.255", "192.0.2.0/24"},
        {"127.0.0.3", "127.0.0.0/24"},
        {"::ffff:198.51.100.9", "198.51.100.0/24"},
        {"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
        {"2001:db8:1:2::ffff", "2001:db8:1:2::/64"},
        {"::1", "::/64"},
        {"unknown", "unknown"},
    };
    char out[NETBLOCK_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        NetBlock_of(cases[i][0], out);
        ck_assert_str_eq(out, cases[i][1]);
    }
    ck_assert_int_eq(Gate_namesPerNetwork(NULL), STORE_REGISTRATIONS_PER_DAY);
    ck_assert_int_eq(Gate_namesPerNetwork("2"), 2);
    ck_assert_int_eq(Gate_namesPerNetwork("0"), STORE_REGISTRATIONS_PER_DAY);
}
END_TEST

START_TEST(test_gate_split)
{
    static Gate g;
    char err[256];
    ck_assert(Gate_split(&g, "  pgn\t42  ", err, sizeof err));
    ck_assert_int_eq(g.argc, 2);
    ck_assert_str_eq(g.argv[0], "pgn");
    ck_assert_str_eq(g.argv[1], "42");
    ck_assert(Gate_split(&g, "sh -c 'id; rm -rf /'", err, sizeof err));
    ck_assert_int_eq(g.argc, 6); /* words, never a shell's reading */
    ck_assert_str_eq(g.argv[2], "'id;");
    ck_assert(Gate_split(&g, NULL, err, sizeof err));
    ck_assert_int_eq(g.argc, 0);
    ck_assert(!Gate_split(&g, "list\nrm", err, sizeof err));
    ck_assert(!Gate_split(&g, "a b c d e f g h i", err, sizeof err));
    char longer[GATE_COMMAND_MAX + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    ck_assert(!Gate_split(&g, longer, err, sizeof err));
    ck_assert(Gate_isBoardVerb("invite") && Gate_isBoardVerb("watch"));
    ck_assert(!Gate_isBoardVerb("list") && !Gate_isBoardVerb("sh"));
}
END_TEST

START_TEST(test_gate_idle_setting)
{
    ck_assert_int_eq(Gate_idleSeconds(NULL), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_idleSeconds("90"), 90);
    ck_assert_int_eq(Gate_idleSeconds("0"), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_idleSeconds("-5"), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_idleSeconds("10x"), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_idleSeconds(""), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_idleSeconds("99999999999999999999"), GATE_IDLE_SECONDS);
    ck_assert_int_eq(Gate_gamesCap(NULL), GATE_GAMES_PER_NAME);
    ck_assert_int_eq(Gate_gamesCap("1"), 1);
    ck_assert_int_eq(Gate_gamesCap("0"), GATE_GAMES_PER_NAME);
    ck_assert_int_eq(Gate_gamesCap("2x"), GATE_GAMES_PER_NAME);
    ck_assert_int_eq(Gate_enginesCap("3"), 3);
    ck_assert_int_eq(Gate_enginesCap("0"), Gate_enginesCap(NULL));
    ck_assert(Gate_enginesCap(NULL) >= 1);
}
END_TEST

/* The verbs on hostile words: each answers with its status, and nothing a
 * player typed reaches the output uncleaned (no byte outside printable
 * ASCII, no control character but the newline). */
static const struct {
    const char *command;
    int status;
} GATE_COMMANDS[] = {
    {"help", 0},
    {"list", 0},
    {"ratings", 0},
    {"ratings pemba", 0},
    {"ratings chess", 2},
    {"ratings ../../etc/passwd", 2},
    {"ratings pemba pemba", 2},
    {"games", 0},
    {"games alice", 2}, /* no player of that name here */
    {"games ../x", 2},
    {"games Alice", 2},
    {"pgn", 2},
    {"pgn 1", 2},
    {"pgn -1", 2},
    {"pgn 0", 2},
    {"pgn +1", 2},
    {"pgn 0x10", 2},
    {"pgn 99999999999999999999999", 2},
    {"link-key", 2},
    {"link-key abcdefghjk", 2},
    {"link-key a b", 2},
    {"invite bob", 2},
    {"seek", 2},
    {"watch \x1b]0;owned\x07", 2},
    {"sh -c id", 2},
    {"\x9b"
     "31mred \xff\xfe",
     2},
    {"scp -t /tmp", 2},
    {"internal-sftp", 2},
};

static bool CheckGate_isClean(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < ' ' && c != '\n') || c >= 0x7f)
            return false;
    }
    return true;
}

START_TEST(test_gate_verbs_hostile)
{
    static Gate g;
    char err[256], path[600];
    Scratch_make();
    memset(&g, 0, sizeof g);
    snprintf(g.account, sizeof g.account, "zanzibar");
    snprintf(g.dir, sizeof g.dir, "%s", scratch_dir);
    snprintf(g.fingerprint, sizeof g.fingerprint, "%s", ED_FP);
    snprintf(path, sizeof path, "%s/%s", scratch_dir, STORE_FILE_NAME);
    g.store = Store_open(path, err, sizeof err);
    ck_assert_msg(g.store != NULL, "%s", err);
    g.presence_fd = -1;
    const char *cmd = GATE_COMMANDS[_i].command;
    char *out_text = NULL, *err_text = NULL;
    size_t out_len = 0, err_len = 0;
    g.out = open_memstream(&out_text, &out_len);
    g.err = open_memstream(&err_text, &err_len);
    int status = 2; /* as the gate answers a command it cannot split */
    if (Gate_split(&g, cmd, err, sizeof err))
        status = Gate_verb(&g);
    else
        fprintf(g.err, "zanzibar: %s\n", err);
    fclose(g.out);
    fclose(g.err);
    ck_assert_msg(status == GATE_COMMANDS[_i].status, "%s: status %d", cmd, status);
    ck_assert_msg(CheckGate_isClean(out_text, out_len), "%s: output not clean", cmd);
    ck_assert_msg(CheckGate_isClean(err_text, err_len), "%s: message not clean", cmd);
    if (status == 2) /* one line saying what is wrong */
        ck_assert_msg(err_len > 0 && strchr(err_text, '\n') == err_text + err_len - 1,
                      "%s: not one line: %s", cmd, err_text);
    free(out_text);
    free(err_text);
    Gate_close(&g);
    Scratch_remove();
}
END_TEST

/* A host of the server knows a connection's name only from what the
 * gate of that process wrote down; a process with nothing written down,
 * or the socket of another game's folder, is refused. */
START_TEST(test_peers_identify)
{
    char err[256], other[600];
    int fds[2];
    NetIdentity who;
    Scratch_make();
    snprintf(other, sizeof other, "%s/elsewhere", scratch_dir);
    ck_assert(mkdir(other, 0700) == 0);
    ck_assert(socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
    ck_assert(!ServerPeers_identify(fds[0], scratch_dir, &who, err, sizeof err));
    ck_assert(strstr(err, "gate") != NULL);
    ck_assert(!ServerPeers_register(scratch_dir, "../x", true, err, sizeof err));
    ck_assert_msg(ServerPeers_register(scratch_dir, "alice", true, err, sizeof err), "%s", err);
    ck_assert_msg(ServerPeers_identify(fds[0], scratch_dir, &who, err, sizeof err), "%s", err);
    ck_assert_str_eq(who.name, "alice");
    ck_assert_str_eq(who.key, "player alice");
    ck_assert(!ServerPeers_identify(fds[0], other, &who, err, sizeof err));
    close(fds[0]);
    close(fds[1]);
    Scratch_remove();
}
END_TEST

/* A server's game place: in the folder given, named by both names, and
 * never for a word that could leave the folder. */
START_TEST(test_place_named)
{
    NetPlace p;
    char err[256];
    ck_assert(NetPlace_initNamed(&p, "/srv/run", "alice", "bob", err, sizeof err));
    ck_assert_str_eq(p.sock, "/srv/run/g.alice.bob");
    ck_assert(p.private_dir);
    ck_assert(!NetPlace_initNamed(&p, "/srv/run", "../x", "bob", err, sizeof err));
    ck_assert(!NetPlace_initNamed(&p, "/srv/run", "alice", "a/b", err, sizeof err));
    ck_assert(!NetPlace_initNamed(&p, "/srv/run", "", "bob", err, sizeof err));
    ck_assert(NetPlace_initNamed(&p, "/srv/run", "alice", "", err, sizeof err)); /* a seek */
    ck_assert_str_eq(p.sock, "/srv/run/s.alice");
}
END_TEST

/* The one reader of run/'s names: a game g.A.B, a seek s.A, nothing else. */
START_TEST(test_registry_parse)
{
    char a[NAME_MAX_LEN + 1], b[NAME_MAX_LEN + 1];
    ck_assert(Registry_parse("g.alice.bob", a, b));
    ck_assert_str_eq(a, "alice");
    ck_assert_str_eq(b, "bob");
    ck_assert(Registry_parse("s.alice", a, b));
    ck_assert_str_eq(b, "");
    ck_assert(!Registry_parse("g.alice", a, b));
    ck_assert(!Registry_parse("s.alice.bob", a, b));
    ck_assert(!Registry_parse("i.g.alice.bob", a, b));
    ck_assert(!Registry_parse("g.alice.Bob", a, b));
    ck_assert(!Registry_parse("g.alice.bob.lock", a, b));
}
END_TEST

/* An engine slot is the process's while any of its searches holds it;
 * another process finds none free until the last gives it back. */
START_TEST(test_registry_engines)
{
    char why[256];
    Scratch_make();
    RegistryEngines mine = {scratch_dir, 1, -1, 0}, other = {scratch_dir, 1, -1, 0};
    ck_assert(Registry_takeEngine(&mine, why, sizeof why));
    ck_assert(Registry_takeEngine(&mine, why, sizeof why)); /* the same slot again */
    ck_assert(!Registry_takeEngine(&other, why, sizeof why));
    ck_assert(strstr(why, "busy") != NULL);
    Registry_giveEngine(&mine);
    ck_assert(!Registry_takeEngine(&other, why, sizeof why));
    Registry_giveEngine(&mine);
    ck_assert(Registry_takeEngine(&other, why, sizeof why));
    Registry_giveEngine(&other);
    Scratch_remove();
}
END_TEST

TCase *CheckGate_case(void)
{
    TCase *tc = tcase_create("sshd and gate");
    tcase_add_test(tc, test_sha256_known_digests);
    tcase_add_test(tc, test_registry_parse);
    tcase_add_test(tc, test_registry_engines);
    tcase_add_test(tc, test_netblock);
    tcase_add_test(tc, test_fingerprint_as_ssh_keygen);
    tcase_add_test(tc, test_fingerprint_refuses);
    tcase_add_test(tc, test_key_line);
    tcase_add_test(tc, test_keys_for_root_prints_nothing);
    tcase_add_test(tc, test_path_safety);
    tcase_add_test(tc, test_config_refuses);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_gate_split);
    tcase_add_test(tc, test_gate_idle_setting);
    tcase_add_test(tc, test_peers_identify);
    tcase_add_test(tc, test_place_named);
    tcase_add_loop_test(tc, test_gate_verbs_hostile, 0,
                        (int)(sizeof GATE_COMMANDS / sizeof GATE_COMMANDS[0]));
    return tc;
}
