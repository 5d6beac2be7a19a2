/* Tests of the record layer's care for games and files: names typed for
 * :save, saved games kept and listed, the game in progress set aside or
 * kept when it ends, leftovers of killed saves, bad state files of every
 * kind, and the settings file's messages. */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "record/autosave.h"
#include "record/config.h"
#include "record/fileio.h"
#include "record/paths.h"
#include "record/record.h"
#include "record/saved.h"
#include "record/savelock.h"
#include "fixtures.h"
#include "runner.h"
#include "scratch.h"

#define ERR_LEN 512
#define NET_NAME_LIKE 33 /* a peer's name: NET_NAME_MAX */

static const char *const OPENING[] = {"e3e5", "e8e6", "f3f5"};

static int countFiles(const char *dir, const char *part)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    if (d == NULL)
        return 0;
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.' && strstr(e->d_name, part) != NULL;
    closedir(d);
    return n;
}

/* ---- names typed by the player */

START_TEST(test_user_file_names)
{
    const char *cases[][2] = {
        {"game", "game.pgn"},
        {"game.pgn", "game.pgn"},
        {"  my game  ", "my game.pgn"},
        {"\"my game\"", "my game.pgn"},
        {"'my game.txt'", "my game.txt"},
        {"~", NULL},
        {"~/g", "HOME/g.pgn"},
        {"~/dir.v2/g", "HOME/dir.v2/g.pgn"},
        {"./.hidden", "./.hidden.pgn"},
        {"my\\ game", "my game.pgn"},
        {"my' 'game", "my game.pgn"},
        {"\"say \\\"hi\\\"\"", "say \"hi\".pgn"},
        {"'it''s'", "its.pgn"},
        {"\"~/g\"", "~/g.pgn"},
    };
    char buf[PATHS_MAX], want[PATHS_MAX], err[ERR_LEN];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i][1] == NULL)
            continue;
        ck_assert_msg(Paths_userFile(cases[i][0], ".pgn", buf, sizeof buf, err, sizeof err),
                      "%s: %s", cases[i][0], err);
        if (strncmp(cases[i][1], "HOME", 4) == 0)
            snprintf(want, sizeof want, "%s%s", getenv("HOME"), cases[i][1] + 4);
        else
            snprintf(want, sizeof want, "%s", cases[i][1]);
        ck_assert_str_eq(buf, want);
    }
    const char *bad[][2] = {
        {"", "no file name"},        {"  ", "no file name"}, {"\"\"", "no file name"},
        {"\"open", "no closing \""}, {"~root/g", "~user"},   {"~/", "names a folder"},
        {"a'b", "no closing '"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert(!Paths_userFile(bad[i][0], ".pgn", buf, sizeof buf, err, sizeof err));
        ck_assert_msg(strstr(err, bad[i][1]) != NULL, "%s: %s", bad[i][0], err);
    }
}
END_TEST

