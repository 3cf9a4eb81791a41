/* cli_random_game.c -- `carcassonne-rules random-game`: a seeded random game.
 *
 * Owns: turning options into the body of POST /v1/games/random and asking
 * the dispatcher, so the command prints exactly what the route answers:
 *
 *   carcassonne-rules random-game --seed 7 --players 3 --expansions abbey-mayor,hills-sheep
 *   ==  echo '{"seed": 7, "players": 3, "expansions": ["abbey-mayor", "hills-sheep"]}' |
 *       carcassonne-rules ask /v1/games/random
 *
 * The options are only spelled here; what they may hold (seeds, player
 * counts and names, expansion ids, option values, the turn cap) is the
 * route's to judge, and a bad value is its problem+json (exit CLI_PROBLEM).
 * --players defaults to 2, a convenience the route does not have.
 */
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: carcassonne-rules random-game --seed N [--players N|NAME,NAME...]\n"
            "                                     [--expansions ID,ID...] [--option NAME=VALUE]...\n"
            "                                     [--turns N] [--catalog FILE]\n"
            "  Plays a whole game with seeded random legal choices and prints it as JSON:\n"
            "  every turn's position, tile, legal placements, move, deployment options,\n"
            "  events and totals, then the final scoring (the answer of POST\n"
            "  /v1/games/random). The same seed and options give the same game.\n"
            "  --seed N            0 .. 2^53 - 1\n"
            "  --players N|NAMES   2 to 6 players: a count (named red, blue, green, yellow,\n"
            "                      black, gray) or names separated by commas (default 2)\n"
            "  --expansions IDS    abbey-mayor, hills-sheep, messages, shrines (default: the\n"
            "                      base game alone)\n"
            "  --option NAME=VALUE a position option, e.g. wagon_rules=c1 (repeatable)\n"
            "  --turns N           stop after N turns (default: play the game to its end)\n"
            "  --catalog FILE      a SQLite tile catalog instead of the embedded one\n"
            "  exit status: 0 a game, 1 a problem (printed as problem+json), 2 a usage error\n");
}

/* "a,b,c" as a JSON array of strings (empty items kept: the route says
 * what is wrong with them). */
static json_object *comma_list(const char *s)
{
    json_object *list = json_object_new_array();
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == ',' || *p == '\0') {
            json_object_array_add(list, json_object_new_string_len(start, (int)(p - start)));
            if (*p == '\0')
                break;
            start = p + 1;
        }
    }
    return list;
}

/* A whole decimal number, as JSON: an integer when it is a plain one
 * (svc_decimal, a minus sign allowed), else the text as given, so that the
 * route rejects it with its own problem: " 5" is not 5. */
static json_object *number(const char *s)
{
    const char *digits = s[0] == '-' ? s + 1 : s, *end = NULL;
    long v = 0;
    if (svc_decimal(digits, LONG_MAX, &v, &end) && *end == '\0')
        return json_object_new_int64(s[0] == '-' ? -(int64_t)v : v);
    return json_object_new_string(s);
}

/* Add the option "NAME=VALUE" to options; false if it has no '='. */
static bool add_option(json_object *options, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (eq == NULL || eq == arg)
        return false;
    char name[64];
    size_t n = (size_t)(eq - arg) < sizeof name - 1 ? (size_t)(eq - arg) : sizeof name - 1;
    memcpy(name, arg, n);
    name[n] = '\0';
    json_object_object_add(options, name, json_object_new_string(eq + 1));
    return true;
}

int cli_random_game(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "seed", required_argument, NULL, 's' },
        { "players", required_argument, NULL, 'p' },
        { "expansions", required_argument, NULL, 'e' },
        { "option", required_argument, NULL, 'o' },
        { "turns", required_argument, NULL, 't' },
        { "catalog", required_argument, NULL, 'c' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    json_object *body = json_object_new_object();
    json_object *options = json_object_new_object();
    const char *catalog = NULL;
    bool seeded = false, players = false;
    int status = CLI_USAGE;
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case 's':
            json_object_object_add(body, "seed", number(optarg));
            seeded = true;
            break;
        case 'p': {
            bool count = optarg[0] >= '0' && optarg[0] <= '9' && strchr(optarg, ',') == NULL;
            json_object_object_add(body, "players", count ? number(optarg) : comma_list(optarg));
            players = true;
            break;
        }
        case 'e': json_object_object_add(body, "expansions", comma_list(optarg)); break;
        case 'o':
            if (!add_option(options, optarg)) {
                fprintf(stderr, "carcassonne-rules random-game: --option wants NAME=VALUE, not \"%s\"\n",
                        optarg);
                goto done;
            }
            break;
        case 't': json_object_object_add(body, "turns", number(optarg)); break;
        case 'c': catalog = optarg; break;
        case 'h': usage(stdout); status = CLI_OK; goto done;
        default: usage(stderr); goto done;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "carcassonne-rules random-game: unexpected argument \"%s\"\n", argv[optind]);
        usage(stderr);
        goto done;
    }
    if (!seeded) {
        fprintf(stderr, "carcassonne-rules random-game: --seed is required (the same seed, the same game)\n");
        usage(stderr);
        goto done;
    }
    if (!players)
        json_object_object_add(body, "players", json_object_new_int(2));
    if (json_object_object_length(options) > 0)
        json_object_object_add(body, "options", json_object_get(options));
    const char *text = json_object_to_json_string_ext(body, JSON_C_TO_STRING_PLAIN |
                                                            JSON_C_TO_STRING_NOSLASHESCAPE);
    svc_request req = { .method = "POST", .path = "/v1/games/random", .body = text,
                        .len = strlen(text), .content_type = "application/json" };
    status = cli_answer(catalog, &req);
done:
    json_object_put(options);
    json_object_put(body);
    return status;
}
