/* encode_text.h -- what the engine says, out as JSON: the sentence and, for
 * a client that words it itself, its message id and arguments.
 *
 * Owns the members beside each sentence of an answer (issue 15):
 *   "explain": the sentences worded in the request's language, one string;
 *   "explain_id": ["score.city.complete", "score.strength", ...] one id
 *       per sentence (engine/text.h's CC_MESSAGES; their English templates
 *       are in service/text/messages_en.c, the PO template's msgids);
 *   "explain_args": [{"x": 0, "y": -1, "at": "N", "points": 4}, ...] the
 *       arguments of each sentence, by the names its template uses.
 * A single sentence (a reason) writes a string id and one object instead.
 * An argument reads: a number as a number; a player or players by name (a
 * string, an array); a location, feature type, figure kind, side or edge
 * kind by its contract name ("N", "city", "meeple", "north", "road");
 * strengths as {player: n}.
 *
 *   enc_text_members(w, member, lang, ts, k, a)   the three members for k
 *                                                 sentences (arrays); member
 *                                                 is a name of the service's
 *                                                 ("explain": no escape)
 *   enc_explain_members(w, lang, ts, k, a, keys)  the same for "explain",
 *                                                 the sentences worded in
 *                                                 place, the players' names
 *                                                 escaped once per answer
 *                                                 (encode.h's enc_player_keys
 *                                                 of a->pos)
 *   enc_text_member1(w, member, lang, t, a)       the three for one sentence
 *   enc_text_args(w, t, a)                        one sentence's arguments
 *   enc_text_places(w, err)                       a problem's "locations":
 *       [{"feature": "#0", "type": "city", "at": ["N", "NNE"]}, ...]
 */
#ifndef ENCODE_TEXT_H
#define ENCODE_TEXT_H

#include "../../engine/text.h"
#include "../text/format.h"
#include "encode.h"
#include "json_writer.h"

void enc_text_members(jw *w, const char *member, const char *lang, const cc_text *ts, int k,
                      const txt_args *a);
void enc_explain_members(jw *w, const char *lang, const cc_text *ts, int k, const txt_args *a,
                         const enc_player_keys *keys);
void enc_text_member1(jw *w, const char *member, const char *lang, const cc_text *t,
                      const txt_args *a);
void enc_text_args(jw *w, const cc_text *t, const txt_args *a);
void enc_text_places(jw *w, const cc_error *err);

#endif
