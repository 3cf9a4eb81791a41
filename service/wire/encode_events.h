/* encode_events.h -- scoring events and totals out as JSON.
 *
 * Owns: the JSON form of a cc_score_event (engine/scoring.h), shared by
 * the answers that report what a scoring yields (/v1/turn, /v1/barn-check):
 *   {"kind": "completed" | "final" | "challenge-lost" | "barn-placed" |
 *            "barn-joined" | "barn-final" | "sheep" | "wolf" | "guide",
 *    "feature": {x, y, at} (null for a figure action about no feature),
 *    "type", "cells": [{x, y}], "complete", "value",
 *    "strength": {player: n} (followers' strength; barns or shepherds owned
 *    for barn and flock events), "points": {player: n, every player},
 *    "returned": [figures in position form], "rules": [ids],
 *    "explain": sentence,
 *    "token" and "figure" (sheep and wolf draws only)}
 * Every function writes one value into w where the caller stands
 * (encode.h). pos is the position the event's figure indices refer to,
 * validated into f.
 *
 *   enc_score_event(w, pos, f, ev)    one event
 *   enc_score_events(w, pos, f, r)    every event of r, as array elements
 *   enc_totals(w, pos, totals)        {player: n, every player}
 *   enc_wagon_move_event(w, r, m)     {"kind": "wagon-move", player, from,
 *                                     to, feature (where it went), rules}
 *   enc_standings_members(w, pos, score)   "standings": [{player, score,
 *                                     rank}] best first (ties share a rank,
 *                                     the next rank skips: 1, 1, 3) and
 *                                     "winners": [players ranked 1]
 *   enc_turn_events(w, r)             a whole turn's events, as array
 *                                     elements, in /v1/turn's order: the
 *                                     scoring phase, the wagon moves, the
 *                                     end-game scoring (/v1/turn,
 *                                     /v1/games/random)
 */
#ifndef ENCODE_EVENTS_H
#define ENCODE_EVENTS_H

#include "../../engine/features.h"
#include "../../engine/position.h"
#include "../../engine/scoring.h"
#include "../../engine/turn.h"
#include "json_writer.h"

void enc_score_event(jw *w, const cc_position *pos, const cc_features *f,
                     const cc_score_event *ev, const char *lang);
void enc_score_events(jw *w, const cc_position *pos, const cc_features *f,
                      const cc_score_result *r, const char *lang);
void enc_totals(jw *w, const cc_position *pos, const int totals[CC_MAX_PLAYERS]);
void enc_wagon_move_event(jw *w, const cc_turn_result *r, const cc_wagon_move_event *m);
void enc_turn_events(jw *w, const cc_turn_result *r, const char *lang);
void enc_standings_members(jw *w, const cc_position *pos, const int score[CC_MAX_PLAYERS]);

#endif
