/* The terminal's game (app.h): the one Play, its start and the navigator's
 * hooks into it, its policy each pass of the loop (the host's messages, the
 * arrangement, the analysis, the autosave, the bell), its waits and its end. */
#include "ui/app.h"

#include "core/setup.h"
#include "ui/analysis_view.h"
#include "ui/annotate_view.h"
#include "ui/attention.h"
#include "ui/nav.h"
#include "ui/variation.h"

#define ANALYSIS_WAKE_MS 100

static Play play;
static unsigned drawn;          /* the Play's changes at the last draw */
static int64_t shown_step = -1; /* the clocks' step drawn last */

Play *App_play(void)
{
    return &play;
}

/* A saved game in progress from an earlier run stays until the new game's
 * first move replaces it, so that starting a game only to look loses
 * nothing; the unfinished game on the board is kept among the saved games
 * first, and the new game's first message says where. */
static bool App_start(const Position *pos)
{
    char kept[PLAY_MESSAGE_MAX];
    if (!Play_keepUnfinished(&play, kept, sizeof kept)) {
        Nav_note("%s", play.message);
        return false;
    }
    if (!Play_begin(&play, pos))
        return false;
    Play_addNote(&play, kept);
    return true;
}

static void App_arrange(const Position *pos)
{
    Match_arrange(play.match, Setup_numberOf(pos));
}

static void App_say(const char *text)
{
    Play_say(&play, "%s", text);
}

static const Variant *App_gameVariant(void)
{
    return Session_variant(play.s);
}

static const NavGame APP_NAV = {App_start, App_arrange, App_say, App_gameVariant};

void App_register(void)
{
    Nav_registerGame(&APP_NAV);
}

void App_begin(void)
{
    drawn = App_play()->changes - 1;
}

bool App_tick(int64_t now)
{
    Play *p = App_play();
    /* The host's messages are taken while its pieces are arranged too,
     * so that an abort reaches the setup screen at once. */
    bool dirty = (Nav_gameVisible() || Nav_arrangingGame()) && Play_tick(p, now);
    /* Between terminals, the player who arranges the pieces is shown the board for it. */
    if (Nav_current() == SCREEN_GAME && Match_arrangeDue(p->match))
        Nav_arrangeGame(Session_variant(p->s));
    dirty = (Nav_gameVisible() && AnalysisView_tick(p)) || dirty;
    if (!Nav_gameVisible()) /* nobody sees the analysis: it stops */
        AnalysisView_stop(p);
    Match_keepSaved(p->match);
    return dirty;
}

bool App_drawDue(int64_t now)
{
    Play *p = App_play();
    bool dirty = false;
    /* What saving said (where a game was kept) shows at once. */
    if (Nav_gameVisible() && Session_counters(p->s).notices != p->notices_seen)
        dirty = Play_tick(p, now);
    if (Session_timeControl(p->s, NULL, NULL) && Nav_gameVisible()
        && now / Play_clockStepMs(p, now) != shown_step) {
        shown_step = now / Play_clockStepMs(p, now);
        dirty = true;
    }
    dirty = dirty || drawn != p->changes;
    drawn = p->changes;
    return dirty;
}

void App_attend(void)
{
    Attention_update(App_play());
}

const Variant *App_variant(void)
{
    return Nav_gameVisible() ? Session_variant(App_play()->s) : NULL;
}

int App_waitMs(int64_t now)
{
    const Play *p = App_play();
    const GameSession *s = p->s;
    bool analysing = AnalysisView_running(p);
    int pace = Nav_gameVisible() ? Session_msToPace(s, now) : -1; /* engines' pause ends */
    if (!Nav_gameVisible()
        || (!Session_timeControl(s, NULL, NULL) && Session_thinking(s) == THINK_NONE && !analysing))
        return pace >= 0 ? pace + 1 : -1;
    int step = Play_clockStepMs(p, now);
    int wait = (int)(step - now % step);
    bool shown = analysing || (Session_thinking(s) != THINK_NONE && p->show_analysis);
    if (shown && wait > ANALYSIS_WAKE_MS)
        wait = ANALYSIS_WAKE_MS; /* the depth and score shown follow the search */
    int flag = Session_msToFlag(s, now);
    wait = flag >= 0 && flag + 1 < wait ? flag + 1 : wait;
    return pace >= 0 && pace + 1 < wait ? pace + 1 : wait;
}

/* The session moves on only while its game is shown, so the engine's
 * descriptor is watched only then (a finished search would otherwise wake
 * the loop for ever while the menu is up). */
int App_pollFds(struct pollfd fds[APP_FDS])
{
    const Match *m = App_play()->match;
    fds[0] = (struct pollfd){Nav_gameVisible() ? Match_engineFd(m) : -1, POLLIN, 0};
    fds[1] = (struct pollfd){Match_linkFd(m), Match_linkEvents(m), 0};
    return APP_FDS;
}

bool App_busy(void)
{
    return Match_busy(App_play()->match);
}

unsigned App_positions(void)
{
    return Session_counters(App_play()->s).positions;
}

void App_tell(const char *text)
{
    if (Nav_current() == SCREEN_GAME)
        Play_error(App_play(), "%s", text);
    else
        Nav_note("%s", text);
}

void App_discard(void)
{
    AnalysisView_free(App_play()->analysis);
    AnnotateView_end();
    Play_destroy(App_play());
}

void App_end(void)
{
    Match_end(App_play()->match);
    AnalysisView_free(App_play()->analysis);
    AnnotateView_end();
    Variation_end();
    Play_destroy(App_play());
}