/* What :save NAME writes, :load NAME finds, however NAME is typed. */
START_TEST(test_load_finds_what_save_wrote)
{
    Game g;
    char saved[PATHS_MAX], found[PATHS_MAX], err[ERR_LEN];
    bool exists;
    g = Fixture_game("pemba", NULL, OPENING, 3);
    mkdir(getenv("HOME"), 0700);
    const char *names[][2] = {
        {"t1", "t1"}, {"my game", "'my game'"}, {"\"a b\"", "a\\ b"}, {"~/t2", "~/t2.pgn"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        ck_assert_msg(Record_saveAs(&g, NULL, NULL, names[i][0], false, saved, sizeof saved,
                                    &exists, err, sizeof err),
                      "%s: %s", names[i][0], err);
        ck_assert_msg(Record_findTyped(names[i][1], found, sizeof found, err, sizeof err), "%s: %s",
                      names[i][1], err);
        ck_assert_str_eq(found, saved);
    }
    Game_free(&g);
}
END_TEST

START_TEST(test_save_as_never_replaces)
{
    Game g;
    char path[PATHS_MAX], err[ERR_LEN], want[PATHS_MAX];
    bool exists;
    g = Fixture_game("pemba", NULL, OPENING, 3);
    ck_assert_msg(Record_saveAs(&g, NULL, NULL, "first try", false, path, sizeof path, &exists, err,
                                sizeof err),
                  "%s", err);
    snprintf(want, sizeof want, "%s/data/zanzibar/first try.pgn", scratch_dir);
    ck_assert_str_eq(path, want);
    ck_assert(!exists);
    ck_assert(!Record_saveAs(&g, NULL, NULL, "\"first try\"", false, path, sizeof path, &exists,
                             err, sizeof err));
    ck_assert(exists);
    ck_assert_str_eq(path, want);
    ck_assert(Record_saveAs(&g, NULL, NULL, "first try.pgn", true, path, sizeof path, &exists, err,
                            sizeof err));
    ck_assert(Record_saveAs(&g, NULL, NULL, "~/home game", false, path, sizeof path, &exists, err,
                            sizeof err)
              || strstr(err, "home") != NULL);
    Game_free(&g);
}
END_TEST

/* The no-replace write is one step in the kernel: whatever appears under
 * the name first (a file, a dangling link) is kept, never overwritten. */
START_TEST(test_write_new_never_replaces)
{
    char path[PATHS_MAX], link_path[PATHS_MAX], err[ERR_LEN], *text = NULL;
    bool exists = true;
    snprintf(path, sizeof path, "%s/new.pgn", scratch_dir);
    ck_assert_msg(File_writeNew(path, "first", 5, 0644, &exists, err, sizeof err), "%s", err);
    ck_assert(!exists);
    ck_assert(!File_writeNew(path, "second", 6, 0644, &exists, err, sizeof err));
    ck_assert(exists);
    ck_assert_msg(strstr(err, "already exists") != NULL, "%s", err);
    ck_assert(File_readText(path, &text, err, sizeof err));
    ck_assert_str_eq(text, "first");
    free(text);
    snprintf(link_path, sizeof link_path, "%s/dangling.pgn", scratch_dir);
    ck_assert_int_eq(symlink("nowhere", link_path), 0);
    ck_assert(!File_writeNew(link_path, "third", 5, 0644, &exists, err, sizeof err));
    ck_assert(exists);
    ck_assert_int_eq(countFiles(scratch_dir, ".tmp-"), 0);
}
END_TEST

/* ---- names that came from another user */

START_TEST(test_peer_names_are_words)
{
    static const struct {
        const char *text, *word;
    } CASES[] = {{"/some/dir/evil", "somedirevil"}, {"", RECORD_NO_NAME_WORD},
                 {"../..", RECORD_NO_NAME_WORD},    {"a b\tc", "abc"},
                 {"john.doe_2-x", "johndoe_2-x"},   {"\xc3\xa9t\xc3\xa9", "t"}};
    char word[NET_NAME_LIKE], path[PATHS_MAX], err[ERR_LEN], want[PATHS_MAX];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Record_fileWord(CASES[i].text, word, sizeof word);
        ck_assert_str_eq(word, CASES[i].word);
    }
    Record_fileWord("abcdefgh", word, 4);
    ck_assert_str_eq(word, "abc");
    static const char *const REFUSED[] = {"../x.pgn", "a/b.pgn", "/tmp/x.pgn", ".hidden", ""};
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
        ck_assert(!Record_savedGamePath(REFUSED[i], path, sizeof path, err, sizeof err));
        ck_assert_msg(strstr(err, "not a plain file name") != NULL, "%s", err);
    }
    ck_assert_msg(Record_savedGamePath("x-y.pgn", path, sizeof path, err, sizeof err), "%s", err);
    snprintf(want, sizeof want, "%s/data/zanzibar/x-y.pgn", scratch_dir);
    ck_assert_str_eq(path, want);
}
END_TEST

/* ---- kept and listed */

START_TEST(test_keep_unique_names)
{
    Game g;
    PgnHeader tags;
    char first[PATHS_MAX], second[PATHS_MAX], err[ERR_LEN], player[64];
    g = Fixture_game("pemba", NULL, OPENING, 3);
    PgnHeader_init(&tags);
    Record_playerName(true, 7, player, sizeof player);
    PgnHeader_set(&tags, "White", "Ann Smith");
    PgnHeader_set(&tags, "Black", player);
    ck_assert_msg(Saved_keep(&g, &tags, NULL, first, sizeof first, err, sizeof err), "%s", err);
    ck_assert_msg(Saved_keep(&g, &tags, NULL, second, sizeof second, err, sizeof err), "%s", err);
    ck_assert_str_ne(first, second);
    ck_assert_msg(strstr(first, "-pemba-ann-smith-vs-engine-7.pgn") != NULL, "%s", first);
    ck_assert_msg(strstr(second, "-pemba-ann-smith-vs-engine-7-2.pgn") != NULL, "%s", second);
    char dir[PATHS_MAX];
    snprintf(dir, sizeof dir, "%s/data/zanzibar/", scratch_dir);
    ck_assert(strncmp(first, dir, strlen(dir)) == 0);
    Game_free(&g);
}
END_TEST

