/* testutil.h -- what every test file shares.
 *
 * Owns: the catalog the tests use (loaded once per test process from the
 * embedded default), a leak check run after every test, and small builders
 * that make a cc_position in C without going through JSON.
 *
 *   CC_SUITE(name)          TestSuite(name, .init = tu_init, .fini = tu_fini):
 *                           loads the catalog, and fails the test if
 *                           LeakSanitizer finds a leak when it ends
 *   tu_catalog()            the loaded catalog (valid after tu_init)
 *   tu_pos(&pos, n, exps)   reset pos: n players "p0".."p5", expansions bits
 *   tu_tile(&pos, id, x, y, deg)   append a tile (id or alias, rotation in degrees)
 *   tu_abbey(&pos, x, y, player)   append an abbey placed by player
 *   tu_fig(&pos, player, kind, x, y, at)  append a figure ("meeple", "N", ...)
 *   tu_flock(&pos, tokens...)      set the flock of the last figure
 *   tu_build(&pos, b, f)    validate into board b and features f; asserts valid
 *   tu_feature(f, x, y, at) the feature id at a location; asserts it exists
 *   tu_deploy_text(&pos, t, out, n)  the deployment options on tile t, as text
 *   tu_replaced(text, from, to)    text with its first `from` replaced by `to`
 *   tu_expect_placeholders_are_arguments(e, n)   every {name} of an English
 *                           table is an argument name of engine/text.h
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <criterion/criterion.h>

#include "../../engine/board.h"
#include "../../engine/catalog.h"
#include "../../engine/features.h"
#include "../../engine/position.h"
#include "../../engine/scoring.h"
#include "../../engine/validate.h"
#include "../../service/text/english.h"
#include "../../service/text/lang.h"

void tu_init(void);
void tu_fini(void);
#define CC_SUITE(name) TestSuite(name, .init = tu_init, .fini = tu_fini)

const cc_catalog *tu_catalog(void);

#define TU_ALL_EXPANSIONS (CC_EXP_BASE | CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_MESSAGES | CC_EXP_SHRINES)

void tu_pos(cc_position *pos, int nplayers, unsigned expansions);
int tu_tile(cc_position *pos, const char *id, int x, int y, int degrees);
int tu_abbey(cc_position *pos, int x, int y, int player);
int tu_fig(cc_position *pos, int player, const char *kind, int x, int y, const char *at);
void tu_flock(cc_position *pos, int n, const int *tokens);
void tu_build(const cc_position *pos, cc_board *b, cc_features *f);
int tu_feature(const cc_features *f, int x, int y, const char *at);
void tu_expect_placeholders_are_arguments(const txt_english *e, size_t n);

/* Board and features are too large for Criterion's default stack comfort:
 * tests allocate them with these and free them with free(). */
cc_board *tu_board_new(void);
cc_features *tu_features_new(void);

/* The English of what the engine says (service/text/), for assertions and
 * messages: each returns a static buffer, valid until its next call. */
const char *tu_say(const cc_text *t, const cc_position *pos);
const char *tu_explain(const cc_score_event *ev, const cc_position *pos);
const char *tu_title(const cc_error *err);
const char *tu_detail(const cc_error *err);

/* The deployment options of pos on its tile index `tile` (cc_deployments),
 * as "meeple NNE, meeple S, mayor S" in the engine's order; a challenge as
 * "meeple C!3" (figure 3). */
void tu_deploy_text(const cc_position *pos, int tile, char *out, size_t size);

/* The whole file at path (relative to the repository root, where the tests
 * run), NUL-terminated, in a malloc'ed buffer the caller frees; *len (if
 * not NULL) its size in bytes. Fails the test if it cannot be read. */
char *tu_read_file(const char *path, size_t *len);

/* The codes of the service's language table (service/text/lang.h: every
 * po/<code>.po), English first, or without English if skip_english: the
 * tests of every language cover each language the build serves, a new one
 * included, with nothing to edit. codes has room for TXT_LANGUAGES_MAX;
 * returns the count. */
size_t tu_languages(const char **codes, bool skip_english);

/* text (malloc'ed; freed here) with the first occurrence of `from` replaced
 * by `to`, in a new malloc'ed buffer the caller frees; fails the test if
 * text has no `from` (an edit of a test file that no longer applies). */
char *tu_replaced(char *text, const char *from, const char *to);

#endif
