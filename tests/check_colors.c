/* Readability of the board's colours: every piece letter, drawn on every
 * square of every game's start, keeps a WCAG contrast of 4.5:1 or more in
 * the 256-colour and the 8-colour schemes (xterm's palettes). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "core/fen.h"
#include "core/position.h"
#include "core/setup.h"
#include "core/variant.h"
#include "runner.h"
#include "ui/board_view.h"
#include "ui/colors.h"

#define MIN_CONTRAST 4.5

/* xterm's 8 basic colours, as the default 8-colour terminal shows them. */
static const unsigned basic8[8] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00,
                                   0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5};

static unsigned Test_rgb(short colour, ColorScheme scheme)
{
    if (scheme == SCHEME_8 || colour < 16)
        return basic8[colour & 7];
    if (colour >= 232) {
        unsigned g = 8 + 10 * (unsigned)(colour - 232);
        return g << 16 | g << 8 | g;
    }
    static const unsigned level[6] = {0, 95, 135, 175, 215, 255};
    int c = colour - 16;
    return level[c / 36] << 16 | level[c / 6 % 6] << 8 | level[c % 6];
}

static double Test_channel(unsigned v)
{
    double c = v / 255.0;
    return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double Test_luminance(unsigned rgb)
{
    return 0.2126 * Test_channel(rgb >> 16 & 255) + 0.7152 * Test_channel(rgb >> 8 & 255)
        + 0.0722 * Test_channel(rgb & 255);
}

static double Test_contrast(ColorRole role, ColorScheme scheme)
{
    short fg, bg;
    Colors_pair(role, scheme, &fg, &bg);
    /* -1, the terminal's default, is taken as white on black. */
    double a = Test_luminance(Test_rgb(fg < 0 ? 7 : fg, scheme));
    double b = Test_luminance(Test_rgb(bg < 0 ? 0 : bg, scheme));
    return (fmax(a, b) + 0.05) / (fmin(a, b) + 0.05);
}

START_TEST(piece_letters_read_on_every_square)
{
    static const ColorScheme schemes[] = {SCHEME_256, SCHEME_8};
    const Variant *v = Variant_get((VariantId)_i);
    Position pos;
    Setup_start(&pos, v);
    for (int cell = 0; cell < MAX_CELLS; cell++) {
        if (!IS_PIECE(pos.board[cell]))
            continue;
        for (int s = 0; s < 2; s++) {
            ColorRole role = BoardView_glyphRole(&pos, cell, 0, schemes[s]);
            double c = Test_contrast(role, schemes[s]);
            ck_assert_msg(c >= MIN_CONTRAST, "%s cell %d scheme %d: contrast %.2f", v->name, cell,
                          s, c);
        }
    }
}
END_TEST

static Suite *Test_colorSuite(void)
{
    Suite *s = suite_create("colors");
    TCase *tc = tcase_create("contrast");
    tcase_add_loop_test(tc, piece_letters_read_on_every_square, 0, VARIANT_COUNT);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return TestRunner_run(Test_colorSuite());
}