START_TEST(test_list_newest_first)
{
    Game g;
    char path[PATHS_MAX], err[ERR_LEN];
    SavedGame *list;
    int count;
    ck_assert(Saved_list(&list, &count, err, sizeof err));
    ck_assert_int_eq(count, 0);
    ck_assert_ptr_null(list);
    const char *names[] = {"old.pgn", "newest.pgn", "middle.pgn"};
    const time_t ages[] = {3000, 10, 1000};
    for (int i = 0; i < 3; i++) {
        g = Fixture_game("pemba", NULL, OPENING, i + 1);
        if (i == 1)
            Game_end(&g, RESULT_DRAW, REASON_AGREEMENT);
        ck_assert(Record_savePgn(&g, names[i], err, sizeof err));
        Game_free(&g);
        snprintf(path, sizeof path, "%s/data/zanzibar/%s", scratch_dir, names[i]);
        struct utimbuf t = {time(NULL) - ages[i], time(NULL) - ages[i]};
        ck_assert_int_eq(utime(path, &t), 0);
    }
    /* Not games: left out of the list. */
    snprintf(path, sizeof path, "%s/data/zanzibar/junk.pgn", scratch_dir);
    FILE *f = fopen(path, "w");
    fputs("1. zz9 *\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/data/zanzibar/notes.txt", scratch_dir);
    fclose(fopen(path, "w"));
    ck_assert(Saved_list(&list, &count, err, sizeof err));
    ck_assert_int_eq(count, 3);
    ck_assert_str_eq(list[0].name, "newest.pgn");
    ck_assert_str_eq(list[1].name, "middle.pgn");
    ck_assert_str_eq(list[2].name, "old.pgn");
    ck_assert_str_eq(list[0].variant, "Pemba");
    ck_assert_str_eq(list[0].result, "1/2-1/2");
    ck_assert_str_eq(list[1].result, "*");
    ck_assert_int_eq(list[0].moves, 1);
    ck_assert_int_eq(list[1].moves, 2);
    ck_assert_int_eq(list[2].moves, 1);
    ck_assert_str_eq(list[2].white, "?");
    ck_assert_int_eq(strlen(list[0].date), 10);
    free(list);
}
END_TEST

/* ---- the game in progress */

static const AutosaveInfo SESSION = {.engine = {false, true}, .level = 4};

START_TEST(test_finish_keeps_then_clears)
{
    Game g;
    char path[PATHS_MAX], err[ERR_LEN], data[PATHS_MAX];
    g = Fixture_game("pemba", NULL, OPENING, 2);
    ck_assert(Autosave_save(&g, &SESSION, err, sizeof err));
    Game_end(&g, RESULT_WHITE_WINS, REASON_RESIGNATION);
    /* The saved-games folder cannot be written: the state file stays. */
    snprintf(data, sizeof data, "%s/data/zanzibar", scratch_dir);
    ck_assert(Paths_makeDirs(data, err, sizeof err));
    chmod(data, 0500);
    if (access(data, W_OK) != 0) {
        ck_assert(!Autosave_finish(&g, &SESSION, path, sizeof path, err, sizeof err));
        ck_assert(Autosave_exists());
    }
    chmod(data, 0700);
    ck_assert_msg(Autosave_finish(&g, &SESSION, path, sizeof path, err, sizeof err), "%s", err);
    ck_assert(!Autosave_exists());
    ck_assert_msg(strstr(path, "-pemba-human-vs-engine-4.pgn") != NULL, "%s", path);
    Game back;
    back = Fixture_game("pemba", NULL, OPENING, 0);
    PgnHeader tags;
    ck_assert(Record_loadPgnTags(&back, &tags, path, 0, err, sizeof err));
    ck_assert_int_eq(back.nmoves, 2);
    ck_assert_int_eq(back.status.result, RESULT_WHITE_WINS);
    ck_assert_str_eq(PgnHeader_get(&tags, "Black"), RECORD_ENGINE_NAME ", level 4");
    Game_free(&back);
    Game_free(&g);
}
END_TEST

