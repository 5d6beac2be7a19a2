/* Glicko-2: one rating period, in the steps of Glickman's "Example of the
 * Glicko-2 system" (scale to mu/phi, variance, improvement, the new
 * volatility by the Illinois method, then back to the rating scale). */
#include "server/glicko.h"

#include <math.h>
#include <stdio.h>

/* Glicko-2's scale: 173.7178 = 400 / ln 10. */
#define GLICKO_SCALE 173.7178
/* The volatility iteration stops when its bracket is this narrow. */
#define GLICKO_EPSILON 0.000001
/* A bound on the iteration, far beyond what it ever needs. */
#define GLICKO_MAX_STEPS 100

Glicko Glicko_initial(void)
{
    return (Glicko){GLICKO_START_RATING, GLICKO_START_RD, GLICKO_START_VOLATILITY};
}

static double Glicko_g(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double Glicko_expected(double mu, double mu_j, double g_j)
{
    return 1.0 / (1.0 + exp(-g_j * (mu - mu_j)));
}

/* The function whose root is ln(sigma'^2), from step 5 of the paper. */
static double Glicko_f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x);
    double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

static double Glicko_newVolatility(double sigma, double delta, double phi, double v, double tau)
{
    double a = log(sigma * sigma);
    double big_a = a;
    double big_b;
    if (delta * delta > phi * phi + v) {
        big_b = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (Glicko_f(a - k * tau, delta, phi, v, a, tau) < 0 && k < GLICKO_MAX_STEPS)
            k++;
        big_b = a - k * tau;
    }
    double f_a = Glicko_f(big_a, delta, phi, v, a, tau);
    double f_b = Glicko_f(big_b, delta, phi, v, a, tau);
    for (int step = 0; fabs(big_b - big_a) > GLICKO_EPSILON && step < GLICKO_MAX_STEPS; step++) {
        double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        double f_c = Glicko_f(big_c, delta, phi, v, a, tau);
        if (f_c * f_b <= 0) {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    return exp(big_a / 2.0);
}

Glicko Glicko_update(Glicko player, const GlickoGame *games, size_t n, double tau)
{
    double mu = (player.rating - GLICKO_START_RATING) / GLICKO_SCALE;
    double phi = player.rd / GLICKO_SCALE;
    double inv_v = 0.0;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        double mu_j = (games[i].opponent.rating - GLICKO_START_RATING) / GLICKO_SCALE;
        double g_j = Glicko_g(games[i].opponent.rd / GLICKO_SCALE);
        double e = Glicko_expected(mu, mu_j, g_j);
        inv_v += g_j * g_j * e * (1.0 - e);
        sum += g_j * (games[i].score - e);
    }
    if (n == 0 || inv_v <= 0.0)
        return player;
    double v = 1.0 / inv_v;
    double sigma = Glicko_newVolatility(player.volatility, v * sum, phi, v, tau);
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    Glicko out = {GLICKO_SCALE * mu_new + GLICKO_START_RATING, GLICKO_SCALE * phi_new, sigma};
    if (out.rd > GLICKO_START_RD) /* never less known than a newcomer */
        out.rd = GLICKO_START_RD;
    return out;
}

bool Glicko_isProvisional(Glicko g)
{
    return g.rd > GLICKO_PROVISIONAL_RD;
}

void Glicko_format(Glicko g, char *text, size_t len)
{
    snprintf(text, len, "%.0f%s", g.rating, Glicko_isProvisional(g) ? "?" : "");
}
