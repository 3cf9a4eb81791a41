/* encode_messages.h -- Messages in JSON: the request member "counting" of
 * /v1/score and /v1/turn, the "message" member of their answers, and the
 * answer of /v1/messages/{n}.
 *
 * Owns the JSON shapes of the Messages expansion; the rules behind them are
 * engine/messages.h.
 *
 * Request member (optional) of /v1/score and /v1/turn, only with Messages:
 *   "counting": [{"event": i, "figure": 0 | 1, "player": name}]
 *   Event i of the answer's "events" moves counting figure `figure` of
 *   `player` (default: the active player). Events not listed take the
 *   default (engine/messages.h: for the active player the first choice, in
 *   event order and figure 0 before 1, that receives a message if one can
 *   be received; otherwise figure 0). Errors: 400 for wrong types, unknown
 *   members, a figure other than 0 or 1, a player and event listed twice;
 *   422 "No such event" (at /counting/k/event) for an index the answer does
 *   not have, "Unknown player", "Expansion not in play" (at /counting)
 *   without Messages.
 *
 * Answer member "message" (only with Messages), the active player's:
 *   {"player", "final": the end-game scoring is counted (/v1/score with
 *    "final": true, or a /v1/turn that ends the game),
 *    "received": number of messages (never from the final scoring),
 *    "before": [a, b], "after": [a, b] (after everything counted, the final
 *    scoring included), "total": a + b after,
 *    "rounds": [{"round": "move-wood" | "scoring" | "final", "points",
 *                "before", "after", "message": bool,
 *                "figure": the figure on the dark space (only with a message),
 *                "space": its space 0..49 (idem),
 *                "counting": [{"event", "points", "figure", "chosen"}]}],
 *    "rules"}
 *   Only rounds in which the player scored are listed; "counting" lists
 *   the events that gave them points, by their index in the answer's
 *   "events" (in a game-ending /v1/turn the end-game events come after the
 *   scoring phase and the wagon moves).
 *
 *   msg_score_answer(root, pos, res, final, w, next, err)
 *       the call /v1/score makes after scoring (final: res is the end-game
 *       scoring): decodes "counting", counts every player's figures, writes
 *       the member "message" into the answer object being written in w
 *       (only with Messages), and fills next[p] with each player's counting
 *       figures after the scoring (may be NULL). Without Messages every
 *       player's points go to figure 0. Returns false with err set (400/422,
 *       or 500 out of memory); nothing is written then.
 *   msg_turn_answer(root, pos, turn, game_end, game_end_first, w, next, err)
 *       the same for /v1/turn: turn is the scoring phase ("counting" names
 *       its events); game_end, when the move ends the game, is the end-game
 *       scoring that follows (its events are the answer's events from
 *       game_end_first; each player's end-game points move figure 0), counted
 *       into the same "message" and into next.
 *   msg_decode_counting(root, pos, nevents, tc, err)   "counting" alone
 *   enc_message(w, pos, res, tc, final)                "message" alone
 *   enc_message_card_members(w, lang, pos, f, v, chain_card, chain_alt, more, n)
 *       the members of the /v1/messages answer (the caller opens and
 *       closes the object); more[0..n) are rules added to its list; the
 *       card's explanation (v->explain, said by the engine as card.* ids)
 *       is worded in lang as "explain", with "explain_id" and
 *       "explain_args" beside it (encode_text.h)
 * Everything is written into a JSON writer (service/wire/json_writer.h).
 */
#ifndef ENCODE_MESSAGES_H
#define ENCODE_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "../../engine/error.h"
#include "../../engine/features.h"
#include "../../engine/messages.h"
#include "../../engine/position.h"
#include "../../engine/scoring.h"
#include "json_reader.h"
#include "json_writer.h"

bool msg_score_answer(const jr_obj *root, const cc_position *pos, const cc_score_result *res,
                      bool final, jw *w, int next[CC_MAX_PLAYERS][2], cc_error *err);

bool msg_turn_answer(const jr_obj *root, const cc_position *pos, const cc_score_result *turn,
                     const cc_score_result *game_end, int game_end_first, jw *w,
                     int next[CC_MAX_PLAYERS][2], cc_error *err);

/* Decode body member "counting" into tc (cc_messages_counting_init first).
 * Without Messages in pos there is nothing to decode ("counting" is then a
 * 422) and tc is not touched: it may be NULL. */
bool msg_decode_counting(const jr_obj *root, const cc_position *pos, int nevents,
                         cc_turn_counting *tc, cc_error *err);

/* The "message" object for pos->active, from a counted result (final: res
 * is the end-game scoring). */
void enc_message(jw *w, const cc_position *pos, const cc_score_result *res,
                 const cc_turn_counting *tc, bool final);

/* The answer of /v1/messages/{n}, its members: the card's value and, for
 * its points and for the alternative's 2 points, where the counting figure
 * lands (a one-award cc_counting each). */
void enc_message_card_members(jw *w, const char *lang, const cc_position *pos,
                              const cc_features *f, const cc_message_value *v, const cc_counting *chain_card,
                              const cc_counting *chain_alternative,
                              const char *const *more_rules, size_t nmore);

#endif