START_TEST(test_set_aside)
{
    Game g;
    char path[PATHS_MAX], err[ERR_LEN], desc[200];
    ck_assert(Autosave_setAside(path, sizeof path, err, sizeof err));
    ck_assert_str_eq(path, "");
    g = Fixture_game("pemba", NULL, OPENING, 3);
    ck_assert(Autosave_save(&g, &SESSION, err, sizeof err));
    ck_assert_int_eq(Autosave_peek(desc, sizeof desc, err, sizeof err), AUTOSAVE_FOUND);
    ck_assert_str_eq(desc, "Pemba, a person against the engine (level 4), move 2, Black to move");
    ck_assert_msg(Autosave_setAside(path, sizeof path, err, sizeof err), "%s", err);
    ck_assert(!Autosave_exists());
    Game back;
    back = Fixture_game("pemba", NULL, OPENING, 0);
    PgnHeader tags;
    ck_assert_msg(Record_loadPgnTags(&back, &tags, path, 0, err, sizeof err), "%s", err);
    ck_assert_int_eq(back.nmoves, 3);
    ck_assert_str_eq(PgnHeader_get(&tags, "Event"), "Unfinished game");
    Game_free(&back);
    Game_free(&g);
}
END_TEST

START_TEST(test_stale_temps_removed)
{
    char dir[PATHS_MAX], err[ERR_LEN], path[PATHS_MAX + 64];
    ck_assert(Paths_file(PATHS_STATE, "", dir, sizeof dir, err, sizeof err));
    /* A writer that is gone, one that runs (us), an old-style leftover
     * that is old and one that is fresh, and a file of someone else. */
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    waitpid(child, NULL, 0);
    const char *names[5];
    char dead[64], alive[64];
    snprintf(dead, sizeof dead, "current.pgn.tmp-%ld-AbCdEf", (long)child);
    snprintf(alive, sizeof alive, "current.pgn.tmp-%ld-AbCdEf", (long)getpid());
    names[0] = dead;
    names[1] = alive;
    names[2] = "current.pgn.tmp-Q1w2E3";
    names[3] = "config.tmp-Z9y8X7";
    names[4] = "notes.txt";
    for (int i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s%s", dir, names[i]);
        fclose(fopen(path, "w"));
    }
    snprintf(path, sizeof path, "%s%s", dir, names[2]);
    struct utimbuf old = {time(NULL) - 3600, time(NULL) - 3600};
    ck_assert_int_eq(utime(path, &old), 0);
    ck_assert_int_eq(Record_removeStaleTemps(), 2);
    ck_assert_int_eq(countFiles(dir, dead), 0);
    ck_assert_int_eq(countFiles(dir, alive), 1);
    ck_assert_int_eq(countFiles(dir, names[2]), 0);
    ck_assert_int_eq(countFiles(dir, names[3]), 1);
    ck_assert_int_eq(countFiles(dir, names[4]), 1);
    /* A save names its temporary file after its writer. */
    Game g;
    g = Fixture_game("pemba", NULL, OPENING, 1);
    ck_assert(Autosave_save(&g, &SESSION, err, sizeof err));
    ck_assert_int_eq(Record_removeStaleTemps(), 0);
    Game_free(&g);
    /* The saved-games folder gets the same care. */
    ck_assert(Paths_file(PATHS_DATA, "", dir, sizeof dir, err, sizeof err));
    snprintf(path, sizeof path, "%sgame.pgn%s", dir, strchr(dead, '.') + 4);
    fclose(fopen(path, "w"));
    ck_assert_int_eq(Record_removeStaleTemps(), 1);
}
END_TEST

/* Every kind of bad state file is reported, moved aside, never hangs. */
START_TEST(test_bad_state_files)
{
    char path[PATHS_MAX], err[ERR_LEN], desc[200], dir[PATHS_MAX];
    ck_assert(Autosave_path(path, sizeof path, err, sizeof err));
    ck_assert(Paths_dir(PATHS_STATE, dir, sizeof dir, err, sizeof err));
    int fd;
    switch (_i) {
        case 0: fclose(fopen(path, "w")); break;
        case 1: ck_assert_int_eq(mkfifo(path, 0600), 0); break;
        case 2: ck_assert_int_eq(mkdir(path, 0700), 0); break;
        case 3: ck_assert_int_eq(symlink("/dev/zero", path), 0); break;
        case 4:
            fd = open(path, O_WRONLY | O_CREAT, 0600);
            ck_assert_int_eq(ftruncate(fd, 50L * 1024 * 1024), 0);
            close(fd);
            break;
        case 5: ck_assert_int_eq(symlink("/nonexistent/x", path), 0); break;
        default: {
            FILE *f = fopen(path, "w");
            fputs("\x01\x02garbage %zanzibar\n[[[", f);
            fclose(f);
        }
    }
    static const char *const why[] = {
        "missing",   "not a regular file", "folder", "not a regular file",
        "too large", "No such file",       "line 1",
    };
    ck_assert_int_eq(Autosave_peek(desc, sizeof desc, err, sizeof err), AUTOSAVE_DAMAGED);
    ck_assert_msg(strstr(err, why[_i]) != NULL, "%s", err);
    ck_assert_msg(strstr(err, "kept as") != NULL, "%s", err);
    ck_assert(!Autosave_exists());
    ck_assert_int_eq(countFiles(dir, ".damaged"), 1);
}
END_TEST

/* ---- settings */

START_TEST(test_config_messages)
{
    char dir[PATHS_MAX], err[ERR_LEN];
    Config c;
    ConfigMessages m;
    Config_read(&c, &m);
    ck_assert_int_eq(m.count, 0);
    ck_assert(Paths_file(PATHS_CONFIG, CONFIG_NAME, dir, sizeof dir, err, sizeof err));
    FILE *f = fopen(dir, "w");
    fputs("level = 15\ncolours = mono\nbogus = 1\n", f);
    for (int i = 0; i < 10; i++)
        fputs("nonsense\n", f);
    fclose(f);
    Config_read(&c, &m);
    ck_assert(c.mono);
    ck_assert_int_eq(m.count, CONFIG_MAX_MESSAGES);
    ck_assert_int_eq(m.more, 11 - CONFIG_MAX_MESSAGES + 1);
    ck_assert_msg(strstr(m.text[0], "line 1: level must be") != NULL, "%s", m.text[0]);
    ck_assert_str_eq(m.path, dir);
    ck_assert_msg(strstr(m.text[1], "line 3: unknown setting 'bogus'") != NULL, "%s", m.text[1]);
    unlink(dir);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    Config_read(&c, &m);
    ck_assert_int_eq(m.count, 1);
    ck_assert_msg(strstr(m.text[0], "folder") != NULL, "%s", m.text[0]);
}
END_TEST

/* A second process finds the lock held and by whom; a takeover makes the
 * holder let go (here it dies of SIGUSR1, as a copy not yet in its loop
 * would) and the lock passes. */
START_TEST(test_lock_found_then_taken_over)
{
    char err[400];
    int ready[2];
    pid_t holder;
    ck_assert_int_eq(pipe(ready), 0);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        char c = SaveLock_take(&holder, err, sizeof err) == SAVELOCK_TAKEN ? 'y' : 'n';
        ck_assert_int_eq(write(ready[1], &c, 1), 1);
        pause();
        _exit(0);
    }
    char c = 0;
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ck_assert_int_eq(c, 'y');
    ck_assert_int_eq(SaveLock_take(&holder, err, sizeof err), SAVELOCK_HELD);
    ck_assert_int_eq(holder, child);
    ck_assert_msg(SaveLock_takeOver(holder, 5000, err, sizeof err), "%s", err);
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1);
    ck_assert_int_eq(SaveLock_take(&holder, err, sizeof err), SAVELOCK_TAKEN);
    close(ready[0]);
    close(ready[1]);
}
END_TEST

static Suite *savedSuite(void)
{
    Suite *s = suite_create("saved");
    TCase *tc = tcase_create("saved");
    tcase_add_checked_fixture(tc, Scratch_make, Scratch_remove);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_user_file_names);
    tcase_add_test(tc, test_save_as_never_replaces);
    tcase_add_test(tc, test_load_finds_what_save_wrote);
    tcase_add_test(tc, test_peer_names_are_words);
    tcase_add_test(tc, test_write_new_never_replaces);
    tcase_add_test(tc, test_keep_unique_names);
    tcase_add_test(tc, test_list_newest_first);
    tcase_add_test(tc, test_finish_keeps_then_clears);
    tcase_add_test(tc, test_set_aside);
    tcase_add_test(tc, test_stale_temps_removed);
    tcase_add_loop_test(tc, test_bad_state_files, 0, 7);
    tcase_add_test(tc, test_config_messages);
    tcase_add_test(tc, test_lock_found_then_taken_over);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(savedSuite());
}
